import { applyChatOps, type ChatChrome, type ConversationView, type HistoryEntry, type HostToChatMessage } from '../../src/protocol/index';

/** What the chat shows: a copy of the host's state, changed only by the host's messages. */
export interface ChatState {
  chrome: ChatChrome | undefined;
  conversation: ConversationView | undefined;
  /** The host's op count for `conversation` that this copy has reached. */
  seq: number;
  history: HistoryEntry[];
  unreadable: number;
  /** The history panel is open. */
  showHistory: boolean;
  /** Bumped when the host asks to focus the composer (with a draft, maybe). */
  focus: { n: number; draft?: string };
  /** Set when a batch of ops skipped some: the whole state must be asked for again. */
  outOfStep: boolean;
}

export const INITIAL_STATE: ChatState = {
  chrome: undefined,
  conversation: undefined,
  seq: 0,
  history: [],
  unreadable: 0,
  showHistory: false,
  focus: { n: 0 },
  outOfStep: false,
};

export type ChatAction = HostToChatMessage | { type: 'toggleHistory'; open?: boolean } | { type: 'resynced' } | { type: 'batch'; actions: ChatAction[] };

/**
 * The state after one message from the host. Ops of another conversation, or ones already
 * applied, are ignored; ops that start past this copy's count mark it out of step (the app
 * then asks the host for everything again).
 */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'chrome':
      return { ...state, chrome: action.chrome };
    case 'conversation':
      return { ...state, conversation: action.conversation, seq: action.seq, outOfStep: false };
    case 'ops': {
      const c = state.conversation;
      if (!c || c.id !== action.conversationId || action.seq <= state.seq) return state;
      if (action.from !== state.seq) return state.outOfStep ? state : { ...state, outOfStep: true };
      return { ...state, conversation: applyChatOps(c, action.ops), seq: action.seq };
    }
    case 'history':
      return { ...state, history: action.entries, unreadable: action.unreadable };
    case 'show':
      if (action.what === 'history') return { ...state, showHistory: !state.showHistory };
      if (action.what === 'conversation') return { ...state, showHistory: false };
      return { ...state, showHistory: false, focus: { n: state.focus.n + 1, ...(action.draft !== undefined ? { draft: action.draft } : {}) } };
    case 'toggleHistory':
      return { ...state, showHistory: action.open ?? !state.showHistory };
    case 'resynced':
      return { ...state, outOfStep: false };
    case 'batch':
      return action.actions.reduce(chatReducer, state);
    default:
      return state;
  }
}

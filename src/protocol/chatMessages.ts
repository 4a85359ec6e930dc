/**
 * The messages exchanged by the extension host and the chat webview, shared by both sides.
 * The host owns every conversation; the webview draws the {@link ConversationView} it is
 * sent and posts the user's intents. A conversation changes through {@link ChatOp}s, applied
 * by the same function on both sides ({@link applyChatOps}); every batch of ops carries the
 * conversation id and a sequence number, and the webview ignores a batch that is not the
 * next one of the conversation it shows. Plain JSON throughout.
 */
import type { AppRequestMessage, AppResponseMessage, ToolAppView } from './chatApps';
import { assertNever } from './previewMessages';
import type { RunEndReason } from './runEndReason';
import type { ToolStatus } from './toolStatus';


/** Tokens and cost; `costUsd` is null when the model has no known price. */
export interface UsageView {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  costUsd: number | null;
}

/** Something attached to a user message: a file, a selection, an MCP resource, what an MCP App shared. */
export interface AttachmentView {
  id: string;
  kind: 'file' | 'selection' | 'resource' | 'app';
  /** Short name shown on the chip (`checkout.diagram`, `checkout.diagram:3-9`, a resource name). */
  label: string;
  /** Longer description for the tooltip (path, URI, server). */
  detail?: string;
}

export interface UserItem {
  kind: 'user';
  id: string;
  text: string;
  attachments: AttachmentView[];
  /** Set when the message ran an MCP prompt (a slash command). */
  prompt?: { server: string; name: string };
  /** Set when an MCP App sent the message for the user (`ui/message`): the app's server and tool. */
  app?: { server: string; tool: string };
  /** Epoch milliseconds. */
  at: number;
}

/** One stretch of the model's text in one response. */
export interface AssistantItem {
  kind: 'assistant';
  id: string;
  run: string;
  round: number;
  /** Markdown. */
  text: string;
  /** False while it streams. */
  done: boolean;
}

export type ToolApprovalHow = 'once' | 'session' | 'always' | 'trusted_read_only';

/** One part of a tool's result as the chat shows it. */
export type ToolResultPart =
  | { type: 'text'; text: string }
  | { type: 'image'; mimeType: string; data: string }
  /** Something not shown (audio, a binary resource): what it is. */
  | { type: 'note'; text: string };

/** A `.diagram` file a tool's result names (the editor tools' document, a drawing's source). */
export interface ToolFileView {
  /** Absolute path, as the server gave it (the host checks it again before opening it). */
  path: string;
  /** As the tool named it to the model, for the buttons' tooltips. */
  display: string;
}

export interface ToolResultView {
  isError: boolean;
  /** One line. */
  summary: string;
  parts: ToolResultPart[];
  /** The `.diagram` file the result names: the card offers to open it and its preview. */
  file?: ToolFileView;
}

/** What the user sees when asked to approve a call. */
export interface ToolApprovalView {
  description?: string;
  /** The server is trusted (built-in or marked trusted). */
  trusted: boolean;
  /** The tool was allowed before, but its definition changed since. */
  definitionChanged: boolean;
  readOnly?: boolean;
  destructive?: boolean;
}

export interface ToolItem {
  kind: 'tool';
  /** The `tool_use` id. */
  id: string;
  run: string;
  round: number;
  /** The name the model used (`server__tool`). */
  name: string;
  server?: string;
  tool?: string;
  /** The arguments as JSON text: the streamed text while preparing, indented JSON once known. */
  args: string;
  status: ToolStatus;
  /** Present while the call waits for the user. */
  approval?: ToolApprovalView;
  approvedHow?: ToolApprovalHow;
  progress?: { progress: number; total?: number; message?: string };
  /** Epoch milliseconds: the call started running; it ended. */
  startedAt?: number;
  endedAt?: number;
  result?: ToolResultView;
}

/** Something the user should know that is not the model's answer (a schema rewritten, a retry). */
export interface NoticeItem {
  kind: 'notice';
  id: string;
  level: 'info' | 'warning' | 'error';
  text: string;
}

/** The end of a run that did not simply finish: why, what it cost, and whether it can go on. */
export interface RunEndItem {
  kind: 'runEnd';
  id: string;
  run: string;
  reason: RunEndReason;
  message: string;
  usage: UsageView;
  /** A guard stopped the run (round cap, repeated call, budget): "Continue" resumes it. */
  canContinue: boolean;
  /** "Continue" was used. */
  continued?: boolean;
}

export type ChatItem = UserItem | AssistantItem | ToolItem | NoticeItem | RunEndItem;

/** What the conversation is, apart from its items. */
export interface ConversationMeta {
  title: string;
  model: string;
  /** A run is going on. */
  running: boolean;
  /** The whole conversation. */
  usage: UsageView;
  /** Input tokens of the last request (uncached, cache read and cache written): how full the context is. */
  contextTokens: number;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
}

export interface ConversationView {
  id: string;
  meta: ConversationMeta;
  items: ChatItem[];
  /** The MCP Apps of tool cards, by `tool_use` id (absent when no card has one). */
  apps?: Record<string, ToolAppView>;
}

/** One change to a conversation. */
export type ChatOp =
  /** Adds the item at the end, or replaces the item with the same id where it stands. */
  | { op: 'put'; item: ChatItem }
  /** Appends to an assistant item's text, or to a tool item's streamed arguments. */
  | { op: 'append'; id: string; text: string }
  /** Removes items (the partial output of a response that is sent again). */
  | { op: 'remove'; ids: string[] }
  | { op: 'meta'; meta: Partial<ConversationMeta> }
  /** The tool card `id` shows an MCP App. */
  | { op: 'app'; id: string; app: ToolAppView };

/** A conversation in the history list. */
export interface HistoryEntry {
  id: string;
  title: string;
  updatedAt: number;
  /** Null when unknown (a model without a price). */
  costUsd: number | null;
  /** User messages. */
  turns: number;
}

/** A model the picker offers. */
export interface ModelOption {
  id: string;
  label: string;
  /** Input tokens the model takes, when known. */
  contextWindow?: number;
}

/** An MCP server as the chat reports it. */
export interface ServerView {
  name: string;
  state: 'idle' | 'starting' | 'running' | 'restarting' | 'failed' | 'stopped' | 'disabled';
  error?: string;
  tools: number;
  builtin: boolean;
}

/** An MCP prompt offered as a slash command. */
export interface PromptView {
  server: string;
  name: string;
  /** What the user types after `/` (unique across servers). */
  command: string;
  description?: string;
  arguments: { name: string; description?: string; required: boolean }[];
}

/** Why the chat cannot talk to a model now, if it cannot. */
export type ChatBlocker = 'untrusted' | 'noKey' | 'providerSetup';

/** The model provider in use, as the chat shows it (never a secret). */
export interface ProviderView {
  name: 'anthropic' | 'bedrock' | 'vertex' | 'foundry' | 'compatible' | 'copilot';
  /** `Amazon Bedrock`, `Google Vertex AI`, … */
  label: string;
  /** Who requests are made as (`AWS profile work (access key …WXYZ)`), or the endpoint. */
  identity?: string;
  region?: string;
  /** What keeps it from working, in one sentence (no AWS profile found, region not set). */
  missing?: string;
  /** Token counts are the server's estimates. */
  estimated?: boolean;
  /** The requests are billed by the user's Copilot plan: no cost is shown, only that. */
  billedByPlan?: boolean;
  /** The day the price table was checked (YYYY-MM-DD). */
  pricesAsOf: string;
}

/** Everything around the conversation: readiness, model, servers, slash commands, attachments. */
export interface ChatChrome {
  blocker?: ChatBlocker;
  /** Where the key comes from, when there is one (never the key itself). */
  keySource?: 'secretStorage' | 'environment';
  /** The model provider in use; absent in hosts that do not say. */
  provider?: ProviderView;
  model: string;
  models: ModelOption[];
  /** The context window of `model`. */
  contextWindow: number;
  servers: ServerView[];
  prompts: PromptView[];
  /** Attached to the next message. */
  attachments: AttachmentView[];
}

/** Host -> webview: everything around the conversation changed (sent whole: it is small). */
export interface ChromeMessage {
  type: 'chrome';
  chrome: ChatChrome;
}

/** Host -> webview: show this conversation as it is now; later ops continue from `seq`. */
export interface ConversationMessage {
  type: 'conversation';
  conversation: ConversationView;
  seq: number;
}

/**
 * Host -> webview: changes to a conversation, in order. The host counts every op it applies;
 * `from` is its count before this batch, `seq` after (a batch may be compacted, so `ops` can
 * be fewer). The webview applies a batch whose `from` is its own count, ignores one whose
 * `seq` it has already reached, and asks for the whole state again after a gap.
 */
export interface OpsMessage {
  type: 'ops';
  conversationId: string;
  from: number;
  seq: number;
  ops: ChatOp[];
}

export interface HistoryMessage {
  type: 'history';
  entries: HistoryEntry[];
  /** Conversations whose file could not be read (reported, skipped, kept on disk). */
  unreadable: number;
}

/** Host -> webview: a title-bar action or a command asked the webview to show something. */
export interface ShowMessage {
  type: 'show';
  what: 'history' | 'conversation' | 'composer';
  /** Text to put in the composer (with `composer`). */
  draft?: string;
}

export type HostToChatMessage = ChromeMessage | ConversationMessage | OpsMessage | HistoryMessage | ShowMessage | AppResponseMessage;

export type ApprovalChoice = 'allow_once' | 'allow_session' | 'allow_always' | 'deny';

/** Webview -> host: the listener is installed; send the state. */
export interface ChatReadyMessage {
  type: 'ready';
}

/** Webview -> host: the user sends a message (with the attachments the host holds). */
export interface SendMessage {
  type: 'send';
  text: string;
}

export interface StopMessage {
  type: 'stop';
}

export interface ApproveMessage {
  type: 'approve';
  toolUseId: string;
  choice: ApprovalChoice;
}

/** Webview -> host: resume the run a guard stopped (the `runEnd` item `itemId`). */
export interface ContinueMessage {
  type: 'continue';
  itemId: string;
}

export interface NewConversationMessage {
  type: 'newConversation';
}

export interface OpenConversationMessage {
  type: 'openConversation';
  id: string;
}

export interface DeleteConversationMessage {
  type: 'deleteConversation';
  id: string;
}

export interface SetModelMessage {
  type: 'setModel';
  model: string;
}

export interface AttachMessage {
  type: 'attach';
  kind: 'file' | 'selection' | 'resource';
}

export interface DetachMessage {
  type: 'detach';
  id: string;
}

/** Webview -> host: one of a fixed set of actions (never an arbitrary command id). */
export interface ActionMessage {
  type: 'action';
  action: 'setApiKey' | 'manageTrust' | 'openSettings' | 'showServerLog' | 'restartServer';
  /** The server, for the server actions. */
  server?: string;
}

/** Webview -> host: a link in the conversation was clicked (opened only after checks). */
export interface ChatOpenLinkMessage {
  type: 'openLink';
  url: string;
}

/**
 * Webview -> host: open the `.diagram` file tool card `toolUseId` names, in an editor or its
 * preview. The card is named, never a path: the host takes the file from the card it holds,
 * and opens it only when it is a `.diagram` file inside a workspace folder.
 */
export interface OpenDiagramMessage {
  type: 'openDiagram';
  toolUseId: string;
  target: 'file' | 'preview';
}

export interface ChatLogMessage {
  type: 'log';
  level: 'error' | 'warn' | 'info';
  message: string;
}

/**
 * Webview -> host: the text of an item is on screen (sent only when the boot config asks for
 * it, for the benchmark): its length, and the epoch time of the frame that showed it.
 */
export interface PaintedMessage {
  type: 'painted';
  id: string;
  length: number;
  at: number;
}

export type ChatToHostMessage =
  | ChatReadyMessage
  | SendMessage
  | StopMessage
  | ApproveMessage
  | ContinueMessage
  | NewConversationMessage
  | OpenConversationMessage
  | DeleteConversationMessage
  | SetModelMessage
  | AttachMessage
  | DetachMessage
  | ActionMessage
  | ChatOpenLinkMessage
  | OpenDiagramMessage
  | ChatLogMessage
  | PaintedMessage
  | AppRequestMessage;

/** What the chat webview keeps across reloads of itself (`setState`): view state only. */
export interface ChatWebviewState {
  stateVersion: 1;
  draft: string;
  /** Per conversation: the index of the first item in view, and whether it followed the end. */
  scroll?: { conversationId: string; firstItem: number; atBottom: boolean };
}

export const ZERO_USAGE_VIEW: UsageView = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 };

/**
 * A conversation with `ops` applied, in order. Never mutates its input (items that change are
 * copied, the others are shared), so React can compare by identity. An op about an id the
 * conversation lacks is ignored: it can only come from a batch the caller already missed.
 */
export function applyChatOps(view: ConversationView, ops: readonly ChatOp[]): ConversationView {
  let items = view.items;
  let meta = view.meta;
  let apps = view.apps;
  let index: Map<string, number> | undefined;
  const at = (id: string) => {
    index ??= new Map(items.map((item, i) => [item.id, i]));
    return index.get(id);
  };
  const writable = () => {
    if (items === view.items) items = items.slice();
    return items;
  };
  for (const op of ops) {
    switch (op.op) {
      case 'put': {
        const i = at(op.item.id);
        if (i === undefined) {
          writable().push(op.item);
          index?.set(op.item.id, items.length - 1);
        } else {
          writable()[i] = op.item;
        }
        break;
      }
      case 'append': {
        const i = at(op.id);
        if (i === undefined) break;
        const item = items[i];
        if (item.kind === 'assistant') writable()[i] = { ...item, text: item.text + op.text };
        else if (item.kind === 'tool') writable()[i] = { ...item, args: item.args + op.text };
        break;
      }
      case 'remove': {
        const gone = new Set(op.ids);
        items = items.filter((item) => !gone.has(item.id));
        index = undefined;
        if (apps && op.ids.some((id) => id in apps!)) apps = Object.fromEntries(Object.entries(apps).filter(([id]) => !gone.has(id)));
        break;
      }
      case 'meta':
        meta = { ...meta, ...op.meta };
        break;
      case 'app':
        apps = { ...apps, [op.id]: op.app };
        break;
      default:
        assertNever(op, 'chat op');
    }
  }
  if (items === view.items && meta === view.meta && apps === view.apps) return view;
  return apps ? { ...view, items, meta, apps } : { ...view, items, meta };
}

/**
 * The same changes in fewer ops, for sending a batch: appends to one item in a row become
 * one; an item put more than once keeps one `put` where it was first put, with its last
 * content (and the appends in between folded in); `meta` ops merge into one at the end.
 * `applyChatOps(v, compactChatOps(ops))` equals `applyChatOps(v, ops)` for every `v`.
 */
export function compactChatOps(ops: readonly ChatOp[]): ChatOp[] {
  const out: (ChatOp | undefined)[] = [];
  /** Index in `out` of the live `put` of an id. */
  const putAt = new Map<string, number>();
  let meta: Partial<ConversationMeta> | undefined;
  for (const op of ops) {
    switch (op.op) {
      case 'put': {
        const k = putAt.get(op.item.id);
        if (k === undefined) {
          putAt.set(op.item.id, out.length);
          out.push(op);
        } else {
          out[k] = op;
          // Appends after the first put are inside the new content already.
          for (let i = k + 1; i < out.length; i++) {
            const o = out[i];
            if (o?.op === 'append' && o.id === op.item.id) out[i] = undefined;
          }
        }
        break;
      }
      case 'append': {
        const k = putAt.get(op.id);
        const put = k === undefined ? undefined : out[k];
        if (put?.op === 'put' && (put.item.kind === 'assistant' || put.item.kind === 'tool')) {
          out[k!] = { op: 'put', item: put.item.kind === 'assistant' ? { ...put.item, text: put.item.text + op.text } : { ...put.item, args: put.item.args + op.text } };
          break;
        }
        const last = out.at(-1);
        if (last?.op === 'append' && last.id === op.id) out[out.length - 1] = { op: 'append', id: op.id, text: last.text + op.text };
        else out.push(op);
        break;
      }
      case 'remove':
        for (const id of op.ids) putAt.delete(id);
        out.push(op);
        break;
      case 'meta':
        meta = { ...meta, ...op.meta };
        break;
      case 'app':
        out.push(op);
        break;
      default:
        assertNever(op, 'chat op');
    }
  }
  const result = out.filter((o): o is ChatOp => o !== undefined);
  if (meta) result.push({ op: 'meta', meta });
  return result;
}

/** Every UI string of the chat webview, localised by the host (the webview has no l10n API). */
export interface ChatStrings {
  placeholder: string;
  placeholderBlocked: string;
  send: string;
  stop: string;
  attach: string;
  attachFile: string;
  attachSelection: string;
  attachResource: string;
  removeAttachment: string;
  model: string;
  emptyTitle: string;
  emptyHint: string;
  suggestion1: string;
  suggestion2: string;
  suggestion3: string;
  untrusted: string;
  manageTrust: string;
  noKey: string;
  setKey: string;
  /** `{0} is not set up: {1}` (the provider, what is missing). */
  providerSetup: string;
  openSettings: string;
  /** `list prices of {0}` (a date). */
  pricesAsOf: string;
  /** Said beside token counts a server only estimates. */
  estimatedTokens: string;
  /** Shown instead of a cost where the user's Copilot plan pays for the requests. */
  billedByCopilot: string;
  serverFailed: string;
  showLog: string;
  restart: string;
  history: string;
  back: string;
  newChat: string;
  deleteConversation: string;
  noHistory: string;
  unreadable: string;
  untitled: string;
  you: string;
  arguments: string;
  result: string;
  showMore: string;
  showLess: string;
  showDescription: string;
  copy: string;
  statusPreparing: string;
  statusApproval: string;
  statusRunning: string;
  statusDone: string;
  statusFailed: string;
  statusDenied: string;
  statusCancelled: string;
  statusNotRun: string;
  allowOnce: string;
  allowSession: string;
  allowAlways: string;
  deny: string;
  approvalQuestion: string;
  definitionChanged: string;
  destructive: string;
  readOnly: string;
  approvedHowSession: string;
  approvedHowAlways: string;
  approvedHowTrusted: string;
  continue: string;
  continued: string;
  tokensIn: string;
  tokensOut: string;
  cacheRead: string;
  cacheWritten: string;
  costUnknown: string;
  context: string;
  contextNearlyFull: string;
  conversationTotal: string;
  thisTurn: string;
  slashHint: string;
  image: string;
  working: string;
  reasonRoundCap: string;
  reasonRepeat: string;
  reasonBudget: string;
  reasonCancelled: string;
  reasonError: string;
  reasonMaxTokens: string;
  reasonRefusal: string;
  reasonContext: string;
  messageLabel: string;
  toolLabel: string;
  /** MCP Apps in tool cards. */
  appTitle: string;
  appLoading: string;
  appFailed: string;
  appSilent: string;
  appRetry: string;
  appFullscreen: string;
  appExitFullscreen: string;
  appCancelled: string;
  appSentBy: string;
  appContext: string;
  /** The `.diagram` file a tool card names. */
  openFile: string;
  openFileTitle: string;
  openPreview: string;
  openPreviewTitle: string;
}

/** What the chat webview reads from its `<meta id="archflow-chat-config">` before any message. */
export interface ChatBootConfig {
  strings: ChatStrings;
  /** Report `painted` messages (the benchmark). */
  reportPaints: boolean;
}

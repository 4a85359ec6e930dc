import { randomUUID } from 'node:crypto';
import type { Agent, ApprovalDecision } from '../../agent/index';
import { applyChatOps, ZERO_USAGE_VIEW, type ChatOp } from '../../protocol/index';
import { CONVERSATION_FORMAT, type StoredConversation } from './conversationStore';
import type { RunRecorder } from './runRecorder';

/** A run going on in a conversation. */
export interface ActiveRun {
  abort: AbortController;
  recorder: RunRecorder;
}

/** A new conversation id (also its file name). */
export function newConversationId(): string {
  return randomUUID().replace(/-/g, '').slice(0, 24);
}

/** An empty conversation, not saved until its first message. */
export function emptyConversation(model: string, workspace: string[], now = Date.now()): StoredConversation {
  const id = newConversationId();
  return {
    format: CONVERSATION_FORMAT,
    id,
    workspace,
    view: { id, meta: { title: '', model, running: false, usage: { ...ZERO_USAGE_VIEW }, contextTokens: 0, createdAt: now, updatedAt: now }, items: [] },
    transcript: [],
  };
}

/**
 * One conversation as the host holds it: its record (the truth the webview is a copy of), the
 * count of ops applied to it, its agent and its run. Every change goes through {@link apply},
 * which tells the listener the count before and the ops.
 */
export class ChatSession {
  seq = 0;
  agent: Agent | undefined;
  /** What the agent was made with (model, endpoint, key, limits): a new one is made when it differs. */
  agentConfig = '';
  run: ActiveRun | undefined;
  /** Approvals the user has not answered, by `tool_use` id. */
  readonly approvals = new Map<string, (choice: ApprovalDecision) => void>();
  /** Saved at least once (it has a file). */
  saved = false;

  constructor(
    public record: StoredConversation,
    private readonly listener: (session: ChatSession, from: number, ops: ChatOp[]) => void,
  ) {
    this.saved = record.view.items.length > 0;
  }

  get id(): string {
    return this.record.id;
  }

  get isEmpty(): boolean {
    return this.record.view.items.length === 0;
  }

  apply(ops: ChatOp[]): void {
    if (ops.length === 0) return;
    const from = this.seq;
    this.record = { ...this.record, view: applyChatOps(this.record.view, ops) };
    this.seq += ops.length;
    this.listener(this, from, ops);
  }
}

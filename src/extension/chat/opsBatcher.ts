// Pure (no `vscode`): unit-tested in test/extension/chat.
import { compactChatOps, type ChatOp, type OpsMessage } from '../../protocol/index';

/** How often, at most, a batch of ops leaves for the webview: about one animation frame. */
export const BATCH_INTERVAL_MS = 16;

/**
 * Collects the ops of conversations and sends them in batches, at most one message per
 * conversation every {@link BATCH_INTERVAL_MS}: a streamed answer reaches the webview a frame
 * at a time, never a message per token. Ops of one conversation keep their order; each batch
 * is compacted and carries the host's op counts before and after it.
 */
export class OpsBatcher {
  readonly #pending = new Map<string, { from: number; seq: number; ops: ChatOp[] }>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (message: OpsMessage) => void,
    private readonly schedule: (flush: () => void, ms: number) => ReturnType<typeof setTimeout> = setTimeout,
    private readonly cancel: (timer: ReturnType<typeof setTimeout>) => void = clearTimeout,
  ) {}

  /** Queues ops that took the conversation's count from `from` to `from + ops.length`. */
  push(conversationId: string, from: number, ops: readonly ChatOp[]): void {
    if (ops.length === 0) return;
    const batch = this.#pending.get(conversationId);
    if (batch && batch.seq === from) {
      batch.ops.push(...ops);
      batch.seq += ops.length;
    } else {
      // A gap (ops applied while nobody listened): what was queued cannot be continued.
      this.#pending.set(conversationId, { from, seq: from + ops.length, ops: [...ops] });
    }
    this.#timer ??= this.schedule(() => this.flush(), BATCH_INTERVAL_MS);
  }

  /** Drops what is queued for a conversation (a snapshot of it is being sent instead). */
  drop(conversationId: string): void {
    this.#pending.delete(conversationId);
  }

  /** Sends everything queued now. */
  flush(): void {
    if (this.#timer !== undefined) this.cancel(this.#timer);
    this.#timer = undefined;
    const batches = [...this.#pending];
    this.#pending.clear();
    for (const [conversationId, b] of batches) this.send({ type: 'ops', conversationId, from: b.from, seq: b.seq, ops: compactChatOps(b.ops) });
  }

  dispose(): void {
    if (this.#timer !== undefined) this.cancel(this.#timer);
    this.#timer = undefined;
    this.#pending.clear();
  }
}

import type { JSONRPCMessage, MessageExtraInfo, RequestId, Transport, TransportSendOptions } from '@modelcontextprotocol/server';

/**
 * Wraps a transport and counts the requests the server has received but not yet answered,
 * so a stdio server whose input ended can finish them before exiting instead of dropping
 * answers the client is still reading. Cancelled requests stop counting. Changes nothing
 * on the wire.
 */
export class TrackedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private readonly pending = new Set<RequestId>();
  private waiters: Array<() => void> = [];

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message, extra) => {
      if ('method' in message) {
        if ('id' in message) this.pending.add(message.id);
        else if (message.method === 'notifications/cancelled') this.settle((message.params as { requestId?: RequestId } | undefined)?.requestId);
      }
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** Requests received and not yet answered. */
  get inFlight(): number {
    return this.pending.size;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    await this.inner.send(message, options);
    if ('id' in message && ('result' in message || 'error' in message)) this.settle(message.id);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Resolves once no request is in flight, or after `timeoutMs`, whichever comes first. */
  idle(timeoutMs: number): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private settle(id: RequestId | undefined): void {
    if (id === undefined || !this.pending.delete(id) || this.pending.size > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

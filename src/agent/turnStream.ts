import type { Message } from '@anthropic-ai/sdk/resources/messages';
import type { QualifiedTool } from '../mcpClient/types';
import type { MessageStreamParams, ModelBackend } from './backend';
import type { AgentEvent } from './types';

export type StreamParams = MessageStreamParams;

/** How one model request ended. */
export type TurnOutcome =
  | { kind: 'message'; message: Message }
  /** Stopped by the signal: what had arrived, and the indexes of the blocks that were complete. */
  | { kind: 'aborted'; partial: Message | undefined; completed: Set<number> }
  | { kind: 'error'; error: unknown };

export interface TurnOptions {
  round: number;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  /** To name the server and tool of a call as soon as it starts. */
  toolNames: ReadonlyMap<string, QualifiedTool>;
  /** How often a stream that failed after it started is sent again. */
  retries: number;
  /** First back-off, doubled each time. */
  retryDelayMs: number;
}

/**
 * One model request through the backend's `stream` (the SDK's `messages.stream`), emitting text deltas, calls as they
 * start and their arguments as they stream. The SDK retries HTTP failures itself, but not a
 * stream that fails after it started (`event: error`, a dropped connection): that is sent
 * again here, with a `retry` event so listeners drop what this round streamed so far.
 * Never throws.
 */
export async function streamTurn(client: ModelBackend, params: StreamParams, options: TurnOptions): Promise<TurnOutcome> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await streamOnce(client, params, options);
    if (outcome.kind !== 'error' || !outcome.midStream || attempt >= options.retries || options.signal.aborted) {
      return outcome.kind === 'error' ? { kind: 'error', error: outcome.error } : outcome;
    }
    options.emit({
      type: 'retry',
      round: options.round,
      attempt: attempt + 1,
      message: `The response stream failed (${errorMessage(outcome.error)}); sending the request again.`,
    });
    try {
      await sleep(options.retryDelayMs * 2 ** attempt, options.signal);
    } catch {
      return { kind: 'aborted', partial: undefined, completed: new Set() };
    }
  }
}

async function streamOnce(
  client: ModelBackend,
  params: StreamParams,
  { round, signal, emit, toolNames }: TurnOptions,
): Promise<Exclude<TurnOutcome, { kind: 'error' }> | { kind: 'error'; error: unknown; midStream: boolean }> {
  const stream = client.stream(params, { signal });
  let connected = false;
  stream.on('connect', () => (connected = true));
  const completed = new Set<number>();
  const toolIds = new Map<number, string>();
  try {
    for await (const event of stream) {
      if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        const block = event.content_block;
        toolIds.set(event.index, block.id);
        const qt = toolNames.get(block.name);
        emit({ type: 'tool_call_started', round, id: block.id, name: block.name, ...(qt ? { server: qt.server, tool: qt.tool.name } : {}) });
      } else if (event.type === 'content_block_delta') {
        if (event.delta.type === 'text_delta') emit({ type: 'text_delta', round, text: event.delta.text });
        else if (event.delta.type === 'input_json_delta' && event.delta.partial_json) {
          const id = toolIds.get(event.index);
          if (id) emit({ type: 'tool_call_input', id, delta: event.delta.partial_json });
        }
      } else if (event.type === 'content_block_stop') {
        completed.add(event.index);
      }
    }
    // The iterator can end quietly on an error; finalMessage() rejects with it.
    return { kind: 'message', message: await stream.finalMessage() };
  } catch (error) {
    const described = client.describeError(error);
    if (signal.aborted || described.aborted) return { kind: 'aborted', partial: stream.currentMessage, completed };
    return { kind: 'error', error, midStream: connected && described.status === undefined };
  }
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

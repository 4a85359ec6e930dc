import type { Readable, Writable } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import type { JSONRPCMessage, RequestId, Transport } from '@modelcontextprotocol/server';

/** JSON-RPC 2.0 error codes for lines that are not a message. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

/**
 * Largest line read, in bytes, by default: well above what the largest accepted diagram
 * (1 MiB, JSON-escaped up to six bytes a character) takes, well below what threatens memory.
 */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

/** How much of an oversized line's start and end is kept to find its id. */
const ID_WINDOW = 4096;

export interface LineTransportOptions {
  /** Lines longer than this are refused (with an error answer) and skipped; default {@link DEFAULT_MAX_LINE_BYTES}. */
  maxLineBytes?: number;
}

/**
 * MCP's stdio framing (one JSON-RPC message per `\n`-terminated line) that answers every line
 * JSON-RPC says to answer and never stops serving because of what it read, unlike the SDK's
 * `StdioServerTransport`, which drops malformed lines silently and closes on a line over its
 * buffer size. A line that is not JSON gets a -32700 answer; JSON that is not a valid message
 * gets -32600 (with the request's id when it has one, else null); a line over `maxLineBytes`
 * is skipped without being held in memory and gets -32600 naming its size and the limit (with
 * its id when one is found at its start or end). Each is also reported to `onerror`. Writes
 * only `send`'s messages and those answers to `output`.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly maxLineBytes: number;
  private chunks: Buffer[] = [];
  private length = 0;
  /** Set while skipping an oversized line: its first and latest bytes, and how long it is so far. */
  private skipping: { head: Buffer; tail: Buffer; bytes: number } | undefined;
  private started = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    options: LineTransportOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('LineTransport already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(JSON.stringify(message) + '\n')) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.chunks = [];
    this.length = 0;
    this.skipping = undefined;
    this.onclose?.();
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let nl = data.indexOf(0x0a); nl !== -1; nl = data.indexOf(0x0a)) {
      this.take(data.subarray(0, nl));
      this.endLine();
      data = data.subarray(nl + 1);
    }
    if (data.length > 0) this.take(data);
  };

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.skipping) {
      this.skipping.bytes += part.length;
      this.skipping.tail = Buffer.concat([this.skipping.tail, part]).subarray(-ID_WINDOW);
      return;
    }
    if (this.length + part.length <= this.maxLineBytes) {
      this.chunks.push(part);
      this.length += part.length;
      return;
    }
    const line = Buffer.concat([...this.chunks, part]);
    this.skipping = { head: line.subarray(0, ID_WINDOW), tail: line.subarray(-ID_WINDOW), bytes: line.length };
    this.chunks = [];
    this.length = 0;
  }

  private endLine(): void {
    if (this.skipping) {
      const { head, tail, bytes } = this.skipping;
      this.skipping = undefined;
      const id = idAtEnd(tail.toString('utf8')) ?? idAtStart(head.toString('utf8')) ?? null;
      this.refuse(id, INVALID_REQUEST, `Request too large: ${bytes.toLocaleString('en')} bytes; the limit is ${this.maxLineBytes.toLocaleString('en')} bytes`);
      return;
    }
    const text = Buffer.concat(this.chunks, this.length).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.length = 0;
    if (text.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      this.refuse(null, PARSE_ERROR, `Parse error: ${(error as Error).message}`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      this.refuse(typeof id === 'string' || typeof id === 'number' ? id : null, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message the protocol accepts');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(id: RequestId | null, code: number, message: string): void {
    this.onerror?.(new Error(message));
    // The SDK's message type has no null id; JSON-RPC requires it when the id is unknown.
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.){0,200}")`;
const ID_AT_END = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);
const ID_AT_START = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID_VALUE}\s*,`);

// Only where a message's own id sits (last key, as the SDK writes it, or first): an "id"
// anywhere else in a cut-off line may belong to the params.
function idAtEnd(tail: string): RequestId | undefined {
  return idValue(ID_AT_END.exec(tail)?.[1]);
}

function idAtStart(head: string): RequestId | undefined {
  return idValue(ID_AT_START.exec(head)?.[1]);
}

function idValue(raw: string | undefined): RequestId | undefined {
  if (raw === undefined) return undefined;
  return raw.startsWith('"') ? (JSON.parse(raw) as string) : Number(raw);
}

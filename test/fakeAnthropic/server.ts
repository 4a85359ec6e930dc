// A local stand-in for the Anthropic Messages API: speaks the real wire format (JSON and
// SSE), checks auth and every request body like the real API, records every request, and
// answers with scripted replies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, createHash } from 'node:crypto';
import { validateRequestBody, type ApiErrorBody } from './validate';
import { bedrockChunk, bedrockException, readPlatformRequest, type FakeAwsCredentials, type FakePlatform } from './platforms';

export type StopReason = 'end_turn' | 'max_tokens' | 'stop_sequence' | 'tool_use' | 'pause_turn' | 'refusal' | 'model_context_window_exceeded';

export type ScriptBlock =
  | { type: 'text'; text: string }
  /** `json` streams these exact characters instead of `input` (for a half-written call). */
  | { type: 'tool_use'; name: string; input?: Record<string, unknown>; id?: string; json?: string };

export interface ScriptedUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  /** How the cache writes split by lifetime (default: all 5-minute writes). */
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

export interface ScriptedMessage {
  content: ScriptBlock[];
  stopReason: StopReason;
  stopDetails?: { type?: string; category: string | null; explanation?: string | null } | null;
  stopSequence?: string;
  /** Overrides the estimated usage. */
  usage?: ScriptedUsage;
  /** Milliseconds between SSE events (slow chunks). */
  delayMs?: number;
  /** Characters per `text_delta` (default 16) and per `input_json_delta` piece (default 12). */
  textChunk?: number;
  jsonChunk?: number;
  /** After this many SSE events, send `event: error` with this error and end the response. */
  failAfterEvents?: { events: number; type?: string; message?: string };
  /** After this many SSE events, send nothing more and keep the connection open until the client leaves. */
  stallAfterEvents?: number;
}

export interface ScriptedHttpError {
  httpError: { status: number; type: string; message: string; headers?: Record<string, string> };
}

export type ScriptedReply = ScriptedMessage | ScriptedHttpError;
/** A reply, or a function that chooses one from the request (to react to tool results). */
export type ScriptStep = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

export interface RecordedRequest {
  index: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /**
   * The parsed JSON body (undefined when it did not parse), as a Messages API body: on
   * Bedrock and Vertex AI, with the model of the path and without `anthropic_version`.
   */
  body: any;
  /** The JSON body as sent. */
  rawBody?: any;
  /** How the request authenticated: `x-api-key`, `bearer`, or `sigv4`. */
  auth?: string;
  /** The API version the request asked for (header, or `anthropic_version` in the body). */
  version?: string;
  bodyBytes: number;
  /** The validation error the fake answered with, if the request was invalid. */
  invalid?: ApiErrorBody;
  /** What the fake answered: a status code. */
  status?: number;
  /** The client closed the connection before the response ended (a Stop). */
  clientClosed: boolean;
}

export interface FakeAnthropicOptions {
  apiKey?: string;
  /** Smallest prefix the cache simulation caches, in estimated tokens (the real minimum is 1024 or more). */
  minCacheTokens?: number;
  /** Largest request body accepted (the real API: 32 MB). */
  maxBodyBytes?: number;
  /** What `GET /v1/models` lists (default {@link DEFAULT_FAKE_MODELS}); `null` answers 404, like a gateway without it. */
  models?: FakeModel[] | null;
  /** Which platform's wire format to speak (default: Anthropic's API). */
  platform?: FakePlatform;
  /** Bedrock: the AWS credentials whose SigV4 signatures are accepted (`apiKey` is the Bedrock API key). */
  aws?: FakeAwsCredentials;
  /** Vertex AI: the project and region the path must name (`apiKey` is the Google access token). */
  vertex?: { projectId: string; region: string };
  /** `POST /v1/messages/count_tokens`'s answer for a body (default: the fake's estimate, about 4 characters a token, cache marks left out). */
  countTokens?: (body: any) => number;
  /** Foundry: the Microsoft Entra ID token accepted as a bearer token. */
  entraToken?: string;
  /** Called just before each SSE event is written (for timing what the client receives). */
  onEvent?: (name: string, data: unknown) => void;
}

/** A model as `GET /v1/models` lists it (the fields ArchFlow reads). */
export interface FakeModel {
  id: string;
  display_name?: string;
  max_input_tokens?: number | null;
  lifecycle?: 'active' | 'deprecated' | 'retired';
}

export const DEFAULT_FAKE_MODELS: FakeModel[] = [
  { id: 'claude-opus-5-5', display_name: 'Claude Opus 5.5', max_input_tokens: 1_000_000 },
  { id: 'claude-sonnet-4-6', display_name: 'Claude Sonnet 4.6', max_input_tokens: 200_000 },
  { id: 'claude-haiku-4-5', display_name: 'Claude Haiku 4.5', max_input_tokens: 200_000 },
  { id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5', max_input_tokens: 200_000, lifecycle: 'retired' },
];

export interface FakeAnthropic {
  /** The `baseURL` to give the SDK. */
  readonly url: string;
  readonly apiKey: string;
  readonly requests: RecordedRequest[];
  /** Token-counting requests (`/v1/messages/count_tokens`), kept apart from the Messages requests. */
  readonly countRequests: RecordedRequest[];
  /** Adds replies, answered in order, one per valid request. */
  script(...steps: ScriptStep[]): void;
  /** Replies not used yet. */
  readonly pending: number;
  /** Requests the fake rejected as the real API would. */
  invalidRequests(): RecordedRequest[];
  close(): Promise<void>;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function fakeId(prefix: string): string {
  const bytes = randomBytes(24);
  let s = '';
  for (const b of bytes) s += BASE62[b % 62];
  return `${prefix}_01${s}`;
}

function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value ?? '').length / 4);
}

function stripCache(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripCache);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== 'cache_control') out[k] = stripCache(v);
    return out;
  }
  return value;
}

/**
 * The prompt-cache simulation: the request's blocks in cache order (tools, system,
 * messages); each `cache_control` marks a prefix. As on the real API, a breakpoint also
 * finds a prefix cached up to 20 blocks before it (so a conversation whose mark moves to
 * its new last block still reads the previous rounds); the longest marked prefix is written.
 */
class PromptCache {
  private readonly seen = new Set<string>();
  constructor(private readonly minTokens: number) {}

  account(body: any): { input: number; read: number; write: number } {
    const segments: { value: unknown; marked: boolean }[] = [];
    for (const t of body.tools ?? []) segments.push({ value: t, marked: !!t.cache_control });
    const system = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : body.system ?? [];
    for (const s of system) segments.push({ value: s, marked: !!s.cache_control });
    for (const m of body.messages ?? []) {
      const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
      for (const b of blocks) segments.push({ value: { role: m.role, b }, marked: !!b?.cache_control || (b?.type === 'tool_result' && Array.isArray(b.content) && b.content.some((c: any) => c?.cache_control)) });
    }
    if (body.cache_control && segments.length) segments[segments.length - 1].marked = true;
    const hash = createHash('sha256');
    const keys: string[] = [];
    const tokens: number[] = [];
    let running = 0;
    for (const s of segments) {
      hash.update(JSON.stringify(stripCache(s.value)));
      running += estimateTokens(stripCache(s.value));
      keys.push(hash.copy().digest('hex'));
      tokens.push(running);
    }
    const total = running;
    let read = 0;
    let written = 0;
    segments.forEach((s, i) => {
      if (!s.marked) return;
      for (let j = i; j >= Math.max(0, i - 20); j--) {
        if (this.seen.has(keys[j])) {
          read = Math.max(read, tokens[j]);
          break;
        }
      }
      if (tokens[i] >= this.minTokens) written = Math.max(written, tokens[i]);
    });
    segments.forEach((s, i) => {
      if (s.marked && tokens[i] >= this.minTokens) this.seen.add(keys[i]);
    });
    const write = Math.max(0, written - read);
    return { input: Math.max(1, total - read - write), read, write };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function errorJson(type: string, message: string, requestId: string): string {
  return JSON.stringify({ type: 'error', error: { type, message }, request_id: requestId });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Starts the fake on 127.0.0.1 at a random port. */
export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const apiKey = options.apiKey ?? 'sk-ant-test-0123456789';
  const maxBody = options.maxBodyBytes ?? 32 * 1024 * 1024;
  const cache = new PromptCache(options.minCacheTokens ?? 1024);
  const steps: ScriptStep[] = [];
  const requests: RecordedRequest[] = [];
  const countRequests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const platform = options.platform ?? 'anthropic';
  const sendError = (res: ServerResponse, rec: RecordedRequest, status: number, type: string, message: string, headers: Record<string, string> = {}) => {
    const requestId = fakeId('req');
    rec.status = status;
    if (platform === 'bedrock') {
      // Bedrock's own errors: `{"message"}` with the exception's name in a header.
      const name = status === 403 ? 'AccessDeniedException' : status === 429 ? 'ThrottlingException' : status === 404 ? 'ResourceNotFoundException' : status >= 500 ? 'InternalServerException' : 'ValidationException';
      res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': requestId, 'x-amzn-errortype': `${name}:http://internal.amazon.com/coral/com.amazon.bedrock/`, ...headers });
      res.end(JSON.stringify({ message }));
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId, ...headers });
    res.end(errorJson(type, message, requestId));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const rec: RecordedRequest = { index: requests.length, method: req.method ?? '', path: req.url ?? '', headers: { ...req.headers }, body: undefined, bodyBytes: 0, clientClosed: false };
    requests.push(rec);
    res.on('close', () => {
      if (!res.writableFinished) rec.clientClosed = true;
    });

    const parts: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBody) tooLarge = true;
      else parts.push(chunk as Buffer);
    }
    rec.bodyBytes = size;
    if (tooLarge) return sendError(res, rec, 413, 'request_too_large', 'Request exceeds the maximum allowed number of bytes.');
    const raw = Buffer.concat(parts);
    let parsed: any;
    let parseFailed = false;
    try {
      parsed = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      parseFailed = true;
    }
    const seen = await readPlatformRequest(req, raw, parsed, { platform, apiKey, ...(options.aws ? { aws: options.aws } : {}), ...(options.vertex ? { vertex: options.vertex } : {}), ...(options.entraToken ? { entraToken: options.entraToken } : {}) });
    if (!seen.ok) return sendError(res, rec, seen.status, seen.type, seen.message);
    if (seen.kind === 'models') {
      if (options.models === null) return sendError(res, rec, 404, 'not_found_error', 'Not Found');
      return sendModels(res, rec);
    }
    if (seen.kind === 'count') {
      requests.splice(requests.indexOf(rec), 1);
      countRequests.push(rec);
      rec.auth = seen.auth;
      rec.version = seen.version;
      return sendCount(res, rec, parseFailed ? undefined : parsed);
    }
    rec.auth = seen.auth;
    rec.version = seen.version;
    if (parseFailed || parsed === undefined) {
      const invalid = { status: 400, type: 'invalid_request_error', message: 'There was an error parsing the body of your request: invalid JSON' };
      rec.invalid = invalid;
      return sendError(res, rec, 400, invalid.type, invalid.message);
    }
    rec.rawBody = parsed;
    if (seen.model !== undefined) {
      const { anthropic_version: _version, ...rest } = parsed;
      rec.body = { model: seen.model, ...rest, ...(seen.stream ? { stream: true } : {}) };
    } else {
      rec.body = parsed;
    }
    const invalid = validateRequestBody(rec.body);
    if (invalid) {
      rec.invalid = invalid;
      return sendError(res, rec, invalid.status, invalid.type, invalid.message);
    }

    const step = steps.shift();
    if (!step) return sendError(res, rec, 400, 'invalid_request_error', 'fake Anthropic API: no scripted reply left for this request', { 'x-should-retry': 'false' });
    const reply = typeof step === 'function' ? step(rec) : step;
    if ('httpError' in reply) {
      const e = reply.httpError;
      return sendError(res, rec, e.status, e.type, e.message, e.headers ?? {});
    }
    await sendMessage(req, res, rec, reply);
  };

  // As the real endpoint: the Messages body without max_tokens or stream, answered with `{input_tokens}`.
  const sendCount = (res: ServerResponse, rec: RecordedRequest, parsed: any) => {
    const { anthropic_version: _v, ...body } = parsed ?? {};
    rec.rawBody = parsed;
    rec.body = body;
    const extra = ['max_tokens', 'stream'].find((k) => k in body);
    const invalid = parsed === undefined
      ? { status: 400, type: 'invalid_request_error', message: 'There was an error parsing the body of your request: invalid JSON' }
      : extra
        ? { status: 400, type: 'invalid_request_error', message: `${extra}: Extra inputs are not permitted` }
        : validateRequestBody({ ...body, max_tokens: 1 });
    if (invalid) {
      rec.invalid = invalid;
      return sendError(res, rec, invalid.status, invalid.type, invalid.message);
    }
    const inputTokens = options.countTokens?.(body) ?? estimateTokens(stripCache([body.system ?? null, body.tools ?? null, body.messages]));
    rec.status = 200;
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': fakeId('req') });
    res.end(JSON.stringify({ input_tokens: inputTokens }));
  };

  const sendModels = (res: ServerResponse, rec: RecordedRequest) => {
    const data = (options.models ?? DEFAULT_FAKE_MODELS).map((m) => ({
      type: 'model',
      id: m.id,
      display_name: m.display_name ?? m.id,
      created_at: '2026-01-01T00:00:00Z',
      lifecycle: m.lifecycle ?? 'active',
      deprecated_at: m.lifecycle && m.lifecycle !== 'active' ? '2026-06-01T00:00:00Z' : null,
      retires_at: null,
      line: null,
      capabilities: null,
      max_input_tokens: m.max_input_tokens ?? null,
      max_tokens: 64_000,
    }));
    rec.status = 200;
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': fakeId('req') });
    res.end(JSON.stringify({ data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null }));
  };

  const sendMessage = async (_req: IncomingMessage, res: ServerResponse, rec: RecordedRequest, reply: ScriptedMessage) => {
    const body = rec.body;
    const requestId = fakeId('req');
    const accounted = cache.account(body);
    const content = reply.content.map((b) =>
      b.type === 'text'
        ? { type: 'text' as const, text: b.text }
        : { type: 'tool_use' as const, id: b.id ?? fakeId('toolu'), name: b.name, input: b.input ?? {}, json: b.json ?? JSON.stringify(b.input ?? {}), caller: { type: 'direct' } },
    );
    const outputTokens = reply.usage?.output_tokens ?? Math.max(1, estimateTokens(reply.content));
    const usage = {
      input_tokens: reply.usage?.input_tokens ?? accounted.input,
      cache_creation_input_tokens: reply.usage?.cache_creation_input_tokens ?? accounted.write,
      cache_read_input_tokens: reply.usage?.cache_read_input_tokens ?? accounted.read,
      output_tokens: outputTokens,
    };
    const message = {
      id: fakeId('msg'),
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [] as unknown[],
      stop_reason: null as string | null,
      stop_sequence: null as string | null,
      stop_details: null as unknown,
      // As on the real API, only message_start tells the cache writes apart by lifetime.
      usage: { ...usage, output_tokens: 1, service_tier: 'standard', cache_creation: reply.usage?.cache_creation ?? { ephemeral_5m_input_tokens: usage.cache_creation_input_tokens, ephemeral_1h_input_tokens: 0 } },
      container: null,
    };
    const finalContent = content.map((b) => (b.type === 'text' ? { type: 'text', text: b.text, citations: null } : { type: 'tool_use', id: b.id, name: b.name, input: b.input, caller: b.caller }));

    rec.status = 200;
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': requestId });
      res.end(JSON.stringify({ ...message, content: finalContent, stop_reason: reply.stopReason, stop_sequence: reply.stopSequence ?? null, stop_details: reply.stopDetails ?? null, usage: { ...message.usage, output_tokens: outputTokens } }));
      return;
    }

    const events: [string, unknown][] = [];
    events.push(['message_start', { type: 'message_start', message }]);
    events.push(['ping', { type: 'ping' }]);
    content.forEach((b, index) => {
      if (b.type === 'text') {
        events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }]);
        for (const piece of chunks(b.text, reply.textChunk ?? 16)) {
          events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }]);
        }
      } else {
        events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {}, caller: b.caller } }]);
        // The real API's first input_json_delta is empty.
        for (const piece of ['', ...chunks(b.json, reply.jsonChunk ?? 12)]) {
          events.push(['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } }]);
        }
      }
      events.push(['content_block_stop', { type: 'content_block_stop', index }]);
    });
    events.push([
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: reply.stopReason, stop_sequence: reply.stopSequence ?? null, stop_details: reply.stopDetails ?? null },
        // Cumulative totals: they replace what message_start said.
        usage,
      },
    ]);
    events.push(['message_stop', { type: 'message_stop' }]);

    // Bedrock frames each event as an AWS event-stream chunk; the others send SSE.
    const bedrock = platform === 'bedrock';
    res.writeHead(200, bedrock
      ? { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': requestId, 'x-amzn-bedrock-content-type': 'application/json' }
      : { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': requestId });
    res.flushHeaders();
    let sent = 0;
    for (const [name, data] of events) {
      if (res.destroyed) return;
      if (reply.failAfterEvents && sent >= reply.failAfterEvents.events) {
        const err = { type: 'error', error: { type: reply.failAfterEvents.type ?? 'overloaded_error', message: reply.failAfterEvents.message ?? 'Overloaded' } };
        if (bedrock) res.end(bedrockException('modelStreamErrorException', err.error.message));
        else res.end(`event: error\ndata: ${JSON.stringify(err)}\n\n`);
        return;
      }
      if (reply.stallAfterEvents !== undefined && sent >= reply.stallAfterEvents) return; // until the client leaves
      if (reply.delayMs) await sleep(reply.delayMs);
      options.onEvent?.(name, data);
      // Bedrock sends no pings.
      if (bedrock) {
        if (name !== 'ping') res.write(bedrockChunk(data));
      } else res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      sent++;
    }
    res.end();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(errorJson('api_error', `fake Anthropic API crashed: ${(err as Error).message}`, fakeId('req')));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    countRequests,
    script: (...s) => steps.push(...s),
    get pending() {
      return steps.length;
    },
    invalidRequests: () => [...requests, ...countRequests].filter((r) => r.invalid),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

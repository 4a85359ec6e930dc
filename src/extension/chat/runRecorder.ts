// Pure (no `vscode`): unit-tested in test/extension/chat.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { addUsage, type AgentEvent, type RunEndReason, type RunResult, type TokenUsage, type ToolCallOutcome, type ToolResultContent } from '../../agent/index';
import type { AssistantItem, ChatItem, ChatOp, RunEndItem, ToolItem, ToolResultPart, ToolResultView, ToolStatus, UsageView } from '../../protocol/index';
import type { ChatConfig } from '../config';
import { diagramFileOf } from './toolFiles';

/** Characters of one text part a card keeps (the model got its own, capped copy). */
export const MAX_CARD_TEXT = 50_000;
/** Base64 characters of one image a card keeps. */
export const MAX_CARD_IMAGE = 5 * 1024 * 1024;
const SHOWN_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);

/** Reasons after which "Continue" may resume the run: the guards, not the model's own stop. */
export const CONTINUABLE: ReadonlySet<RunEndReason> = new Set(['round_cap', 'repeat_guard', 'budget']);

/** What the model is told when the user lets a stopped run go on (joined to the last user message). */
export function continueNote(end: Pick<RunEndItem, 'reason' | 'message'>, config: Pick<ChatConfig, 'maxRounds'>): string {
  switch (end.reason) {
    case 'round_cap':
      return `[ArchFlow] The run stopped at its limit of ${config.maxRounds} model requests, and the user chose to let you continue. Tool calls of your last message that were not run are answered above as not run: make them again if you still need them.`;
    case 'repeat_guard':
      return `[ArchFlow] The run stopped because the same tool call was made several times with the same arguments (${end.message}). The user chose to let you continue: do not repeat that call; try another way, or explain what is in the way.`;
    default:
      return `[ArchFlow] The run stopped at its budget (${end.message}). The user chose to let you continue.`;
  }
}

const STATUS_OF: Record<ToolCallOutcome, ToolStatus> = { ok: 'done', error: 'failed', denied: 'denied', cancelled: 'cancelled', not_run: 'not_run' };

export function usageView(u: TokenUsage): UsageView {
  return { inputTokens: u.inputTokens, outputTokens: u.outputTokens, cacheReadTokens: u.cacheReadTokens, cacheWriteTokens: u.cacheWriteTokens, costUsd: u.costUsd };
}

/**
 * Turns the events of one agent run into changes of the conversation the chat shows.
 *
 * Guarantees: every item it creates has an id unique in the conversation (tool items use the
 * `tool_use` id, the rest `<run>:<n>`); text grows through `append` ops, never by resending
 * it; a response that is sent again (`retry`) takes back the items of its round; when the run
 * ends, no item of it is left streaming, waiting or running. Keeps its own copy of each item,
 * so every `put` carries the whole item.
 */
export class RunRecorder {
  readonly #items = new Map<string, ChatItem>();
  /** Ids created per round, for `retry`. */
  readonly #rounds = new Map<number, string[]>();
  #text: AssistantItem | undefined;
  #next = 0;
  #ended = false;

  constructor(
    readonly run: string,
    /** The conversation's usage before this run. */
    private readonly baseUsage: TokenUsage,
    private readonly now: () => number = Date.now,
  ) {}

  /** The changes one event makes (often none). */
  handle(event: AgentEvent): ChatOp[] {
    switch (event.type) {
      case 'request_start':
        return this.#closeText();
      case 'retry': {
        const ids = this.#rounds.get(event.round) ?? [];
        this.#rounds.delete(event.round);
        for (const id of ids) this.#items.delete(id);
        this.#text = undefined;
        const ops: ChatOp[] = ids.length ? [{ op: 'remove', ids }] : [];
        return [...ops, this.#put({ kind: 'notice', id: this.#id(), level: 'info', text: event.message })];
      }
      case 'text_delta': {
        if (this.#text) {
          this.#text = { ...this.#text, text: this.#text.text + event.text };
          this.#items.set(this.#text.id, this.#text);
          return [{ op: 'append', id: this.#text.id, text: event.text }];
        }
        const item: AssistantItem = { kind: 'assistant', id: this.#id(), run: this.run, round: event.round, text: event.text, done: false };
        this.#text = item;
        this.#remember(event.round, item.id);
        return [this.#put(item)];
      }
      case 'tool_call_started': {
        const ops = this.#closeText();
        const item: ToolItem = {
          kind: 'tool',
          id: event.id,
          run: this.run,
          round: event.round,
          name: event.name,
          ...(event.server ? { server: event.server } : {}),
          ...(event.tool ? { tool: event.tool } : {}),
          args: '',
          status: 'preparing',
        };
        this.#remember(event.round, item.id);
        return [...ops, this.#put(item)];
      }
      case 'tool_call_input': {
        const item = this.#tool(event.id);
        if (!item) return [];
        this.#items.set(item.id, { ...item, args: item.args + event.delta });
        return [{ op: 'append', id: item.id, text: event.delta }];
      }
      case 'approval_needed': {
        const r = event.request;
        const item = this.#tool(r.id);
        if (!item) return [];
        return [
          this.#put({
            ...item,
            server: r.server,
            tool: r.tool,
            args: prettyArgs(r.arguments),
            status: 'approval',
            approval: {
              ...(r.description ? { description: r.description } : {}),
              trusted: r.trusted,
              definitionChanged: r.definitionChanged,
              ...(r.annotations?.readOnlyHint !== undefined ? { readOnly: r.annotations.readOnlyHint } : {}),
              ...(r.annotations?.destructiveHint !== undefined ? { destructive: r.annotations.destructiveHint } : {}),
            },
          }),
        ];
      }
      case 'tool_running': {
        const item = this.#tool(event.id);
        if (!item) return [];
        const { approval: _asked, ...rest } = item;
        return [this.#put({ ...rest, server: event.server, tool: event.tool, args: prettyArgs(event.input), status: 'running', approvedHow: event.approval, startedAt: this.now() })];
      }
      case 'tool_progress': {
        const item = this.#tool(event.id);
        if (!item || item.status !== 'running') return [];
        const progress = { progress: event.progress, ...(event.total !== undefined ? { total: event.total } : {}), ...(event.message ? { message: event.message } : {}) };
        return [this.#put({ ...item, progress })];
      }
      case 'tool_result': {
        const existing = this.#tool(event.id);
        const base: ToolItem = existing ?? { kind: 'tool', id: event.id, run: this.run, round: 0, name: event.name, args: '', status: 'preparing' };
        const { approval: _asked, progress: _progress, ...rest } = base;
        return [
          this.#put({
            ...rest,
            ...(event.server ? { server: event.server } : {}),
            ...(event.tool ? { tool: event.tool } : {}),
            args: rest.status === 'preparing' ? prettyJsonText(rest.args) : rest.args,
            status: STATUS_OF[event.outcome],
            endedAt: this.now(),
            result: resultView(event.isError, event.summary, event.content, event.result),
          }),
        ];
      }
      case 'usage':
        return [{ op: 'meta', meta: { usage: usageView(addUsage(this.baseUsage, event.total)), contextTokens: event.turn.inputTokens + event.turn.cacheReadTokens + event.turn.cacheWriteTokens } }];
      case 'turn_done':
        return this.#closeText();
      case 'notice':
        return [this.#put({ kind: 'notice', id: this.#id(), level: 'warning', text: event.message })];
      case 'done':
        return this.end(event.result);
      default:
        return [];
    }
  }

  /**
   * Ends the run's items: text stops streaming, calls still open are cancelled, and a `runEnd`
   * item says why the run ended and what it cost. Idempotent: the second call returns nothing.
   */
  end(result: Pick<RunResult, 'reason' | 'message' | 'usage'>): ChatOp[] {
    if (this.#ended) return [];
    this.#ended = true;
    const ops = this.#closeText();
    for (const item of this.#items.values()) {
      if (item.kind === 'tool' && (item.status === 'preparing' || item.status === 'approval' || item.status === 'running')) {
        const { approval: _asked, progress: _progress, ...rest } = item;
        ops.push(this.#put({ ...rest, status: 'cancelled', endedAt: this.now() }));
      }
    }
    ops.push(
      this.#put({
        kind: 'runEnd',
        id: this.#id(),
        run: this.run,
        reason: result.reason,
        message: result.message,
        usage: usageView(result.usage),
        canContinue: CONTINUABLE.has(result.reason),
      }),
    );
    return ops;
  }

  #closeText(): ChatOp[] {
    const text = this.#text;
    this.#text = undefined;
    if (!text) return [];
    return [this.#put({ ...text, done: true })];
  }

  #tool(id: string): ToolItem | undefined {
    const item = this.#items.get(id);
    return item?.kind === 'tool' ? item : undefined;
  }

  #put(item: ChatItem): ChatOp {
    this.#items.set(item.id, item);
    if (item.kind === 'assistant' && this.#text?.id === item.id) this.#text = item;
    return { op: 'put', item };
  }

  #remember(round: number, id: string): void {
    const list = this.#rounds.get(round) ?? [];
    list.push(id);
    this.#rounds.set(round, list);
  }

  #id(): string {
    return `${this.run}:${this.#next++}`;
  }
}

function prettyArgs(args: Record<string, unknown>): string {
  return JSON.stringify(args, null, 2);
}

/** Streamed argument text, indented when it is complete JSON (else as it arrived). */
function prettyJsonText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function capText(text: string): string {
  return text.length > MAX_CARD_TEXT ? `${text.slice(0, MAX_CARD_TEXT)}\n… (${(text.length - MAX_CARD_TEXT).toLocaleString('en-US')} more characters)` : text;
}

function imagePart(mimeType: string, data: string, what = 'image'): ToolResultPart {
  if (!SHOWN_IMAGES.has(mimeType)) return { type: 'note', text: `${what}: ${mimeType}` };
  if (data.length > MAX_CARD_IMAGE) return { type: 'note', text: `${what}: ${mimeType}, too large to show` };
  return { type: 'image', mimeType, data };
}

/**
 * A tool's result as the card shows it: the server's own content when the call ran (text,
 * pictures, and notes for what cannot be shown), else what the model was told (a denial, a
 * cancellation), and the `.diagram` file it names, if any. Text is capped at
 * {@link MAX_CARD_TEXT} characters per part.
 */
export function resultView(isError: boolean, summary: string, sent: ToolResultContent, raw?: CallToolResult): ToolResultView {
  const parts: ToolResultPart[] = [];
  if (raw) {
    for (const c of Array.isArray(raw.content) ? raw.content : []) {
      if (c.type === 'text') parts.push({ type: 'text', text: capText(c.text) });
      else if (c.type === 'image') parts.push(imagePart(c.mimeType, c.data));
      else if (c.type === 'audio') parts.push({ type: 'note', text: `audio: ${c.mimeType}` });
      else if (c.type === 'resource') {
        const r = c.resource;
        if ('text' in r && typeof r.text === 'string') parts.push({ type: 'text', text: capText(r.text) });
        else if (r.mimeType?.startsWith('image/') && 'blob' in r && typeof r.blob === 'string') parts.push(imagePart(r.mimeType, r.blob, r.uri));
        else parts.push({ type: 'note', text: `${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}` });
      } else if (c.type === 'resource_link') parts.push({ type: 'note', text: `${c.name} <${c.uri}>` });
    }
    const structured = raw.structuredContent;
    if (structured !== undefined && structured !== null && !parts.some((p) => p.type === 'text')) {
      parts.push({ type: 'text', text: capText(JSON.stringify(structured, null, 2)) });
    }
  } else {
    for (const b of typeof sent === 'string' ? [{ type: 'text' as const, text: sent }] : sent) {
      if (b.type === 'text') parts.push({ type: 'text', text: capText(b.text) });
      else if (b.type === 'image' && b.source.type === 'base64') parts.push(imagePart(b.source.media_type, b.source.data));
    }
  }
  const file = diagramFileOf(raw);
  return { isError, summary, parts, ...(file ? { file } : {}) };
}

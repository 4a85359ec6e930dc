import * as vscode from 'vscode';
import type { ContentBlockParam, Message, MessageParam, RawMessageStreamEvent, TextBlockParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import type { BackendError, MessageStreamLike, MessageStreamParams, ModelBackend } from '../../agent/backend';
import { canonicalModelId } from '../../agent/modelIds';

/** Said to the model when a turn ends on tool results: Copilot's models want a user's text last. */
export const AFTER_TOOL_RESULTS = 'Continue from the tool results above.';

/** The Messages API request as VS Code's Language Model API takes it (it has no system role and no cache marks). */
export function toLmMessages(system: MessageStreamParams['system'], messages: MessageParam[]): vscode.LanguageModelChatMessage[] {
  const out: vscode.LanguageModelChatMessage[] = [];
  const systemText = typeof system === 'string' ? system : (system ?? []).map((b: TextBlockParam) => b.text).join('\n\n');
  if (systemText.trim()) out.push(vscode.LanguageModelChatMessage.User(`Instructions for this conversation (follow them):\n\n${systemText}`));
  for (const m of messages) {
    const blocks: ContentBlockParam[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    if (m.role === 'assistant') {
      const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart)[] = [];
      for (const b of blocks) {
        if (b.type === 'text' && b.text.trim()) parts.push(new vscode.LanguageModelTextPart(b.text));
        else if (b.type === 'tool_use') parts.push(new vscode.LanguageModelToolCallPart(b.id, b.name, (b.input ?? {}) as object));
        // Thinking blocks have no counterpart: dropped.
      }
      if (parts.length) out.push(vscode.LanguageModelChatMessage.Assistant(parts));
      continue;
    }
    const parts: (vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart | vscode.LanguageModelDataPart)[] = [];
    for (const b of blocks) {
      if (b.type === 'tool_result') {
        const content = typeof b.content === 'string' ? [{ type: 'text' as const, text: b.content }] : b.content ?? [];
        const text = content.map((c) => (c.type === 'text' ? c.text : c.type === 'image' ? '[an image, which this model cannot be shown]' : '')).filter(Boolean).join('\n');
        parts.push(new vscode.LanguageModelToolResultPart(b.tool_use_id, [new vscode.LanguageModelTextPart(`${b.is_error ? 'Error: ' : ''}${text || '(no output)'}`)]));
      } else if (b.type === 'text' && b.text.trim()) parts.push(new vscode.LanguageModelTextPart(b.text));
      else if (b.type === 'image' && b.source.type === 'base64') parts.push(vscode.LanguageModelDataPart.image(Buffer.from(b.source.data, 'base64'), b.source.media_type));
      else if (b.type === 'document' && b.source.type === 'text') parts.push(new vscode.LanguageModelTextPart(b.source.data));
    }
    if (parts.length) out.push(vscode.LanguageModelChatMessage.User(parts));
  }
  const last = messages.at(-1);
  if (last?.role === 'user' && Array.isArray(last.content) && last.content.length > 0 && last.content.every((b) => b.type === 'tool_result')) {
    out.push(vscode.LanguageModelChatMessage.User(AFTER_TOOL_RESULTS));
  }
  return out;
}

function toLmTools(tools: MessageStreamParams['tools']): vscode.LanguageModelChatTool[] {
  return (tools ?? []).flatMap((t) => ('input_schema' in t ? [{ name: t.name, description: (t as Tool).description ?? '', inputSchema: (t as Tool).input_schema }] : []));
}

/** A stopped request, told apart from a failed one. */
class LmAbort extends Error {
  constructor() {
    super('Stopped.');
    this.name = 'LmAbort';
  }
}

/**
 * One request to a Language Model API model, as the events of a Messages API stream
 * (message_start, text and tool_use blocks with their deltas, message_delta, message_stop),
 * so the agent's loop runs on it unchanged. The API reports no usage and no stop reason:
 * tokens are counted with the model's `countTokens` (estimates), and the stop reason is
 * `tool_use` when the model called a tool, else `end_turn`.
 */
class LmStream implements MessageStreamLike {
  #events: RawMessageStreamEvent[] = [];
  #wake: (() => void) | undefined;
  #done = false;
  #error: unknown;
  #connect: (() => void)[] = [];
  #message: Message;
  readonly #final: Promise<Message>;

  constructor(model: vscode.LanguageModelChat, params: MessageStreamParams, signal: AbortSignal) {
    this.#message = { id: `msg_lm_${Date.now().toString(36)}`, type: 'message', role: 'assistant', model: params.model, content: [], stop_reason: null, stop_sequence: null, stop_details: null, container: null, usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } } as unknown as Message;
    this.#final = this.#run(model, params, signal);
    this.#final.catch(() => {});
  }

  get currentMessage(): Message | undefined {
    return this.#message;
  }

  on(event: 'connect', listener: () => void): this {
    if (event === 'connect') this.#connect.push(listener);
    return this;
  }

  finalMessage(): Promise<Message> {
    return this.#final;
  }

  #push(event: RawMessageStreamEvent): void {
    this.#events.push(event);
    this.#wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<RawMessageStreamEvent> {
    for (;;) {
      const next = this.#events.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.#done) {
        if (this.#error) throw this.#error;
        return;
      }
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }

  async #run(model: vscode.LanguageModelChat, params: MessageStreamParams, signal: AbortSignal): Promise<Message> {
    const cancel = new vscode.CancellationTokenSource();
    const onAbort = () => cancel.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const messages = toLmMessages(params.system, params.messages);
      const request = await model.sendRequest(
        messages,
        { justification: 'ArchFlow would like to use this model for its diagram chat.', tools: toLmTools(params.tools), toolMode: vscode.LanguageModelChatToolMode.Auto },
        cancel.token,
      );
      for (const l of this.#connect) l();
      const inputTokens = await countAll(model, messages, cancel.token);
      const m = this.#message as unknown as { content: unknown[]; usage: Message['usage']; stop_reason: string | null };
      m.usage = { ...m.usage, input_tokens: inputTokens };
      this.#push({ type: 'message_start', message: structuredClone(this.#message) });
      let textIndex: number | undefined;
      let output = '';
      let calls = 0;
      for await (const part of request.stream) {
        if (signal.aborted) throw new LmAbort();
        if (part instanceof vscode.LanguageModelTextPart) {
          if (!part.value) continue;
          if (textIndex === undefined) {
            textIndex = m.content.length;
            m.content.push({ type: 'text', text: '', citations: null });
            this.#push({ type: 'content_block_start', index: textIndex, content_block: { type: 'text', text: '', citations: null } });
          }
          (m.content[textIndex] as { text: string }).text += part.value;
          output += part.value;
          this.#push({ type: 'content_block_delta', index: textIndex, delta: { type: 'text_delta', text: part.value } });
        } else if (part instanceof vscode.LanguageModelToolCallPart) {
          if (textIndex !== undefined) this.#push({ type: 'content_block_stop', index: textIndex });
          textIndex = undefined;
          const index = m.content.length;
          const json = JSON.stringify(part.input ?? {});
          m.content.push({ type: 'tool_use', id: part.callId, name: part.name, input: part.input ?? {}, caller: { type: 'direct' } });
          this.#push({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: part.callId, name: part.name, input: {}, caller: { type: 'direct' } } } as RawMessageStreamEvent);
          this.#push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json } });
          this.#push({ type: 'content_block_stop', index });
          output += json;
          calls++;
        }
      }
      if (signal.aborted) throw new LmAbort();
      if (textIndex !== undefined) this.#push({ type: 'content_block_stop', index: textIndex });
      const stop = calls > 0 ? 'tool_use' : 'end_turn';
      const outputTokens = output ? await Promise.resolve(model.countTokens(output, cancel.token)).catch(() => Math.ceil(output.length / 4)) : 0;
      m.stop_reason = stop;
      m.usage = { ...m.usage, output_tokens: outputTokens };
      this.#push({ type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null, stop_details: null }, usage: { input_tokens: inputTokens, output_tokens: outputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, server_tool_use: null } } as unknown as RawMessageStreamEvent);
      this.#push({ type: 'message_stop' });
      return this.#message;
    } catch (err) {
      this.#error = signal.aborted ? new LmAbort() : err;
      throw this.#error;
    } finally {
      this.#done = true;
      this.#wake?.();
      signal.removeEventListener('abort', onAbort);
      cancel.dispose();
    }
  }
}

async function countAll(model: vscode.LanguageModelChat, messages: vscode.LanguageModelChatMessage[], token: vscode.CancellationToken): Promise<number> {
  let n = 0;
  for (const m of messages) n += await Promise.resolve(model.countTokens(m, token)).catch(() => 0);
  return n;
}

/** A Language Model API failure in one sentence: consent refused, a model GitHub does not let extensions use, quota. */
export function describeLmError(error: unknown, model: string): BackendError {
  if (error instanceof LmAbort) return { message: 'Stopped.', aborted: true };
  const text = error instanceof Error ? error.message : String(error);
  if (error instanceof vscode.LanguageModelError) {
    if (error.code === vscode.LanguageModelError.NoPermissions.name) {
      return { message: `ArchFlow may not use ${model}: the permission was not given (VS Code asks once, when the chat first uses a Copilot model). Send a message again to be asked, or allow it under Manage Language Model Access. (${text})`, aborted: false };
    }
    if (error.code === vscode.LanguageModelError.Blocked.name) return { message: `${model} refused the request: the quota may be used up, or your organization blocks it. (${text})`, aborted: false };
    if (error.code === vscode.LanguageModelError.NotFound.name) return { message: `The model ${model} is not available: is GitHub Copilot Chat installed and signed in? (${text})`, aborted: false };
  }
  if (/model_not_supported|not supported/i.test(text)) {
    return { message: `GitHub does not let extensions use ${model} (model_not_supported); choose another Copilot model, or check the models your organization enables. (${text})`, aborted: false };
  }
  return { message: `The request to ${model} failed: ${text}`, aborted: false };
}

/**
 * Copilot's (or any) model through VS Code's Language Model API, as a backend (experimental):
 * no prompt caching, no system role (the instructions go first as a user message), usage
 * estimated with the model's tokenizer and no price (the cost lands on the user's Copilot
 * plan, which the API does not report).
 */
export function vscodeLmBackend(model: vscode.LanguageModelChat): ModelBackend {
  const label = `${model.name} (${model.vendor})`;
  return {
    kind: 'vscode-lm',
    caps: { promptCaching: false, countTokens: true, listModels: false, usage: 'estimated', billing: 'plan' },
    endpoint: `VS Code Language Model API: ${label}`,
    stream: (params, { signal }) => new LmStream(model, params, signal),
    countTokens: async (params) => countAll(model, toLmMessages(params.system, params.messages), new vscode.CancellationTokenSource().token),
    describeError: (error) => describeLmError(error, label),
    // Never priced: a Copilot model's cost is the plan's, not a list price.
    canonicalModel: (id) => `vscode-lm/${canonicalModelId(id)}`,
  };
}

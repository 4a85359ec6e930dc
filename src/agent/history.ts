import type {
  ContentBlock,
  ContentBlockParam,
  MessageParam,
  ToolResultBlockParam,
  ToolUseBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { errorResult } from './toolResults';

/** The result every unanswered call gets when the user stops a run. */
export const CANCELLED_MESSAGE = 'Cancelled by the user: the tool call was stopped before it finished (or before it started).';

type Role = 'user' | 'assistant';
type Msg = { role: Role; content: ContentBlockParam[] };

function isBlankText(b: ContentBlockParam): boolean {
  return b.type === 'text' && b.text.trim() === '';
}

function blocksOf(content: MessageParam['content']): ContentBlockParam[] {
  if (typeof content === 'string') return content.trim() === '' ? [] : [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.filter((b) => b && typeof b === 'object' && !isBlankText(b)) : [];
}

/**
 * A response's content as request blocks: only the fields the API accepts back (the SDK's
 * response objects carry extra ones), with empty or whitespace-only text blocks dropped
 * (the API returns them sometimes and rejects them when sent back).
 */
export function toParams(content: ContentBlock[]): ContentBlockParam[] {
  const out: ContentBlockParam[] = [];
  for (const block of content) {
    if (block.type === 'text') {
      if (block.text.trim() === '') continue;
      out.push(block.citations?.length ? { type: 'text', text: block.text, citations: block.citations as never } : { type: 'text', text: block.text });
    } else if (block.type === 'tool_use') {
      let input: unknown = {};
      try {
        // The SDK parses (possibly partial) JSON lazily on first read.
        input = block.input && typeof block.input === 'object' ? block.input : {};
      } catch {
        input = {};
      }
      out.push({ type: 'tool_use', id: block.id, name: block.name, input: JSON.parse(JSON.stringify(input)), ...(block.caller ? { caller: block.caller } : {}) });
    } else {
      // Thinking and server-tool blocks go back exactly as received.
      out.push(JSON.parse(JSON.stringify(block)) as ContentBlockParam);
    }
  }
  return out;
}

/** Every `tool_use` block of a message. */
export function toolUsesOf(message: MessageParam | undefined): ToolUseBlockParam[] {
  if (!message || message.role !== 'assistant' || typeof message.content === 'string') return [];
  return message.content.filter((b): b is ToolUseBlockParam => b.type === 'tool_use');
}

/**
 * Appends content for `role`, merging into the last message when it has the same role, so
 * roles always alternate. A user message's `tool_result` blocks stay in front.
 */
export function appendContent(history: MessageParam[], role: Role, content: ContentBlockParam[]): void {
  const blocks = content.filter((b) => !isBlankText(b));
  if (blocks.length === 0) return;
  const last = history.at(-1);
  if (last && last.role === role) {
    const merged = [...blocksOf(last.content), ...blocks];
    last.content = role === 'user' ? resultsFirst(merged) : merged;
  } else {
    history.push({ role, content: role === 'user' ? resultsFirst(blocks) : blocks });
  }
}

function resultsFirst(blocks: ContentBlockParam[]): ContentBlockParam[] {
  return [...blocks.filter((b) => b.type === 'tool_result'), ...blocks.filter((b) => b.type !== 'tool_result')];
}

/**
 * A stored conversation made valid for the Messages API again, without losing what can be
 * kept. In order: non-message entries, empty and whitespace-only text blocks, and empty
 * messages are dropped; neighbours with the same role are merged; a conversation that
 * starts with the assistant gets a short user message in front; each `tool_use` is given a
 * `tool_result` ("cancelled by the user", `is_error`) when the next message lacks one;
 * results are moved to the front of their message; results that answer no `tool_use` of the
 * message before, and repeated results, are dropped; `tool_use` blocks in user messages
 * and `tool_result` blocks in assistant messages are dropped; a final assistant message
 * loses trailing whitespace. Returns a new array (string contents become one text block);
 * never throws; a valid history keeps every block, in order.
 */
export function repairHistory(messages: unknown): MessageParam[] {
  // One pass can expose work for another (dropping a stray result can empty a message and
  // bring two of the same role together), so repeat until nothing changes.
  let current = repairOnce(messages);
  for (let i = 0; i < 4; i++) {
    const next = repairOnce(current);
    if (JSON.stringify(next) === JSON.stringify(current)) break;
    current = next;
  }
  return current;
}

function repairOnce(messages: unknown): MessageParam[] {
  const list = Array.isArray(messages) ? messages : [];
  const merged: Msg[] = [];
  const seenToolUseIds = new Set<string>();
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const m = raw as { role?: unknown; content?: unknown };
    if (m.role !== 'user' && m.role !== 'assistant') continue;
    const role = m.role;
    let blocks = blocksOf(m.content as MessageParam['content']).map((b) => structuredClone(b));
    blocks = blocks.filter((b) => {
      if (role === 'user' && b.type === 'tool_use') return false;
      if (role === 'assistant' && b.type === 'tool_result') return false;
      if (b.type === 'tool_use') {
        // Ids must be unique across the conversation.
        if (typeof b.id !== 'string' || seenToolUseIds.has(b.id)) return false;
        seenToolUseIds.add(b.id);
      }
      return true;
    });
    if (blocks.length === 0) continue;
    const last = merged.at(-1);
    if (last && last.role === role) last.content.push(...blocks);
    else merged.push({ role, content: blocks });
  }
  if (merged.length && merged[0].role === 'assistant') {
    merged.unshift({ role: 'user', content: [{ type: 'text', text: '(The start of this conversation was not kept.)' }] });
  }

  for (let i = 0; i < merged.length; i++) {
    const msg = merged[i];
    if (msg.role !== 'user') continue;
    const previousIds = new Set(merged[i - 1]?.role === 'assistant' ? toolUsesOf(merged[i - 1] as MessageParam).map((t) => t.id) : []);
    const answered = new Set<string>();
    const results: ToolResultBlockParam[] = [];
    const rest: ContentBlockParam[] = [];
    for (const b of msg.content) {
      if (b.type !== 'tool_result') rest.push(b);
      else if (previousIds.has(b.tool_use_id) && !answered.has(b.tool_use_id)) {
        answered.add(b.tool_use_id);
        results.push(b);
      }
    }
    msg.content = [...results, ...rest];
  }

  for (let i = 0; i < merged.length; i++) {
    const uses = toolUsesOf(merged[i] as MessageParam);
    if (uses.length === 0) continue;
    let next = merged[i + 1];
    if (!next) {
      next = { role: 'user', content: [] };
      merged.push(next);
    }
    const answered = new Set(next.content.filter((b): b is ToolResultBlockParam => b.type === 'tool_result').map((b) => b.tool_use_id));
    const missing = uses.filter((u) => !answered.has(u.id)).map((u) => errorResult(u.id, CANCELLED_MESSAGE));
    if (missing.length) {
      const results = next.content.filter((b) => b.type === 'tool_result');
      const rest = next.content.filter((b) => b.type !== 'tool_result');
      // Results keep the order of the calls they answer.
      const order = new Map(uses.map((u, k) => [u.id, k]));
      const all = [...results, ...missing].sort(
        (a, b) => (order.get((a as ToolResultBlockParam).tool_use_id) ?? 0) - (order.get((b as ToolResultBlockParam).tool_use_id) ?? 0),
      );
      next.content = [...all, ...rest];
    }
  }

  return trimFinalAssistant(merged.filter((m) => m.content.length > 0) as MessageParam[]);
}

/**
 * `messages` with the trailing whitespace of a final assistant message removed (the API
 * rejects it there). Returns the same array when there is nothing to trim; never mutates.
 */
export function trimFinalAssistant(messages: MessageParam[]): MessageParam[] {
  const last = messages.at(-1);
  if (!last || last.role !== 'assistant') return messages;
  if (typeof last.content === 'string') {
    return /\s$/.test(last.content) ? [...messages.slice(0, -1), { role: 'assistant', content: last.content.trimEnd() }] : messages;
  }
  const tail = last.content.at(-1);
  if (tail?.type !== 'text' || !/\s$/.test(tail.text)) return messages;
  const content = [...last.content.slice(0, -1), { ...tail, text: tail.text.replace(/\s+$/, '') }];
  return [...messages.slice(0, -1), { role: 'assistant', content }];
}

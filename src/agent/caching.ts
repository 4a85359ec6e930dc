import type { ContentBlockParam, MessageParam, TextBlockParam, Tool } from '@anthropic-ai/sdk/resources/messages';

/** The API allows at most this many `cache_control` breakpoints in one request. */
export const MAX_CACHE_BREAKPOINTS = 4;

const EPHEMERAL = { type: 'ephemeral' } as const;

function withoutCacheControl<T extends object>(block: T): T {
  if (!('cache_control' in block)) return block;
  const { cache_control: _drop, ...rest } = block as T & { cache_control?: unknown };
  return rest as T;
}

function stripMessage(m: MessageParam): MessageParam {
  if (typeof m.content === 'string') return m;
  return {
    role: m.role,
    content: m.content.map((b) => {
      const clean = withoutCacheControl(b);
      if (clean.type === 'tool_result' && Array.isArray(clean.content)) {
        return { ...clean, content: clean.content.map((c) => withoutCacheControl(c)) };
      }
      return clean;
    }),
  } as MessageParam;
}

/**
 * The cache-marked parts of a request. Three breakpoints, under the API's limit of four:
 * the last tool (caches every tool definition), the system prompt, and the last block of
 * the conversation (so each round reads the previous rounds from the cache). Breakpoints a
 * stored history carried are removed first, so the count never grows. The history given is
 * not modified.
 */
export function withCacheBreakpoints(
  tools: Tool[],
  system: string,
  messages: MessageParam[],
): { tools: Tool[]; system: TextBlockParam[]; messages: MessageParam[] } {
  const cachedTools = tools.map((t, i) => (i === tools.length - 1 ? { ...t, cache_control: EPHEMERAL } : withoutCacheControl(t)));
  const cachedSystem: TextBlockParam[] = system.trim() ? [{ type: 'text', text: system, cache_control: EPHEMERAL }] : [];
  const cachedMessages = messages.map(stripMessage);
  const last = cachedMessages.at(-1);
  if (last) {
    const content: ContentBlockParam[] = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : [...last.content];
    const lastBlock = content.at(-1);
    if (lastBlock && canCarryCacheControl(lastBlock)) {
      content[content.length - 1] = { ...lastBlock, cache_control: EPHEMERAL } as ContentBlockParam;
      cachedMessages[cachedMessages.length - 1] = { role: last.role, content } as MessageParam;
    }
  }
  return { tools: cachedTools, system: cachedSystem, messages: cachedMessages };
}

function canCarryCacheControl(b: ContentBlockParam): boolean {
  // Thinking blocks cannot be marked directly.
  return b.type !== 'thinking' && b.type !== 'redacted_thinking';
}

/**
 * The same request parts with no breakpoint at all, for a backend without prompt caching:
 * the `cache_control` marks a stored history carried are removed too.
 */
export function withoutCacheBreakpoints(
  tools: Tool[],
  system: string,
  messages: MessageParam[],
): { tools: Tool[]; system: TextBlockParam[]; messages: MessageParam[] } {
  return { tools: tools.map((t) => withoutCacheControl(t)), system: system.trim() ? [{ type: 'text', text: system }] : [], messages: messages.map(stripMessage) };
}

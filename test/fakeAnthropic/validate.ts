// Validates a Messages API request body the way the real API does, with its messages
// (see shared/testing/anthropic-api.md). Where the real API is lenient in ways we do not
// rely on, this is stricter (a tool_use must be answered by the very next message), so a
// loop that passes here passes there.

export interface ApiErrorBody {
  status: number;
  type: string;
  message: string;
}

type Json = Record<string, unknown>;

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;
const TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;
export const MAX_CACHE_BREAKPOINTS = 4;

const TOP_LEVEL_KEYS = new Set([
  'model', 'max_tokens', 'messages', 'system', 'tools', 'tool_choice', 'stream', 'stop_sequences', 'metadata',
  'thinking', 'output_config', 'service_tier', 'container', 'cache_control', 'inference_geo', 'speed', 'diagnostics',
  'context_management', 'mcp_servers', 'temperature', 'top_p', 'top_k',
]);
const BLOCK_KEYS: Record<string, string[]> = {
  text: ['type', 'text', 'cache_control', 'citations'],
  image: ['type', 'source', 'cache_control', 'transforms'],
  document: ['type', 'source', 'cache_control', 'citations', 'context', 'title'],
  tool_use: ['type', 'id', 'name', 'input', 'cache_control', 'caller', 'toolset_name'],
  tool_result: ['type', 'tool_use_id', 'content', 'is_error', 'cache_control', 'toolset_name'],
};
const CUSTOM_TOOL_KEYS = new Set([
  'type', 'name', 'description', 'input_schema', 'cache_control', 'allowed_callers', 'defer_loading',
  'eager_input_streaming', 'input_examples', 'strict',
]);

class Invalid extends Error {
  constructor(message: string, readonly type = 'invalid_request_error', readonly status = 400) {
    super(message);
  }
}

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function extraKeys(path: string, obj: Json, allowed: Iterable<string>): void {
  const ok = new Set(allowed);
  for (const k of Object.keys(obj)) if (!ok.has(k)) throw new Invalid(`${path}.${k}: Extra inputs are not permitted`);
}

function checkCacheControl(path: string, value: unknown, counter: { n: number }): void {
  if (value === undefined || value === null) return;
  if (!isObj(value) || value.type !== 'ephemeral') throw new Invalid(`${path}.cache_control.type: Input should be 'ephemeral'`);
  if (value.ttl !== undefined && value.ttl !== '5m' && value.ttl !== '1h') throw new Invalid(`${path}.cache_control.ttl: Input should be '5m' or '1h'`);
  counter.n++;
}

function checkText(path: string, b: Json): void {
  if (typeof b.text !== 'string') throw new Invalid(`${path}.text.text: Input should be a valid string`);
  if (b.text === '') throw new Invalid('messages: text content blocks must be non-empty');
  if (b.text.trim() === '') throw new Invalid('messages: text content blocks must contain non-whitespace text');
}

function checkBase64(path: string, data: unknown): string {
  if (typeof data !== 'string' || data === '') throw new Invalid(`${path}.data: String should have at least 1 character`);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new Invalid(`${path}.data: Invalid base64 data`);
  return data;
}

function checkImage(path: string, b: Json): void {
  const s = b.source;
  if (!isObj(s)) throw new Invalid(`${path}.image.source: Field required`);
  if (s.type === 'base64') {
    if (!IMAGE_TYPES.includes(String(s.media_type))) {
      throw new Invalid(`${path}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`);
    }
    const data = checkBase64(`${path}.image.source.base64`, s.data);
    if (data.length > MAX_IMAGE_BASE64) {
      throw new Invalid(`${path}.image.source.base64: image exceeds 5 MB maximum: ${data.length} bytes > ${MAX_IMAGE_BASE64} bytes`);
    }
  } else if (s.type === 'url') {
    if (typeof s.url !== 'string') throw new Invalid(`${path}.image.source.url.url: Field required`);
  } else if (s.type !== 'file') {
    throw new Invalid(`${path}.image.source: Input tag '${String(s.type)}' found using 'type' does not match any of the expected tags: 'base64', 'url', 'file'`);
  }
}

function checkDocument(path: string, b: Json): void {
  const s = b.source;
  if (!isObj(s)) throw new Invalid(`${path}.document.source: Field required`);
  if (s.type === 'base64') {
    if (s.media_type !== 'application/pdf') throw new Invalid(`${path}.document.source.base64.media_type: Input should be 'application/pdf'`);
    checkBase64(`${path}.document.source.base64`, s.data);
  } else if (s.type === 'text') {
    if (s.media_type !== 'text/plain') throw new Invalid(`${path}.document.source.text.media_type: Input should be 'text/plain'`);
    if (typeof s.data !== 'string' || s.data.trim() === '') throw new Invalid(`${path}.document.source.text.data: document text must be non-empty`);
  } else if (!['content', 'url', 'file'].includes(String(s.type))) {
    throw new Invalid(`${path}.document.source: Input tag '${String(s.type)}' found using 'type' does not match any of the expected tags: 'base64', 'text', 'content', 'url', 'file'`);
  }
  if (b.title !== undefined && b.title !== null && typeof b.title !== 'string') throw new Invalid(`${path}.document.title: Input should be a valid string`);
}

function checkBlock(path: string, b: unknown, role: string, counter: { n: number }, nested: boolean): void {
  if (!isObj(b)) throw new Invalid(`${path}: Input should be a valid dictionary or object to extract fields from`);
  const type = String(b.type);
  if (BLOCK_KEYS[type]) extraKeys(`${path}.${type}`, b, BLOCK_KEYS[type]);
  checkCacheControl(path, b.cache_control, counter);
  switch (type) {
    case 'text':
      return checkText(path, b);
    case 'image':
      return checkImage(path, b);
    case 'document':
      return checkDocument(path, b);
    case 'tool_use':
      if (nested || role !== 'assistant') throw new Invalid(`${path}: \`tool_use\` blocks can only appear in \`assistant\` messages`);
      if (typeof b.id !== 'string' || !TOOL_USE_ID.test(b.id)) throw new Invalid(`${path}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
      if (typeof b.name !== 'string' || !TOOL_NAME.test(b.name)) throw new Invalid(`${path}.tool_use.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
      if (!isObj(b.input)) throw new Invalid(`${path}.tool_use.input: Input should be a valid dictionary`);
      return;
    case 'tool_result': {
      if (nested || role !== 'user') throw new Invalid(`${path}: \`tool_result\` blocks can only appear in \`user\` messages`);
      if (typeof b.tool_use_id !== 'string' || !TOOL_USE_ID.test(b.tool_use_id)) throw new Invalid(`${path}.tool_result.tool_use_id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
      if (b.is_error !== undefined && typeof b.is_error !== 'boolean') throw new Invalid(`${path}.tool_result.is_error: Input should be a valid boolean`);
      const c = b.content;
      const empty = c === undefined || c === '' || (Array.isArray(c) && c.length === 0);
      if (typeof c === 'string') {
        if (c !== '' && c.trim() === '') throw new Invalid('messages: text content blocks must contain non-whitespace text');
      } else if (Array.isArray(c)) {
        c.forEach((inner, k) => {
          const innerPath = `${path}.tool_result.content.${k}`;
          if (!isObj(inner) || !['text', 'image', 'document', 'search_result', 'tool_reference'].includes(String(inner.type))) {
            throw new Invalid(`${innerPath}: Input tag '${isObj(inner) ? String(inner.type) : typeof inner}' found using 'type' does not match any of the expected tags: 'text', 'image', 'search_result', 'document', 'tool_reference'`);
          }
          checkBlock(innerPath, inner, role, counter, true);
        });
      } else if (c !== undefined) {
        throw new Invalid(`${path}.tool_result.content: Input should be a valid string or list`);
      }
      if (b.is_error === true && empty) throw new Invalid(`${path}.tool_result: content cannot be empty if \`is_error\` is true`);
      return;
    }
    default:
      // Thinking and server-tool blocks: not used by our loop; accepted as they are.
      return;
  }
}

function validateTools(tools: unknown, counter: { n: number }): void {
  if (tools === undefined) return;
  if (!Array.isArray(tools)) throw new Invalid('tools: Input should be a valid list');
  const names = new Set<string>();
  tools.forEach((t, i) => {
    if (!isObj(t)) throw new Invalid(`tools.${i}: Input should be a valid dictionary`);
    if (t.type !== undefined && t.type !== null && t.type !== 'custom') {
      // Server tools (web search, code execution...): not validated here.
      if (typeof t.name === 'string') names.add(t.name);
      return;
    }
    const p = `tools.${i}.custom`;
    extraKeys(p, t, CUSTOM_TOOL_KEYS);
    if (typeof t.name !== 'string' || !TOOL_NAME.test(t.name)) throw new Invalid(`${p}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
    if (t.description !== undefined && typeof t.description !== 'string') throw new Invalid(`${p}.description: Input should be a valid string`);
    const s = t.input_schema;
    if (s === undefined) throw new Invalid(`${p}.input_schema: Field required`);
    if (!isObj(s)) throw new Invalid(`${p}.input_schema: Input should be a valid dictionary`);
    if (s.type !== 'object') throw new Invalid(`${p}.input_schema.type: Input should be 'object'`);
    if ('oneOf' in s || 'allOf' in s || 'anyOf' in s) {
      throw new Invalid(`${p}.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level`);
    }
    if (s.properties !== undefined && s.properties !== null && !isObj(s.properties)) throw new Invalid(`${p}.input_schema.properties: Input should be a valid dictionary`);
    checkCacheControl(p, t.cache_control, counter);
    if (names.has(t.name)) throw new Invalid('tools: Tool names must be unique.');
    names.add(t.name);
  });
}

function validateSystem(system: unknown, counter: { n: number }): void {
  if (system === undefined || typeof system === 'string') return;
  if (!Array.isArray(system)) throw new Invalid('system: Input should be a valid string or list');
  system.forEach((b, i) => {
    if (!isObj(b) || b.type !== 'text') throw new Invalid(`system.${i}.type: Input should be 'text'`);
    extraKeys(`system.${i}`, b, BLOCK_KEYS.text);
    checkText(`system.${i}`, b);
    checkCacheControl(`system.${i}`, b.cache_control, counter);
  });
}

function blocksOf(content: unknown): Json[] {
  return Array.isArray(content) ? (content.filter(isObj) as Json[]) : [];
}

function validateMessages(messages: unknown, counter: { n: number }): void {
  if (messages === undefined) throw new Invalid('messages: Field required');
  if (!Array.isArray(messages)) throw new Invalid('messages: Input should be a valid list');
  if (messages.length === 0) throw new Invalid('messages: at least one message is required');
  const seenIds = new Set<string>();
  messages.forEach((m, i) => {
    if (!isObj(m)) throw new Invalid(`messages.${i}: Input should be a valid dictionary`);
    extraKeys(`messages.${i}`, m, ['role', 'content']);
    if (m.role !== 'user' && m.role !== 'assistant') throw new Invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    const isFinalAssistant = i === messages.length - 1 && m.role === 'assistant';
    if (typeof m.content === 'string') {
      if (m.content === '' && !isFinalAssistant) {
        throw new Invalid(`messages.${i}: all messages must have non-empty content except for the optional final assistant message`);
      }
      if (m.content !== '' && m.content.trim() === '') throw new Invalid('messages: text content blocks must contain non-whitespace text');
    } else if (Array.isArray(m.content)) {
      if (m.content.length === 0 && !isFinalAssistant) {
        throw new Invalid(`messages.${i}: all messages must have non-empty content except for the optional final assistant message`);
      }
      m.content.forEach((b, j) => {
        checkBlock(`messages.${i}.content.${j}`, b, String(m.role), counter, false);
        if (isObj(b) && b.type === 'tool_use') {
          if (seenIds.has(String(b.id))) throw new Invalid(`messages.${i}.content.${j}: \`tool_use\` ids must be unique`);
          seenIds.add(String(b.id));
        }
      });
    } else {
      throw new Invalid(`messages.${i}.content: Input should be a valid string or list`);
    }
  });
  if (messages[0].role !== 'user') throw new Invalid('messages: first message must use the "user" role');

  // tool_use / tool_result pairing.
  messages.forEach((m, i) => {
    const blocks = blocksOf(m.content);
    if (m.role === 'assistant') {
      const ids = blocks.filter((b) => b.type === 'tool_use').map((b) => String(b.id));
      if (ids.length === 0) return;
      const next = messages[i + 1];
      const leading: string[] = [];
      if (next && next.role === 'user') {
        for (const b of blocksOf(next.content)) {
          if (b.type !== 'tool_result') break;
          leading.push(String(b.tool_use_id));
        }
      }
      const missing = ids.filter((id) => !leading.includes(id));
      if (missing.length) {
        throw new Invalid(
          `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        );
      }
    } else {
      const prev = messages[i - 1];
      const prevIds = new Set(prev && prev.role === 'assistant' ? blocksOf(prev.content).filter((b) => b.type === 'tool_use').map((b) => String(b.id)) : []);
      const answered = new Set<string>();
      blocks.forEach((b, j) => {
        if (b.type !== 'tool_result') return;
        const id = String(b.tool_use_id);
        if (!prevIds.has(id)) {
          throw new Invalid(
            `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
          );
        }
        if (answered.has(id)) throw new Invalid(`messages.${i}.content.${j}: each tool_use must have a single result. Found multiple \`tool_result\` blocks with id: ${id}`);
        answered.add(id);
      });
    }
  });

  const last = messages.at(-1) as Json;
  if (last.role === 'assistant') {
    const tail = typeof last.content === 'string' ? last.content : (blocksOf(last.content).at(-1)?.text as string | undefined);
    if (typeof tail === 'string' && /\s$/.test(tail)) throw new Invalid('messages: final assistant content cannot end with trailing whitespace');
  }
}

/**
 * The error the real API would answer for this request body, or null when it is valid.
 * Checks in the order the real API reports them: shape, tools, system, messages, pairing,
 * then the number of cache breakpoints.
 */
export function validateRequestBody(body: unknown): ApiErrorBody | null {
  try {
    if (!isObj(body)) throw new Invalid('Input should be a valid dictionary');
    if (typeof body.model !== 'string' || body.model === '') throw new Invalid('model: Field required');
    if (body.max_tokens === undefined) throw new Invalid('max_tokens: Field required');
    if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) throw new Invalid('max_tokens: Input should be greater than or equal to 1');
    for (const k of Object.keys(body)) if (!TOP_LEVEL_KEYS.has(k)) throw new Invalid(`${k}: Extra inputs are not permitted`);
    if (body.stream !== undefined && typeof body.stream !== 'boolean') throw new Invalid('stream: Input should be a valid boolean');
    const counter = { n: 0 };
    checkCacheControl('', body.cache_control, counter);
    validateTools(body.tools, counter);
    validateSystem(body.system, counter);
    validateMessages(body.messages, counter);
    if (counter.n > MAX_CACHE_BREAKPOINTS) throw new Invalid(`A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${counter.n}.`);
    return null;
  } catch (e) {
    if (e instanceof Invalid) return { status: e.status, type: e.type, message: e.message };
    throw e;
  }
}

import type {
  DocumentBlockParam,
  ImageBlockParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult, ContentBlock as McpContent, EmbeddedResource } from '@modelcontextprotocol/sdk/types.js';
import { canonicalJson } from '../mcpClient/fingerprint';

/** Blocks the API accepts inside a `tool_result` and in user messages alike. */
export type ResultBlock = TextBlockParam | ImageBlockParam | DocumentBlockParam;

/** Image types the Messages API reads; anything else becomes a placeholder. */
export const API_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
type ApiImageType = (typeof API_IMAGE_TYPES)[number];

/** The API's limit on one image, in base64 characters. */
export const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;

export const DEFAULT_MAX_RESULT_CHARS = 50_000;

function isApiImage(mime: string | undefined): mime is ApiImageType {
  return (API_IMAGE_TYPES as readonly string[]).includes(mime ?? '');
}

function base64Bytes(b64: string): number {
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((b64.length * 3) / 4) - pad);
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** An image as an image block when the API can read it, else a short placeholder. */
export function imageBlock(data: string, mimeType: string, label = 'image'): ImageBlockParam | TextBlockParam {
  if (!isApiImage(mimeType)) {
    return { type: 'text', text: `[${label}: ${mimeType}, ${size(base64Bytes(data))}, not shown: the model reads only PNG, JPEG, GIF and WebP]` };
  }
  if (data.length === 0 || data.length > MAX_IMAGE_BASE64) {
    return { type: 'text', text: `[${label}: ${mimeType}, ${size(base64Bytes(data))}, not shown: ${data.length ? 'over the 5 MB image limit' : 'empty'}]` };
  }
  return { type: 'image', source: { type: 'base64', media_type: mimeType, data } };
}

/**
 * One MCP resource's contents as blocks: text as a plain-text document titled with its URI
 * (so the model can cite it), PDFs as documents, readable images as images, anything else
 * as a placeholder naming its type and size.
 */
export function resourceBlocks(resource: EmbeddedResource['resource']): ResultBlock[] {
  const mime = resource.mimeType;
  if ('text' in resource && typeof resource.text === 'string') {
    if (resource.text.trim() === '') return [{ type: 'text', text: `[resource ${resource.uri}: empty]` }];
    return [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: resource.text }, title: resource.uri }];
  }
  const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '';
  if (mime === 'application/pdf' && blob) {
    return [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: blob }, title: resource.uri }];
  }
  if (mime && mime.startsWith('image/')) return [imageBlock(blob, mime, `resource ${resource.uri}`)];
  return [{ type: 'text', text: `[resource ${resource.uri}: ${mime ?? 'unknown type'}, ${size(base64Bytes(blob))}, binary content not shown]` }];
}

function contentBlocks(item: McpContent): ResultBlock[] {
  switch (item.type) {
    case 'text':
      return item.text.trim() === '' ? [] : [{ type: 'text', text: item.text }];
    case 'image':
      return [imageBlock(item.data, item.mimeType)];
    case 'audio':
      return [{ type: 'text', text: `[audio: ${item.mimeType}, ${size(base64Bytes(item.data))}, not shown]` }];
    case 'resource':
      return resourceBlocks(item.resource);
    case 'resource_link':
      return [{ type: 'text', text: `[resource link: ${item.name} <${item.uri}>${item.mimeType ? ` (${item.mimeType})` : ''}${item.description ? ` ${item.description}` : ''}]` }];
    default: {
      const unknown = item as { type?: unknown };
      return [{ type: 'text', text: `[content of type ${String(unknown.type)} not shown]` }];
    }
  }
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return canonicalJson(JSON.parse(text)) === canonicalJson(value);
  } catch {
    return false;
  }
}

/** Never splits a surrogate pair. */
function safeCut(text: string, index: number): number {
  const c = text.charCodeAt(index - 1);
  return c >= 0xd800 && c <= 0xdbff ? index - 1 : index;
}

/**
 * `text` cut to at most about `max` characters: its head and its tail, with a marker in the
 * middle saying how many characters were cut. Shorter text is returned unchanged.
 */
export function cutMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const keep = Math.max(0, max);
  const head = safeCut(text, Math.ceil(keep * 0.6));
  const tailStart = safeCut(text, text.length - Math.floor(keep * 0.4));
  const cut = tailStart - head;
  return `${text.slice(0, head)}\n\n[... ${cut.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters cut ...]\n\n${text.slice(tailStart)}`;
}

function textLength(b: ResultBlock): number {
  if (b.type === 'text') return b.text.length;
  if (b.type === 'document' && b.source.type === 'text') return b.source.data.length;
  return 0;
}

/**
 * Cuts the text of `blocks` so that together they keep at most `maxChars` characters, each
 * block losing its middle in proportion to its length. Images and PDFs are kept as they are.
 */
export function capText(blocks: ResultBlock[], maxChars: number): ResultBlock[] {
  const total = blocks.reduce((n, b) => n + textLength(b), 0);
  if (total <= maxChars) return blocks;
  return blocks.map((b) => {
    const len = textLength(b);
    if (len === 0) return b;
    const share = Math.max(200, Math.floor((maxChars * len) / total));
    if (b.type === 'text') return { ...b, text: cutMiddle(b.text, share) };
    if (b.type === 'document' && b.source.type === 'text') return { ...b, source: { ...b.source, data: cutMiddle(b.source.data, share) } };
    return b;
  });
}

/**
 * An MCP tool result as the `tool_result` block for `toolUseId`. Text stays text, readable
 * images become image blocks (so the model can look at a rendered preview), other media
 * become placeholders, resources become documents, `structuredContent` is added as JSON when
 * no text already carries it, and text over `maxChars` is cut to head and tail. `isError`
 * becomes `is_error`. The content is never empty (the API rejects an empty error result).
 */
export function toToolResult(toolUseId: string, result: CallToolResult, maxChars = DEFAULT_MAX_RESULT_CHARS): ToolResultBlockParam {
  const items = Array.isArray(result.content) ? result.content : [];
  let blocks = items.flatMap(contentBlocks);
  const structured = result.structuredContent;
  if (structured !== undefined && structured !== null) {
    const carried = items.some((i) => i.type === 'text' && sameJson(i.text, structured));
    if (!carried) blocks.push({ type: 'text', text: JSON.stringify(structured, null, 2) });
  }
  if (blocks.length === 0) blocks.push({ type: 'text', text: result.isError ? '(the tool failed without a message)' : '(the tool returned no content)' });
  blocks = capText(blocks, maxChars);
  return { type: 'tool_result', tool_use_id: toolUseId, content: blocks, ...(result.isError ? { is_error: true } : {}) };
}

/** A `tool_result` that carries only an error message (denied, cancelled, failed, not run). */
export function errorResult(toolUseId: string, message: string): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: toolUseId, content: [{ type: 'text', text: message }], is_error: true };
}

/** A result in one short line for logs and UIs: its first text block, then what else came with it. */
export function summarize(block: ToolResultBlockParam, max = 160): string {
  const content = typeof block.content === 'string' ? [{ type: 'text' as const, text: block.content }] : block.content ?? [];
  const first = content.find((c) => c.type === 'text');
  let line = first && first.type === 'text' ? first.text.replace(/\s+/g, ' ').trim() : '';
  if (line.length > max) line = `${line.slice(0, max - 1)}…`;
  const images = content.filter((c) => c.type === 'image').length;
  const documents = content.filter((c) => c.type === 'document').length;
  const extra = [images ? `${images} image${images > 1 ? 's' : ''}` : '', documents ? `${documents} document${documents > 1 ? 's' : ''}` : ''].filter(Boolean);
  return [line, extra.length ? `[+${extra.join(', ')}]` : ''].filter(Boolean).join(' ');
}

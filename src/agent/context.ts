import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { appendContent } from './history';
import { capText, DEFAULT_MAX_RESULT_CHARS, imageBlock, resourceBlocks, type ResultBlock } from './toolResults';

/**
 * The contents of a `resources/read` as blocks for a user message: text as plain-text
 * documents titled with their URI, PDFs as documents, readable images as images, anything
 * else as a placeholder; text over `maxChars` is cut to head and tail.
 */
export function resourceAttachment(result: ReadResourceResult, maxChars = DEFAULT_MAX_RESULT_CHARS): ResultBlock[] {
  const blocks = result.contents.flatMap((c) => resourceBlocks(c));
  return capText(blocks, maxChars);
}

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' };

/**
 * A workspace file as blocks for a user message: images as images, PDFs as documents,
 * text (anything that decodes as UTF-8 without NUL bytes) as a plain-text document titled
 * with the path, other files as a placeholder. Rejects when the file cannot be read.
 */
export async function fileAttachment(path: string, maxChars = DEFAULT_MAX_RESULT_CHARS): Promise<ResultBlock[]> {
  const data = await readFile(path);
  const ext = extname(path).toLowerCase();
  const name = basename(path);
  if (IMAGE_TYPES[ext]) return [imageBlock(data.toString('base64'), IMAGE_TYPES[ext], `file ${name}`)];
  if (ext === '.pdf') return [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: data.toString('base64') }, title: path }];
  const text = data.toString('utf8');
  if (text.includes('\u0000') || text.includes('\ufffd')) {
    return [{ type: 'text', text: `[file ${path}: ${data.length} bytes of binary content, not shown]` }];
  }
  if (text.trim() === '') return [{ type: 'text', text: `[file ${path}: empty]` }];
  return capText([{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: text }, title: path }], maxChars);
}

/**
 * The messages of an MCP prompt (`prompts/get`) as the start of a conversation: each
 * message's content converted like a tool result's, neighbours with the same role merged.
 */
export function promptMessages(result: GetPromptResult, maxChars = DEFAULT_MAX_RESULT_CHARS): MessageParam[] {
  const out: MessageParam[] = [];
  for (const m of result.messages) {
    const c = m.content;
    let blocks: ContentBlockParam[];
    if (c.type === 'text') blocks = c.text.trim() ? [{ type: 'text', text: c.text }] : [];
    else if (c.type === 'image') blocks = [imageBlock(c.data, c.mimeType)];
    else if (c.type === 'resource') blocks = resourceBlocks(c.resource);
    else if (c.type === 'audio') blocks = [{ type: 'text', text: `[audio: ${c.mimeType}, not shown]` }];
    else if (c.type === 'resource_link') blocks = [{ type: 'text', text: `[resource link: ${c.name} <${c.uri}>]` }];
    else blocks = [];
    appendContent(out, m.role, capText(blocks as ResultBlock[], maxChars));
  }
  return out;
}

import type { CallToolResult } from '@modelcontextprotocol/server';
import { DIAGRAM_VIEW_META_KEY } from '../protocol/mcpAppMessages';
import type { ToolOutcome } from './tools/outcome';

/**
 * The `CallToolResult` of a tool function's outcome, as every ArchFlow server answers: the text
 * first, then the image (base64), `structuredContent` from `data`, `isError` only when true, and
 * the drawing for the diagram app in `_meta` (which reaches the app, never the model).
 */
export function toCallToolResult(outcome: ToolOutcome<unknown>): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: outcome.text }];
  if (outcome.image) content.push({ type: 'image', mimeType: outcome.image.mimeType, data: Buffer.from(outcome.image.data).toString('base64') });
  const result: CallToolResult = { content };
  if (outcome.data !== undefined) result.structuredContent = outcome.data as Record<string, unknown>;
  if (outcome.isError) result.isError = true;
  if (outcome.view) result._meta = { [DIAGRAM_VIEW_META_KEY]: outcome.view };
  return result;
}

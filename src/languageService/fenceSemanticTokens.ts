import type { SemanticTokens } from 'vscode-languageserver-types';
import type { MarkdownAnalysis } from '../core/markdown/index';
import { decodeTokens, encodeTokens, semanticTokens, type PlacedToken } from './semanticTokens';

/**
 * The semantic tokens of a Markdown document: each closed diagram fence's tokens (the same as
 * its text would get in a `.diagram` file, same legend) at their place in the Markdown text,
 * shifted by the fence's line and, line by line, by what stands before the diagram text (a
 * list's indentation, a quote's `> `), in UTF-16 code units. A fence never closed has none:
 * its text runs to the end of its container and is not a diagram's.
 */
export function fenceSemanticTokens(markdown: MarkdownAnalysis): SemanticTokens {
  const placed: PlacedToken[] = [];
  for (const { fence, analysis } of markdown.fences) {
    if (!fence.closed || !analysis) continue;
    for (const t of decodeTokens(semanticTokens(fence.text, analysis.model).data)) {
      // fence.line is the opening fence's 1-based line: the text's line 0 is the next one, 0-based.
      placed.push({ ...t, line: fence.line + t.line, char: t.char + (fence.columnOffsets[t.line] ?? 0) });
    }
  }
  return { data: encodeTokens(placed) };
}

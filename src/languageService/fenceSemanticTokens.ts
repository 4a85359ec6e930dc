import type { SemanticTokens } from 'vscode-languageserver-types';
import type { MarkdownAnalysis } from '../core/markdown/index';
import { semanticTokens } from './semanticTokens';

/**
 * The semantic tokens of a Markdown document: each closed diagram fence's tokens (the same as
 * its text would get in a `.diagram` file, same legend) at their place in the Markdown text,
 * shifted by the fence's line and, line by line, by what stands before the diagram text (a
 * list's indentation, a quote's `> `), in UTF-16 code units. A fence never closed has none:
 * its text runs to the end of its container and is not a diagram's.
 */
export function fenceSemanticTokens(markdown: MarkdownAnalysis): SemanticTokens {
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  for (const { fence, analysis } of markdown.fences) {
    if (!fence.closed || !analysis) continue;
    const inner = semanticTokens(fence.text, analysis.model).data;
    let line = 0;
    let char = 0;
    for (let i = 0; i + 4 < inner.length; i += 5) {
      char = inner[i] === 0 ? char + inner[i + 1]! : inner[i + 1]!;
      line += inner[i]!;
      // fence.line is the opening fence's 1-based line: the text's line 0 is the next one, 0-based.
      const mdLine = fence.line + line;
      const mdChar = char + (fence.columnOffsets[line] ?? 0);
      data.push(mdLine - prevLine, mdLine === prevLine ? mdChar - prevChar : mdChar, inner[i + 2]!, inner[i + 3]!, inner[i + 4]!);
      prevLine = mdLine;
      prevChar = mdChar;
    }
  }
  return { data };
}

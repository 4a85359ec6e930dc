import type { Position, Range } from 'vscode-languageserver-types';
import type { FenceAnalysis, MarkdownAnalysis } from '../core/markdown/index';
import { textDocument, type DiagramDocument } from './document';

/** A closed diagram fence of a Markdown document seen as a diagram document of its own. */
export interface FenceView {
  fence: FenceAnalysis;
  document: DiagramDocument;
  /** The position in the fence's text. */
  position: Position;
  /** A range of the fence's text as the same text's range in the Markdown document. */
  toMarkdown(range: Range): Range;
}

/**
 * The fence holding a Markdown position on one of its content lines (not its fence lines,
 * not the container's indentation or `> ` before the text), or undefined.
 */
export function fenceAt(markdown: MarkdownAnalysis, uri: string, position: Position): FenceView | undefined {
  for (const f of markdown.fences) {
    const fence = f.fence;
    if (!fence.closed || !f.analysis) continue;
    const line = position.line - fence.line; // 0-based line of the fence's text
    if (line < 0 || line >= fence.columnOffsets.length) continue;
    const character = position.character - fence.columnOffsets[line]!;
    if (character < 0) return undefined;
    const mapPosition = (p: Position): Position => ({ line: p.line + fence.line, character: p.character + (fence.columnOffsets[p.line] ?? 0) });
    return {
      fence: f,
      document: textDocument(`${uri}#diagram-${fence.index}`, fence.text),
      position: { line, character },
      toMarkdown: (r) => ({ start: mapPosition(r.start), end: mapPosition(r.end) }),
    };
  }
  return undefined;
}

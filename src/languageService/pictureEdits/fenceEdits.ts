import type { Position, TextEdit } from 'vscode-languageserver-types';
import type { DiagramFence } from '../../core/markdown/index';
import { splitKeepingBreaks } from './lineDiff';

/** What of a fence its edits need: where its text starts and how far each line is shifted right. */
export type FencePlace = Pick<DiagramFence, 'line' | 'columnOffsets' | 'openRange'>;

/**
 * A picture edit made on a fence's text (whole-line edits, 0-based) as the same edit of the
 * Markdown document that holds the fence: lines shifted below the opening fence, every new
 * line given the container's prefix (the list's indentation, a block quote's `> `) so it
 * stays inside the fence, and the document's own line break (`eol`), since a fence's text is
 * read with `\n` whatever the file uses. `markdownLines` are the document's lines.
 */
export function fenceEditsToMarkdown(fence: FencePlace, markdownLines: readonly string[], edits: readonly TextEdit[], eol: string): TextEdit[] {
  const prefix = containerPrefix(fence, markdownLines);
  const at = (p: Position): Position => {
    // Whole-line edits start at a line's start: in the Markdown that is before the prefix, which they rewrite.
    if (p.character === 0) return { line: fence.line + p.line, character: 0 };
    const offsets = fence.columnOffsets;
    return { line: fence.line + p.line, character: p.character + (offsets[Math.min(p.line, offsets.length - 1)] ?? 0) };
  };
  return edits.map((e) => {
    const atLineStart = e.range.start.character === 0;
    const newText = splitKeepingBreaks(e.newText)
      .map((piece, i) => {
        const m = /^(.*?)(\r\n|\n|\r)?$/s.exec(piece)!;
        const content = m[1]!;
        const lead = i > 0 || atLineStart ? (content === '' ? prefix.trimEnd() : prefix) : '';
        return lead + content + (m[2] ? eol : '');
      })
      .join('');
    return { range: { start: at(e.range.start), end: at(e.range.end) }, newText };
  });
}

/**
 * What comes before a fence's text on each of its lines: taken from its first line with
 * text, else from the opening fence's line with a list item's marker turned into spaces.
 */
export function containerPrefix(fence: FencePlace, markdownLines: readonly string[]): string {
  for (const [i, offset] of fence.columnOffsets.entries()) {
    const line = markdownLines[fence.line + i] ?? '';
    if (line.length > offset) return line.slice(0, offset);
  }
  const open = markdownLines[fence.line - 1] ?? '';
  return open.slice(0, Math.max(0, fence.openRange.column - 1)).replace(/[-*+]|\d{1,9}[.)]/g, (marker) => ' '.repeat(marker.length));
}

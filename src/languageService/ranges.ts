import type { Position, Range as LspRange } from 'vscode-languageserver-types';
import type { Range } from '../core/model';

/** A core range (1-based, end-exclusive) as an LSP range (0-based, end-exclusive, UTF-16 columns as both count). */
export function toLspRange(r: Range): LspRange {
  return {
    start: { line: Math.max(0, r.line - 1), character: Math.max(0, r.column - 1) },
    end: { line: Math.max(0, r.endLine - 1), character: Math.max(0, r.endColumn - 1) },
  };
}

/** True when the 0-based `position` lies inside the core range `r` (end inclusive, for cursors). */
export function rangeContains(r: Range, position: Position): boolean {
  const line = position.line + 1;
  const column = position.character + 1;
  if (line < r.line || line > r.endLine) return false;
  if (line === r.line && column < r.column) return false;
  if (line === r.endLine && column > r.endColumn) return false;
  return true;
}

/** True when two LSP ranges overlap or touch (an empty range at a diagnostic's edge counts). */
export function rangesTouch(a: LspRange, b: LspRange): boolean {
  const before = (p: Position, q: Position) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export function sameRange(a: LspRange, b: LspRange): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

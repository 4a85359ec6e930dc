import type { Position, TextEdit } from 'vscode-languageserver-types';

/** Past this many line pairs the changed middle is replaced as one block instead of diffed. */
const MAX_DIFF_CELLS = 4_000_000;

/** The text's lines, each with its own line break (the last one may have none). */
export function splitKeepingBreaks(text: string): string[] {
  return text.match(/[^\r\n]*(?:\r\n|\n|\r)|[^\r\n]+$/g) ?? [];
}

function positionAt(lineStarts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - lineStarts[lo]! };
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  const re = /\r\n|\n|\r/g;
  for (let m = re.exec(text); m; m = re.exec(text)) starts.push(m.index + m[0].length);
  return starts;
}

/**
 * The edits that turn `before` into `after`, one per run of changed whole lines, so that an
 * editor keeps its markers, folds and cursor on the lines a gesture did not touch and undo
 * restores exactly what was there. Lines are compared with their line breaks.
 */
export function lineEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const a = splitKeepingBreaks(before);
  const b = splitKeepingBreaks(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const blocks: Array<{ a0: number; a1: number; b0: number; b1: number }> = [];
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  if (midA.length * midB.length > MAX_DIFF_CELLS || midA.length === 0 || midB.length === 0) {
    blocks.push({ a0: head, a1: a.length - tail, b0: head, b1: b.length - tail });
  } else {
    for (const block of lcsBlocks(midA, midB)) blocks.push({ a0: block.a0 + head, a1: block.a1 + head, b0: block.b0 + head, b1: block.b1 + head });
  }
  const offsets = [0];
  for (const line of a) offsets.push(offsets[offsets.length - 1]! + line.length);
  const starts = lineStartsOf(before);
  return blocks.map((k) => ({
    range: { start: positionAt(starts, offsets[k.a0]!), end: positionAt(starts, offsets[k.a1]!) },
    newText: b.slice(k.b0, k.b1).join(''),
  }));
}

/** The changed runs between two line lists, by a longest common subsequence. */
function lcsBlocks(a: string[], b: string[]): Array<{ a0: number; a1: number; b0: number; b1: number }> {
  const n = a.length;
  const m = b.length;
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] = a[i] === b[j] ? table[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
    }
  }
  const out: Array<{ a0: number; a1: number; b0: number; b1: number }> = [];
  let i = 0;
  let j = 0;
  let open: { a0: number; b0: number } | undefined;
  const close = () => {
    if (open) out.push({ a0: open.a0, a1: i, b0: open.b0, b1: j });
    open = undefined;
  };
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      close();
      i++;
      j++;
    } else {
      open ??= { a0: i, b0: j };
      if (j < m && (i === n || table[i * (m + 1) + j + 1]! >= table[(i + 1) * (m + 1) + j]!)) j++;
      else i++;
    }
  }
  close();
  return out;
}

/** `text` with the edits applied (they do not overlap, as {@link lineEdits} makes them). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = lineStartsOf(text);
  const offset = (p: Position) => Math.min(text.length, (starts[p.line] ?? text.length) + p.character);
  const sorted = [...edits].sort((x, y) => offset(y.range.start) - offset(x.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

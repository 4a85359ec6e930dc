import type { TextBlock } from '../scene';
import { interMetrics } from './fontMetrics.generated';
import { LINE_HEIGHT_RATIO } from './constants';

export type FontWeight = 400 | 600;

/** Code points below this bound are looked up in a flat table built from the generated ranges. */
const TABLE_SIZE = 0x2200;

/** Per weight: advance in font units for every code point below TABLE_SIZE, -1 when unknown. */
const advanceTables = new Map<FontWeight, Int16Array>();

function advanceTable(weight: FontWeight): Int16Array {
  let table = advanceTables.get(weight);
  if (table) return table;
  table = new Int16Array(TABLE_SIZE).fill(-1);
  for (const { start, advances } of interMetrics[weight].ranges) {
    for (let i = 0; i < advances.length && start + i < TABLE_SIZE; i++) table[start + i] = advances[i]!;
  }
  advanceTables.set(weight, table);
  return table;
}

/** Characters that take no horizontal room: controls, combining marks, joiners, selectors. */
function isZeroWidth(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp < 0xa0) ||
    (cp >= 0x300 && cp <= 0x36f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    cp === 0x2060 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff
  );
}

/** East Asian wide and fullwidth characters and emoji, drawn about one em wide by fallback fonts. */
function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

/** Advance of one code point in font units (see {@link measureText} for the fallbacks). */
function advanceOf(cp: number, weight: FontWeight, table: Int16Array): number {
  if (cp === 0x09) cp = 0x20;
  if (isZeroWidth(cp)) return 0;
  const advance = cp < TABLE_SIZE ? table[cp]! : -1;
  if (advance >= 0) return advance;
  const metrics = interMetrics[weight];
  return isWide(cp) ? metrics.unitsPerEm : metrics.fallbackAdvance;
}

/** Width of `text` in font units: integers, so widths of pieces add up exactly. */
function textUnits(text: string, weight: FontWeight, table: Int16Array): number {
  let units = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    units += advanceOf(cp, weight, table);
  }
  return units;
}

/**
 * Width in px of one line of text set in the shipped Inter font, from its advance widths
 * (no kerning, no shaping). Characters the font lacks get a fallback: one em for CJK, wide
 * and emoji characters, the mean Latin letter width for anything else; controls and
 * combining marks count zero. A tab counts as a space. Pure and deterministic.
 */
export function measureText(text: string, fontSize: number, weight: FontWeight): number {
  return (textUnits(text, weight, advanceTable(weight)) * fontSize) / interMetrics[weight].unitsPerEm;
}

/** Line height in px used for every text block of the given font size. */
export function lineHeightFor(fontSize: number): number {
  return Math.round(fontSize * LINE_HEIGHT_RATIO);
}

/** Rounds a measured width up to 1/100 px so that the box never clips its text. */
function ceilWidth(width: number): number {
  const rounded = Math.ceil(width * 100 - 1e-6) / 100;
  return rounded > 0 ? rounded : 0;
}

/** Characters after which an over-long word may be broken before falling back to any character (1 = soft break). */
const SOFT_BREAK_AFTER = new Uint8Array(128);
for (const c of '-/_.:\\@&?=') SOFT_BREAK_AFTER[c.charCodeAt(0)] = 1;

/**
 * Cuts a word wider than the line into pieces that fit (each at least one character), each
 * ending after the last soft break character (`-`, `/` …) that fits when there is one. One
 * pass over the word: the pasted base64 blob of 200,000 characters costs what its length
 * does, not its length squared. Returns the pieces and their widths in font units.
 */
function breakWord(word: string, advance: (cp: number) => number, fits: (units: number) => boolean): { pieces: string[]; widths: number[] } {
  const pieces: string[] = [];
  const widths: number[] = [];
  let start = 0;
  let units = 0;
  // Just after the last soft break character of the current piece, and the piece's width up to it.
  let softEnd = -1;
  let softUnits = 0;
  for (let i = 0; i < word.length; ) {
    const cp = word.codePointAt(i)!;
    const u = advance(cp);
    if (i > start && !fits(units + u)) {
      const end = softEnd > start ? softEnd : i;
      pieces.push(word.slice(start, end));
      widths.push(end === i ? units : softUnits);
      units -= widths[widths.length - 1]!;
      start = end;
      softEnd = -1;
      // Re-check the same character against the shorter piece (no soft break is left in it).
      continue;
    }
    units += u;
    i += cp > 0xffff ? 2 : 1;
    if (cp < 128 && SOFT_BREAK_AFTER[cp] === 1) {
      softEnd = i;
      softUnits = units;
    }
  }
  pieces.push(word.slice(start));
  widths.push(units);
  return { pieces, widths };
}

/**
 * Breaks a label into lines no wider than `maxWidth` px: explicit `\n` always breaks; each
 * paragraph wraps greedily on spaces; a word longer than `maxWidth` is broken (after a `-`,
 * `/`, `_`, `.` … when it can, else between any two characters, never inside a surrogate
 * pair). Runs of spaces collapse to one, and each line is trimmed. An empty label yields no
 * lines (width and height 0); an empty paragraph (as in `"a\n\nb"`) yields an empty line.
 * Never returns a line wider than `maxWidth` unless a single character is. Linear in the
 * label's length: each character is measured a few times at most, and the widths of pieces
 * add up in integer font units instead of being measured again.
 */
export function layoutText(
  label: string,
  options: { fontSize: number; weight: FontWeight; maxWidth: number },
): TextBlock {
  const { fontSize, weight, maxWidth } = options;
  const lineHeight = lineHeightFor(fontSize);
  const table = advanceTable(weight);
  const unitsPerEm = interMetrics[weight].unitsPerEm;
  const advance = (cp: number) => advanceOf(cp, weight, table);
  // The same arithmetic as measureText, so a line fits exactly when its measured width does.
  const fits = (units: number) => (units * fontSize) / unitsPerEm <= maxWidth;
  const space = advance(0x20);
  const lines: string[] = [];
  let widest = 0;
  const push = (line: string, units: number) => {
    lines.push(line);
    widest = Math.max(widest, units);
  };
  if (label.length > 0) {
    for (const paragraph of label.replace(/\r\n?/g, '\n').split('\n')) {
      let line = '';
      let lineUnits = 0;
      for (const word of paragraph.split(/[ \t]+/)) {
        if (word.length === 0) continue;
        const wordUnits = textUnits(word, weight, table);
        if (line && fits(lineUnits + space + wordUnits)) {
          line += ' ' + word;
          lineUnits += space + wordUnits;
          continue;
        }
        if (line) push(line, lineUnits);
        if (fits(wordUnits)) {
          line = word;
          lineUnits = wordUnits;
          continue;
        }
        const { pieces, widths } = breakWord(word, advance, fits);
        for (let k = 0; k < pieces.length - 1; k++) push(pieces[k]!, widths[k]!);
        line = pieces[pieces.length - 1]!;
        lineUnits = widths[widths.length - 1]!;
      }
      push(line, lineUnits);
    }
  }
  return {
    lines,
    fontSize,
    fontWeight: weight,
    width: ceilWidth((widest * fontSize) / unitsPerEm),
    height: lines.length * lineHeight,
    lineHeight,
  };
}

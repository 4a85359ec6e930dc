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

/**
 * Width in px of one line of text set in the shipped Inter font, from its advance widths
 * (no kerning, no shaping). Characters the font lacks get a fallback: one em for CJK, wide
 * and emoji characters, the mean Latin letter width for anything else; controls and
 * combining marks count zero. A tab counts as a space. Pure and deterministic.
 */
export function measureText(text: string, fontSize: number, weight: FontWeight): number {
  const metrics = interMetrics[weight];
  const table = advanceTable(weight);
  let units = 0;
  for (let i = 0; i < text.length; i++) {
    let cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (cp === 0x09) cp = 0x20;
    if (isZeroWidth(cp)) continue;
    const advance = cp < TABLE_SIZE ? table[cp]! : -1;
    if (advance >= 0) units += advance;
    else units += isWide(cp) ? metrics.unitsPerEm : metrics.fallbackAdvance;
  }
  return (units * fontSize) / metrics.unitsPerEm;
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

/** Characters after which an over-long word may be broken before falling back to any character. */
const SOFT_BREAK_AFTER = new Set(['-', '/', '_', '.', ':', '\\', '@', '&', '?', '=']);

/**
 * Splits a word wider than `maxWidth` into a head that fits (at least one character) and
 * the rest, preferring to break after a soft break character such as `-` or `/`.
 */
function splitLongWord(word: string, fits: (s: string) => boolean): [string, string] {
  const chars = Array.from(word);
  let end = 1;
  while (end < chars.length && fits(chars.slice(0, end + 1).join(''))) end++;
  for (let i = end - 1; i > 0; i--) {
    if (SOFT_BREAK_AFTER.has(chars[i - 1]!)) {
      end = i;
      break;
    }
  }
  return [chars.slice(0, end).join(''), chars.slice(end).join('')];
}

/**
 * Breaks a label into lines no wider than `maxWidth` px: explicit `\n` always breaks; each
 * paragraph wraps greedily on spaces; a word longer than `maxWidth` is broken (after a `-`,
 * `/`, `_`, `.` … when it can, else between any two characters). Runs of spaces collapse to
 * one, and each line is trimmed. An empty label yields no lines (width and height 0); an
 * empty paragraph (as in `"a\n\nb"`) yields an empty line. Never returns a line wider than
 * `maxWidth` unless a single character is.
 */
export function layoutText(
  label: string,
  options: { fontSize: number; weight: FontWeight; maxWidth: number },
): TextBlock {
  const { fontSize, weight, maxWidth } = options;
  const lineHeight = lineHeightFor(fontSize);
  const fits = (s: string) => measureText(s, fontSize, weight) <= maxWidth;
  const lines: string[] = [];
  if (label.length > 0) {
    for (const paragraph of label.replace(/\r\n?/g, '\n').split('\n')) {
      const words = paragraph.split(/[ \t]+/).filter((w) => w.length > 0);
      let line = '';
      for (let word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        while (!fits(word) && Array.from(word).length > 1) {
          const [head, rest] = splitLongWord(word, fits);
          lines.push(head);
          word = rest;
        }
        line = word;
      }
      lines.push(line);
    }
  }
  const width = lines.reduce((w, line) => Math.max(w, measureText(line, fontSize, weight)), 0);
  return {
    lines,
    fontSize,
    fontWeight: weight,
    width: ceilWidth(width),
    height: lines.length * lineHeight,
    lineHeight,
  };
}

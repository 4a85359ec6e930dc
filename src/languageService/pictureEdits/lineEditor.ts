import type { DiagramText } from './diagramText';

/**
 * Whole-line changes to a DiagramText, all addressed by the original 0-based line numbers:
 * replace, remove, insert before or after. Untouched lines keep their text and line break;
 * new lines get the file's line break.
 */
export class LineEditor {
  private readonly replaced = new Map<number, string>();
  private readonly removed = new Set<number>();
  private readonly before = new Map<number, string[]>();
  private readonly after = new Map<number, string[]>();

  constructor(readonly doc: DiagramText) {}

  /** The line's current text, as replaced so far. */
  line(i: number): string {
    return this.replaced.get(i) ?? this.doc.lines[i] ?? '';
  }

  replace(i: number, text: string): void {
    this.replaced.set(i, text);
  }

  remove(i: number): void {
    this.removed.add(i);
  }

  isRemoved(i: number): boolean {
    return this.removed.has(i);
  }

  /** Inserts after line `i`; -1 inserts at the very start. Later calls land below earlier ones. */
  insertAfter(i: number, lines: readonly string[]): void {
    if (i < 0) {
      this.insertBefore(0, lines);
      return;
    }
    this.after.set(i, [...(this.after.get(i) ?? []), ...lines]);
  }

  insertBefore(i: number, lines: readonly string[]): void {
    this.before.set(i, [...(this.before.get(i) ?? []), ...lines]);
  }

  text(): string {
    const { lines, breaks, eol } = this.doc;
    const out: string[] = [];
    const push = (line: string, br: string) => out.push(line + (br || eol));
    for (let i = 0; i < lines.length; i++) {
      for (const l of this.before.get(i) ?? []) push(l, eol);
      if (!this.removed.has(i)) push(this.line(i), breaks[i]!);
      for (const l of this.after.get(i) ?? []) push(l, eol);
    }
    let text = out.join('');
    const lastBreak = breaks[breaks.length - 1];
    // A file that ended without a line break still does (an empty file gains none either).
    if (!lastBreak && text.endsWith(eol)) text = text.slice(0, -eol.length);
    return text;
  }
}

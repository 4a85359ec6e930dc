import { formatDiagram, formatMessage, parseDiagram, tokenize, type Token, type VocabularyEntry } from '../../core/language/index';
import type { Diagnostic, DiagramModel, ElementDecl, Locale } from '../../core/model';
import { documentFamily } from '../completion';

/** One source line's code tokens (columns 0-based within the line) and its trailing comment. */
export interface LineTokens {
  tokens: Token[];
  comment?: Token;
}

/**
 * A `.diagram` text as the picture's edits read it: its lines with their own line breaks,
 * its parse, and the habits new lines must follow (keyword language, indentation, line
 * break). Lines are 0-based here; the model's ranges are 1-based.
 */
export class DiagramText {
  readonly lines: string[];
  readonly breaks: string[];
  readonly model: DiagramModel;
  readonly diagnostics: Diagnostic[];
  readonly eol: string;
  readonly family: 'pt' | 'en';
  readonly indentUnit: string;
  private readonly tokenCache = new Map<number, LineTokens>();
  private depths: number[] | undefined;

  constructor(
    readonly text: string,
    locale: Locale,
  ) {
    this.lines = [];
    this.breaks = [];
    const re = /([^\r\n]*)(\r\n|\n|\r|$)/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      this.lines.push(m[1]!);
      this.breaks.push(m[2]!);
      if (m[2] === '') break;
    }
    const parsed = parseDiagram(text);
    this.model = parsed.model;
    this.diagnostics = parsed.diagnostics;
    this.eol = /\r\n/.test(text) ? '\r\n' : '\n';
    this.family = documentFamily(text, locale);
    this.indentUnit = this.detectIndent();
  }

  /** The first error, if the text has one: the picture is not edited then. */
  firstError(): Diagnostic | undefined {
    return this.diagnostics.find((d) => d.severity === 'error');
  }

  tokens(line: number): LineTokens {
    let t = this.tokenCache.get(line);
    if (!t) {
      const all = tokenize(this.lines[line] ?? '');
      t = { tokens: all.filter((x) => x.kind !== 'comment' && x.kind !== 'newline') };
      const comment = all.find((x) => x.kind === 'comment');
      if (comment) t.comment = comment;
      this.tokenCache.set(line, t);
    }
    return t;
  }

  /** How many groups a line sits in (a group's own header and `}` lines sit outside it). */
  depth(line: number): number {
    if (!this.depths) {
      const d = new Array<number>(this.lines.length).fill(0);
      for (const e of this.model.elements) {
        if (e.kind !== 'group') continue;
        for (let i = e.range.line; i < e.range.endLine - 1 && i < d.length; i++) d[i]!++;
      }
      this.depths = d;
    }
    return this.depths[line] ?? 0;
  }

  indent(depth: number): string {
    return this.indentUnit.repeat(Math.max(0, depth));
  }

  /** The keyword the file would write for a vocabulary entry, in its own language. */
  word(entry: VocabularyEntry): string {
    return entry[this.family][0]!;
  }

  element(id: string): ElementDecl | undefined {
    return this.model.elements.find((e) => e.id === id);
  }

  /** An element written in the text (not a node only named by connections). */
  declared(id: string): ElementDecl | undefined {
    const e = this.element(id);
    return e && !(e.kind === 'node' && e.implicit) ? e : undefined;
  }

  /** The line after which a new top-level declaration goes: after the last top-level one, else after the header statements. */
  lastTopLevelLine(): number {
    let last = -1;
    for (const id of this.model.roots) {
      const e = this.declared(id);
      if (e) last = Math.max(last, e.range.endLine - 1);
    }
    if (last >= 0) return last;
    for (let i = 0; i < this.lines.length; i++) if (this.tokens(i).tokens.length && this.depth(i) === 0) last = i;
    return last;
  }

  private detectIndent(): string {
    for (const e of this.model.elements) {
      if (e.kind !== 'group' || e.parent) continue;
      for (let i = e.range.line; i < e.range.endLine - 1; i++) {
        const lead = /^[ \t]+/.exec(this.lines[i] ?? '')?.[0];
        if (lead && this.tokens(i).tokens.length) return lead;
      }
    }
    return '  ';
  }
}

/** The code of one line as the formatter writes it (single spaces, `key=value` glued). */
export function formatLine(code: string): string {
  return formatDiagram(code).replace(/\r?\n$/, '');
}

/** A label as a string literal: quotes, backslashes and line breaks escaped. */
export function quoteLabel(label: string): string {
  const text = label.replace(/\r\n?/g, '\n');
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** Text between tokens of a line, by 0-based columns. */
export function spliceLine(line: string, start: number, end: number, text: string): string {
  return line.slice(0, start) + text + line.slice(end);
}

/** The 0-based column just after a token. */
export function tokenEnd(t: Token): number {
  return t.offset + t.text.length;
}

export function describeError(d: Diagnostic, locale: Locale): string {
  return `${d.range.line}:${d.range.column} ${formatMessage(d, locale)}`;
}

import type { Token } from './lexer';
import { parseDocument, type LineInfo } from './parser';
import { STATEMENT_KEYWORDS } from './vocabulary';
import { WordTable } from './words';

const GROUP_KEYWORD = new WordTable(STATEMENT_KEYWORDS.filter((k) => k.value === 'group'));

/** Deeper nesting than this is not indented further (keeps pathological input linear). */
const MAX_INDENT_DEPTH = 32;
const INDENT = '  ';

/** A node declaration line that takes part in `=` alignment (group lines do not). */
function isNodeLine(line: LineInfo): boolean {
  const t = line.tokens;
  return line.formattable && t.length > 2 && t[1].kind === 'equals' && !GROUP_KEYWORD.lookup(t[2].text) && safeToRespace(line);
}

/** Code points, so that accented ids align the way they look. */
function width(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Re-spaces one line's tokens: single spaces, `key=value` glued, no space before `,`. */
function joinTokens(tokens: Token[], idWidth: number): string {
  const declaration = tokens.length > 1 && tokens[1].kind === 'equals';
  let out = '';
  for (let j = 0; j < tokens.length; j++) {
    const t = tokens[j];
    if (j === 0) {
      out = declaration ? t.text + ' '.repeat(Math.max(0, idWidth - width(t.text))) : t.text;
      continue;
    }
    const prev = tokens[j - 1];
    const glued = t.kind === 'comma' || (t.kind === 'equals' && !(declaration && j === 1)) || (prev.kind === 'equals' && !(declaration && j === 2));
    out += glued ? t.text : ' ' + t.text;
  }
  return out;
}

/**
 * A line may be re-spaced only if doing so cannot change how it lexes: a colour token must
 * stay glued to its `=` (the declaration `=` gets spaces), and an unterminated string runs
 * to the end of the line, trailing spaces included.
 */
function safeToRespace(line: LineInfo): boolean {
  const t = line.tokens;
  if (t.length > 2 && t[1].kind === 'equals' && t[2].kind === 'color') return false;
  for (const tok of t) if (tok.kind === 'string' && !tok.terminated) return false;
  return true;
}

/**
 * The canonical layout of a `.diagram` text: two-space indentation per group level, one
 * space between tokens and around arrows, `key=value` attributes, the `=` of consecutive
 * node lines at the same level aligned (a group line, blank line or comment breaks a run), comments kept where they were (own line or
 * trailing, one space before), at most one blank line in a row, no leading or trailing
 * blank lines, one final line break (the text's own `\r\n` or `\n`).
 *
 * Guarantees: never throws; idempotent; keeps every token as written (keyword language,
 * accents, arrows, quotes), so the parsed model is unchanged apart from ranges. A line with
 * a syntax error is kept verbatim apart from its indentation. Empty (or blank) text stays
 * empty.
 */
export function formatDiagram(text: string): string {
  const doc = parseDocument(text);
  const lines = doc.lines;
  const widths = new Array<number>(lines.length).fill(0);
  for (let i = 0; i < lines.length; ) {
    if (!isNodeLine(lines[i])) {
      i++;
      continue;
    }
    let j = i;
    let max = 0;
    while (j < lines.length && isNodeLine(lines[j]) && lines[j].depth === lines[i].depth) {
      max = Math.max(max, width(lines[j].tokens[0].text));
      j++;
    }
    for (let k = i; k < j; k++) widths[k] = max;
    i = j;
  }

  const out: string[] = [];
  let blank = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.tokens.length === 0 && !line.comment) {
      blank = out.length > 0;
      continue;
    }
    if (blank) out.push('');
    blank = false;
    const indent = INDENT.repeat(Math.min(line.depth, MAX_INDENT_DEPTH));
    if (line.tokens.length === 0) {
      out.push(indent + line.comment!.text.trimEnd());
    } else if (line.formattable && safeToRespace(line)) {
      const code = joinTokens(line.tokens, widths[i]);
      out.push(indent + (line.comment ? `${code} ${line.comment.text.trimEnd()}` : code));
    } else {
      const raw = text.slice(line.start, line.end).trimStart();
      const unterminated = line.tokens.some((t) => t.kind === 'string' && !t.terminated);
      out.push(indent + (unterminated ? raw : raw.trimEnd()));
    }
  }
  return out.length ? out.join(doc.eol) + doc.eol : '';
}

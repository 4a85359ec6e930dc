import type { Range } from '../model';

/**
 * - `word`: identifiers, keywords, numbers, icon ids and bare values. A word starts with a
 *   letter, digit or `_` and continues with letters, digits, `_` and combining marks; a
 *   `-`, `:` or `.` joins when a word character follows it (`logos:aws-elb`, `1.5`).
 * - `color`: `#…` directly after `=` (anywhere else `#` starts a comment).
 * - `arrow`: `->`, `-->`, `<-`, `<--`, `<->`, `<-->`, `--`.
 * - `unknown`: a run of characters that start no other token.
 */
export type TokenKind =
  | 'word'
  | 'string'
  | 'color'
  | 'arrow'
  | 'equals'
  | 'comma'
  | 'openBrace'
  | 'closeBrace'
  | 'comment'
  | 'newline'
  | 'unknown';

export interface BaseToken {
  kind: Exclude<TokenKind, 'string'>;
  /** The source text of the token, exactly. */
  text: string;
  /** UTF-16 offset of the first character. */
  offset: number;
  /** 1-based, end-exclusive. Only `newline` tokens end on the next line. */
  readonly range: Range;
}

export interface StringToken {
  kind: 'string';
  /** The source text including the quotes (no closing quote when unterminated). */
  text: string;
  offset: number;
  readonly range: Range;
  /** The content with `\"`, `\\` and `\n` resolved; invalid escapes are kept as written. */
  value: string;
  /** False when the line ended before the closing quote. */
  terminated: boolean;
  /** Ranges of escapes other than `\"`, `\\` and `\n`. */
  invalidEscapes: Range[];
}

export type Token = BaseToken | StringToken;

/**
 * Tokens keep their position as numbers and build the `range` object on first use: most
 * tokens never need one, and on every keystroke the allocations add up.
 */
class LexToken implements BaseToken {
  private cachedRange: Range | undefined;

  constructor(
    public kind: BaseToken['kind'],
    public text: string,
    public offset: number,
    public line: number,
    public column: number,
    public endLine: number,
    public endColumn: number,
  ) {}

  get range(): Range {
    return (this.cachedRange ??= { line: this.line, column: this.column, endLine: this.endLine, endColumn: this.endColumn });
  }

  toJSON(): BaseToken {
    return { kind: this.kind, text: this.text, offset: this.offset, range: this.range };
  }
}

class LexStringToken implements StringToken {
  readonly kind = 'string';
  private cachedRange: Range | undefined;

  constructor(
    public text: string,
    public offset: number,
    public line: number,
    public column: number,
    public endColumn: number,
    public value: string,
    public terminated: boolean,
    public invalidEscapes: Range[],
  ) {}

  get range(): Range {
    return (this.cachedRange ??= { line: this.line, column: this.column, endLine: this.line, endColumn: this.endColumn });
  }

  toJSON(): StringToken {
    return { kind: 'string', text: this.text, offset: this.offset, range: this.range, value: this.value, terminated: this.terminated, invalidEscapes: this.invalidEscapes };
  }
}

const NON_ASCII_WORD_START = /[\p{L}\p{Nd}]/u;
const NON_ASCII_WORD_PART = /[\p{L}\p{M}\p{Nd}]/u;
const NON_ASCII_SPACE = /\s/u;

function isAsciiWordPart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** Length in UTF-16 units of the word character at `i`, or 0 when there is none. */
function wordPartLength(text: string, i: number, start: boolean): number {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return 0;
  if (c < 128) return isAsciiWordPart(c) ? 1 : 0;
  const cp = text.codePointAt(i)!;
  const ch = String.fromCodePoint(cp);
  return (start ? NON_ASCII_WORD_START : NON_ASCII_WORD_PART).test(ch) ? ch.length : 0;
}

/**
 * Splits `text` into tokens in one pass, without backtracking. Never throws; every
 * character belongs to exactly one token except whitespace. Lines end at `\n`, `\r\n`
 * or a lone `\r` (as in VS Code); each line break is one `newline` token. Comments are
 * kept as tokens (the formatter needs them).
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  let lineStart = 0;

  const push = (kind: BaseToken['kind'], start: number, end: number): void => {
    tokens.push(new LexToken(kind, text.slice(start, end), start, line, start - lineStart + 1, line, end - lineStart + 1));
  };

  while (i < n) {
    const c = text.charCodeAt(i);
    const start = i;
    switch (c) {
      case 10:
      case 13: {
        i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
        tokens.push(new LexToken('newline', text.slice(start, i), start, line, start - lineStart + 1, line + 1, 1));
        line++;
        lineStart = i;
        continue;
      }
      case 32:
      case 9:
      case 11:
      case 12:
        i++;
        continue;
      case 34:
        i = lexString(text, i, line, lineStart, tokens);
        continue;
      case 35: {
        if (i > 0 && text.charCodeAt(i - 1) === 61) {
          i++;
          for (let len = wordPartLength(text, i, false); len > 0; len = wordPartLength(text, i, false)) i += len;
          push('color', start, i);
        } else {
          i = lineEnd(text, i);
          push('comment', start, i);
        }
        continue;
      }
      case 47:
        if (text.charCodeAt(i + 1) === 47) {
          i = lineEnd(text, i);
          push('comment', start, i);
          continue;
        }
        break;
      case 61:
        i++;
        push('equals', start, i);
        continue;
      case 44:
        i++;
        push('comma', start, i);
        continue;
      case 123:
        i++;
        push('openBrace', start, i);
        continue;
      case 125:
        i++;
        push('closeBrace', start, i);
        continue;
      case 45: {
        const c1 = text.charCodeAt(i + 1);
        if (c1 === 62) i += 2;
        else if (c1 === 45) i += text.charCodeAt(i + 2) === 62 ? 3 : 2;
        if (i > start) {
          push('arrow', start, i);
          continue;
        }
        break;
      }
      case 60: {
        if (text.charCodeAt(i + 1) === 45) {
          const c2 = text.charCodeAt(i + 2);
          if (c2 === 62) i += 3;
          else if (c2 === 45) i += text.charCodeAt(i + 3) === 62 ? 4 : 3;
          else i += 2;
          push('arrow', start, i);
          continue;
        }
        break;
      }
      default: {
        const len = wordPartLength(text, i, true);
        if (len > 0) {
          i = lexWord(text, i + len);
          push('word', start, i);
          continue;
        }
        if (c >= 128 && NON_ASCII_SPACE.test(text[i])) {
          i++;
          continue;
        }
      }
    }
    // Anything else is unknown; adjacent unknown characters share one token.
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < n ? (text.codePointAt(i)! > 0xffff ? 2 : 1) : 1;
    const prev = tokens[tokens.length - 1];
    if (prev instanceof LexToken && prev.kind === 'unknown' && prev.offset + prev.text.length === start) {
      prev.text = text.slice(prev.offset, i);
      prev.endColumn = i - lineStart + 1;
    } else {
      push('unknown', start, i);
    }
  }
  return tokens;
}

function lexWord(text: string, i: number): number {
  for (;;) {
    const len = wordPartLength(text, i, false);
    if (len > 0) {
      i += len;
      continue;
    }
    const c = text.charCodeAt(i);
    if ((c === 45 || c === 58 || c === 46) && wordPartLength(text, i + 1, false) > 0) {
      i++;
      continue;
    }
    return i;
  }
}

function lineEnd(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) break;
    i++;
  }
  return i;
}

function lexString(text: string, i: number, line: number, lineStart: number, tokens: Token[]): number {
  const start = i;
  const n = text.length;
  const invalidEscapes: Range[] = [];
  let value = '';
  let segment = ++i;
  let terminated = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) break;
    if (c === 34) {
      value += text.slice(segment, i);
      i++;
      terminated = true;
      break;
    }
    if (c === 92) {
      const e = text.charCodeAt(i + 1);
      if (e === 34 || e === 92 || e === 110) {
        value += text.slice(segment, i) + (e === 110 ? '\n' : e === 34 ? '"' : '\\');
        i += 2;
        segment = i;
        continue;
      }
      if (i + 1 < n && e !== 10 && e !== 13) {
        const len = e >= 0xd800 && e <= 0xdbff && text.codePointAt(i + 1)! > 0xffff ? 2 : 1;
        invalidEscapes.push({ line, column: i - lineStart + 1, endLine: line, endColumn: i + 1 + len - lineStart + 1 });
        i += 1 + len;
        continue;
      }
    }
    i++;
  }
  if (!terminated) value += text.slice(segment, i);
  tokens.push(new LexStringToken(text.slice(start, i), start, line, start - lineStart + 1, i - lineStart + 1, value, terminated, invalidEscapes));
  return i;
}

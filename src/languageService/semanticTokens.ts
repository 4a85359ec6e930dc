import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver-types';
import { lookupWord, tokenize, type Token } from '../core/language/index';
import type { DiagramModel } from '../core/model';
import { allOccurrences } from './occurrences';

const TYPES = ['keyword', 'type', 'namespace', 'variable', 'property', 'enumMember', 'string', 'comment', 'operator'] as const;
const MODIFIERS = ['declaration'] as const;
type TokenType = (typeof TYPES)[number];

/** The legend every `semanticTokens/full` answer is encoded against (LSP's standard type names). */
export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TYPES], tokenModifiers: [...MODIFIERS] };

/** One semantic token at its place: 0-based line, UTF-16 character, length, legend indexes. */
export interface PlacedToken {
  line: number;
  char: number;
  length: number;
  type: number;
  modifiers: number;
}

/** Tokens in document order as LSP's relative quintuples (line and character from the previous token). */
export function encodeTokens(tokens: Iterable<PlacedToken>): number[] {
  const data: number[] = [];
  let prevLine = 0;
  let prevChar = 0;
  for (const { line, char, length, type, modifiers } of tokens) {
    data.push(line - prevLine, line === prevLine ? char - prevChar : char, length, type, modifiers);
    prevLine = line;
    prevChar = char;
  }
  return data;
}

/** LSP's relative quintuples back as tokens at their place (the inverse of {@link encodeTokens}). */
export function decodeTokens(data: ArrayLike<number>): PlacedToken[] {
  const out: PlacedToken[] = [];
  let line = 0;
  let char = 0;
  for (let i = 0; i + 4 < data.length; i += 5) {
    char = data[i] === 0 ? char + data[i + 1]! : data[i + 1]!;
    line += data[i]!;
    out.push({ line, char, length: data[i + 2]!, type: data[i + 3]!, modifiers: data[i + 4]! });
  }
  return out;
}

/**
 * What each token of the text is, for editors that colour from the language server (Neovim,
 * Zed): statement keywords, shapes (`type`), group ids (`namespace`) and node ids
 * (`variable`, with `declaration` where declared), attribute names (`property`),
 * enumeration and colour values and icon ids (`enumMember`), strings, comments and arrows.
 * Encoded as LSP's relative quintuples, in source order.
 */
export function semanticTokens(text: string, model: DiagramModel): SemanticTokens {
  const groups = new Set(model.elements.filter((e) => e.kind === 'group').map((e) => e.id));
  const ids = new Map<number, { id: string; declaration: boolean }>();
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  for (const o of allOccurrences(model)) {
    const offset = (lineStarts[o.range.line - 1] ?? 0) + o.range.column - 1;
    ids.set(offset, { id: o.id, declaration: o.kind === 'declaration' });
  }
  const tokens = tokenize(text).filter((t) => t.kind !== 'newline');
  const placed: PlacedToken[] = [];
  const push = (t: Token, type: TokenType, declaration = false) => {
    placed.push({ line: t.range.line - 1, char: t.range.column - 1, length: t.text.length, type: TYPES.indexOf(type), modifiers: declaration ? 1 : 0 });
  };
  tokens.forEach((t, i) => {
    switch (t.kind) {
      case 'comment':
        return push(t, 'comment');
      case 'string':
        return push(t, 'string');
      case 'arrow':
        return push(t, 'operator');
      case 'color':
        return push(t, 'enumMember');
      case 'word': {
        const id = ids.get(t.offset);
        if (id) return push(t, groups.has(id.id) ? 'namespace' : 'variable', id.declaration);
        const prevPrev = tokens[i - 2];
        const declares = prevPrev !== undefined && !sameLine(tokens[i - 3], prevPrev);
        const type = wordType(t, tokens[i - 1], tokens[i + 1], declares);
        if (type) push(t, type);
        return;
      }
      default:
        return;
    }
  });
  return { data: encodeTokens(placed) };
}

function sameLine(a: Token | undefined, b: Token): a is Token {
  return a !== undefined && a.range.line === b.range.line;
}

/** `declares`: the word before the `=` in front of `t` starts its line (`id = shape`, not `key=value`). */
function wordType(t: Token, prev: Token | undefined, next: Token | undefined, declares: boolean): TokenType | undefined {
  const matches = lookupWord(t.text);
  const has = (c: string) => matches.some((m) => m.category === c);
  // `key=`: an attribute name.
  if (next?.kind === 'equals' && sameLine(next, t) && has('attribute')) return 'property';
  if (sameLine(prev, t) && prev.kind === 'equals') {
    // `id = shape`: the shape (or `group`) of a declaration.
    if (declares && (has('shape') || has('statement'))) return has('shape') ? 'type' : 'keyword';
    return matches.length || t.text.includes(':') ? 'enumMember' : undefined;
  }
  if (has('statement')) return 'keyword';
  if (has('shape')) return 'type';
  if (t.text.includes(':') && sameLine(prev, t) && prev.kind === 'word') return 'enumMember';
  if (matches.some((m) => m.category !== 'attribute')) return 'enumMember';
  return undefined;
}

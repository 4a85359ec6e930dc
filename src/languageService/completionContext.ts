import type { AttributeContext, AttributeEntry, StatementKeyword } from '../core/language/index';
import { ATTRIBUTES, SHAPES, STATEMENT_KEYWORDS, lookupWord, tokenize, type Token } from '../core/language/index';

/** What the text before the cursor expects next. Pure: no editor types. */
export type CompletionSite =
  | { kind: 'none' }
  /** An empty line or its first word: statement keywords, or an id to start a connection. */
  | { kind: 'statement' }
  /** After `id =`: a shape or `group`. */
  | { kind: 'shape' }
  /** After `id = icon`: an icon id. */
  | { kind: 'iconNode' }
  | { kind: 'direction' }
  | { kind: 'theme' }
  /** After an arrow or a comma of a connection: an id. */
  | { kind: 'id' }
  /** Where an attribute may start (after a shape, label or connection target and a space). */
  | { kind: 'attributeName'; context: AttributeContext }
  /** Right after `key=`. */
  | { kind: 'attributeValue'; attribute: AttributeEntry };

export interface CompletionQuery {
  site: CompletionSite;
  /** The partial word typed so far (what completion replaces). */
  prefix: string;
  /** 0-based UTF-16 column where `prefix` starts. */
  start: number;
}

// Characters that can belong to a word being typed: ids, keywords, icon ids, numbers, colours.
const PARTIAL = /[\p{L}\p{M}\p{Nd}_:\-.#]/u;

function isKeyword(token: Token | undefined, value: StatementKeyword): boolean {
  if (!token || token.kind !== 'word') return false;
  return lookupWord(token.text).some((m) => m.category === 'statement' && m.entry.value === value);
}

function isShape(token: Token | undefined, shape?: string): boolean {
  if (!token || token.kind !== 'word') return false;
  return lookupWord(token.text).some((m) => m.category === 'shape' && (shape === undefined || m.entry.value === shape));
}

/**
 * Works out what may be completed at `column` (0-based) of `line`, from the core's
 * tokens of the text before the cursor. Inside strings and comments nothing is offered.
 */
export function completionQuery(line: string, column: number): CompletionQuery {
  const text = line.slice(0, column);
  let start = text.length;
  while (start > 0) {
    const prev = text.codePointAt(start - 1) ?? 0;
    // Step back over a surrogate pair as one character.
    const width = start >= 2 && prev >= 0xdc00 && prev <= 0xdfff ? 2 : 1;
    const ch = text.slice(start - width, start);
    if (!PARTIAL.test(ch)) break;
    start -= width;
  }
  // `-` and `.` never start a word: `a --` is an arrow, not a prefix.
  while (start < text.length && /[-.:]/.test(text[start]!)) start++;
  const prefix = text.slice(start);
  const before = tokenize(text.slice(0, start)).filter((t) => t.kind !== 'newline');
  const query = (site: CompletionSite): CompletionQuery => ({ site, prefix, start });
  const none = query({ kind: 'none' });

  const last = before[before.length - 1];
  if (last?.kind === 'comment') return none;
  if (last?.kind === 'string' && (!last.terminated || last.offset + last.text.length === start)) return none;
  if (prefix.startsWith('#') && last?.kind !== 'equals') return none;
  const adjacent = last !== undefined && last.offset + last.text.length === start;

  if (before.length === 0) return query({ kind: 'statement' });

  const first = before[0]!;
  if (before.length === 1 && !adjacent) {
    if (isKeyword(first, 'direction')) return query({ kind: 'direction' });
    if (isKeyword(first, 'theme')) return query({ kind: 'theme' });
  }

  // Right after `key=` (no space): the value of that attribute.
  if (last!.kind === 'equals' && adjacent && before.length >= 2) {
    const key = before[before.length - 2]!;
    if (before.length === 2 && first.kind === 'word') return query({ kind: 'shape' });
    if (key.kind === 'word') {
      const attr = lookupWord(key.text).find((m) => m.category === 'attribute');
      const entry = attr ? ATTRIBUTES.find((a) => a.value === attr.entry.value) : undefined;
      return entry ? query({ kind: 'attributeValue', attribute: entry }) : none;
    }
    return none;
  }

  // `id = ` (with spaces): a shape.
  if (before.length === 2 && first.kind === 'word' && last!.kind === 'equals') return query({ kind: 'shape' });
  // `id = icon `: the icon id.
  if (before.length === 3 && first.kind === 'word' && before[1]!.kind === 'equals' && isShape(before[2], 'icon') && !adjacent) {
    return query({ kind: 'iconNode' });
  }

  const arrowAt = before.findIndex((t) => t.kind === 'arrow');
  if (last!.kind === 'arrow' || last!.kind === 'comma') return query({ kind: 'id' });

  if (adjacent) return none;

  // A connection: attributes once the target has been written.
  if (arrowAt >= 0) return query({ kind: 'attributeName', context: 'connection' });

  // A declaration: attributes once the shape (and optional label or icon id) is written.
  if (first.kind === 'word' && before[1]?.kind === 'equals' && before.length >= 3 && before[2]!.kind === 'word') {
    if (last!.kind === 'openBrace') return none;
    if (isKeyword(before[2], 'group')) return query({ kind: 'attributeName', context: 'group' });
    if (isShape(before[2])) return query({ kind: 'attributeName', context: 'node' });
  }
  return none;
}

/** Every shape and the group keyword, for the `shape` site. */
export const SHAPE_ENTRIES = SHAPES;
export const GROUP_ENTRY = STATEMENT_KEYWORDS.find((e) => e.value === 'group')!;

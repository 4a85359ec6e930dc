import type { HLJSApi, Language } from 'highlight.js';
import { ANIMATIONS, ATTRIBUTES, DIRECTIONS, LINE_STYLES, SHAPES, SIZES, SPEEDS, STATEMENT_KEYWORDS, THEMES } from '../../../src/core/language/vocabulary';

function words(entries: readonly { pt: readonly string[]; en: readonly string[] }[]): string[] {
  return [...new Set(entries.flatMap((e) => [...e.pt, ...e.en]))];
}

/**
 * ArchFlow's `.diagram` language for highlight.js, built from the language's own vocabulary
 * (both Portuguese and English words), so a `diagram` fence in an answer is coloured like the
 * editor colours the file.
 */
export function diagramLanguage(hljs: HLJSApi): Language {
  const keywords = words(STATEMENT_KEYWORDS);
  const shapes = words(SHAPES);
  const attributes = words(ATTRIBUTES);
  const values = [...words(DIRECTIONS), ...words(THEMES), ...words(SIZES), ...words(ANIMATIONS), ...words(SPEEDS), ...words(LINE_STYLES)];
  const alternation = (list: string[]) => list.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length).join('|');
  return {
    name: 'ArchFlow diagram',
    case_insensitive: true,
    unicodeRegex: true,
    contains: [
      hljs.COMMENT('#', '$'),
      hljs.COMMENT('//', '$'),
      hljs.QUOTE_STRING_MODE,
      // `icon=` is an attribute, `icon` alone a shape: attributes first.
      { className: 'attr', begin: `(?<![\\p{L}\\w])(?:${alternation(attributes)})(?==)` },
      { className: 'keyword', begin: `(?<![\\p{L}\\w])(?:${alternation(keywords)})(?![\\p{L}\\w])`, relevance: 2 },
      { className: 'type', begin: `(?<![\\p{L}\\w])(?:${alternation(shapes)})(?![\\p{L}\\w])` },
      { className: 'literal', begin: `(?<==)(?:${alternation(values)})(?![\\p{L}\\w])` },
      { className: 'symbol', begin: /[a-z0-9-]+:[a-z0-9-]+/ },
      { className: 'operator', begin: /<->|->|<-|--/ },
      { className: 'number', begin: /\b\d+(\.\d+)?s?\b/ },
    ],
  };
}

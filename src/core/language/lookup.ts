import {
  ANIMATIONS,
  ATTRIBUTES,
  DIRECTIONS,
  LINE_STYLES,
  SHAPES,
  SIZES,
  SPEEDS,
  STATEMENT_KEYWORDS,
  THEMES,
  type VocabularyEntry,
} from './vocabulary';
import { WordTable } from './words';

/** Which vocabulary table a word was found in. */
export type VocabularyCategory = 'statement' | 'shape' | 'attribute' | 'direction' | 'theme' | 'size' | 'anim' | 'speed' | 'style';

export interface VocabularyMatch {
  category: VocabularyCategory;
  entry: VocabularyEntry;
}

const TABLES: [VocabularyCategory, WordTable<string>][] = [
  ['statement', new WordTable(STATEMENT_KEYWORDS)],
  ['shape', new WordTable(SHAPES)],
  ['attribute', new WordTable(ATTRIBUTES)],
  ['direction', new WordTable(DIRECTIONS)],
  ['theme', new WordTable(THEMES)],
  ['size', new WordTable(SIZES)],
  ['anim', new WordTable(ANIMATIONS)],
  ['speed', new WordTable(SPEEDS)],
  ['style', new WordTable(LINE_STYLES)],
];

/**
 * Every vocabulary entry `word` spells (case- and accent-insensitive), in table order; for
 * hover. A word can belong to several tables (`ícone` is a shape and an attribute, `normal`
 * a speed). Empty when the word is no keyword.
 */
export function lookupWord(word: string): VocabularyMatch[] {
  const out: VocabularyMatch[] = [];
  for (const [category, table] of TABLES) {
    const m = table.lookup(word);
    if (m) out.push({ category, entry: m.entry });
  }
  return out;
}

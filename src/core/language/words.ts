import { CandidateIndex, editDistance, foldForComparison } from '../fuzzy';

export { CandidateIndex };
import type { VocabularyEntry } from './vocabulary';

/** Which keyword family a spelling belongs to; `both` for words shared by the two. */
export type Family = 'pt' | 'en' | 'both';

export interface WordMatch<V extends string> {
  entry: VocabularyEntry<V>;
  family: Family;
}

const foldCache = new Map<string, string>();

/** Case- and accent-insensitive key of a word, cached for the non-ASCII ones. */
export function foldWord(word: string): string {
  let f = foldCache.get(word);
  if (f === undefined) {
    f = foldForComparison(word);
    if (f === word.toLowerCase()) return f;
    if (foldCache.size > 10_000) foldCache.clear();
    foldCache.set(word, f);
  }
  return f;
}

/** A folded-spelling index over vocabulary entries. */
export class WordTable<V extends string> {
  private readonly byFold = new Map<string, WordMatch<V>>();

  constructor(readonly entries: readonly VocabularyEntry<V>[]) {
    for (const entry of entries) {
      const pt = new Set(entry.pt.map(foldWord));
      const en = new Set(entry.en.map(foldWord));
      for (const f of pt) this.byFold.set(f, { entry, family: en.has(f) ? 'both' : 'pt' });
      for (const f of en) if (!pt.has(f)) this.byFold.set(f, { entry, family: 'en' });
    }
  }

  lookup(word: string): WordMatch<V> | undefined {
    return this.byFold.get(foldWord(word));
  }

  /**
   * Up to `limit` close spellings of `word`, best first; on equal distance the spelling of
   * the preferred family comes first. Spellings are the preferred (accented) forms.
   */
  suggest(word: string, prefer: 'pt' | 'en', limit = 3): string[] {
    const first: string[] = [];
    const second: string[] = [];
    for (const e of this.entries) {
      (prefer === 'pt' ? first : second).push(...e.pt);
      (prefer === 'pt' ? second : first).push(...e.en);
    }
    return suggestClosest(word, [...first, ...second], limit);
  }
}

/**
 * The closest candidates, minus the noise fuzzy matching gives for very short words: a
 * candidate must share at least one character position with the word (`bd` -> `db`, but
 * `a` -/-> `x`).
 */
export function suggestClosest(word: string, candidates: Iterable<string>, limit = 3): string[] {
  return new CandidateIndex(candidates, foldWord).closest(word, limit, 3, isNotNoise);
}

/** Keeps a short word's match only when it shares a character position with it. */
export function isNotNoise(w: string, f: string): boolean {
  return w.length > 3 || editDistance(w, f) < w.length;
}

/** True for a word that is a valid identifier: a letter or `_`, then letters, digits or `_`. */
export function isIdentifier(word: string): boolean {
  return IDENTIFIER.test(word);
}

const IDENTIFIER = /^[\p{L}_][\p{L}\p{M}\p{Nd}_]*$/u;

/** An identifier made from `word` by replacing what may not appear in one (for quick fixes). */
export function toIdentifier(word: string): string {
  let out = word.replace(/[^\p{L}\p{M}\p{Nd}_]/gu, '_');
  if (!/^[\p{L}_]/u.test(out)) out = '_' + out;
  return out;
}

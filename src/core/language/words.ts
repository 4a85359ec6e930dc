import { closestMatches, editDistance, foldForComparison } from '../fuzzy';
import type { VocabularyEntry } from './vocabulary';

/** Which keyword family a spelling belongs to; `both` for words shared by the two. */
export type Family = 'pt' | 'en' | 'both';

export interface WordMatch<V extends string> {
  entry: VocabularyEntry<V>;
  family: Family;
}

const foldCache = new Map<string, string>();

/** Case- and accent-insensitive key of a word; ASCII words skip Unicode normalisation. */
export function foldWord(word: string): string {
  let ascii = true;
  for (let i = 0; i < word.length; i++) {
    if (word.charCodeAt(i) > 127) {
      ascii = false;
      break;
    }
  }
  if (ascii) return word.toLowerCase();
  let f = foldCache.get(word);
  if (f === undefined) {
    f = foldForComparison(word);
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
 * {@link closestMatches}, minus the noise it gives for very short words: a candidate must
 * share at least one character position with the word (`bd` -> `db`, but `a` -/-> `x`).
 */
export function suggestClosest(word: string, candidates: Iterable<string>, limit = 3): string[] {
  const found = closestMatches(word, candidates, limit);
  const w = foldWord(word);
  if (w.length > 3) return found;
  return found.filter((c) => editDistance(w, foldWord(c)) < w.length);
}

const bag = new Int32Array(128);

/**
 * A lower bound of the edit distance: characters that one word has more of than the other
 * (each edit changes that count by at most one). Linear and allocation-free; characters share
 * buckets by their low bits, which only lowers the bound.
 */
function bagDistance(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) bag[a.charCodeAt(i) & 127]++;
  for (let i = 0; i < b.length; i++) bag[b.charCodeAt(i) & 127]--;
  let more = 0;
  let less = 0;
  for (let i = 0; i < a.length; i++) {
    const k = a.charCodeAt(i) & 127;
    const v = bag[k];
    if (v > 0) more += v;
    else if (v < 0) less -= v;
    bag[k] = 0;
  }
  for (let i = 0; i < b.length; i++) {
    const k = b.charCodeAt(i) & 127;
    const v = bag[k];
    if (v > 0) more += v;
    else if (v < 0) less -= v;
    bag[k] = 0;
  }
  return Math.max(more, less);
}

/**
 * Ranks many queries against one fixed candidate list (declared ids) with the rules of
 * {@link closestMatches}, folding each candidate once instead of once per query.
 */
export class CandidateIndex {
  private readonly folded: { c: string; f: string }[];

  constructor(candidates: Iterable<string>) {
    this.folded = [...candidates].map((c) => ({ c, f: foldWord(c) }));
  }

  closest(word: string, limit = 3, maxDistance = 3): string[] {
    const w = foldWord(word);
    if (w.length === 0) return [];
    const scored: { c: string; d: number; i: number }[] = [];
    for (let i = 0; i < this.folded.length; i++) {
      const { c, f } = this.folded[i];
      const allowed = Math.min(maxDistance, Math.max(1, Math.floor(Math.max(w.length, f.length) / 3)));
      const contains = w.length >= 3 && f.length >= 3 && (f.startsWith(w) || w.startsWith(f));
      if (!contains && (Math.abs(w.length - f.length) > allowed || bagDistance(w, f) > allowed)) continue;
      let d = editDistance(w, f, allowed);
      if (d > allowed && contains) d = allowed + 0.5;
      if (d > allowed + 0.5) continue;
      if (w.length <= 3 && editDistance(w, f) >= w.length) continue;
      scored.push({ c, d, i });
    }
    scored.sort((x, y) => x.d - y.d || x.i - y.i);
    const out: string[] = [];
    for (const s of scored) {
      if (!out.includes(s.c)) out.push(s.c);
      if (out.length >= limit) break;
    }
    return out;
  }
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

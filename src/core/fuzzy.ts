/**
 * Small string-similarity helpers shared by "did you mean" suggestions (keywords, shapes,
 * attributes, ids) and icon suggestions. Pure and allocation-light: suggestions run on
 * every keystroke in the editor.
 */

/**
 * Damerau-Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions and adjacent transpositions each cost 1). Returns early with
 * `max + 1` once the distance is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prevPrev: number[] = new Array(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur: number[] = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, prevPrev[j - 2] + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, cur] = [prev, cur, prevPrev];
  }
  return prev[b.length];
}

/** Lower-case and strip diacritics, so `Retângulo` and `retangulo` compare equal. */
export function foldForComparison(s: string): string {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 127) return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  }
  // ASCII has no marks to strip: skip Unicode normalisation on the hot path.
  return s.toLowerCase();
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
  for (const w of [a, b]) {
    for (let i = 0; i < w.length; i++) {
      const k = w.charCodeAt(i) & 127;
      const v = bag[k];
      if (v > 0) more += v;
      else if (v < 0) less -= v;
      bag[k] = 0;
    }
  }
  return Math.max(more, less);
}

/**
 * Ranks queries against one fixed candidate list, folding each candidate once. A
 * candidate qualifies when its distance to the query (both folded) is at most a third of
 * the longer length (at least 1, at most `maxDistance`), or when one contains the other
 * (ranked just after that bound). Best first, ties in candidate order, each candidate once.
 */
export class CandidateIndex {
  private readonly folded: { c: string; f: string }[];

  constructor(
    candidates: Iterable<string>,
    private readonly fold: (s: string) => string = foldForComparison,
  ) {
    this.folded = [...candidates].map((c) => ({ c, f: fold(c) }));
  }

  /** `accept`, when given, vetoes a qualifying candidate (folded query, folded candidate). */
  closest(word: string, limit = 3, maxDistance = 3, accept?: (w: string, f: string) => boolean): string[] {
    const w = this.fold(word);
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
      if (accept && !accept(w, f)) continue;
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

/** The candidates closest to `word`, by the rules of {@link CandidateIndex}. */
export function closestMatches(word: string, candidates: Iterable<string>, limit = 3, maxDistance = 3): string[] {
  return new CandidateIndex(candidates).closest(word, limit, maxDistance);
}

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
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The candidates closest to `word` (compared folded), best first, ties in candidate
 * order. A candidate qualifies when its distance is at most a third of the longer
 * length (at least 1, at most `maxDistance`), or when one contains the other.
 */
export function closestMatches(word: string, candidates: Iterable<string>, limit = 3, maxDistance = 3): string[] {
  const w = foldForComparison(word);
  if (w.length === 0) return [];
  const scored: { c: string; d: number; i: number }[] = [];
  let i = 0;
  for (const c of candidates) {
    const f = foldForComparison(c);
    const allowed = Math.min(maxDistance, Math.max(1, Math.floor(Math.max(w.length, f.length) / 3)));
    let d = editDistance(w, f, allowed);
    if (d > allowed && w.length >= 3 && f.length >= 3 && (f.startsWith(w) || w.startsWith(f))) d = allowed + 0.5;
    if (d <= allowed + 0.5) scored.push({ c, d, i });
    i++;
  }
  scored.sort((x, y) => x.d - y.d || x.i - y.i);
  const out: string[] = [];
  for (const s of scored) {
    if (!out.includes(s.c)) out.push(s.c);
    if (out.length >= limit) break;
  }
  return out;
}

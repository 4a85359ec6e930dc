/**
 * Bounded edit distance for fuzzy icon search, where thousands of tokens are compared per
 * keystroke. Same measure as `editDistance` in ../fuzzy (optimal string alignment), but it
 * only fills the diagonal band that can stay within `max`, stops as soon as a row exceeds
 * it, reuses its rows instead of allocating, and can compare against a prefix of `b`
 * without slicing it.
 */
export class TypoDistance {
  private rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

  /** Distance between `a` and the first `bLength` characters of `b`, or `max + 1` when larger. */
  measure(a: string, b: string, bLength: number, max: number): number {
    const n = a.length;
    const m = Math.min(bLength, b.length);
    const over = max + 1;
    if (Math.abs(n - m) > max) return over;
    if (n === 0 || m === 0) return Math.max(n, m);
    if (this.rows[0].length < m + 2) this.rows = this.rows.map(() => new Int32Array(m + 2));
    let [older, prev, cur] = this.rows;
    for (let j = 0; j <= Math.min(m, max); j++) prev[j] = j;
    if (max + 1 <= m) prev[max + 1] = over;
    for (let i = 1; i <= n; i++) {
      const lo = Math.max(1, i - max);
      const hi = Math.min(m, i + max);
      cur[lo - 1] = lo === 1 && i <= max ? i : over;
      let rowMin = cur[lo - 1];
      const ai = a.charCodeAt(i - 1);
      const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
      for (let j = lo; j <= hi; j++) {
        const bj = b.charCodeAt(j - 1);
        let v = prev[j - 1] + (ai === bj ? 0 : 1);
        if (prev[j] + 1 < v) v = prev[j] + 1;
        if (cur[j - 1] + 1 < v) v = cur[j - 1] + 1;
        if (j > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj && older[j - 2] + 1 < v) v = older[j - 2] + 1;
        if (v > over) v = over;
        cur[j] = v;
        if (v < rowMin) rowMin = v;
      }
      if (hi < m) cur[hi + 1] = over;
      if (rowMin > max) return over;
      [older, prev, cur] = [prev, cur, older];
    }
    return Math.min(prev[m], over);
  }
}

/**
 * A bit per letter (a-z) and one for any digit. `max(|A∖B|, |B∖A|)` never exceeds the
 * edit distance (an edit changes one character on each side), so tokens can be rejected
 * without measuring.
 */
export function letterMask(s: string): number {
  let mask = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) mask |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) mask |= 1 << 26;
    else mask |= 1 << 27;
  }
  return mask;
}

/** Lower bound of the edit distance between two strings with masks `a` and `b`. */
export function maskDistance(a: number, b: number): number {
  return Math.max(popcount(a & ~b), popcount(b & ~a));
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

import { letterMask, maskDistance, TypoDistance } from './typoDistance';
import type { CatalogIndex } from './catalogIndex';

/**
 * Match tiers, best first. A query is split into tokens on `-` and compared with the
 * tokens of each name; a name qualifies when every query token matches one of its tokens
 * (or, in the partial tier, at least half of them do).
 */
export const Tier = {
  ExactName: 1,
  NamePrefix: 2,
  /** Every query token equals or starts a name token (`server` in `cloud-server`). */
  Token: 3,
  /** Some query token only occurs inside a name token (`kafka` in `apachekafka`). */
  Substring: 4,
  /** Some query token matches only within a few typos (`databse`). */
  Fuzzy: 5,
  Partial: 6,
} as const;

export interface RankOptions {
  /** Sets to rank within, or `null` for all. */
  sets: readonly number[] | null;
  limit: number;
  /** Whether names matching only some of the query tokens qualify (ranked last). */
  partial: boolean;
}

/** Per-token match costs: equal < prefix < substring < fuzzy (3 + edits). */
const EQUAL = 0;
const PREFIX = 1;
const SUBSTRING = 2;
const FUZZY = 3;
/** Bounds the work per query; nobody types a ten-word icon name. */
const MAX_QUERY_TOKENS = 8;

interface Candidate {
  entry: number;
  tier: number;
  score: number;
}

export interface TokenIndex {
  tokens: string[];
  masks: Int32Array;
  /** Visible entries containing token `t`, ascending: `postings[postingStart[t] .. postingEnd[t])`. */
  postings: Int32Array;
  postingStart: Int32Array;
  postingEnd: Int32Array;
}

/** Matches of one query token: token indices and their costs, in parallel. */
interface TokenMatches {
  tokens: number[];
  costs: number[];
}

/**
 * Ranks catalog entries for a normalized name query. Works on the few thousand distinct
 * name tokens and their postings rather than on every name, so a query costs about a
 * scan of the token list whatever the catalog size; fuzzy matching runs only when the
 * exact tiers leave the result short. Hidden entries are never returned.
 */
export class IconRanker {
  private tokenIndex: TokenIndex | undefined;
  private readonly typos = new TypoDistance();
  private readonly stamp: Uint32Array;
  private costs = new Float64Array(0);
  private epoch = 0;

  constructor(private readonly catalog: CatalogIndex) {
    this.stamp = new Uint32Array(catalog.names.length);
  }

  /** Entries best first: tier, then tier score, then shorter name, set order, code-unit order. */
  rank(name: string, options: RankOptions): number[] {
    const queryTokens = [...new Set(name.split('-').filter((t) => t.length > 0))].slice(0, MAX_QUERY_TOKENS);
    if (queryTokens.length === 0 || options.limit <= 0) return [];
    const index = this.tokens();
    const run = this.startRun(queryTokens.length, options.sets);
    queryTokens.forEach((q, i) => this.accumulate(run, i, this.literalMatches(index, q)));
    let best = this.select(run, name, options);
    if (best.filter((c) => c.tier < Tier.Fuzzy).length < options.limit) {
      queryTokens.forEach((q, i) => this.accumulate(run, i, this.typoMatches(index, q)));
      best = this.select(run, name, options);
    }
    return best.map((c) => c.entry);
  }

  /** Visible entries of the given sets in code-unit order of their names (a set listing). */
  list(sets: readonly number[], limit: number): number[] {
    const { names, hidden, setStart } = this.catalog;
    const top = new TopK<number>(limit, (a, b) => compareNames(names[a], names[b]));
    for (const s of sets) for (let e = setStart[s]; e < setStart[s + 1]; e++) if (!hidden[e]) top.offer(e);
    return top.items();
  }

  private startRun(m: number, sets: readonly number[] | null): Run {
    const n = this.catalog.names.length;
    if (this.costs.length < n * m) this.costs = new Float64Array(n * m);
    if (this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    const allowed = new Uint8Array(this.catalog.sets.length).fill(sets ? 0 : 1);
    for (const s of sets ?? []) allowed[s] = 1;
    return { m, epoch: ++this.epoch, allowed, touched: [], frequency: new Array<number>(m).fill(0) };
  }

  /** Lowers the cost of query token `i` for every allowed entry holding a matched token. */
  private accumulate(run: Run, i: number, matches: TokenMatches): void {
    const { setOf } = this.catalog;
    const { postings, postingStart, postingEnd } = this.tokens();
    const { m, epoch, allowed, touched, frequency } = run;
    const { costs, stamp } = this;
    for (let k = 0; k < matches.tokens.length; k++) {
      const cost = matches.costs[k];
      const t = matches.tokens[k];
      for (let p = postingStart[t]; p < postingEnd[t]; p++) {
        const e = postings[p];
        if (!allowed[setOf[e]]) continue;
        const base = e * m;
        if (stamp[e] !== epoch) {
          stamp[e] = epoch;
          costs.fill(Number.POSITIVE_INFINITY, base, base + m);
          touched.push(e);
        }
        if (costs[base + i] === Number.POSITIVE_INFINITY) frequency[i]++;
        if (cost < costs[base + i]) costs[base + i] = cost;
      }
    }
  }

  private select(run: Run, name: string, options: RankOptions): Candidate[] {
    const { names } = this.catalog;
    const { m, touched, frequency } = run;
    const costs = this.costs;
    // Rarer tokens say more: in the partial tier a match on `postgres` beats one on `database`.
    const specificity = frequency.map((f) => (f > 0 ? Math.log2(names.length / f) : 0));
    const top = new TopK<Candidate>(options.limit, (a, b) => compareCandidates(this.catalog, a, b));
    for (const e of touched) {
      let matched = 0;
      let worst = 0;
      let sum = 0;
      let specific = 0;
      for (let i = 0; i < m; i++) {
        const c = costs[e * m + i];
        if (c === Number.POSITIVE_INFINITY) continue;
        matched++;
        sum += c;
        specific += specificity[i];
        if (c > worst) worst = c;
      }
      const n = names[e];
      let tier: number;
      let score = sum;
      if (matched < m) {
        if (!options.partial || matched * 2 < m) continue;
        tier = Tier.Partial;
        score = (m - matched) * 100 + sum - specific;
      } else if (n === name) tier = Tier.ExactName;
      else if (n.startsWith(name)) tier = Tier.NamePrefix;
      else if (worst <= PREFIX) tier = Tier.Token;
      else if (worst <= SUBSTRING) tier = Tier.Substring;
      else tier = Tier.Fuzzy;
      if (tier <= Tier.NamePrefix) score = 0;
      top.offer({ entry: e, tier, score });
    }
    return top.items();
  }

  /** Tokens equal to, starting with, or (from two letters on) containing `q`. */
  private literalMatches(index: TokenIndex, q: string): TokenMatches {
    const out: TokenMatches = { tokens: [], costs: [] };
    const { tokens } = index;
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t];
      const cost = token === q ? EQUAL : token.startsWith(q) ? PREFIX : q.length >= 2 && token.includes(q) ? SUBSTRING : -1;
      if (cost < 0) continue;
      out.tokens.push(t);
      out.costs.push(cost);
    }
    return out;
  }

  /**
   * Tokens within a few typos of `q` (from three letters on): at most a third of the
   * longer word; or, for a longer token, a quarter of `q` within its first letters
   * (`servr` -> `serverless`), which costs half an edit more.
   */
  private typoMatches(index: TokenIndex, q: string): TokenMatches {
    const out: TokenMatches = { tokens: [], costs: [] };
    if (q.length < 3) return out;
    const { tokens, masks } = index;
    const qMask = letterMask(q);
    const inPrefix = Math.min(2, Math.floor(q.length / 4));
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t];
      if (token === q || token.includes(q)) continue;
      const allowed = Math.min(3, Math.max(1, Math.floor(Math.max(q.length, token.length) / 3)));
      let cost = -1;
      if (Math.abs(q.length - token.length) <= allowed && maskDistance(qMask, masks[t]) <= allowed) {
        const d = this.typos.measure(q, token, token.length, allowed);
        if (d <= allowed) cost = FUZZY + d;
      }
      if (cost < 0 && inPrefix > 0 && token.length > q.length) {
        const d = this.typos.measure(q, token, q.length, inPrefix);
        if (d <= inPrefix) cost = FUZZY + d + 0.5;
      }
      if (cost < 0) continue;
      out.tokens.push(t);
      out.costs.push(cost);
    }
    return out;
  }

  /**
   * Built on the first query, not with the catalog: `has` and `load` never need it.
   * Decoded from the index's precomputed table when there is one, else built here.
   */
  private tokens(): TokenIndex {
    this.tokenIndex ??= decodeTokenTable(this.catalog) ?? buildTokenTable(this.catalog);
    return this.tokenIndex;
  }
}

/**
 * The token table from the names: every distinct `-`-separated token of a visible name,
 * with the ascending entries holding it. The postings are one flat array (entries of
 * token `t` from `postingStart[t]` to `postingEnd[t]`) rather than thousands of small ones.
 */
export function buildTokenTable(catalog: CatalogIndex): TokenIndex {
  const { names, hidden } = catalog;
  const idOf = new Map<string, number>();
  const tokens: string[] = [];
  const entryTokens: number[] = [];
  const entryStart = new Int32Array(names.length + 1);
  for (let e = 0; e < names.length; e++) {
    entryStart[e] = entryTokens.length;
    if (hidden[e]) continue;
    const name = names[e];
    for (let from = 0; from <= name.length; ) {
      let to = name.indexOf('-', from);
      if (to < 0) to = name.length;
      if (to > from) {
        const token = name.slice(from, to);
        let id = idOf.get(token);
        if (id === undefined) {
          id = tokens.length;
          idOf.set(token, id);
          tokens.push(token);
        }
        entryTokens.push(id);
      }
      from = to + 1;
    }
  }
  entryStart[names.length] = entryTokens.length;
  const postingStart = new Int32Array(tokens.length + 1);
  for (const id of entryTokens) postingStart[id + 1]++;
  for (let t = 0; t < tokens.length; t++) postingStart[t + 1] += postingStart[t];
  const postingEnd = postingStart.slice(0, tokens.length);
  const postings = new Int32Array(entryTokens.length);
  for (let e = 0; e < names.length; e++) {
    for (let k = entryStart[e]; k < entryStart[e + 1]; k++) {
      const id = entryTokens[k];
      // A token twice in one name (`arrow-left-arrow`) is posted once.
      if (postingEnd[id] > postingStart[id] && postings[postingEnd[id] - 1] === e) continue;
      postings[postingEnd[id]++] = e;
    }
  }
  return { tokens, masks: Int32Array.from(tokens, letterMask), postings, postingStart, postingEnd };
}

/** Digit values of the postings encoding: 0-31 end a number, 32-63 are followed by more digits. */
const DIGITS = (() => {
  const table = new Int8Array(128).fill(-1);
  const last = 'abcdefghijklmnopqrstuvwxyzABCDEF';
  const more = 'GHIJKLMNOPQRSTUVWXYZ0123456789+/';
  for (let d = 0; d < 32; d++) {
    table[last.charCodeAt(d)] = d;
    table[more.charCodeAt(d)] = 32 + d;
  }
  return table;
})();
const SEPARATOR = 44; // ','

/** The index's precomputed token table, or undefined when absent or inconsistent with the names. */
export function decodeTokenTable(catalog: CatalogIndex): TokenIndex | undefined {
  const table = catalog.tokens;
  if (!table || !Array.isArray(table.words) || typeof table.postings !== 'string') return undefined;
  const { words, postings: text } = table;
  const entries = catalog.names.length;
  const postings = new Int32Array(text.length);
  const postingStart = new Int32Array(words.length + 1);
  const postingEnd = new Int32Array(words.length);
  let t = 0;
  let count = 0;
  let value = 0;
  let pending = false;
  let entry = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : SEPARATOR;
    if (c === SEPARATOR) {
      if (t >= words.length || pending) return undefined;
      postingEnd[t++] = count;
      postingStart[t] = count;
      entry = 0;
      continue;
    }
    const d = c < 128 ? DIGITS[c] : -1;
    if (d < 0) return undefined;
    value = value * 32 + (d & 31);
    pending = d >= 32;
    if (pending) continue;
    entry += value;
    value = 0;
    if (entry >= entries) return undefined;
    postings[count++] = entry;
  }
  if (t !== words.length) return undefined;
  return { tokens: words, masks: Int32Array.from(words, letterMask), postings, postingStart, postingEnd };
}

/** State of one ranking: per-entry costs live in the ranker's shared buffer, stamped by epoch. */
interface Run {
  m: number;
  epoch: number;
  allowed: Uint8Array;
  touched: number[];
  /** Per query token, how many allowed entries it matched (for specificity). */
  frequency: number[];
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareCandidates(catalog: CatalogIndex, a: Candidate, b: Candidate): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  if (a.score !== b.score) return a.score - b.score;
  const na = catalog.names[a.entry];
  const nb = catalog.names[b.entry];
  if (na.length !== nb.length) return na.length - nb.length;
  const sa = catalog.setOf[a.entry];
  const sb = catalog.setOf[b.entry];
  if (sa !== sb) return sa - sb;
  return compareNames(na, nb);
}

/** The best `limit` items offered, kept sorted; rejects most offers with one comparison. */
class TopK<T> {
  private readonly sorted: T[] = [];

  constructor(
    private readonly limit: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}

  offer(item: T): void {
    const { sorted, limit, compare } = this;
    if (limit <= 0) return;
    if (sorted.length === limit && compare(item, sorted[limit - 1]) >= 0) return;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(sorted[mid], item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    sorted.splice(lo, 0, item);
    if (sorted.length > limit) sorted.pop();
  }

  items(): T[] {
    return this.sorted.slice();
  }
}

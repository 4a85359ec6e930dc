import type { IconIndex, IconIndexSet } from './types';

/**
 * The index seen as one list of entries: entry `e` is one icon or alias name. Entries of
 * set `s` are contiguous, in the index's (code-unit) order, from `setStart[s]` to
 * `setStart[s + 1]`. Building it copies arrays and nothing else: no map of forty thousand
 * names, so a catalog used only for `has` and `load` costs little more than parsing.
 */
export interface CatalogIndex {
  readonly sets: readonly IconIndexSet[];
  readonly tokens: IconIndex['tokens'];
  readonly names: readonly string[];
  readonly setOf: Uint8Array;
  readonly hidden: Uint8Array;
  readonly setStart: readonly number[];
  readonly setByPrefix: ReadonlyMap<string, number>;
  /** Compact keyword (`fontawesome`) to the sets it names, in set order. */
  readonly keywords: ReadonlyMap<string, readonly number[]>;
}

/** Where `shards` character codes start (see IconIndexSet). */
const SHARD_CODE_BASE = 0x30;

/** Flattens `index`; throws a RangeError when it is inconsistent (shard codes vs names). */
export function buildCatalogIndex(index: IconIndex): CatalogIndex {
  if (index.sets.length > 255) throw new RangeError('icon index: at most 255 sets are supported');
  const names = index.sets.flatMap((s) => s.names);
  const setOf = new Uint8Array(names.length);
  const hidden = new Uint8Array(names.length);
  const setStart: number[] = [];
  const setByPrefix = new Map<string, number>();
  const keywords = new Map<string, number[]>();
  let start = 0;
  index.sets.forEach((set, s) => {
    if (set.shards.length !== set.names.length) throw new RangeError(`icon index: ${set.prefix} has ${set.names.length} names but ${set.shards.length} shard codes`);
    setStart.push(start);
    setByPrefix.set(set.prefix, s);
    setOf.fill(s, start, start + set.names.length);
    for (const h of set.hidden) hidden[start + h] = 1;
    for (const k of new Set([compactWord(set.prefix), ...set.keywords])) {
      const list = keywords.get(k) ?? [];
      list.push(s);
      keywords.set(k, list);
    }
    start += set.names.length;
  });
  setStart.push(start);
  return { sets: index.sets, tokens: index.tokens, names, setOf, hidden, setStart, setByPrefix, keywords };
}

/** The entry of a `prefix:name` id (aliases included), by binary search; undefined if unknown. */
export function entryOf(catalog: CatalogIndex, id: string): number | undefined {
  const colon = id.indexOf(':');
  if (colon < 0) return undefined;
  const s = catalog.setByPrefix.get(id.slice(0, colon));
  if (s === undefined) return undefined;
  const name = id.slice(colon + 1);
  const { names } = catalog.sets[s];
  let lo = 0;
  let hi = names.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const n = names[mid];
    if (n === name) return catalog.setStart[s] + mid;
    if (n < name) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** The shard holding entry `e`. */
export function shardOf(catalog: CatalogIndex, e: number): number {
  const s = catalog.setOf[e];
  return catalog.sets[s].shards.charCodeAt(e - catalog.setStart[s]) - SHARD_CODE_BASE;
}

/** Lower-case letters and digits only: how set keywords are compared. */
export function compactWord(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

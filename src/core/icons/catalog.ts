import { foldForComparison } from '../fuzzy';
import type { IconData } from '../scene';
import { buildCatalogIndex, entryOf, shardOf, type CatalogIndex } from './catalogIndex';
import { iconDataFromShard } from './iconData';
import { normalizeIconName, parseSearchQuery, resolveSetName } from './iconQuery';
import { IconRanker } from './iconRanker';
import type { IconCatalog, IconMatch, IconSetInfo, IconShard, IconSource } from './types';

export interface IconCatalogOptions {
  /** How many parsed shards stay cached (least recently used go first). Default 64. */
  maxCachedShards?: number;
}

const DEFAULT_SEARCH_LIMIT = 20;
const DEFAULT_SUGGEST_LIMIT = 3;

/**
 * An icon catalog over `source`. Browser-safe: all I/O goes through the source.
 *
 * - `sets`, `has`, `suggest` and `search` answer synchronously from the names-only index;
 *   creating the catalog copies arrays only; the first `search` or `suggest` decodes the
 *   index's token table (or builds it when absent).
 * - `search(query, { limit = 20, prefix })` ranks exact name (or `prefix:name` id), then
 *   name prefix, then token, substring, fuzzy (only computed when the others leave the
 *   result short) and finally partial matches (at least half the query's words; rarer
 *   words first); ties go to the shorter name, then the earlier set, then code-unit order.
 *   Case, accents, spaces and `_` are normalized (`AWS Lambda` = `aws-lambda`). A query may be `prefix:name`
 *   (a misspelt prefix is resolved), or name its set in leading or trailing words
 *   (`aws logos`). `prefix:` alone lists that set alphabetically; an empty query gives `[]`.
 *   Hidden (deprecated) icons are never returned.
 * - `suggest(id, limit = 3)` gives the closest real ids: same (or corrected) prefix first,
 *   then every set; never hidden icons.
 * - `load(ids)` reads only the shards that hold the ids (each shard once, in parallel,
 *   cached); unknown ids map to `null`. It rejects only when a shard cannot be read.
 */
export function createIconCatalog(source: IconSource, options: IconCatalogOptions = {}): IconCatalog {
  const catalog = buildCatalogIndex(source.index);
  const ranker = new IconRanker(catalog);
  const shards = new ShardCache(source, options.maxCachedShards ?? 64);
  const setInfos: IconSetInfo[] = catalog.sets.map((s, i) => ({ prefix: s.prefix, name: s.name, icons: s.total, names: offeredNames(catalog, i) }));

  const match = (e: number): IconMatch => {
    const set = catalog.sets[catalog.setOf[e]];
    return { id: `${set.prefix}:${catalog.names[e]}`, prefix: set.prefix, name: catalog.names[e], set: set.name };
  };

  return {
    sets: () => setInfos.map((s) => ({ ...s })),

    has: (id) => entryOf(catalog, id) !== undefined,

    search(query, searchOptions = {}) {
      const limit = Math.floor(searchOptions.limit ?? DEFAULT_SEARCH_LIMIT);
      if (!(limit > 0)) return [];
      const parsed = parseSearchQuery(catalog, query);
      let sets = parsed.sets;
      if (searchOptions.prefix !== undefined) {
        const s = catalog.setByPrefix.get(searchOptions.prefix);
        if (s === undefined || (sets !== null && !sets.includes(s))) return [];
        sets = [s];
      }
      if (parsed.name.length === 0) {
        const listing = parsed.explicitPrefix || searchOptions.prefix !== undefined;
        return listing && sets ? ranker.list(sets, limit).map(match) : [];
      }
      return ranker.rank(parsed.name, { sets, limit, partial: true }).map(match);
    },

    suggest(id, limit = DEFAULT_SUGGEST_LIMIT) {
      const max = Math.floor(limit);
      if (!(max > 0)) return [];
      const folded = foldForComparison(id).trim();
      const colon = folded.indexOf(':');
      const name = normalizeIconName(colon >= 0 ? folded.slice(colon + 1) : folded);
      if (name.length === 0) return [];
      const own = colon > 0 ? resolveSetName(catalog, folded.slice(0, colon)) : [];
      const out: number[] = [];
      const add = (entries: number[]) => {
        for (const e of entries) if (out.length < max && !out.includes(e)) out.push(e);
      };
      // Same set first, then every set; names matching only part of the id come last.
      for (const partial of [false, true]) {
        if (own.length > 0 && out.length < max) add(ranker.rank(name, { sets: own, limit: max, partial }));
        if (out.length < max) add(ranker.rank(name, { sets: null, limit: max + out.length, partial }));
      }
      return out.map((e) => match(e).id);
    },

    async load(ids) {
      const out: Record<string, IconData | null> = {};
      const put = (id: string, value: IconData | null) =>
        // Own data property even for ids like `__proto__`.
        Object.defineProperty(out, id, { value, enumerable: true, writable: true, configurable: true });
      const groups = new Map<string, { set: number; shard: number; ids: string[] }>();
      for (const id of ids) {
        const e = entryOf(catalog, id);
        if (e === undefined) {
          put(id, null);
          continue;
        }
        const set = catalog.setOf[e];
        const shard = shardOf(catalog, e);
        const key = `${set}/${shard}`;
        const group = groups.get(key) ?? { set, shard, ids: [] };
        group.ids.push(id);
        groups.set(key, group);
      }
      await Promise.all(
        [...groups.values()].map(async (g) => {
          const data = await shards.get(catalog, g.set, g.shard);
          for (const id of g.ids) put(id, iconDataFromShard(data, id.slice(id.indexOf(':') + 1)));
        }),
      );
      return out;
    },
  };
}

/** How many names of set `s` are offered (its deprecated ones left out). */
function offeredNames(catalog: CatalogIndex, s: number): number {
  let n = 0;
  for (let e = catalog.setStart[s]!; e < catalog.setStart[s + 1]!; e++) if (catalog.hidden[e] === 0) n++;
  return n;
}

/** Parsed shards by set and number, least recently used evicted first; failed reads are retried. */
class ShardCache {
  private readonly entries = new Map<string, Promise<IconShard>>();

  constructor(
    private readonly source: IconSource,
    private readonly capacity: number,
  ) {}

  get(catalog: CatalogIndex, set: number, shard: number): Promise<IconShard> {
    const key = `${set}/${shard}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const prefix = catalog.sets[set].prefix;
    const loading = this.source.loadShard(prefix, shard).then((data) => {
      if (!data || typeof data !== 'object' || typeof data.icons !== 'object' || data.icons === null) {
        throw new Error(`icon shard ${prefix}/${shard} is malformed`);
      }
      return data;
    });
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    this.entries.set(key, loading);
    while (this.entries.size > Math.max(1, this.capacity)) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return loading;
  }
}

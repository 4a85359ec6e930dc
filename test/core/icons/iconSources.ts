// Icon sources for tests: the built catalog in dist/icons with every shard read counted,
// and small hand-made catalogs for cases the bundled sets do not contain.
import type { IconifyJSON } from '@iconify/types';
import type { IconIndex, IconIndexSet, IconShard, IconSource } from '../../../src/core/icons';
import { createFileIconSource, locateIconsDir } from '../../../src/node/iconStore';

export interface CountingSource extends IconSource {
  /** `prefix/shard` of every read, in order. */
  reads: string[];
}

/** Counts reads of `inner`; `fail` makes the next reads of a shard reject. */
export function countReads(inner: IconSource): CountingSource & { failNext: Set<string> } {
  const reads: string[] = [];
  const failNext = new Set<string>();
  return {
    index: inner.index,
    reads,
    failNext,
    loadShard(prefix, shard) {
      const key = `${prefix}/${shard}`;
      reads.push(key);
      if (failNext.delete(key)) return Promise.reject(new Error(`cannot read ${key}`));
      return inner.loadShard(prefix, shard);
    },
  };
}

let built: Promise<IconSource> | undefined;

/** The catalog `scripts/buildIcons.mjs` wrote (run `npm run build` first); parsed once per test file. */
export function builtSource(): Promise<IconSource> {
  built ??= createFileIconSource(locateIconsDir());
  return built;
}

/**
 * A catalog from Iconify JSON sets, one shard per set, shaped like the build script's
 * output (sorted names, one shard code per name) but without a token table.
 */
export function memorySource(sets: { info: { name: string; keywords?: string[] }; json: IconifyJSON }[]): IconSource {
  const shards = new Map<string, IconShard>();
  const index: IconIndex = {
    version: 1,
    sets: sets.map(({ info, json }): IconIndexSet => {
      shards.set(`${json.prefix}/0`, json);
      const names = [...Object.keys(json.icons), ...Object.keys(json.aliases ?? {})].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const hidden = names.flatMap((n, i) => ((json.icons[n] ?? json.aliases?.[n])?.hidden ? [i] : []));
      return {
        prefix: json.prefix,
        name: info.name,
        total: Object.keys(json.icons).length,
        keywords: info.keywords ?? [],
        shardCount: 1,
        names,
        shards: '0'.repeat(names.length),
        hidden,
      };
    }),
  };
  return {
    index,
    async loadShard(prefix, shard) {
      const data = shards.get(`${prefix}/${shard}`);
      if (!data) throw new RangeError(`no shard ${prefix}/${shard}`);
      return data;
    },
  };
}

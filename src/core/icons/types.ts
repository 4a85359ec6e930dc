import type { IconData } from '../scene';
import type { IconifyJSON } from '@iconify/types';

/** One of the bundled Iconify sets, and how much it holds (see {@link iconTotals}). */
export interface IconSetInfo {
  /** Iconify prefix, e.g. `logos`. */
  prefix: string;
  /** Human name, e.g. `SVG Logos`. */
  name: string;
  /** Icons (distinct drawings), deprecated ones excluded: the set's own count. */
  icons: number;
  /**
   * Ids that search and completion offer for those icons: each icon's name plus its aliases
   * (`mdi:1password` for `mdi:onepassword`). Deprecated ids still draw but are not counted.
   */
  names: number;
}

/** Icons and names of several sets, added up. */
export interface IconTotals {
  sets: number;
  icons: number;
  names: number;
}

export interface IconMatch {
  /** `prefix:name` */
  id: string;
  prefix: string;
  name: string;
  /** The set's human name. */
  set: string;
}

/**
 * The offline icon catalog. `sets`, `has`, `suggest` and `search` are synchronous and
 * answer from a names-only index; `load` fetches icon bodies lazily, parsing only the
 * data that holds the requested icons.
 */
export interface IconCatalog {
  sets(): IconSetInfo[];
  /** True when `id` (`prefix:name`, aliases included) exists. */
  has(id: string): boolean;
  /** The closest real ids to an unknown one, best first, at most `limit` (default 3). */
  suggest(id: string, limit?: number): string[];
  /** Ranked: exact id, then name, prefix and token matches, then fuzzy ones. */
  search(query: string, options?: { limit?: number; prefix?: string }): IconMatch[];
  /** Bodies for the given ids; `null` for ids not in the catalog. */
  load(ids: readonly string[]): Promise<Record<string, IconData | null>>;
}

/**
 * One set in the names-only index written by `scripts/buildIcons.mjs` (`dist/icons/index.json`).
 * `names` lists every icon and alias of the set in code-unit order; character `i` of
 * `shards` encodes the shard holding `names[i]` as `charCode - 0x30`. A shard holds each
 * of its icons together with the aliases that resolve to it.
 */
export interface IconIndexSet {
  prefix: string;
  name: string;
  /** The set's own icon count (Iconify's `total`: aliases and deprecated icons excluded). */
  total: number;
  /** Lower-case alphanumeric words a query may use to mean this set (`fontawesome`, `phosphor`). */
  keywords: string[];
  shardCount: number;
  names: string[];
  shards: string;
  /** Indices into `names` of hidden entries: they resolve for old documents but are never offered. */
  hidden: number[];
  license?: { title: string; spdx?: string; url?: string };
  author?: { name: string; url?: string };
}

/** The names-only icon index: small enough to parse up front, never holds icon bodies. */
export interface IconIndex {
  version: 1;
  /** In tie-break order: earlier sets win ties in search and suggestions. */
  sets: IconIndexSet[];
  /**
   * The search token table, precomputed so a process's first search does not split every
   * name (see `buildTokenTable` in scripts/buildIcons.mjs for the encoding). Optional: a
   * catalog builds the same table itself when it is absent or malformed.
   */
  tokens?: { words: string[]; postings: string };
}

/** One shard file: an Iconify JSON subset holding a run of icons and their aliases. */
export type IconShard = IconifyJSON;

/**
 * Where a catalog reads its data. Abstracts the file system (Node) or `fetch` (browser),
 * and lets tests count shard reads.
 */
export interface IconSource {
  readonly index: IconIndex;
  /** Reads shard `shard` of set `prefix`; rejects when it cannot be read. */
  loadShard(prefix: string, shard: number): Promise<IconShard>;
}

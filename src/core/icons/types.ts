import type { IconData } from '../scene';

/** One of the bundled Iconify sets. */
export interface IconSetInfo {
  /** Iconify prefix, e.g. `logos`. */
  prefix: string;
  /** Human name, e.g. `SVG Logos`. */
  name: string;
  /** Number of icons (aliases excluded). */
  total: number;
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

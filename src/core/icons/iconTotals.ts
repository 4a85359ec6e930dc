import type { IconSetInfo, IconTotals } from './types';

/**
 * The icons and names of `sets`, added up: the one computation behind every count ArchFlow
 * quotes (`archflow icons sets`, the `search_icons` summary, the cheat sheet, the README's
 * figures, which a test holds to it).
 */
export function iconTotals(sets: readonly IconSetInfo[]): IconTotals {
  let icons = 0;
  let names = 0;
  for (const s of sets) {
    icons += s.icons;
    names += s.names;
  }
  return { sets: sets.length, icons, names };
}

import { closestMatches, foldForComparison } from '../fuzzy';
import { compactWord, type CatalogIndex } from './catalogIndex';

/** A search query split into the sets it names and the icon name it looks for. */
export interface ParsedQuery {
  /** Lower-case words joined by `-`, the way Iconify spells names; may be empty. */
  name: string;
  /** Sets the query restricts itself to, in set order; `null` for every set. */
  sets: number[] | null;
  /** True when the query used `prefix:` (so an empty name lists the set). */
  explicitPrefix: boolean;
}

/** How many leading or trailing words may spell a set (`font awesome 6 solid`). */
const MAX_SET_WORDS = 4;

/** Folds accents and case and joins words with `-`: `Message Queue` -> `message-queue`. */
export function normalizeIconName(text: string): string {
  return foldForComparison(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Parses `prefix:name`, or free words where a leading or trailing phrase names a set
 * (`aws logos`, `font awesome user`). A set phrase only filters when other words remain,
 * so a query that is just `lucide` still searches icon names.
 */
export function parseSearchQuery(catalog: CatalogIndex, query: string): ParsedQuery {
  const folded = foldForComparison(query).trim();
  const colon = folded.indexOf(':');
  if (colon >= 0) {
    const sets = resolveSetName(catalog, folded.slice(0, colon));
    return {
      name: normalizeIconName(folded.slice(colon + 1)),
      sets: sets.length > 0 ? sets : null,
      explicitPrefix: sets.length > 0,
    };
  }
  let words = folded.split(/[\s_]+/).filter((w) => w.length > 0);
  let sets: number[] | null = null;
  for (let k = Math.min(MAX_SET_WORDS, words.length - 1); k >= 1 && sets === null; k--) {
    const leading = catalog.keywords.get(compactWord(words.slice(0, k).join('')));
    const trailing = catalog.keywords.get(compactWord(words.slice(-k).join('')));
    if (leading) {
      sets = [...leading];
      words = words.slice(k);
    } else if (trailing) {
      sets = [...trailing];
      words = words.slice(0, -k);
    }
  }
  return { name: normalizeIconName(words.join('-')), sets, explicitPrefix: false };
}

/**
 * The sets a possibly misspelt prefix or set name means, best first: an exact prefix,
 * then a set keyword (`logo`, `fontawesome`), then the closest keyword or prefix
 * (`lucid` -> lucide). Empty when nothing is close.
 */
export function resolveSetName(catalog: CatalogIndex, text: string): number[] {
  const trimmed = foldForComparison(text).trim();
  const exact = catalog.setByPrefix.get(trimmed);
  if (exact !== undefined) return [exact];
  const word = compactWord(trimmed);
  if (word.length === 0) return [];
  const keyword = catalog.keywords.get(word);
  if (keyword) return [...keyword];
  const [closest] = closestMatches(word, catalog.keywords.keys(), 1, 2);
  return closest === undefined ? [] : [...(catalog.keywords.get(closest) ?? [])];
}

import { iconTotals, type IconCatalog, type IconMatch, type IconTotals } from '../../core/icons';
import type { Locale } from '../../core/model';
import { serverMessages } from '../serverMessages';
import type { ToolOutcome } from './outcome';

export const DEFAULT_ICON_LIMIT = 20;
export const MAX_ICON_LIMIT = 100;

export interface SearchIconsInput {
  query: string;
  /** 1-100, default 20. */
  limit?: number;
  /** Only this icon set (an Iconify prefix such as `logos`). */
  prefix?: string;
}

export interface SearchIconsData {
  query: string;
  /** Best first: exact and prefix matches before fuzzy ones. */
  matches: IconMatch[];
  /** What was searched: the sets (all, or the one `prefix` names), their icons and names. */
  searched: IconTotals;
}

/**
 * `search_icons`: icon ids for `query`, best first, one `prefix:name (Set name)` per line,
 * then a summary line: how many matches among how many names (aliases included) of how many
 * icons, in which sets (the counts `archflow icons sets` prints). No match is not an error
 * (the text says what to try instead); an unknown `prefix` is, and the text lists the
 * bundled sets. `limit` is clamped to 1-100.
 */
export function searchIcons(input: SearchIconsInput, context: { locale: Locale; catalog: IconCatalog }): ToolOutcome<SearchIconsData> {
  const messages = serverMessages(context.locale);
  const { catalog } = context;
  const query = input.query.trim();
  if (input.prefix !== undefined && !catalog.sets().some((s) => s.prefix === input.prefix)) {
    return { isError: true, text: messages.unknownIconSet(input.prefix, catalog.sets().map((s) => s.prefix)) };
  }
  const limit = Math.min(MAX_ICON_LIMIT, Math.max(1, Math.floor(input.limit ?? DEFAULT_ICON_LIMIT)));
  const matches = catalog.search(query, { limit, prefix: input.prefix });
  const sets = catalog.sets().filter((s) => input.prefix === undefined || s.prefix === input.prefix);
  const searched = iconTotals(sets);
  const found = matches.length ? matches.map((m) => `${m.id} (${m.set})`).join('\n') : messages.noIconMatches(query);
  const text = `${found}\n${messages.iconSearchSummary(matches.length, searched, input.prefix === undefined ? undefined : sets[0])}`;
  return { isError: false, text, data: { query, matches, searched } };
}

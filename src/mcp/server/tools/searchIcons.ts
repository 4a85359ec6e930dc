import type { IconCatalog, IconMatch } from '../../../core/icons';
import type { Locale } from '../../../core/model';
import { serverMessages } from '../messages';
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
}

/**
 * `search_icons`: icon ids for `query`, best first, one `prefix:name (Set name)` per line.
 * No match is not an error (the text says what to try instead); an unknown `prefix` is,
 * and the text lists the bundled sets. `limit` is clamped to 1-100.
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
  const text = matches.length ? matches.map((m) => `${m.id} (${m.set})`).join('\n') : messages.noIconMatches(query);
  return { isError: false, text, data: { query, matches } };
}

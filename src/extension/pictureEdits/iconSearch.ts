import type { IconSearchMessage, IconSearchResultMessage } from '../../protocol/index';
import type { DiagramService } from '../documents/diagramService';

/** How many icons the palette shows for a search. */
export const PALETTE_ICON_RESULTS = 24;

/**
 * The palette's icon search: the catalog's own search, the ranking `search_icons` and
 * completion give, with each icon's picture. Nothing while the catalog loads or for an empty query.
 */
export async function answerIconSearch(service: DiagramService, message: IconSearchMessage, post: (m: IconSearchResultMessage) => void): Promise<void> {
  const catalog = await service.catalog();
  const matches = catalog && message.query.trim() ? catalog.search(message.query, { limit: PALETTE_ICON_RESULTS }) : [];
  const data = catalog && matches.length ? await catalog.load(matches.map((m) => m.id)) : {};
  post({ type: 'iconSearchResult', uri: message.uri, requestId: message.requestId, icons: matches.map((m) => ({ id: m.id, set: m.set, data: data[m.id] ?? null })) });
}

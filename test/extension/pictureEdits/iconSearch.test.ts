// The palette's icon search answers with the catalog's ranking, the one search_icons gives,
// and each icon's picture; only the request's own id is echoed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerIconSearch, PALETTE_ICON_RESULTS } from '../../../src/extension/pictureEdits/iconSearch';
import type { DiagramService } from '../../../src/extension/documents/diagramService';
import type { IconSearchResultMessage } from '../../../src/protocol/index';
import { searchIcons } from '../../../src/mcpServer/tools/searchIcons';
import { getIconCatalog } from '../../../src/node/iconStore';

const service = { catalog: () => getIconCatalog() } as unknown as DiagramService;

async function ask(query: string): Promise<IconSearchResultMessage> {
  let answer: IconSearchResultMessage | undefined;
  await answerIconSearch(service, { type: 'iconSearch', uri: 'file:///w/a.diagram', requestId: 7, query }, (m) => (answer = m));
  assert.ok(answer);
  return answer;
}

test('the same icons in the same order as search_icons, with their pictures', async () => {
  const answer = await ask('postgres');
  assert.equal(answer.requestId, 7);
  const tool = searchIcons({ query: 'postgres', limit: PALETTE_ICON_RESULTS }, { locale: 'en', catalog: await getIconCatalog() });
  assert.ok(!tool.isError && tool.data);
  assert.deepEqual(
    answer.icons.map((i) => i.id),
    tool.data.matches.map((m) => m.id),
  );
  assert.ok(answer.icons.some((i) => i.id === 'logos:postgresql'));
  assert.ok(answer.icons.every((i) => i.data && i.data.body.length > 0 && i.data.width > 0));
});

test('an empty query answers with no icons', async () => {
  assert.deepEqual((await ask('  ')).icons, []);
});

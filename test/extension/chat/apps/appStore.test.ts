// What a conversation file keeps of its apps: which cards show one, and the results they draw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyConversation } from '../../../../src/extension/chat/chatSession';
import { ConversationStore, repairConversation } from '../../../../src/extension/chat/conversationStore';

function withApps() {
  const c = emptyConversation('claude-sonnet-4-6', []);
  c.view.items.push(
    { kind: 'user', id: 'u1', text: 'draw', attachments: [], at: 1 },
    { kind: 'tool', id: 'toolu_a', run: 'r', round: 1, name: 'archflow__render_diagram', args: '{}', status: 'done', startedAt: 1, endedAt: 2 },
  );
  c.view.apps = { toolu_a: { server: 'archflow', tool: 'render_diagram', uri: 'ui://archflow/diagram' } };
  c.appResults = { toolu_a: { content: [{ type: 'text', text: 'drawn' }], _meta: { 'archflow/diagram': { scene: {} } } } };
  return c;
}

test('a saved conversation comes back with its apps and their results', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'archflow-app-store-'));
  try {
    const store = new ConversationStore(dir);
    const c = withApps();
    await store.save(c);
    const loaded = await store.load(c.id);
    assert.deepEqual(loaded.view.apps, c.view.apps);
    assert.deepEqual(loaded.appResults, c.appResults);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("repair keeps only apps of cards that are there, with a ui:// URI, and only their results", () => {
  const c = JSON.parse(JSON.stringify(withApps()));
  c.view.apps.gone = { server: 'x', tool: 'y', uri: 'ui://x/y' };
  c.view.apps.u1 = { server: 'x', tool: 'y', uri: 'ui://x/y' };
  c.view.apps.toolu_a.extra = 'dropped';
  c.appResults.gone = { content: [] };
  c.appResults.toolu_b = 'not a result';
  const repaired = repairConversation(c)!;
  assert.deepEqual(repaired.view.apps, { toolu_a: { server: 'archflow', tool: 'render_diagram', uri: 'ui://archflow/diagram' } });
  assert.deepEqual(Object.keys(repaired.appResults ?? {}), ['toolu_a']);
  const hostile = JSON.parse(JSON.stringify(withApps()));
  hostile.view.apps.toolu_a.uri = 'https://evil.example.com/app';
  const cleaned = repairConversation(hostile)!;
  assert.equal(cleaned.view.apps, undefined);
  assert.equal(cleaned.appResults, undefined, 'no app, no result kept');
  const plain = repairConversation(JSON.parse(JSON.stringify(emptyConversation('m', []))))!;
  assert.equal('apps' in plain.view, false);
  assert.equal('appResults' in plain, false);
});

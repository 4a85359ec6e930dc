import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppContextStore, appContextBlocks, appContextNote, appContextView, MAX_APP_CONTEXT_TEXT } from '../../../../src/extension/chat/apps/appContext';

const app = { toolUseId: 'toolu_1', server: 'archflow', tool: 'render_diagram' };

test('each app keeps its last update; an empty one clears it; the next message takes them all, in the order the apps last spoke', () => {
  const store = new AppContextStore();
  store.update('c1', { ...app, text: 'The user selected node api.' });
  store.update('c1', { ...app, text: 'The user selected node db.', structured: { selectedElement: { id: 'db' } } });
  store.update('c1', { toolUseId: 'toolu_2', server: 'fixture', tool: 'show_app', text: 'row 7' });
  store.update('c2', { ...app, toolUseId: 'toolu_9', text: 'other conversation' });
  assert.deepEqual(store.pending('c1').map((e) => e.text), ['The user selected node db.', 'row 7']);
  store.update('c1', { ...app, text: 'again api' });
  assert.deepEqual(store.pending('c1').map((e) => e.toolUseId), ['toolu_2', 'toolu_1']);
  store.update('c1', { toolUseId: 'toolu_2', server: 'fixture', tool: 'show_app', text: '  ', structured: {} });
  assert.deepEqual(store.pending('c1').map((e) => e.toolUseId), ['toolu_1']);
  assert.deepEqual(store.take('c1').map((e) => e.text), ['again api']);
  assert.deepEqual(store.pending('c1'), []);
  assert.equal(store.pending('c2').length, 1, 'other conversations keep theirs');
  assert.equal(store.drop('c2', 'app:toolu_9'), true);
  assert.equal(store.drop('c2', 'app:toolu_9'), false);
  assert.equal(store.drop('c2', 'file-1'), false);
});

test("the model's note says where it comes from and that the user did not write it; the chip shows the text", () => {
  const entry = { ...app, text: 'The user selected node db ("Postgres").', structured: { selectedElement: { id: 'db' } } };
  const note = appContextNote(entry);
  assert.equal(
    note,
    '[ArchFlow] Context from the MCP App of archflow/render_diagram (shown to the user in tool call toolu_1), as the app last reported it. It describes what the user sees or picked in the app; it was not written by the user.\nThe user selected node db ("Postgres").\nStructured content: {"selectedElement":{"id":"db"}}',
  );
  assert.deepEqual(appContextBlocks([entry]), [{ type: 'text', text: note }]);
  assert.deepEqual(appContextView(entry, 'render_diagram app'), { id: 'app:toolu_1', kind: 'app', label: 'render_diagram app', detail: 'The user selected node db ("Postgres").' });
});

test('what an app shares is capped', () => {
  const store = new AppContextStore();
  store.update('c', { ...app, text: 'x'.repeat(MAX_APP_CONTEXT_TEXT + 500) });
  const [entry] = store.pending('c');
  assert.ok(entry!.text.length < MAX_APP_CONTEXT_TEXT + 100);
  assert.match(entry!.text, /… \(500 more characters\)$/);
  assert.ok(appContextView(entry!, 'l').detail!.length < 400);
});

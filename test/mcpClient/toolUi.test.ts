import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toolVisibility, uiResourceUri, visibleToApps, visibleToModel } from '../../src/mcpClient/toolUi';

test('visibility: absent means both; a list keeps only the audiences it names', () => {
  assert.deepEqual(toolVisibility({}), ['model', 'app']);
  assert.deepEqual(toolVisibility({ _meta: { ui: {} } }), ['model', 'app']);
  assert.deepEqual(toolVisibility({ _meta: { ui: { visibility: 'app' } } }), ['model', 'app'], 'not a list: the default');
  assert.deepEqual(toolVisibility({ _meta: { ui: { visibility: ['app'] } } }), ['app']);
  assert.deepEqual(toolVisibility({ _meta: { ui: { visibility: ['model'] } } }), ['model']);
  assert.deepEqual(toolVisibility({ _meta: { ui: { visibility: [] } } }), []);
  assert.equal(visibleToModel({ _meta: { ui: { visibility: ['app'] } } }), false);
  assert.equal(visibleToApps({ _meta: { ui: { visibility: ['model'] } } }), false);
  assert.equal(visibleToApps({ _meta: { ui: { visibility: ['app', 'model'] } } }), true);
});

test('the ui:// resource of a tool or a result: nested key first, then the deprecated flat one; only ui:// URIs', () => {
  assert.equal(uiResourceUri({ ui: { resourceUri: 'ui://a/b' }, 'ui/resourceUri': 'ui://flat/one' }), 'ui://a/b');
  assert.equal(uiResourceUri({ 'ui/resourceUri': 'ui://flat/one' }), 'ui://flat/one');
  for (const meta of [undefined, null, {}, { ui: { resourceUri: 'https://evil.example.com/app' } }, { ui: { resourceUri: 'ui://has space' } }, { ui: { resourceUri: 42 } }, { ui: 'ui://x' }]) {
    assert.equal(uiResourceUri(meta), undefined, JSON.stringify(meta));
  }
});

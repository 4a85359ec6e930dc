import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAppParams, textOf } from '../../../../src/extension/chat/apps/appRequests';

test("an app's request parameters are read field by field; what is malformed is refused with where", () => {
  assert.deepEqual(parseAppParams('callTool', { name: 'ping', arguments: { a: 1 }, _meta: { progressToken: 1 } }).name, 'ping');
  assert.deepEqual(parseAppParams('load', undefined), {});
  assert.throws(() => parseAppParams('callTool', { arguments: {} }), /malformed callTool request \(name: /);
  assert.throws(() => parseAppParams('callTool', { name: 'x'.repeat(300) }), /malformed callTool request/);
  assert.throws(() => parseAppParams('callTool', { name: 'x', arguments: [1] }), /arguments/);
  assert.throws(() => parseAppParams('openLink', { url: '' }), /malformed openLink request/);
  assert.throws(() => parseAppParams('message', { role: 'assistant', content: [] }), /role/);
  assert.throws(() => parseAppParams('message', { role: 'user', content: Array.from({ length: 65 }, () => ({ type: 'text', text: 'x' })) }), /content/);
  assert.throws(() => parseAppParams('modelContext', { structuredContent: 'not an object' }), /structuredContent/);
});

test('text blocks are joined; other content is left out', () => {
  assert.equal(textOf([{ type: 'text', text: 'one' }, { type: 'image' }, { type: 'text', text: 'two' }]), 'one\n\ntwo');
  assert.equal(textOf(undefined), '');
  assert.equal(textOf([{ type: 'image', text: 'not text' }]), '');
});

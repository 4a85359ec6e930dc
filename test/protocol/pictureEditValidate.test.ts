// The preview's gesture messages come from a webview: exactly the known shapes pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseWebviewMessage } from '../../src/protocol/index';

const uri = 'file:///w/a.diagram';
const edit = (gesture: unknown) => ({ type: 'pictureEdit', uri, version: 3, gesture });

test('every gesture kind passes as the protocol defines it', () => {
  const gestures = [
    { kind: 'connect', source: 'a', target: 'b' },
    { kind: 'connectToNew', source: 'a', element: { kind: 'node', label: 'New', shape: 'cloud' } },
    { kind: 'reconnect', connection: 'c0', end: 'target', to: 'b' },
    { kind: 'rename', target: { element: 'a' }, label: 'Say "hi"\nthere' },
    { kind: 'rename', target: { connection: 'c1' }, label: '' },
    { kind: 'delete', elements: ['g'], connections: ['c0'], groups: 'keepMembers' },
    { kind: 'add', element: { kind: 'group', label: 'G', parent: 'outer' } },
    { kind: 'restyle', targets: [{ element: 'a' }, { connection: 'c0' }], attribute: 'color', value: '#fff' },
    { kind: 'restyle', targets: [{ element: 'a' }], shape: 'icon' },
    { kind: 'move', elements: ['a', 'b'] },
    { kind: 'add', element: { kind: 'node', shape: 'cloud' }, at: { x: 120.5, y: -4 } },
    { kind: 'connectToNew', source: 'a', element: { kind: 'node' }, at: { x: 0, y: 0 } },
    { kind: 'move', elements: ['a'], group: 'g', moves: [{ id: 'a', x: 10, y: 20 }] },
  ];
  for (const g of gestures) {
    const r = parseWebviewMessage(edit(g));
    assert.ok(r.ok, `${JSON.stringify(g)}: ${r.ok ? '' : r.error}`);
    assert.deepEqual(r.value, edit(g));
  }
});

test('unknown kinds, shapes and attributes, extra fields, empty ids and huge labels are dropped', () => {
  const bad = [
    { kind: 'explode', id: 'a' },
    { kind: 'connect', source: 'a', target: '' },
    { kind: 'connect', source: 'a', target: 'b', extra: 1 },
    { kind: 'add', element: { kind: 'node', shape: 'blob' } },
    { kind: 'restyle', targets: [{ element: 'a' }], attribute: 'onclick', value: 'x' },
    { kind: 'restyle', targets: [], attribute: 'color', value: 'red' },
    { kind: 'rename', target: { element: 'a', connection: 'c0' }, label: 'x' },
    { kind: 'rename', target: { element: 'a' }, label: 'x'.repeat(5000) },
    { kind: 'delete', elements: 'a', connections: [] },
    { kind: 'add', element: { kind: 'node' }, at: { x: Number.NaN, y: 0 } },
    { kind: 'add', element: { kind: 'node' }, at: { x: 1 } },
    { kind: 'move', elements: ['a'], moves: [{ id: '', x: 1, y: 2 }] },
  ];
  for (const g of bad) {
    const r = parseWebviewMessage(edit(g));
    assert.equal(r.ok, false, JSON.stringify(g).slice(0, 80));
  }
  assert.equal(parseWebviewMessage({ ...edit({ kind: 'connect', source: 'a', target: 'b' }), version: -1 }).ok, false);
});

test('the palette’s icon search: a request id and a short query, nothing else', () => {
  const ok = { type: 'iconSearch', uri, requestId: 4, query: 'postgres' };
  assert.deepEqual(parseWebviewMessage(ok), { ok: true, value: ok });
  assert.equal(parseWebviewMessage({ ...ok, query: 'x'.repeat(201) }).ok, false);
  assert.equal(parseWebviewMessage({ ...ok, requestId: 1.5 }).ok, false);
  assert.equal(parseWebviewMessage({ ...ok, limit: 1000 }).ok, false);
});

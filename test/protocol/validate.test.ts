import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parsePreviewState, parseWebviewMessage, type PreviewToHostMessage } from '../../src/protocol/index';

const URI = 'file:///work/a.diagram';

const valid: PreviewToHostMessage[] = [
  { type: 'ready' },
  { type: 'revealLine', uri: URI, line: 3 },
  { type: 'revealLine', uri: URI, line: 3, column: 7 },
  { type: 'revealElement', uri: URI, id: 'api' },
  { type: 'viewportChanged', uri: URI, viewport: { x: -20.5, y: 10, zoom: 1.25 } },
  { type: 'export', format: 'svg' },
  { type: 'export', format: 'png' },
  { type: 'openLink', url: 'https://example.com/docs' },
  { type: 'openLink', url: 'mailto:ops@example.com' },
  { type: 'rendered', uri: URI, version: 4, elements: 12 },
  { type: 'rendered', uri: URI, version: 5, elements: 12, renderMs: 16.5, receivedAt: 1_796_000_000_000.25 },
  { type: 'rendered', uri: URI, version: 6, elements: 12, heapBytes: 12_345_678 },
  { type: 'rendered', uri: URI, version: 7, elements: 2, failure: 'The layout thread stopped unexpectedly.' },
  { type: 'log', level: 'error', message: 'boom' },
  { type: 'reshapeConnection', uri: URI, connection: 'c1', route: [{ x: 100, y: 30 }, { x: 237, y: 30 }, { x: 237, y: 130 }, { x: 300, y: 130 }] },
  { type: 'resetRoutes', uri: URI, connections: ['c0', 'c2'] },
];

test('every well-formed message is accepted unchanged', () => {
  for (const m of valid) {
    const r = parseWebviewMessage(structuredClone(m));
    assert.deepEqual(r, { ok: true, value: m });
  }
});

test('malformed messages are rejected with a reason naming the type and field', () => {
  const cases: [unknown, RegExp][] = [
    [null, /object|invalid/],
    ['ready', /invalid/],
    [{ type: 'nope' }, /'nope'/],
    [{ type: 'revealLine', uri: URI, line: 0 }, /'revealLine'.*line/],
    [{ type: 'revealLine', uri: URI, line: 1.5 }, /line/],
    [{ type: 'revealLine', uri: '', line: 1 }, /uri/],
    [{ type: 'revealLine', line: 1 }, /uri/],
    [{ type: 'revealElement', uri: URI, id: 'x'.repeat(5000) }, /id/],
    [{ type: 'viewportChanged', uri: URI, viewport: { x: Infinity, y: 0, zoom: 1 } }, /viewport.x/],
    [{ type: 'viewportChanged', uri: URI, viewport: { x: 0, y: 0, zoom: 0 } }, /viewport.zoom/],
    [{ type: 'viewportChanged', uri: URI, viewport: { x: 0, y: 0, zoom: Number.NaN } }, /viewport.zoom/],
    [{ type: 'export', format: 'pdf' }, /format/],
    [{ type: 'openLink', url: 'javascript:alert(1)' }, /url/],
    [{ type: 'openLink', url: 'file:///etc/passwd' }, /url/],
    [{ type: 'openLink', url: 'command:workbench.action.quit' }, /url/],
    [{ type: 'ready', extra: 1 }, /'ready'/],
    [{ type: 'log', level: 'fatal', message: 'x' }, /level/],
    [{ type: 'rendered', uri: URI, version: 1, elements: 1, renderMs: -1 }, /renderMs/],
    [{ type: 'rendered', uri: URI, version: 1, elements: 1, failure: 42 }, /failure/],
    [{ type: 'rendered', uri: URI, version: 1, elements: 1, receivedAt: Number.POSITIVE_INFINITY }, /receivedAt/],
    [{ type: 'rendered', uri: URI, version: 1, elements: 1, heapBytes: -1 }, /heapBytes/],
    [{ type: 'reshapeConnection', uri: URI, connection: 'c0', route: [{ x: 0, y: 0 }] }, /route/],
    [{ type: 'reshapeConnection', uri: URI, connection: 'c0', route: [{ x: 0, y: 0 }, { x: Number.NaN, y: 0 }] }, /route.1.x/],
    [{ type: 'reshapeConnection', uri: URI, connection: '', route: [{ x: 0, y: 0 }, { x: 1, y: 0 }] }, /connection/],
    [{ type: 'reshapeConnection', uri: URI, connection: 'c0', route: Array.from({ length: 1001 }, (_, x) => ({ x, y: 0 })) }, /route/],
    [{ type: 'resetRoutes', uri: URI, connections: [] }, /connections/],
  ];
  for (const [value, reason] of cases) {
    const r = parseWebviewMessage(value);
    assert.equal(r.ok, false, JSON.stringify(value));
    if (!r.ok) assert.match(r.error, reason, JSON.stringify(value));
  }
});

test('arbitrary JSON never throws and is accepted only when it is a known shape', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const r = parseWebviewMessage(value);
      if (r.ok) assert.ok(valid.some((m) => m.type === r.value.type));
    }),
    { numRuns: 500 },
  );
  fc.assert(
    fc.property(fc.constantFrom(...valid), fc.string(), fc.jsonValue(), (m, key, extra) => {
      // Adding any unknown field turns a valid message into an invalid one.
      if (key in m) return;
      assert.equal(parseWebviewMessage({ ...m, [key]: extra }).ok, false);
    }),
    { numRuns: 300 },
  );
});

test('preview state: valid state survives, junk yields undefined, unknown keys are dropped', () => {
  assert.deepEqual(parsePreviewState({ stateVersion: 1, uri: URI }), { stateVersion: 1, uri: URI });
  assert.deepEqual(parsePreviewState({ stateVersion: 1, uri: URI, viewport: { x: 1, y: 2, zoom: 0.5 }, minimap: true, later: 'x' }), {
    stateVersion: 1,
    uri: URI,
    viewport: { x: 1, y: 2, zoom: 0.5 },
    minimap: true,
  });
  for (const junk of [undefined, null, {}, { stateVersion: 2, uri: URI }, { stateVersion: 1 }, { stateVersion: 1, uri: URI, viewport: { x: 0 } }]) {
    assert.equal(parsePreviewState(junk), undefined, JSON.stringify(junk));
  }
});

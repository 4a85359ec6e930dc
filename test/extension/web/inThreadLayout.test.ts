// The web host's layout engine: the same scene as layoutDiagram, one layout at a time, and
// elkjs kept from taking the worker's message handler.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language/index';
import { layoutDiagram } from '../../../src/core/layout/index';
import { createInThreadLayout } from '../../../src/extension/web/inThreadLayout';

const TEXT = 'diagram "T"\nweb = rectangle "Web"\napi = rounded "API"\ndb = cylinder "DB"\nweb -> api "HTTPS"\napi -> db\n';

test('lays out on the calling thread as layoutDiagram does, keeps a web worker\'s onmessage, and refuses after dispose', { timeout: 60_000 }, async () => {
  // What a web worker looks like to elkjs: `self` and no `document`; it would install its own handler.
  const scope = globalThis as { self?: unknown; onmessage?: unknown };
  scope.self = globalThis;
  const handler = () => undefined;
  scope.onmessage = handler;
  const model = parseDiagram(TEXT).model;
  const engine = createInThreadLayout();
  const [a, b] = await Promise.all([engine.layout(model, {}), engine.layout(model, {})]);
  assert.equal(scope.onmessage, handler, 'elkjs took the worker\'s message handler');
  assert.deepEqual(a, await layoutDiagram(model, {}));
  assert.deepEqual(b, a);
  assert.equal(a.nodes.length, 3);
  await engine.dispose();
  await assert.rejects(engine.layout(model, {}), /disposed/);
});

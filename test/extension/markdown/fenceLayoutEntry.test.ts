// A move in a fence's preview writes that fence's entry of NAME.md.layout.json: the other
// entries stay as they were, ids the fence no longer has are dropped, the file reads back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language';
import { emptyLayout, parseLayoutFile, serializeLayoutFile, type DiagramLayout } from '../../../src/core/layout/layoutFile';
import { fenceLayoutFileText } from '../../../src/extension/markdown/fenceLayoutEntry';

const box = (x: number, y: number) => ({ x, y, width: 120, height: 48 });
function layoutOf(nodes: Record<string, [number, number]>): DiagramLayout {
  const layout = emptyLayout('LR');
  for (const [id, [x, y]] of Object.entries(nodes)) layout.nodes.set(id, box(x, y));
  return layout;
}

const { model } = parseDiagram('web = rectangle "Web"\napi = rounded "API"\nweb -> api\n');

test('the first move creates a Markdown layout file holding the one fence', () => {
  const text = fenceLayoutFileText(undefined, 'checkout', layoutOf({ web: [24, 24], api: [300, 24] }), model);
  const parsed = parseLayoutFile(text, true);
  assert.ok(parsed.ok && parsed.file.kind === 'markdown');
  assert.deepEqual([...parsed.file.diagrams.keys()], ['checkout']);
  assert.deepEqual(parsed.file.diagrams.get('checkout')!.nodes.get('api'), box(300, 24));
});

test('another fence’s entry stays byte for byte; the moved fence’s entry changes one line', () => {
  const other = layoutOf({ x: [10, 10] });
  const before = serializeLayoutFile({ kind: 'markdown', diagrams: new Map([['billing', other], ['checkout', layoutOf({ web: [24, 24], api: [300, 24] })]]) });
  const current = parseLayoutFile(before, true);
  assert.ok(current.ok);
  const after = fenceLayoutFileText(current.file, 'checkout', layoutOf({ web: [24, 24], api: [300, 200] }), model);
  const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
  assert.deepEqual(changed, ['        "api": { "x": 300, "y": 200, "width": 120, "height": 48 },']);
  const parsed = parseLayoutFile(after, true);
  assert.ok(parsed.ok && parsed.file.kind === 'markdown');
  assert.deepEqual(parsed.file.diagrams.get('billing'), other);
});

test('ids the fence no longer has are dropped from its entry only', () => {
  const current = { kind: 'markdown' as const, diagrams: new Map([['billing', layoutOf({ gone: [1, 1] })]]) };
  const after = parseLayoutFile(fenceLayoutFileText(current, 'checkout', layoutOf({ web: [0, 0], gone: [5, 5] }), model), true);
  assert.ok(after.ok && after.file.kind === 'markdown');
  assert.deepEqual([...after.file.diagrams.get('checkout')!.nodes.keys()], ['web']);
  assert.deepEqual([...after.file.diagrams.get('billing')!.nodes.keys()], ['gone'], 'another fence’s ids are not checked against this model');
});

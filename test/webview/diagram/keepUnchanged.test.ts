import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language/index';
import { layoutDiagram } from '../../../src/core/layout/index';
import { equalValues, keepUnchanged } from '../../../webview/diagram/keepUnchanged';
import { sceneToFlow, type FlowElements } from '../../../webview/diagram/sceneToFlow';

const ICONS = { 'lucide:globe': { body: '<path d="M0 0h24v24H0z"/>', width: 24, height: 24 } };

async function flowOf(text: string): Promise<FlowElements> {
  const { model, diagnostics } = parseDiagram(text);
  assert.deepEqual(diagnostics.filter((d) => d.severity === 'error'), []);
  return sceneToFlow(await layoutDiagram(model, ICONS));
}

const BASE = `direction LR
a = rectangle "A" icon=lucide:globe
g = group "G" {
  b = rounded "B"
  c = cylinder "C"
}
a -> b "call"
b -> c
`;

test('an identical drawing is the previous one, object for object', { timeout: 30_000 }, async () => {
  const first = await flowOf(BASE);
  const again = keepUnchanged(first, await flowOf(BASE));
  assert.equal(again, first);
});

test('a node that only moved keeps its data, so its component does not redraw', { timeout: 30_000 }, async () => {
  const first = await flowOf(BASE);
  // A longer label on `a` widens it and pushes everything to its right.
  const next = keepUnchanged(first, await flowOf(BASE.replace('"A"', '"A much longer label"')));
  const before = (id: string) => first.nodes.find((n) => n.id === id)!;
  const after = (id: string) => next.nodes.find((n) => n.id === id)!;
  assert.notDeepEqual(after('b').position, before('b').position, 'b moved');
  assert.equal(after('b').data, before('b').data, 'b draws the same, so its data is shared');
  assert.equal(after('c').data, before('c').data);
  assert.notEqual(after('a').data, before('a').data, 'a changed its label, so it gets new data');
  assert.deepEqual((after('a').data as { element: { label: { lines: string[] } } }).element.label.lines, ['A much longer label']);
  // The shared data is the old object, but everything it draws is relative to the node, so it still fits.
  const rel = (n: ReturnType<typeof after>) => {
    const e = (n.data as { element: { x: number; y: number; labelPosition: { x: number; y: number } } }).element;
    return [e.labelPosition.x - e.x, e.labelPosition.y - e.y];
  };
  const fresh = (await flowOf(BASE.replace('"A"', '"A much longer label"'))).nodes.find((n) => n.id === 'b')!;
  assert.deepEqual(rel(after('b')).map((v) => v.toFixed(3)), rel(fresh).map((v) => v.toFixed(3)));
});

test('changed, added and removed elements are the new ones; edges are shared only when equal', { timeout: 30_000 }, async () => {
  const first = await flowOf(BASE);
  const text = BASE.replace('b -> c', 'b -> c "store"').replace('c = cylinder "C"', 'c = cylinder "C"\n  d = rectangle "D"');
  const next = keepUnchanged(first, await flowOf(text));
  assert.ok(next.nodes.some((n) => n.id === 'd'), 'the new node is there');
  const edge = next.edges.find((e) => e.source === 'b' && e.target === 'c')!;
  assert.equal(edge.data?.edge.label?.lines[0], 'store', 'the changed edge carries its new label');
  const removed = keepUnchanged(next, await flowOf(BASE.replace('a -> b "call"\n', '')));
  assert.equal(removed.edges.some((e) => e.source === 'a'), false, 'a removed edge is gone');
});

test('a node whose shape changed is never mistaken for a move', { timeout: 30_000 }, async () => {
  const first = await flowOf(BASE);
  const next = keepUnchanged(first, await flowOf(BASE.replace('c = cylinder', 'c = hexagon')));
  const c = next.nodes.find((n) => n.id === 'c')!;
  assert.equal(c.type, 'hexagon');
  assert.notEqual(c.data, first.nodes.find((n) => n.id === 'c')!.data);
});

test('equalValues compares JSON-like values deeply, treating undefined members as absent', () => {
  assert.equal(equalValues({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] }), true);
  assert.equal(equalValues({ a: 1, b: undefined }, { a: 1 }), true);
  assert.equal(equalValues({ a: 1 }, { a: 2 }), false);
  assert.equal(equalValues([1, 2], [1, 2, 3]), false);
  assert.equal(equalValues([1], { 0: 1 }), false);
  assert.equal(equalValues(null, {}), false);
  assert.equal(equalValues({ a: 1 }, { b: 1 }), false);
});

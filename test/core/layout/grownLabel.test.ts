import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { measureNode, measureNodeWithin } from '../../../src/core/layout/boxes';
import { keptLayout } from '../../../src/core/layout/keptLayout';
import { emptyLayout, type DiagramLayout } from '../../../src/core/layout/layoutFile';
import { measureLayout } from '../../../src/core/layout/metrics';
import { compareLayouts } from '../../../src/core/layout/stability';
import type { Direction, NodeDecl } from '../../../src/core/model';
import type { Scene } from '../../../src/core/scene';
import { diagram } from './builders';

const LONGER = 'Payments gateway and its longer name';

/** Three layers of two nodes (a1 a2 | b1 b2 | c1 c2), b1's label `label`; `layout` places each at the given centre, at its short label's size. */
function rows(direction: Direction, label: string, centres: Record<string, [number, number]>) {
  const ids = Object.keys(centres);
  const model = diagram({
    direction,
    elements: ids.map((id) => ({ id, label: id === 'b1' ? label : id })),
    edges: [['a1', 'b1'], ['b1', 'c1'], ['a2', 'b2'], ['b2', 'c2']],
  });
  const layout: DiagramLayout = emptyLayout(direction);
  for (const id of ids) {
    const size = measureNode(diagram({ elements: [{ id }] }).elements[0] as NodeDecl);
    const [cx, cy] = centres[id]!;
    layout.nodes.set(id, { x: cx - size.width / 2, y: cy - size.height / 2, width: size.width, height: size.height });
  }
  return { model, layout };
}

/** b1's label made `label` in the drawing of `centres`: the drawing before and after, b1's old box and its new one. */
function grown(direction: Direction, label: string, centres: Record<string, [number, number]>) {
  const before = rows(direction, 'b1', centres);
  const after = rows(direction, label, centres);
  const scene = keptLayout(after.model, {}, after.layout);
  return { was: keptLayout(before.model, {}, before.layout), scene, file: after.layout, old: after.layout.nodes.get('b1')!, now: box(scene, 'b1') };
}

/** b1 kept its centre, every other node its box, every pair its order. */
function assertGrewInPlace({ was, scene, file, old, now }: ReturnType<typeof grown>) {
  assertSameCentre(now, old);
  for (const id of ['a1', 'a2', 'b2', 'c1', 'c2']) assert.deepEqual(centre(box(scene, id)), centre(file.nodes.get(id)!), `${id} did not move`);
  assert.equal(compareLayouts(was, scene).orthoOrderKept, 1);
  assertClean(scene);
}

const box = (scene: Scene, id: string) => scene.nodes.find((n) => n.id === id)!;
const centre = (b: { x: number; y: number; width: number; height: number }) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** Centres equal to the half pixel a whole-pixel box of another parity needs. */
function assertSameCentre(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  const [p, q] = [centre(a), centre(b)];
  assert.ok(Math.abs(p.x - q.x) <= 0.5 && Math.abs(p.y - q.y) <= 0.5, JSON.stringify([p, q]));
}

function assertClean(scene: Scene) {
  const m = measureLayout(scene);
  assert.deepEqual([m.boxOverlaps, m.edgeNode, m.labelNode + m.labelLabel, m.wrapArounds], [0, 0, 0, 0]);
}

describe('a kept node whose label grew', () => {
  it('measureNodeWithin wraps a label to a width, or as narrow as its words allow', () => {
    const n = diagram({ elements: [{ id: 'p', label: LONGER }] }).elements[0] as NodeDecl;
    const natural = measureNode(n);
    const within = measureNodeWithin(n, 120);
    assert.ok(within.width < natural.width && within.height > natural.height, JSON.stringify([natural.width, within.width]));
    assert.ok(within.label.lines.length > natural.label.lines.length);
    const tight = measureNodeWithin(n, 10);
    assert.ok(tight.width > 10 && tight.width <= within.width, 'the longest word sets the narrowest box');
  });

  it('top to bottom: keeps its centre and its width (the label wraps), moving no other box', () => {
    // Layers are rows 150 px apart; nodes of a row 150 px apart: no room across for a wider box.
    const centres: Record<string, [number, number]> = { a1: [100, 60], a2: [250, 60], b1: [100, 210], b2: [250, 210], c1: [100, 360], c2: [250, 360] };
    const g = grown('TB', LONGER, centres);
    assert.equal(g.now.width, g.old.width, 'no wider: the label wrapped');
    assert.ok(g.now.height > g.old.height);
    assert.ok(g.now.label.lines.length > 1);
    assertGrewInPlace(g);
  });

  it('left to right: grows along the flow around its centre (one line), moving no other box', () => {
    // Layers 320 px apart, rows 68 px apart: no room across the flow for a second line.
    const centres: Record<string, [number, number]> = { a1: [80, 60], a2: [80, 128], b1: [400, 60], b2: [400, 128], c1: [720, 60], c2: [720, 128] };
    const g = grown('LR', LONGER, centres);
    assert.equal(g.now.height, g.old.height, 'one line: no taller, so b2 below keeps its place');
    assert.equal(g.now.label.lines.length, 1);
    assert.ok(g.now.width > g.old.width);
    assertGrewInPlace(g);
  });

  it('with no room around it, pushes only the boxes it would overlap, keeping every order', () => {
    // c1 sits close after b1 along the flow: the longer box reaches it, and nothing else.
    const centres: Record<string, [number, number]> = { a1: [80, 60], a2: [80, 200], b1: [300, 60], b2: [300, 200], c1: [470, 60], c2: [700, 200] };
    const { was, scene, file } = grown('LR', `${LONGER} that runs on and on`, centres);
    const moved = ['a1', 'a2', 'b2', 'c1', 'c2'].filter((id) => {
      const [p, q] = [centre(box(scene, id)), centre(file.nodes.get(id)!)];
      return p.x !== q.x || p.y !== q.y;
    });
    assert.deepEqual(moved, ['c1']);
    assert.ok(box(scene, 'c1').x >= box(scene, 'b1').x + box(scene, 'b1').width, 'c1 is past the grown box');
    assert.equal(compareLayouts(was, scene).orthoOrderKept, 1);
    assertClean(scene);
  });
});

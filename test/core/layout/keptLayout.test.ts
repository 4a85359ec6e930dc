import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { layoutDiagram } from '../../../src/core/layout';
import { measureNode } from '../../../src/core/layout/boxes';
import { hasKeptPositions, keptLayout, layoutWithKept } from '../../../src/core/layout/keptLayout';
import { emptyLayout, layoutFromScene, type DiagramLayout } from '../../../src/core/layout/layoutFile';
import { measureLayout } from '../../../src/core/layout/metrics';
import { compareLayouts } from '../../../src/core/layout/stability';
import type { DiagramModel, NodeDecl } from '../../../src/core/model';
import type { Scene } from '../../../src/core/scene';
import { diagram, generated, type EdgeSpec, type GroupSpec, type NodeSpec } from './builders';
import { assertSceneInvariants, contains } from './sceneChecks';

/** A layout file placing `ids` on a grid along the flow (LR), at their measured sizes. */
function gridLayout(model: DiagramModel, ids: string[]): DiagramLayout {
  const l = emptyLayout(model.direction);
  ids.forEach((id, k) => {
    const n = model.elements.find((e): e is NodeDecl => e.id === id && e.kind === 'node')!;
    const b = measureNode(n);
    l.nodes.set(id, { x: 40 + 260 * Math.floor(k / 3), y: 40 + 140 * (k % 3), width: b.width, height: b.height });
  });
  return l;
}

/** The figures every kept drawing must reach: nothing overlapping, crossing a node, colliding or wrapping round. */
function assertClean(scene: Scene): void {
  assertSceneInvariants(scene);
  const m = measureLayout(scene);
  assert.deepEqual(
    { boxOverlaps: m.boxOverlaps, edgeNode: m.edgeNode, labelNode: m.labelNode, labelLabel: m.labelLabel, wrapArounds: m.wrapArounds },
    { boxOverlaps: 0, edgeNode: 0, labelNode: 0, labelLabel: 0, wrapArounds: 0 },
  );
}

function assertKept(scene: Scene, layout: DiagramLayout, except: string[] = []): void {
  for (const n of scene.nodes) {
    const k = layout.nodes.get(n.id);
    if (!k || except.includes(n.id)) continue;
    assert.deepEqual({ x: n.x, y: n.y, width: n.width, height: n.height }, k, `${n.id} keeps its box`);
  }
}

const chain = (extra: { elements?: (NodeSpec | GroupSpec)[]; edges?: EdgeSpec[] } = {}) =>
  diagram({
    elements: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }, { id: 'e' }, { id: 'f' }, ...(extra.elements ?? [])],
    edges: [['a', 'b', { label: 'reads' }], ['b', 'c'], ['a', 'd'], ['d', 'e'], ['e', 'f', { label: 'writes' }], ['c', 'f'], ...(extra.edges ?? [])],
  });

describe('keptLayout: positions from the layout file', () => {
  it('keeps every box of the file exactly and routes cleanly around them', () => {
    const model = chain();
    const layout = gridLayout(model, ['a', 'b', 'c', 'd', 'e', 'f']);
    const scene = keptLayout(model, {}, layout);
    assertKept(scene, layout);
    assertClean(scene);
  });

  it('puts a new node after its source along the flow, moving no kept box', () => {
    const model = chain({ elements: [{ id: 'new' }], edges: [['b', 'new']] });
    const layout = gridLayout(model, ['a', 'b', 'c', 'd', 'e', 'f']);
    const scene = keptLayout(model, {}, layout);
    assertKept(scene, layout);
    assertClean(scene);
    const b = scene.nodes.find((n) => n.id === 'b')!;
    const added = scene.nodes.find((n) => n.id === 'new')!;
    assert.ok(added.x >= b.x + b.width, 'after its source along the flow');
  });

  it('puts a new node before its target in a top-to-bottom diagram', () => {
    const model = diagram({ direction: 'TB', elements: [{ id: 'a' }, { id: 'b' }, { id: 'src' }], edges: [['a', 'b'], ['src', 'b']] });
    const layout = emptyLayout('TB');
    layout.nodes.set('a', { x: 40, y: 40, ...size(model, 'a') });
    layout.nodes.set('b', { x: 40, y: 400, ...size(model, 'b') });
    const scene = keptLayout(model, {}, layout);
    assertKept(scene, layout);
    const src = scene.nodes.find((n) => n.id === 'src')!;
    assert.ok(src.y + src.height <= 400, 'above its target');
    assertClean(scene);
  });

  it('removed elements leave; the rest stays', () => {
    const model = chain();
    const layout = gridLayout(model, ['a', 'b', 'c', 'd', 'e', 'f']);
    layout.nodes.set('gone', { x: 900, y: 40, width: 120, height: 48 });
    const scene = keptLayout(model, {}, layout);
    assert.ok(!scene.nodes.some((n) => n.id === 'gone'));
    assertKept(scene, layout);
  });

  it('grows a group to hold a new member, keeping its kept members and its top-left', () => {
    const model = diagram({
      elements: [{ group: 'g' }, { id: 'a', parent: 'g' }, { id: 'b', parent: 'g' }, { id: 'x' }, { id: 'new', parent: 'g' }],
      edges: [['a', 'b'], ['b', 'x'], ['a', 'new']],
    });
    const first = keptLayout(model, {}, gridLayout(model, ['a', 'b', 'x']));
    const layout = layoutFromScene(first);
    layout.nodes.delete('new');
    const scene = keptLayout(model, {}, layout);
    assertKept(scene, layout);
    const g = scene.groups.find((x) => x.id === 'g')!;
    assert.ok(contains(g, scene.nodes.find((n) => n.id === 'new')!), 'the group holds its new member');
    assert.deepEqual([g.x, g.y], [layout.groups.get('g')!.x, layout.groups.get('g')!.y]);
    assertClean(scene);
  });

  it('a node whose label grew keeps its centre; neighbours in its way make room, order kept', () => {
    const model = chain();
    const layout = gridLayout(model, ['a', 'b', 'c', 'd', 'e', 'f']);
    const before = keptLayout(model, {}, layout);
    const longer = chain();
    const b = longer.elements.find((e) => e.id === 'b')! as NodeDecl;
    b.label = 'b with a much longer name that wraps onto a second line and a third';
    const scene = keptLayout(longer, {}, layout);
    const old = layout.nodes.get('b')!;
    const now = scene.nodes.find((n) => n.id === 'b')!;
    assert.ok(now.width > old.width || now.height > old.height);
    assert.ok(Math.abs(now.x + now.width / 2 - (old.x + old.width / 2)) <= 1 && Math.abs(now.y + now.height / 2 - (old.y + old.height / 2)) <= 1);
    assertClean(scene);
    assert.equal(compareLayouts(before, scene).orthoOrderKept, 1);
  });

  it('routes through the waypoints a user gave a connection', () => {
    const model = chain();
    const layout = gridLayout(model, ['a', 'b', 'c', 'd', 'e', 'f']);
    const a = layout.nodes.get('a')!;
    const b = layout.nodes.get('b')!;
    // A detour to the right of the straight drop from a to b.
    const waypoint = { x: a.x + a.width + 60, y: Math.round((a.y + a.height + b.y) / 2) };
    layout.waypoints.set('a -> b', [waypoint]);
    const scene = keptLayout(model, {}, layout);
    const route = scene.edges.find((e) => e.source === 'a' && e.target === 'b')!.points;
    const through = route.slice(1).some((p, k) => {
      const q = route[k]!;
      return (q.x === p.x && p.x === waypoint.x && Math.min(p.y, q.y) <= waypoint.y && waypoint.y <= Math.max(p.y, q.y)) ||
        (q.y === p.y && p.y === waypoint.y && Math.min(p.x, q.x) <= waypoint.x && waypoint.x <= Math.max(p.x, q.x));
    });
    assert.ok(through, JSON.stringify(route));
  });

  it('is deterministic: the same model and file give the same scene', () => {
    const model = chain({ elements: [{ id: 'new' }, { id: 'lonely' }], edges: [['new', 'c']] });
    const layout = gridLayout(model, ['a', 'b', 'c', 'd', 'e', 'f']);
    assert.equal(JSON.stringify(keptLayout(model, {}, layout)), JSON.stringify(keptLayout(model, {}, layout)));
  });

  it('an ELK drawing kept through a new node and connection on a generated graph', async () => {
    const model = generated(40, 3);
    const fresh = await layoutDiagram(model, {});
    const layout = layoutFromScene(fresh);
    const edited = generated(40, 3);
    edited.elements.push({ ...(edited.elements.find((e) => e.id === 'n5') as NodeDecl), id: 'added', label: 'Added service', line: 99 } as unknown as NodeDecl);
    edited.connections.push({ ...edited.connections[0]!, id: `c${edited.connections.length}`, source: 'n5', target: 'added' });
    edited.connections.push({ ...edited.connections[0]!, id: `c${edited.connections.length}`, source: 'n3', target: 'n30' });
    const scene = keptLayout(edited, {}, layout);
    assertKept(scene, layout);
    assertClean(scene);
    const s = compareLayouts(fresh, scene);
    assert.equal(s.orthoOrderKept, 1);
    assert.ok(s.meanMove <= 1, `mean move ${s.meanMove}`);
  });
});

describe('layoutWithKept: the fresh layout when there is nothing to keep', () => {
  const model = () => diagram({ elements: [{ id: 'a' }, { id: 'b' }], edges: [['a', 'b']] });

  it('no file, an empty file, or a file of another direction: the fresh layout, unchanged', async () => {
    const fresh = await layoutDiagram(model(), {});
    assert.deepEqual(await layoutWithKept(model(), {}, undefined), fresh);
    assert.deepEqual(await layoutWithKept(model(), {}, emptyLayout('LR')), fresh);
    const turned = gridLayout(model(), ['a', 'b']);
    turned.direction = 'TB';
    assert.equal(hasKeptPositions(model(), turned), false);
    assert.deepEqual(await layoutWithKept(model(), {}, turned), fresh);
  });

  it('a file with positions: the kept drawing', async () => {
    const layout = gridLayout(model(), ['a', 'b']);
    assert.equal(hasKeptPositions(model(), layout), true);
    assert.deepEqual(await layoutWithKept(model(), {}, layout), keptLayout(model(), {}, layout));
  });
});

function size(model: DiagramModel, id: string) {
  const b = measureNode(model.elements.find((e): e is NodeDecl => e.id === id && e.kind === 'node')!);
  return { width: b.width, height: b.height };
}

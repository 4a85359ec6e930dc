import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { feedbackConnections } from '../../../src/core/layout/feedback';
import { buildHierarchy } from '../../../src/core/layout/hierarchy';
import { layoutDiagram } from '../../../src/core/layout';
import { measureLayout } from '../../../src/core/layout/metrics';
import { diagram } from './builders';

describe('feedback connections', () => {
  it('reverses the connection that closes a cycle between groups, not the forward ones', () => {
    // a feeds b (two groups); b's y answers a's x: a cycle between the groups only.
    const model = diagram({
      elements: [{ group: 'A' }, { id: 'x', parent: 'A' }, { id: 'x2', parent: 'A' }, { group: 'B' }, { id: 'y', parent: 'B' }],
      edges: [['x', 'y'], ['x', 'x2'], ['y', 'x2']],
    });
    assert.deepEqual([...feedbackConnections(buildHierarchy(model, 'LR'))], [2]);
  });

  it('follows declaration order inside one level and leaves acyclic graphs alone', () => {
    const chain = diagram({ elements: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], edges: [['a', 'b'], ['b', 'c'], ['a', 'c']] });
    assert.equal(feedbackConnections(buildHierarchy(chain, 'LR')).size, 0);
    const loop = diagram({ elements: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], edges: [['a', 'b'], ['b', 'c'], ['c', 'a']] });
    assert.deepEqual([...feedbackConnections(buildHierarchy(loop, 'LR'))], [2]);
  });

  it('never reverses self-connections or a group linked to its own content', () => {
    const model = diagram({ elements: [{ group: 'G' }, { id: 'a', parent: 'G' }], edges: [['a', 'a'], ['G', 'a'], ['a', 'G']] });
    assert.equal(feedbackConnections(buildHierarchy(model, 'LR')).size, 0);
  });

  it('keeps a reversed connection pointing from its source to its target, without wrapping round', async () => {
    const model = diagram({
      elements: [{ group: 'A' }, { id: 'x', parent: 'A' }, { id: 'x2', parent: 'A' }, { group: 'B' }, { id: 'y', parent: 'B' }],
      edges: [['x', 'y'], ['x', 'x2'], ['y', 'x2']],
    });
    const scene = await layoutDiagram(model, {});
    const back = scene.edges[2]!;
    const y = scene.nodes.find((n) => n.id === 'y')!;
    const x2 = scene.nodes.find((n) => n.id === 'x2')!;
    const on = (p: { x: number; y: number }, b: typeof y) => p.x >= b.x - 1 && p.x <= b.x + b.width + 1 && p.y >= b.y - 1 && p.y <= b.y + b.height + 1;
    assert.ok(on(back.points[0]!, y), 'the route starts at the source');
    assert.ok(on(back.points[back.points.length - 1]!, x2), 'the route ends at the target');
    assert.equal(measureLayout(scene).wrapArounds, 0);
  });
});

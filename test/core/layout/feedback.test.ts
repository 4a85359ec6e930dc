import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ElkNode } from 'elkjs/lib/elk-api';
import { parseDiagram } from '../../../src/core/language';
import { CANDIDATE_LIMIT } from '../../../src/core/layout/candidates';
import { buildElkGraph, edgeId } from '../../../src/core/layout/elkGraph';
import { feedbackConnections } from '../../../src/core/layout/feedback';
import { buildHierarchy } from '../../../src/core/layout/hierarchy';
import { layoutDiagram } from '../../../src/core/layout';
import { measureLayout } from '../../../src/core/layout/metrics';
import { diagram } from './builders';

/** Whether a route's end point lies on box `b` (its border, within a pixel). */
const on = (p: { x: number; y: number }, b: { x: number; y: number; width: number; height: number }) =>
  p.x >= b.x - 1 && p.x <= b.x + b.width + 1 && p.y >= b.y - 1 && p.y <= b.y + b.height + 1;

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
    assert.ok(on(back.points[0]!, y), 'the route starts at the source');
    assert.ok(on(back.points[back.points.length - 1]!, x2), 'the route ends at the target');
    assert.equal(measureLayout(scene).wrapArounds, 0);
  });

  it('hands a reversed connection to ELK with a straightness priority up to CANDIDATE_LIMIT elements, and none past it', () => {
    const optionsOfBack = (extra: number) => {
      const model = diagram({
        elements: [{ group: 'A' }, { id: 'x', parent: 'A' }, { id: 'x2', parent: 'A' }, { group: 'B' }, { id: 'y', parent: 'B' }, ...Array.from({ length: extra }, (_, i) => ({ id: `z${i}` }))],
        edges: [['x', 'y'], ['x', 'x2'], ['y', 'x2']],
      });
      const h = buildHierarchy(model, 'LR');
      const reversed = feedbackConnections(h);
      assert.deepEqual([...reversed], [2]);
      const edges: Array<{ id: string; layoutOptions?: Record<string, string> }> = [];
      const stack: ElkNode[] = [buildElkGraph(h, 'LR', false, reversed).graph];
      while (stack.length > 0) {
        const n = stack.pop()!;
        edges.push(...(n.edges ?? []));
        stack.push(...(n.children ?? []));
      }
      assert.equal(edges.find((e) => e.id === edgeId(0))?.layoutOptions, undefined, 'a forward connection has no options of its own');
      return edges.find((e) => e.id === edgeId(2))?.layoutOptions;
    };
    assert.deepEqual(optionsOfBack(0), { 'elk.layered.priority.straightness': '2' });
    assert.deepEqual(optionsOfBack(CANDIDATE_LIMIT - 5), { 'elk.layered.priority.straightness': '2' });
    assert.equal(optionsOfBack(CANDIDATE_LIMIT - 4), undefined);
  });

  it('draws a feedback connection between groups inside the band of its ends, not over the group between them', async () => {
    // Reduced from a generated architecture (bench/generateArchitecture.ts, seed 11, 30 nodes)
    // where n20 -> n8 climbed over Zone 3 and back down: 160 px outside its ends' box (the
    // empty Zone 0 stays: without it ELK placed the ends level with a free path already).
    const { model } = parseDiagram(FEEDBACK_OVER_A_GROUP);
    const scene = await layoutDiagram(model, {});
    const back = scene.edges.find((e) => e.source === 'n20' && e.target === 'n8')!;
    const n20 = scene.nodes.find((n) => n.id === 'n20')!;
    const n8 = scene.nodes.find((n) => n.id === 'n8')!;
    assert.ok(on(back.points[0]!, n20) && on(back.points.at(-1)!, n8), 'the route runs from n20 to n8');
    const metrics = measureLayout(scene);
    assert.equal(metrics.wrapArounds, 0);
    assert.equal(metrics.edgeNode + metrics.boxOverlaps + metrics.labelNode + metrics.labelLabel, 0);
  });
});

const FEEDBACK_OVER_A_GROUP = `diagram "Architecture 30"
direction LR
g0 = group "Zone 0" {
}
g1 = group "Zone 1" {
  n5 = cylinder "Service 5"
  n6 = rectangle "Service 6"
}
g2 = group "Zone 2" {
  n7 = rounded "Service 7"
  n8 = database "Service 8"
  n9 = queue "Service 9"
  g3 = group "Zone 3" {
    n10 = hexagon "Service 10"
    n11 = cylinder "Service 11"
    n12 = rectangle "Service 12"
    n13 = rounded "Service 13 with a long name"
    n15 = queue "Service 15"
  }
}
g4 = group "Zone 4" {
  n16 = hexagon "Service 16"
  n17 = cylinder "Service 17"
  n18 = rectangle "Service 18"
  n19 = rounded "Service 19"
  n20 = database "Service 20"
}
n21 = queue "Service 21"
n22 = hexagon "Service 22 with a long name"
n25 = rounded "Service 25"
n8 -> n9
n9 -> n10
n5 -> n11
n6 -> n12 "call 12"
n8 -> n13
n10 -> n16
n12 -> n18 "call 18"
n15 -> n21
n9 -> n12
n15 -> n16
n9 -> n25
n16 -> n20
n7 -> n20
n20 -> n8
`;

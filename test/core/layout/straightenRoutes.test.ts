import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { edgeLabelBox, measureLayout } from '../../../src/core/layout/metrics';
import { straightenRoutes } from '../../../src/core/layout/straightenRoutes';
import type { Scene, SceneEdge, SceneGroup, SceneNode } from '../../../src/core/scene';

const text = (width: number, height: number) => ({ lines: ['x'], fontSize: 13, fontWeight: 600 as const, width, height, lineHeight: height });
const node = (id: string, x: number, y: number, parent?: string): SceneNode => ({
  id, shape: 'rectangle', size: 'medium', x, y, width: 100, height: 40, label: text(30, 16), labelPosition: { x: x + 35, y: y + 12 }, line: 1, ...(parent ? { parent } : {}),
});
const edge = (id: string, source: string, target: string, points: Array<[number, number]>, label?: string): SceneEdge => ({
  id, source, target, points: points.map(([x, y]) => ({ x, y })), heads: 'end', anim: 'none', speed: 1, style: 'solid', line: 1,
  ...(label ? { label: text(40, 16), labelPosition: { x: 250, y: -130 } } : {}),
});
const group = (id: string, x: number, y: number, width: number, height: number): SceneGroup => ({
  id, size: 'medium', x, y, width, height, label: text(40, 17), labelPosition: { x: x + 12, y: y + 8 }, depth: 0, line: 1,
});
const scene = (nodes: SceneNode[], edges: SceneEdge[], groups: SceneGroup[] = []): Scene => ({
  direction: 'LR', theme: 'light', width: 800, height: 600, groups, nodes, edges, icons: {},
});

// a (0..100, 0..40) leaves east at y 20; b (400..500, 60..100) is entered from the west at y 80.
// The route climbs 150 px above both, as ELK's routes through a layer of dummies sometimes do.
const climbing = () => edge('c0', 'a', 'b', [[100, 20], [130, 20], [130, -150], [350, -150], [350, 80], [400, 80]]);

describe('straightenRoutes: simpler routes between the same ends', () => {
  it('replaces a route climbing round the drawing by one step between its ends', () => {
    const before = scene([node('a', 0, 0), node('b', 400, 60)], [climbing()]);
    assert.equal(measureLayout(before).wrapArounds, 1);
    const after = straightenRoutes(before);
    const points = after.edges[0]!.points;
    assert.deepEqual(points[0], { x: 100, y: 20 }, 'the route still leaves where it did');
    assert.deepEqual(points[points.length - 1], { x: 400, y: 80 }, 'and arrives where it did');
    assert.equal(points.length, 4, 'one step: two bends instead of four');
    assert.equal(points[1]!.y, 20);
    assert.equal(points[2]!.y, 80);
    assert.equal(points[1]!.x, points[2]!.x, 'the step is vertical');
    const m = measureLayout(after);
    assert.equal(m.wrapArounds, 0);
    assert.equal(m.bends, 2);
    assert.equal(before.edges[0]!.points.length, 6, 'the input scene is not changed');
  });

  it('draws a straight line when the two ends are level', () => {
    const before = scene([node('a', 0, 0), node('b', 400, 0)], [edge('c0', 'a', 'b', [[100, 20], [130, 20], [130, -150], [350, -150], [350, 20], [400, 20]])]);
    assert.deepEqual(straightenRoutes(before).edges[0]!.points, [{ x: 100, y: 20 }, { x: 400, y: 20 }]);
  });

  it('turns one corner when the ends face perpendicular ways', () => {
    // b (300..400, 200..240) is entered from above at x 350.
    const before = scene([node('a', 0, 0), node('b', 300, 200)], [edge('c0', 'a', 'b', [[100, 20], [150, 20], [150, 120], [250, 120], [250, 160], [350, 160], [350, 200]])]);
    assert.deepEqual(straightenRoutes(before).edges[0]!.points, [{ x: 100, y: 20 }, { x: 350, y: 20 }, { x: 350, y: 200 }]);
  });

  it('keeps the route when every simpler one would run through a node', () => {
    // A wall of a node between the ends, as tall as their span.
    const before = scene([node('a', 0, 0), node('b', 400, 60), { ...node('wall', 200, -20), height: 160 }], [climbing()]);
    assert.equal(straightenRoutes(before), before);
  });

  it('keeps the route when a simpler one would cross another connection', () => {
    // d -> e runs down between a and b, below the climbing route's top: any step would cross it.
    const before = scene(
      [node('a', 0, 0), node('b', 400, 60), node('d', 200, -100), node('e', 200, 200)],
      [climbing(), edge('c1', 'd', 'e', [[250, -60], [250, 200]])],
    );
    assert.equal(measureLayout(before).crossings, 0);
    assert.equal(straightenRoutes(before), before);
  });

  it('keeps the route when a simpler one would enter a group it stays out of', () => {
    const before = scene([node('a', 0, 0), node('b', 400, 60), node('x', 210, 0, 'g')], [climbing()], [group('g', 180, -40, 160, 180)]);
    assert.equal(straightenRoutes(before), before);
  });

  it('moves a label with its route, keeping its side and distance', () => {
    // The label (52 x 22 with its padding) hangs 20 px below the climbing route's top.
    const labelled = scene([node('a', 0, 0), node('b', 400, 60)], [edge('c0', 'a', 'b', climbing().points.map((p) => [p.x, p.y] as [number, number]), 'call')]);
    const after = straightenRoutes(labelled).edges[0]!;
    assert.equal(after.points.length, 4);
    const [, turn, , end] = after.points;
    const box = edgeLabelBox(after)!;
    assert.equal(box.x, 250, 'at the same place along the flow');
    assert.equal(box.y - end!.y, 20, 'below its segment, as far as before');
    assert.ok(turn!.x <= box.x, 'on the segment after the step');
    assert.equal(measureLayout(straightenRoutes(labelled)).labelNode, 0);
  });

  it('keeps a labelled route when its label would land on a node', () => {
    // c and d sit where the label would go beside either stretch of every simpler route.
    const labelled = scene([node('a', 0, 0), node('b', 400, 60), node('c', 240, 95), { ...node('d', 240, 38), height: 30 }], [edge('c0', 'a', 'b', climbing().points.map((p) => [p.x, p.y] as [number, number]), 'call')]);
    assert.equal(straightenRoutes(labelled), labelled);
  });

  it('slides one end along its side to draw boxes facing each other with a straight line', () => {
    // a and b (both y 0..40) face each other; ELK ended the route at b's y 30.
    const before = scene([node('a', 0, 0), node('b', 400, 0)], [edge('c0', 'a', 'b', [[100, 20], [250, 20], [250, 30], [400, 30]])]);
    assert.deepEqual(straightenRoutes(before).edges[0]!.points, [{ x: 100, y: 20 }, { x: 400, y: 20 }], 'the target end slid up to y 20');
  });

  it('does not slide an end next to another connection’s end, nor off a person’s figure', () => {
    const crowded = scene(
      [node('a', 0, 0), node('b', 400, 0), node('c', 0, 100)],
      [edge('c0', 'a', 'b', [[100, 20], [250, 20], [250, 30], [400, 30]]), edge('c1', 'c', 'b', [[100, 120], [300, 120], [300, 25], [400, 25]])],
    );
    assert.deepEqual(straightenRoutes(crowded).edges[0]!.points.at(-1), { x: 400, y: 30 }, 'y 20 is 5 px from c1’s end at y 25');
    const person = scene([node('a', 0, 0), { ...node('b', 400, 0), shape: 'person' }], [edge('c0', 'a', 'b', [[100, 20], [250, 20], [250, 30], [400, 30]])]);
    assert.equal(straightenRoutes(person), person);
  });

  it('leaves short routes alone', () => {
    const short = scene([node('a', 0, 0), node('b', 400, 60)], [edge('c0', 'a', 'b', [[100, 20], [250, 20], [250, 80], [400, 80]])]);
    assert.equal(straightenRoutes(short), short);
  });

  it('gives the same routes every time', () => {
    const make = () => scene([node('a', 0, 0), node('b', 400, 60), node('c', 0, 300)], [climbing(), edge('c1', 'c', 'b', [[100, 320], [160, 320], [160, 400], [380, 400], [380, 90], [400, 90]])]);
    assert.deepEqual(straightenRoutes(make()), straightenRoutes(make()));
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { borderCrossings, CORNER_MARGIN, isCornerEnd, measureLayout, segmentsCross } from '../../../src/core/layout/metrics';
import { compareLayouts } from '../../../src/core/layout/stability';
import type { Point, Scene, SceneEdge, SceneGroup, SceneNode } from '../../../src/core/scene';

const text = (width: number, height: number) => ({ lines: ['x'], fontSize: 12, fontWeight: 400 as const, width, height, lineHeight: height });
const node = (id: string, x: number, y: number, w = 100, h = 50, parent?: string): SceneNode => ({
  id, shape: 'rectangle', size: 'medium', x, y, width: w, height: h, label: text(10, 10), labelPosition: { x, y }, line: 1, ...(parent ? { parent } : {}),
});
const group = (id: string, x: number, y: number, w: number, h: number, parent?: string): SceneGroup => ({
  id, size: 'medium', x, y, width: w, height: h, label: text(60, 16), labelPosition: { x: x + 12, y: y + 8 }, depth: parent ? 1 : 0, line: 1, ...(parent ? { parent } : {}),
});
let edgeCount = 0;
const edge = (source: string, target: string, points: Array<[number, number]>, label?: { x: number; y: number; w: number; h: number }): SceneEdge => ({
  id: `c${edgeCount++}`, source, target, points: points.map(([x, y]): Point => ({ x, y })), heads: 'end', anim: 'none', speed: 1, style: 'solid', line: 1,
  ...(label ? { label: text(label.w - 12, label.h - 6), labelPosition: { x: label.x, y: label.y } } : {}),
});
const scene = (nodes: SceneNode[], edges: SceneEdge[], groups: SceneGroup[] = []): Scene => ({
  direction: 'LR', theme: 'light', width: 1000, height: 1000, groups, nodes, edges, icons: {},
});

describe('layout metrics', () => {
  it('counts a proper crossing but not touching ends or T-junctions', () => {
    const s = (a: [number, number], b: [number, number]) => ({ a: { x: a[0], y: a[1] }, b: { x: b[0], y: b[1] } });
    assert.equal(segmentsCross(s([0, 5], [10, 5]), s([5, 0], [5, 10])), true);
    assert.equal(segmentsCross(s([0, 5], [10, 5]), s([10, 0], [10, 10])), false, 'an end on the other segment');
    assert.equal(segmentsCross(s([0, 5], [10, 5]), s([5, 5], [5, 10])), false, 'a T-junction');
    assert.equal(segmentsCross(s([0, 5], [10, 5]), s([2, 5], [8, 5])), false, 'collinear');
  });

  it('measures crossings, bends, length, detour and excess on a small drawing', () => {
    // a (0..100) → b (300..400) straight; c above, d below, with a vertical route crossing a→b.
    const m = measureLayout(
      scene(
        [node('a', 0, 100), node('b', 300, 100), node('c', 175, 0), node('d', 175, 250)],
        [edge('a', 'b', [[100, 125], [300, 125]]), edge('c', 'd', [[225, 50], [225, 250]]), edge('a', 'd', [[50, 150], [50, 275], [175, 275]])],
      ),
    );
    assert.equal(m.crossings, 1);
    assert.equal(m.bends, 1);
    assert.equal(m.maxBends, 1);
    assert.equal(m.totalLength, 200 + 200 + 125 + 125);
    assert.equal(m.excessLength, 0, 'every route is a monotone staircase');
    // a→d: gap between the boxes is 75 horizontally and 100 vertically, the route is 250 long.
    assert.equal(m.detourLength, 0 + 0 + (250 - 175));
    assert.equal(m.wrapArounds, 0);
    assert.equal(m.edgeNode, 0);
    assert.equal(m.boxOverlaps, 0);
  });

  it('finds a wrap-around, an edge through a node and a route walking backwards', () => {
    // b feeds back into a by going round above the whole drawing.
    const m = measureLayout(
      scene(
        [node('a', 0, 200), node('b', 300, 200), node('m', 150, 200)],
        [edge('b', 'a', [[400, 225], [420, 225], [420, 0], [-20, 0], [-20, 225], [0, 225]]), edge('a', 'b', [[100, 225], [300, 225]])],
      ),
    );
    assert.equal(m.wrapArounds, 1);
    assert.equal(m.maxOvershoot, 200);
    assert.equal(m.edgeNode, 1, 'a→b runs straight through m');
    // b→a: from (400,225) to (0,225): |Δx| 400, route 20+225+440+225+20 = 930.
    assert.equal(m.excessLength, 930 - 400);
  });

  it('counts connection ends at a corner of their box, not those along the side or off the box', () => {
    const box = { x: 0, y: 0, width: 100, height: 50 };
    assert.equal(CORNER_MARGIN, 8);
    assert.equal(isCornerEnd({ x: 100, y: 0 }, box), true, 'the corner itself');
    assert.equal(isCornerEnd({ x: 100, y: 7.9 }, box), true, 'just under 8 px down the right side');
    assert.equal(isCornerEnd({ x: 100, y: 8 }, box), false);
    assert.equal(isCornerEnd({ x: 100, y: 25 }, box), false, 'the middle of the side');
    assert.equal(isCornerEnd({ x: 95, y: 50 }, box), true, '5 px from the bottom right corner, on the bottom');
    assert.equal(isCornerEnd({ x: 103, y: 2 }, box), false, 'off the box (a rounded outline)');
    // a→b leaves from a's top right corner; c→b ends in the middle of b's left side.
    const m = measureLayout(
      scene(
        [node('a', 0, 0), node('b', 300, 0), node('c', 0, 200)],
        [edge('a', 'b', [[100, 0], [200, 0], [200, 25], [300, 25]]), edge('c', 'b', [[100, 225], [250, 225], [250, 30], [300, 30]])],
      ),
    );
    assert.equal(m.cornerEnds, 1);
  });

  it('counts unneeded group-border crossings, foreign groups and the title', () => {
    const g = group('g', 100, 0, 200, 200);
    const inside = node('i', 150, 100, 100, 50, 'g');
    const m = measureLayout(
      scene(
        [node('a', 0, 75), inside, node('b', 400, 75)],
        [
          // a→b runs through the whole group: 2 crossings, none needed, a foreign group, and through the title row.
          edge('a', 'b', [[100, 100], [400, 100]]),
          // a→i enters once (needed): no excess.
          edge('a', 'i', [[100, 90], [125, 90], [125, 125], [150, 125]]),
          // b→i leaves and re-enters the group: 2 crossings beyond the needed one.
          edge('b', 'i', [[400, 140], [350, 140], [350, 190], [260, 190], [260, 300], [200, 300], [200, 150]]),
          // over the title: enters at the title, then out again.
          edge('a', 'b', [[50, 75], [50, 10], [450, 10], [450, 75]]),
        ],
        [g],
      ),
    );
    assert.equal(m.groupCrossExcess, 2 + 0 + 2 + 2);
    assert.equal(m.edgesThroughForeignGroup, 2);
    assert.equal(m.edgeGroupTitle, 1);
    assert.equal(borderCrossings([{ x: 0, y: 50 }, { x: 400, y: 50 }], { x: 100, y: 0, width: 100, height: 100 }), 2);
    assert.equal(borderCrossings([{ x: 150, y: 50 }, { x: 400, y: 50 }], { x: 100, y: 0, width: 100, height: 100 }), 1);
    assert.equal(borderCrossings([{ x: 0, y: 0 }, { x: 400, y: 0 }], { x: 100, y: 0, width: 100, height: 100 }), 0, 'along the border');
  });

  it('finds label collisions, overlapping boxes and separates shared-end overlaps', () => {
    const m = measureLayout(
      scene(
        [node('a', 0, 0), node('b', 300, 0), node('c', 80, 40), node('d', 300, 200)],
        [
          edge('a', 'b', [[100, 25], [300, 25]], { x: 150, y: 15, w: 40, h: 20 }),
          edge('c', 'b', [[180, 10], [300, 10]], { x: 160, y: 20, w: 40, h: 20 }),
          edge('a', 'd', [[50, 50], [50, 100], [350, 100], [350, 200]]),
          edge('c', 'd', [[130, 80], [130, 100], [340, 100], [340, 200]]),
        ],
      ),
    );
    assert.equal(m.boxOverlaps, 1, 'a and c overlap');
    assert.equal(m.labelLabel, 1);
    assert.equal(m.labelNode, 0);
    assert.equal(m.labelEdge, 1, 'c→b passes through a→b’s label');
    assert.equal(m.overlapLenSharedEnd, 210, 'a→d and c→d run together from x 130 to 340');
    assert.equal(m.overlapLen, 0);
  });

  it('reports the bounding box, area and aspect', () => {
    const m = measureLayout(scene([node('a', 10, 10, 100, 50), node('b', 210, 10, 100, 50)], [edge('a', 'b', [[110, 35], [210, 35]])]));
    assert.equal(m.width, 300);
    assert.equal(m.height, 50);
    assert.equal(m.area, 15000);
    assert.equal(m.aspect, 6);
    assert.equal(m.bboxPerNode, 1.5);
  });
});

describe('layout stability', () => {
  it('ignores a common shift and reports what moved', () => {
    const before = scene([node('a', 0, 0), node('b', 200, 0), node('c', 0, 200), node('d', 200, 200)], []);
    const shifted = scene([node('a', 50, 30), node('b', 250, 30), node('c', 50, 230), node('d', 250, 230)], []);
    const same = compareLayouts(before, shifted);
    assert.equal(same.meanMove, 0);
    assert.equal(same.orthoOrderKept, 1);
    assert.equal(same.movedShare, 0);

    // d moves to the far left: its left/right relation with a, b and c flips.
    const moved = compareLayouts(before, scene([node('a', 0, 0), node('b', 200, 0), node('c', 0, 200), node('d', -200, 200), node('new', 500, 500)], []));
    assert.equal(moved.common, 4);
    assert.equal(moved.maxMove, 400);
    assert.equal(moved.meanMove, 100);
    assert.equal(moved.movedShare, 0.25);
    // Pairs with d: (a,d) x flips, (b,d) x flips, (c,d) x flips; the other three keep their order.
    assert.equal(moved.orthoOrderKept, 3 / 6);
    // Left to right is the flow in LR: only the left/right flips count there.
    assert.equal(moved.flowOrderKept, 3 / 6);
    assert.equal(moved.crossOrderKept, 1);
  });

  it('splits the order kept into along and across the flow by the drawing direction', () => {
    const before = { ...scene([node('a', 0, 0), node('b', 200, 0), node('c', 0, 200)], []), direction: 'TB' as const };
    // c moves up beside a: in TB the layering changed (above/below), the order within the layer did not.
    const after = { ...before, nodes: [node('a', 0, 0), node('b', 200, 0), node('c', -200, 0)] };
    const s = compareLayouts(before, after);
    // (a,c): x level -> left of a, y below -> level; (b,c): c stays left of b, y below -> level.
    assert.equal(s.flowOrderKept, 1 / 3, 'only (a,b) keeps its above/below relation');
    assert.equal(s.crossOrderKept, 2 / 3, '(a,c) becomes left/right, (b,c) keeps c on the left');
    assert.equal(s.orthoOrderKept, 1 / 3);
  });

  it('counts routes kept and sizes changed', () => {
    const before = scene([node('a', 0, 0), node('b', 200, 0), node('c', 0, 100)], [edge('a', 'b', [[100, 25], [200, 25]])]);
    const after = scene([node('a', 10, 0), node('b', 210, 0, 140), node('c', 10, 100)], [{ ...before.edges[0]!, points: [{ x: 110, y: 25 }, { x: 210, y: 25 }] }]);
    const s = compareLayouts(before, after);
    assert.equal(s.routesKept, 1);
    assert.equal(s.sizeChanged, 1);
  });
});

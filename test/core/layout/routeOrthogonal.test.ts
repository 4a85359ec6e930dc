import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Box } from '../../../src/core/layout/geometry';
import { cleanRoute, routeEnters, segmentsCross, segmentsOf, WRAP_OVERSHOOT } from '../../../src/core/layout/metrics';
import { CLEAR, nudge, routeOrthogonal, type RouteRequest } from '../../../src/core/layout/routeOrthogonal';
import type { Point } from '../../../src/core/scene';
import { rng } from './builders';
import { onBorder } from './sceneChecks';

const box = (x: number, y: number, width = 120, height = 48): Box => ({ x, y, width, height });

function assertRoutes(boxes: Map<string, Box>, requests: RouteRequest[], routes: Point[][]): void {
  assert.equal(routes.length, requests.length);
  routes.forEach((route, i) => {
    const r = requests[i]!;
    assert.ok(route.length >= 2);
    for (let k = 1; k < route.length; k++) {
      const a = route[k - 1]!;
      const b = route[k]!;
      assert.ok(a.x === b.x || a.y === b.y, `route ${i} segment ${k} is orthogonal`);
    }
    assert.ok(onBorder(route[0]!, boxes.get(r.source)!), `route ${i} starts on its source's border`);
    assert.ok(onBorder(route[route.length - 1]!, boxes.get(r.target)!), `route ${i} ends on its target's border`);
    const segments = segmentsOf(cleanRoute(route));
    for (const [id, b] of boxes) {
      if (id === r.source || id === r.target) continue;
      assert.ok(!routeEnters(segments, b), `route ${i} (${r.source} -> ${r.target}) stays out of ${id}`);
    }
  });
}

/** Boxes of random sizes near the points of an n x n grid, each there with probability `share`, named n<row>_<column>. */
function randomBoxes(rand: () => number, n: number, share: number): Map<string, Box> {
  const boxes = new Map<string, Box>();
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (rand() < share) boxes.set(`n${r}_${c}`, box(40 + c * 220 + Math.floor(rand() * 40), 40 + r * 130 + Math.floor(rand() * 30), 100 + Math.floor(rand() * 60), 40 + Math.floor(rand() * 30)));
  return boxes;
}

describe('routeOrthogonal', () => {
  it('runs straight between two boxes facing each other', () => {
    const boxes = new Map([['a', box(0, 0)], ['b', box(300, 0)]]);
    const [route] = routeOrthogonal(boxes, [{ source: 'a', target: 'b' }], 'LR');
    assert.deepEqual(route, [{ x: 120, y: 24 }, { x: 300, y: 24 }]);
  });

  it('goes around a box in the way, never through it, with few bends', () => {
    const boxes = new Map([['a', box(0, 100)], ['wall', box(200, 60, 80, 140)], ['b', box(400, 100)]]);
    const requests = [{ source: 'a', target: 'b' }];
    const routes = routeOrthogonal(boxes, requests, 'LR');
    assertRoutes(boxes, requests, routes);
    assert.ok(cleanRoute(routes[0]!).length - 2 <= 4, JSON.stringify(routes[0]));
    const wall = boxes.get('wall')!;
    // It keeps its clearance from the wall.
    for (const p of routes[0]!.slice(1, -1)) {
      const inside = p.x > wall.x - CLEAR + 1 && p.x < wall.x + wall.width + CLEAR - 1 && p.y > wall.y - CLEAR + 1 && p.y < wall.y + wall.height + CLEAR - 1;
      assert.ok(!inside, JSON.stringify(p));
    }
  });

  it('leaves by the side facing the flow when boxes are apart along it', () => {
    const boxes = new Map([['a', box(0, 0)], ['b', box(0, 200)]]);
    const [down] = routeOrthogonal(boxes, [{ source: 'a', target: 'b' }], 'TB');
    assert.equal(down![0]!.y, 48);
    assert.equal(down![down!.length - 1]!.y, 200);
    // Offset across the flow but still facing along it: no other side is taken.
    const [right] = routeOrthogonal(new Map([['a', box(0, 0)], ['b', box(300, 20)]]), [{ source: 'a', target: 'b' }], 'LR');
    assert.equal(right![0]!.x, 120);
    assert.equal(right![right!.length - 1]!.x, 300);
  });

  it('spreads ends on one side and keeps routes of a fan-out from crossing', () => {
    const boxes = new Map([['hub', box(0, 150, 120, 80)], ['t1', box(300, 0)], ['t2', box(300, 160)], ['t3', box(300, 320)]]);
    const requests = ['t1', 't2', 't3'].map((t) => ({ source: 'hub', target: t }));
    const routes = routeOrthogonal(boxes, requests, 'LR');
    assertRoutes(boxes, requests, routes);
    const starts = routes.map((r) => r[0]!.y);
    assert.equal(new Set(starts).size, 3, 'three distinct ends');
    assert.deepEqual([...starts].sort((a, b) => a - b), starts, 'ordered like their targets');
    const segs = routes.map((r) => segmentsOf(cleanRoute(r)));
    for (let i = 0; i < segs.length; i++) for (let j = i + 1; j < segs.length; j++) for (const s of segs[i]!) for (const t of segs[j]!) assert.ok(!segmentsCross(s, t));
  });

  it('passes through waypoints in order', () => {
    const boxes = new Map([['a', box(40, 40)], ['b', box(40, 180)]]);
    const [route] = routeOrthogonal(boxes, [{ source: 'a', target: 'b', waypoints: [{ x: 220, y: 134 }] }], 'LR');
    assert.ok(route!.some((p) => p.x === 220 && p.y === 134) || route!.some((p, k) => k > 0 && p.x === 220 && route![k - 1]!.x === 220), JSON.stringify(route));
  });

  it('random boxes on a grid: orthogonal, on borders, through no box, no wrap-around, deterministic', () => {
    const rand = rng(11);
    const boxes = randomBoxes(rand, 6, 0.8);
    const ids = [...boxes.keys()];
    const requests: RouteRequest[] = [];
    for (let k = 0; k < 50; k++) {
      const a = ids[Math.floor(rand() * ids.length)]!;
      const b = ids[Math.floor(rand() * ids.length)]!;
      if (a !== b) requests.push({ source: a, target: b });
    }
    const routes = routeOrthogonal(boxes, requests, 'LR');
    assertRoutes(boxes, requests, routes);
    routes.forEach((route, i) => {
      const s = boxes.get(requests[i]!.source)!;
      const t = boxes.get(requests[i]!.target)!;
      const x0 = Math.min(s.x, t.x) - WRAP_OVERSHOOT;
      const x1 = Math.max(s.x + s.width, t.x + t.width) + WRAP_OVERSHOOT;
      const y0 = Math.min(s.y, t.y) - WRAP_OVERSHOOT;
      const y1 = Math.max(s.y + s.height, t.y + t.height) + WRAP_OVERSHOOT;
      for (const p of route) assert.ok(p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1, `route ${i} stays near its ends`);
    });
    assert.deepEqual(routeOrthogonal(boxes, requests, 'LR'), routes);
  });

  it('past 200 connections (the greedier search, its second pass bounded by the first pass\'s routes): still through no box, deterministic', () => {
    const rand = rng(23);
    const boxes = randomBoxes(rand, 9, 0.85);
    const ids = [...boxes.keys()];
    const requests: RouteRequest[] = [];
    // Mostly between neighbours, as in a diagram (and so the test stays quick).
    while (requests.length < 210) {
      const a = ids[Math.floor(rand() * ids.length)]!;
      const [r, c] = a.slice(1).split('_').map(Number);
      const b = `n${r! + Math.floor(rand() * 5) - 2}_${c! + 1 + Math.floor(rand() * 2)}`;
      if (boxes.has(b)) requests.push({ source: a, target: b });
    }
    const routes = routeOrthogonal(boxes, requests, 'LR');
    assertRoutes(boxes, requests, routes);
    assert.deepEqual(routeOrthogonal(boxes, requests, 'LR'), routes);
  });
});

describe('routeOrthogonal: the side each end takes', () => {
  const bends = (route: Point[]) => cleanRoute(route).length - 2;
  const crossings = (p: Point[], q: Point[]) => {
    let n = 0;
    for (const s of segmentsOf(cleanRoute(p))) for (const t of segmentsOf(cleanRoute(q))) if (segmentsCross(s, t)) n++;
    return n;
  };

  it('boxes apart on both axes are joined by an L with one bend, not a Z with two', () => {
    const boxes = new Map([['a', box(0, 0)], ['b', box(300, 300)]]);
    const requests = [{ source: 'a', target: 'b' }];
    const [route] = routeOrthogonal(boxes, requests, 'LR');
    assertRoutes(boxes, requests, [route!]);
    assert.equal(bends(route!), 1, JSON.stringify(route));
    // It still leaves by the side facing the flow (a's right), and enters b from above.
    assert.equal(route![0]!.x, 120);
    assert.equal(route![route!.length - 1]!.y, 300);
  });

  it('takes the side whose route crosses nothing drawn before, even where the flow side would be as short', () => {
    const boxes = new Map([['a', box(0, 0)], ['b', box(300, 200)], ['d', box(190, 100, 60, 40)], ['c', box(460, 100, 60, 40)]]);
    const keep: Point[] = [{ x: 250, y: 120 }, { x: 460, y: 120 }];
    const requests: RouteRequest[] = [{ source: 'a', target: 'b' }, { source: 'd', target: 'c', keep }];
    const routes = routeOrthogonal(boxes, requests, 'LR');
    assertRoutes(boxes, requests, routes);
    assert.deepEqual(routes[1], keep);
    assert.equal(crossings(routes[0]!, keep), 0, JSON.stringify(routes[0]));
    assert.equal(bends(routes[0]!), 1, JSON.stringify(routes[0]));
    assert.equal(routes[0]![0]!.y, 48, 'leaves a from below');
  });

  it('ends sharing a side taken instead of the facing one are spread apart, and their routes do not cross', () => {
    const boxes = new Map([['s1', box(0, 0)], ['s2', box(0, 80)], ['s3', box(0, 160)], ['t', box(300, 400, 160, 48)]]);
    const requests = ['s1', 's2', 's3'].map((s) => ({ source: s, target: 't' }));
    const routes = routeOrthogonal(boxes, requests, 'LR');
    assertRoutes(boxes, requests, routes);
    const ends = routes.map((r) => r[r.length - 1]!);
    assert.equal(new Set(ends.map((p) => `${p.x},${p.y}`)).size, 3, JSON.stringify(ends));
    for (let i = 0; i < routes.length; i++) for (let j = i + 1; j < routes.length; j++) assert.equal(crossings(routes[i]!, routes[j]!), 0, `${i} and ${j}: ${JSON.stringify(routes)}`);
    for (const r of routes) assert.ok(bends(r) <= 2, JSON.stringify(r));
  });
});

describe('nudge: segments sharing a channel', () => {
  it('puts a segment ending inside another one\'s span on the side it turns to there, so neither crosses the other', () => {
    // Both run down x = 600; the short one comes from the left and goes back left, the long
    // one comes from far left and leaves a little to the right.
    const long: Point[] = [{ x: 0, y: 24 }, { x: 600, y: 24 }, { x: 600, y: 324 }, { x: 650, y: 324 }];
    const short: Point[] = [{ x: 500, y: 124 }, { x: 600, y: 124 }, { x: 600, y: 284 }, { x: 500, y: 284 }];
    for (const routes of [[long, short], [short, long]]) {
      const [a, b] = nudge(routes, new Map(), [false, false]);
      const xs = [a!, b!].map((r) => r[1]!.x);
      assert.notEqual(xs[0], xs[1], 'spread apart');
      for (const s of segmentsOf(a!)) for (const t of segmentsOf(b!)) assert.ok(!segmentsCross(s, t), JSON.stringify([a, b]));
    }
  });
});

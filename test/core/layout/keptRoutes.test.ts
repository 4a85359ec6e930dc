import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { layoutDiagram } from '../../../src/core/layout';
import type { Box } from '../../../src/core/layout/geometry';
import { keptLayout } from '../../../src/core/layout/keptLayout';
import { keptRoute, obstacleGrid } from '../../../src/core/layout/keptRoutes';
import { emptyLayout, layoutFromScene } from '../../../src/core/layout/layoutFile';
import { measureLayout, routeEnters, segmentsOf } from '../../../src/core/layout/metrics';
import { routeOrthogonal } from '../../../src/core/layout/routeOrthogonal';
import type { Point } from '../../../src/core/scene';
import { diagram } from './builders';
import { assertSceneInvariants } from './sceneChecks';

const box = (x: number, y: number, width = 120, height = 48): Box => ({ x, y, width, height });
const a = box(0, 0);
const b = box(300, 100);
// Right out of a, down, right into b.
const route: Point[] = [{ x: 120, y: 24 }, { x: 200, y: 24 }, { x: 200, y: 124 }, { x: 300, y: 124 }];

describe('keptRoute: a route drawn before, kept when still clear', () => {
  it('keeps the route exactly when its ends are where they were and nothing is in the way', () => {
    assert.deepEqual(keptRoute(route, a, b, obstacleGrid([a, b, box(0, 300)])), route);
  });

  it('lengthens or shortens only the last segment when an end box moved along it', () => {
    assert.deepEqual(keptRoute(route, a, box(340, 100), obstacleGrid([])), [...route.slice(0, 3), { x: 340, y: 124 }]);
    assert.deepEqual(keptRoute(route, box(-20, 0, 200), b, obstacleGrid([])), [{ x: 180, y: 24 }, ...route.slice(1)]);
  });

  it('is dropped when an end box moved off its line, a box sits across it, it misses a waypoint or wraps around', () => {
    assert.equal(keptRoute(route, a, box(300, 160), obstacleGrid([])), undefined, 'the end segment no longer meets b');
    assert.equal(keptRoute(route, a, box(180, 100), obstacleGrid([])), undefined, 'the bend is now inside b');
    assert.equal(keptRoute(route, a, b, obstacleGrid([box(180, 60, 40, 30)])), undefined, 'a box across the middle segment');
    assert.equal(keptRoute(route, a, b, obstacleGrid([]), [{ x: 250, y: 50 }]), undefined, 'a waypoint off the route');
    assert.deepEqual(keptRoute(route, a, b, obstacleGrid([]), [{ x: 200, y: 50 }]), route, 'a waypoint on the route');
    const around: Point[] = [{ x: 120, y: 24 }, { x: 150, y: 24 }, { x: 150, y: 400 }, { x: 250, y: 400 }, { x: 250, y: 124 }, { x: 300, y: 124 }];
    assert.equal(keptRoute(around, a, b, obstacleGrid([])), undefined, 'a detour 250 px below both ends');
    assert.equal(keptRoute([{ x: 120, y: 24 }, { x: 200, y: 60 }, { x: 300, y: 124 }], a, b, obstacleGrid([])), undefined, 'not orthogonal');
  });
});

describe('routeOrthogonal: kept routes are drawn as given and routed around', () => {
  it('a kept route stays put; a new one on its line is moved beside it, not the kept one', () => {
    const boxes = new Map([['a', box(0, 0)], ['b', box(400, 0)], ['c', box(0, 200)], ['d', box(400, 200)]]);
    const keep: Point[] = [{ x: 120, y: 24 }, { x: 260, y: 24 }, { x: 260, y: 224 }, { x: 400, y: 224 }];
    const routes = routeOrthogonal(boxes, [{ source: 'a', target: 'd', keep }, { source: 'c', target: 'b' }], 'LR');
    assert.deepEqual(routes[0], keep);
    const other = segmentsOf(routes[1]!);
    // The new route never runs on top of the kept one's vertical segment.
    for (const s of other) if (s.a.x === s.b.x) assert.notEqual(s.a.x, 260);
    for (const [id, bx] of boxes) if (id !== 'c' && id !== 'b') assert.ok(!routeEnters(other, bx), `stays out of ${id}`);
  });
});

describe('keptLayout with the routes of the drawing before', () => {
  const model = () =>
    diagram({
      elements: [{ id: 'web' }, { id: 'api' }, { id: 'auth' }, { id: 'db' }, { id: 'cache' }, { id: 'queue' }, { id: 'worker' }],
      edges: [['web', 'api', { label: 'calls' }], ['api', 'auth'], ['api', 'db'], ['api', 'cache'], ['api', 'queue'], ['queue', 'worker'], ['worker', 'db'], ['auth', 'cache']],
    });

  it('the unchanged text with its own file gives back every route ELK drew', async () => {
    const fresh = await layoutDiagram(model(), {});
    const file = layoutFromScene(fresh);
    const kept = keptLayout(model(), {}, file);
    kept.edges.forEach((e, k) => assert.deepEqual(e.points, file.routes.get(`${e.source} -> ${e.target}`), `${fresh.edges[k]!.id} kept`));
    const [m, f] = [measureLayout(kept), measureLayout(fresh)];
    assert.equal(m.crossings + m.bends, f.crossings + f.bends);
  });

  it('a route a box now sits across is routed again clear of it; the others stay exactly', async () => {
    // The drawing stretched to twice its width along the flow and kept once, so that a box fits between web and api.
    const stretched = layoutFromScene(await layoutDiagram(model(), {}));
    for (const b of stretched.nodes.values()) b.x *= 2;
    for (const r of stretched.routes.values()) for (const p of r) p.x *= 2;
    const file = layoutFromScene(keptLayout(model(), {}, stretched));
    const [p, q] = [file.routes.get('web -> api')![0]!, file.routes.get('web -> api')!.at(-1)!];
    const w = file.nodes.get('worker')!;
    const blocker = { ...w, x: Math.round((p.x + q.x) / 2 - w.width / 2), y: Math.round((p.y + q.y) / 2 - w.height / 2) };
    const clearOfBlocker = [...file.routes].filter(([key, r]) => !key.includes('worker') && !routeEnters(segmentsOf(r), blocker)).map(([key]) => key);
    file.nodes.set('worker', blocker);
    const kept = keptLayout(model(), {}, file);
    assertSceneInvariants(kept);
    const web = kept.edges.find((e) => e.source === 'web')!;
    assert.notDeepEqual(web.points, file.routes.get('web -> api'));
    assert.ok(!routeEnters(segmentsOf(web.points), blocker), 'web -> api goes round worker');
    assert.ok(clearOfBlocker.length >= 4);
    for (const key of clearOfBlocker) {
      const e = kept.edges.find((x) => `${x.source} -> ${x.target}` === key)!;
      assert.deepEqual(e.points, file.routes.get(key), `${key} kept exactly`);
    }
    assert.equal(measureLayout(kept).edgeNode, 0);
  });
});

describe('placing a new node beside kept routes', () => {
  it('a new node goes to a free spot clear of the routes kept, so they stay as they were', () => {
    const model = diagram({ elements: [{ id: 'a' }, { id: 'b' }, { id: 'n' }], edges: [['a', 'b'], ['a', 'n']] });
    const file = emptyLayout('LR');
    file.nodes.set('a', { x: 40, y: 40, width: 120, height: 48 });
    file.nodes.set('b', { x: 500, y: 40, width: 120, height: 48 });
    // Just past a along the flow, level with it, is where n goes first: across this route.
    file.routes.set('a -> b', [{ x: 160, y: 64 }, { x: 500, y: 64 }]);
    const scene = keptLayout(model, {}, file);
    const n = scene.nodes.find((x) => x.id === 'n')!;
    assert.ok(!routeEnters(segmentsOf(file.routes.get('a -> b')!), { x: n.x - 8, y: n.y - 8, width: n.width + 16, height: n.height + 16 }), JSON.stringify(n));
    assert.deepEqual(scene.edges[0]!.points, file.routes.get('a -> b'));
    assertSceneInvariants(scene);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import ELK from 'elkjs/lib/elk.bundled.js';
import { buildElkGraph } from '../../../src/core/layout/elkGraph';
import { fallbackRoute, simplifyPolyline } from '../../../src/core/layout/geometry';
import { buildHierarchy } from '../../../src/core/layout/hierarchy';
import { sceneFromElk } from '../../../src/core/layout/sceneFromElk';
import { diagram } from './builders';
import { assertSceneInvariants, onBorder } from './sceneChecks';

describe('layout fallback (every group laid out on its own)', () => {
  it('routes the connections ELK leaves unrouted orthogonally between borders', async () => {
    const model = diagram({
      direction: 'TB',
      elements: [{ id: 'a' }, { group: 'g' }, { id: 'b', parent: 'g' }, { id: 'c', parent: 'g' }, { group: 'h', parent: 'g' }, { id: 'd', parent: 'h' }],
      edges: [['a', 'b', { label: 'crosses g' }], ['b', 'c'], ['c', 'd'], ['g', 'd'], ['d', 'd'], ['a', 'g']],
    });
    const h = buildHierarchy(model, 'TB');
    const input = buildElkGraph(h, 'TB', true);
    const laidOut = await new ELK().layout(input.graph);
    const scene = sceneFromElk(model, h, input, laidOut, 'TB', 24, {});
    assertSceneInvariants(scene);
    assert.equal(scene.edges.length, 6);
    assert.ok(scene.edges[0]!.labelPosition, 'an unrouted edge still gets its label placed');
  });
});

describe('fallbackRoute', () => {
  const a = { x: 0, y: 0, width: 100, height: 40 };
  const check = (points: { x: number; y: number }[], s: typeof a, t: typeof a) => {
    for (let i = 1; i < points.length; i++) assert.ok(points[i - 1]!.x === points[i]!.x || points[i - 1]!.y === points[i]!.y);
    assert.ok(onBorder(points[0]!, s) && onBorder(points[points.length - 1]!, t));
  };

  it('elbows across a horizontal or vertical gap', () => {
    const right = { x: 200, y: 100, width: 80, height: 40 };
    check(fallbackRoute(a, right, true), a, right);
    check(fallbackRoute(right, a, true), right, a);
    check(fallbackRoute(a, right, false), a, right);
    const below = { x: 10, y: 100, width: 80, height: 40 };
    check(fallbackRoute(a, below, true), a, below);
    check(fallbackRoute(below, a, false), below, a);
  });

  it('drops from an outer box to a box inside it, and loops a self-connection', () => {
    const outer = { x: 0, y: 0, width: 300, height: 200 };
    const inner = { x: 50, y: 60, width: 100, height: 40 };
    check(fallbackRoute(outer, inner, true), outer, inner);
    check(fallbackRoute(inner, outer, true), inner, outer);
    check(fallbackRoute(a, a, true), a, a);
  });
});

describe('simplifyPolyline', () => {
  it('drops repeated and collinear points', () => {
    const p = (x: number, y: number) => ({ x, y });
    assert.deepEqual(simplifyPolyline([p(0, 0), p(0, 0), p(5, 0), p(10, 0), p(10, 5), p(10, 10), p(20, 10)]), [p(0, 0), p(10, 0), p(10, 10), p(20, 10)]);
  });
});

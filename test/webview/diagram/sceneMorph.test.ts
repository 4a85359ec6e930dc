import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language';
import { layoutDiagram } from '../../../src/core/layout';
import type { Point, Scene } from '../../../src/core/scene';
import { easeInOut, geometryMoved, morphPolyline, sceneBetween } from '../../../webview/diagram/sceneMorph';

const text = `direction LR
web = rectangle "Web"
api = rounded "API"
db = cylinder "Postgres"
web -> api "HTTPS"
api -> db
`;
const draw = (t: string): Promise<Scene> => layoutDiagram(parseDiagram(t).model, {});
const box = (s: Scene, id: string) => s.nodes.find((n) => n.id === id)!;

/** True when `p` lies on the polyline (within rounding). */
function onPolyline(points: readonly Point[], p: Point): boolean {
  return points.some((a, i) => {
    const b = points[i + 1];
    if (!b) return false;
    const within = (v: number, lo: number, hi: number) => v >= Math.min(lo, hi) - 0.02 && v <= Math.max(lo, hi) + 0.02;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    return within(p.x, a.x, b.x) && within(p.y, a.y, b.y) && Math.abs(cross) <= 0.02 * Math.hypot(b.x - a.x, b.y - a.y) + 1e-9;
  });
}

describe('sceneMorph', () => {
  it('sees no movement in a style-only change, and sees it when the graph changes', async () => {
    const before = await draw(text);
    assert.equal(geometryMoved(before, await draw(text.replace('"Web"', '"Web" color=red'))), false);
    const after = await draw(text.replace('direction LR', 'direction TB'));
    assert.equal(geometryMoved(before, after), true);
  });

  it('places shared elements between their two positions, new ones where they end up', async () => {
    const before = await draw(text);
    const after = await draw(`${text}cache = cylinder "Cache"\napi -> cache\n`.replace('direction LR', 'direction TB'));
    const start = sceneBetween(before, after, 0);
    const half = sceneBetween(before, after, 0.5);
    assert.equal(sceneBetween(before, after, 1), after);
    for (const id of ['web', 'api', 'db']) {
      const [a, b, s, h] = [box(before, id), box(after, id), box(start, id), box(half, id)];
      assert.deepEqual([s.x, s.y, s.width, s.height], [a.x, a.y, a.width, a.height], `${id} starts where it was`);
      assert.ok(Math.abs(h.x - (a.x + b.x) / 2) <= 0.01 && Math.abs(h.y - (a.y + b.y) / 2) <= 0.01, `${id} is half way at t = 0.5`);
      // The label keeps its place inside the box.
      assert.ok(Math.abs(h.labelPosition.x - h.x - (b.labelPosition.x - b.x + a.labelPosition.x - a.x) / 2) <= 0.02, `${id}'s label rides along`);
    }
    assert.deepEqual(box(start, 'cache'), box(after, 'cache'), 'a new node is drawn where it lands');
    const edge = (s: Scene) => s.edges.find((e) => e.source === 'web' && e.target === 'api')!;
    assert.ok(edge(start).points.every((p) => onPolyline(edge(before).points, p)), 'a connection starts on its old route');
    assert.ok(edge(before).points.every((p) => onPolyline(edge(start).points, p)), 'through every old corner');
  });

  it('morphs a polyline into one with another number of bends', () => {
    const a = [{ x: 0, y: 0 }, { x: 100, y: 0 }];
    const b = [{ x: 0, y: 0 }, { x: 0, y: 50 }, { x: 100, y: 50 }, { x: 100, y: 100 }];
    assert.ok(morphPolyline(a, b, 0).every((p) => onPolyline(a, p)));
    assert.ok(morphPolyline(a, b, 1).every((p) => onPolyline(b, p)));
    assert.ok(b.every((p) => onPolyline(morphPolyline(a, b, 1), p)));
    const mid = morphPolyline(a, b, 0.5);
    assert.deepEqual(mid[0], { x: 0, y: 0 });
    assert.deepEqual(mid.at(-1), { x: 100, y: 50 });
  });

  it('eases in and out', () => {
    assert.equal(easeInOut(0), 0);
    assert.equal(easeInOut(1), 1);
    assert.equal(easeInOut(0.5), 0.5);
    assert.ok(easeInOut(0.1) < 0.1 && easeInOut(0.9) > 0.9);
  });
});

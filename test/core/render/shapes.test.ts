import { test } from 'node:test';
import assert from 'node:assert/strict';
import { edgePath, shapeGeometry } from '../../../src/core/render/index';
import type { Shape } from '../../../src/core/model';
import { SHAPE_DETAIL } from '../../../src/core/layout/constants';
import { personFigure } from '../../../src/core/layout/personFigure';

const SHAPES: Shape[] = ['rectangle', 'rounded', 'circle', 'diamond', 'cylinder', 'cloud', 'hexagon', 'person', 'document', 'queue', 'note', 'text', 'icon'];

/** Every coordinate of absolute path data (arc radii and flags are skipped), for bounds checks. */
function numbers(d: string): number[] {
  return [...d.replace(/A[\d.]+ [\d.]+ \d \d \d /g, 'A').matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
}

test('every shape has path data inside its box, deterministic, without NaN', () => {
  for (const shape of SHAPES) {
    for (const [w, h] of [
      [160, 80],
      [60, 200],
      [1, 1],
    ] as const) {
      const g = shapeGeometry(shape, w, h);
      assert.deepEqual(shapeGeometry(shape, w, h), g);
      const all = [g.path, ...g.decorations.map((d) => d.d)].join(' ');
      assert.doesNotMatch(all, /NaN|Infinity/, shape);
      if (shape === 'text' || shape === 'icon') {
        assert.equal(g.path, '');
        continue;
      }
      assert.match(g.path, /^M[\d.]+ [\d.]+/, shape);
      assert.match(g.path, /Z$/, `${shape} is closed`);
      for (const n of numbers(all)) assert.ok(n >= 0 && n <= Math.max(w, h) + 0.01, `${shape} ${w}x${h}: ${n} out of the box`);
    }
  }
});

test('decorations: cylinder and queue rims, document and note folds', () => {
  assert.deepEqual(shapeGeometry('cylinder', 100, 80).decorations.map((d) => d.kind), ['line']);
  assert.deepEqual(shapeGeometry('queue', 100, 60).decorations.map((d) => d.kind), ['line']);
  assert.deepEqual(shapeGeometry('document', 100, 60).decorations.map((d) => d.kind), ['shade']);
  assert.deepEqual(shapeGeometry('note', 100, 60).decorations.map((d) => d.kind), ['shade']);
  for (const shape of ['rectangle', 'rounded', 'circle', 'diamond', 'cloud', 'hexagon', 'person'] as const) {
    assert.deepEqual(shapeGeometry(shape, 100, 60).decorations, [], shape);
  }
  // Decoration sizes follow the layout's per-size details, so content never overlaps them.
  assert.notDeepEqual(shapeGeometry('cylinder', 100, 80, 'small'), shapeGeometry('cylinder', 100, 80, 'large'));
  assert.match(shapeGeometry('cylinder', 100, 80, 'medium').path, new RegExp(`^M0 ${SHAPE_DETAIL.medium.capRadius}A50 ${SHAPE_DETAIL.medium.capRadius} `));
  assert.match(shapeGeometry('queue', 100, 60, 'large').path, new RegExp(`^M${SHAPE_DETAIL.large.capRadius} 0H`));
  // The person is a head plus a body: two closed sub-paths.
  assert.equal(shapeGeometry('person', 100, 100).path.match(/Z/g)?.length, 2);
});

test('the person is drawn from personFigure: its head, the notch around the chin, its shoulders', () => {
  for (const size of ['small', 'medium', 'large'] as const) {
    const [w, h] = [150, 150];
    const f = personFigure(w, size, h);
    const { path } = shapeGeometry('person', w, h, size);
    const r = (n: number) => String(Math.round(n * 100) / 100);
    // The head: a full circle on the axis.
    assert.ok(path.startsWith(`M${r(w / 2 - f.headRadius)} ${r(f.headCenterY)}A${r(f.headRadius)} ${r(f.headRadius)} 0 1 0 `), `${size}: ${path.slice(0, 60)}`);
    // The body: from the left side up over the left shoulder, the notch, the right shoulder.
    assert.ok(path.includes(`ZM0 ${r(f.shoulderTop + f.shoulderRadius)}A${r(f.shoulderRadius)} ${r(f.shoulderRadius)} 0 0 1 ${r(f.shoulderRadius)} ${r(f.shoulderTop)}`), size);
    assert.ok(path.includes(`A${r(f.notchRadius)} ${r(f.notchRadius)} 0 0 0 `), `${size}: the notch`);
  }
  assert.notDeepEqual(shapeGeometry('person', 150, 150, 'small'), shapeGeometry('person', 150, 150, 'large'));
});

test('edgePath rounds orthogonal bends and keeps straight runs straight', () => {
  assert.equal(edgePath([{ x: 0, y: 0 }, { x: 100, y: 0 }]), 'M0 0L100 0');
  assert.equal(edgePath([{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 100, y: 0 }]), 'M0 0L50 0L100 0');
  assert.equal(edgePath([{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }]), 'M0 0L92 0Q100 0 100 8L100 100');
  // A short segment shrinks the radius to half its length.
  assert.equal(edgePath([{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 6 }, { x: 200, y: 6 }]), 'M0 0L97 0Q100 0 100 3L100 3Q100 6 103 6L200 6');
  assert.equal(edgePath([{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }], 0), 'M0 0L100 0L100 100');
  // Duplicates and too few points.
  assert.equal(edgePath([{ x: 1, y: 1 }, { x: 1, y: 1 }, { x: 5, y: 1 }]), 'M1 1L5 1');
  assert.equal(edgePath([{ x: 1, y: 1 }]), '');
  assert.equal(edgePath([]), '');
});

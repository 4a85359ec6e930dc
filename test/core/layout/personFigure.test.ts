import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Size } from '../../../src/core/model';
import { NODE_METRICS } from '../../../src/core/layout/constants';
import { notchHalfWidth, personAttachment, personFigure } from '../../../src/core/layout/personFigure';

const SIZES: Size[] = ['small', 'medium', 'large'];
/** Every width the layout gives a person: from the narrowest to one holding a wrapped label. */
function widths(size: Size): number[] {
  const m = NODE_METRICS[size];
  const widest = m.maxLabelWidth + 2 * m.paddingX;
  return Array.from({ length: 9 }, (_, i) => Math.round(m.minWidth + ((widest - m.minWidth) * i) / 8));
}

test('at every size and width the figure has the proportions of a person: a big head set into rounded shoulders', () => {
  for (const size of SIZES) {
    for (const w of widths(size)) {
      const f = personFigure(w, size);
      const label = `${size} ${w}px`;
      // A head, not a dot: a quarter to a half of the shoulders' width.
      assert.ok(2 * f.headRadius >= 0.25 * w && 2 * f.headRadius <= 0.5 * w, `${label}: head ${2 * f.headRadius}`);
      // On the shoulders: its chin dips below their top edge, into a notch a few px wider than it.
      assert.ok(f.headCenterY + f.headRadius > f.shoulderTop, `${label}: the head sits in the shoulders`);
      const gap = f.notchRadius - f.headRadius;
      assert.ok(gap >= 3 && gap <= 0.25 * f.headRadius + 3, `${label}: chin gap ${gap}`);
      const headHalfWidthAtShoulders = Math.sqrt(f.headRadius ** 2 - (f.shoulderTop - f.headCenterY) ** 2);
      assert.ok(notchHalfWidth(f) >= headHalfWidthAtShoulders + 2, `${label}: the notch leaves room beside the neck`);
      // Shoulders, not a box: rounded about as much as the head.
      assert.ok(f.shoulderRadius >= 0.9 * f.headRadius, `${label}: shoulders ${f.shoulderRadius}`);
      assert.ok(f.shoulderRadius + notchHalfWidth(f) <= w / 2 + 1e-9, `${label}: shoulders and notch fit side by side`);
      // The content starts below the notch; the middle of the sides is below the shoulders' rounding.
      assert.ok(f.bodyTop >= f.headCenterY + f.notchRadius - 1e-9);
      assert.ok(f.minHeight / 2 >= f.shoulderTop + f.shoulderRadius - 1e-9);
    }
  }
  // The head grows with the figure, and with its size.
  assert.ok(personFigure(200, 'medium').headRadius > personFigure(120, 'medium').headRadius);
  assert.ok(personFigure(160, 'large').headRadius > personFigure(160, 'small').headRadius);
});

test('a box lower than the layout makes shrinks the whole figure into it, never NaN', () => {
  for (const [w, h] of [
    [120, 10],
    [1, 1],
    [0, 0],
    [Number.NaN, 50],
  ] as const) {
    const f = personFigure(w, 'medium', h);
    for (const [key, value] of Object.entries(f)) assert.ok(Number.isFinite(value) && value >= 0, `${w}x${h} ${key} = ${value}`);
    assert.ok(f.bodyTop <= Math.max(0, h) + 1e-9, `${w}x${h}: the head and notch fit`);
  }
});

test('a connection ending beside the shoulders or on top continues to the outline; on straight parts it is left alone', () => {
  const w = 120;
  const size: Size = 'medium';
  const h = Math.ceil(personFigure(w, size).minHeight);
  const f = personFigure(w, size, h);
  const dist = (p: { x: number; y: number }, c: { x: number; y: number }) => Math.hypot(p.x - c.x, p.y - c.y);
  // From the left at shoulder height: onto the left shoulder's arc.
  const y = f.shoulderTop + f.shoulderRadius / 3;
  const left = personAttachment(w, h, size, { x: -40, y }, { x: 0, y });
  assert.equal(left.y, y);
  assert.ok(left.x > 0 && Math.abs(dist(left, { x: f.shoulderRadius, y: f.shoulderTop + f.shoulderRadius }) - f.shoulderRadius) < 1e-6);
  // The same from the right, mirrored.
  const right = personAttachment(w, h, size, { x: w + 40, y }, { x: w, y });
  assert.ok(Math.abs(right.x - (w - left.x)) < 1e-9);
  // Beside the head, above the shoulders: onto the head.
  const beside = personAttachment(w, h, size, { x: -40, y: f.headCenterY }, { x: 0, y: f.headCenterY });
  assert.ok(Math.abs(beside.x - (w / 2 - f.headRadius)) < 1e-9);
  // From above: the head's top on the axis, the shoulders' top edge or arc away from it.
  assert.deepEqual(personAttachment(w, h, size, { x: w / 2, y: -40 }, { x: w / 2, y: 0 }), { x: w / 2, y: f.headCenterY - f.headRadius });
  const shoulder = personAttachment(w, h, size, { x: 4, y: -40 }, { x: 4, y: 0 });
  assert.ok(Math.abs(dist(shoulder, { x: f.shoulderRadius, y: f.shoulderTop + f.shoulderRadius }) - f.shoulderRadius) < 1e-6);
  // Straight sides and the bottom are the outline already.
  for (const [from, end] of [
    [{ x: -40, y: h - 10 }, { x: 0, y: h - 10 }],
    [{ x: w + 40, y: h / 2 + 1 }, { x: w, y: h / 2 + 1 }],
    [{ x: 30, y: h + 40 }, { x: 30, y: h }],
  ] as const) {
    assert.deepEqual(personAttachment(w, h, size, from, end), end);
  }
});

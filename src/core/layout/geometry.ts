import type { Point } from '../scene';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest box holding every one of `boxes` (a point is a box of size 0); an empty box at 0,0 when there are none. */
export function boundingBox(boxes: Iterable<Box>): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const b of boxes) {
    minX = Math.min(minX, b.x);
    minY = Math.min(minY, b.y);
    maxX = Math.max(maxX, b.x + b.width);
    maxY = Math.max(maxY, b.y + b.height);
  }
  return minX === Infinity ? { x: 0, y: 0, width: 0, height: 0 } : { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Rounds to 1/100 px (and turns -0 into 0) so that scenes serialise identically. */
export function round(value: number): number {
  const r = Math.round(value * 100) / 100;
  return r === 0 ? 0 : r;
}

/** Drops repeated points and the middle point of any three on one horizontal or vertical line. */
export function simplifyPolyline(points: Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last.x === p.x && last.y === p.y) continue;
    const prev = out[out.length - 2];
    if (prev && last && ((prev.x === last.x && last.x === p.x) || (prev.y === last.y && last.y === p.y))) out.pop();
    out.push(p);
  }
  return out;
}

/**
 * An orthogonal connector from the border of `source` to the border of `target`, for a
 * connection ELK could not route: an elbow across the gap between the boxes, or a straight
 * drop from the outer box's top when one box holds the other.
 */
export function fallbackRoute(source: Box, target: Box, horizontalFirst: boolean): Point[] {
  const sx = source.x + source.width / 2;
  const sy = source.y + source.height / 2;
  const tx = target.x + target.width / 2;
  const ty = target.y + target.height / 2;
  const apartX = source.x + source.width <= target.x || target.x + target.width <= source.x;
  const apartY = source.y + source.height <= target.y || target.y + target.height <= source.y;
  if (apartX && (horizontalFirst || !apartY)) {
    const forward = source.x + source.width <= target.x;
    const x1 = forward ? source.x + source.width : source.x;
    const x2 = forward ? target.x : target.x + target.width;
    const mx = (x1 + x2) / 2;
    return [{ x: x1, y: sy }, { x: mx, y: sy }, { x: mx, y: ty }, { x: x2, y: ty }];
  }
  if (apartY) {
    const forward = source.y + source.height <= target.y;
    const y1 = forward ? source.y + source.height : source.y;
    const y2 = forward ? target.y : target.y + target.height;
    const my = (y1 + y2) / 2;
    return [{ x: sx, y: y1 }, { x: sx, y: my }, { x: tx, y: my }, { x: tx, y: y2 }];
  }
  // Overlapping boxes (one inside the other, or a self-connection): drop from the top border
  // of the outer one to the top border of the inner one, at a shared x.
  const x = Math.max(source.x, target.x) + Math.min(source.width, target.width) / 2;
  if (source === target || (source.x === target.x && source.y === target.y)) {
    const right = source.x + source.width;
    return [{ x: right, y: sy }, { x: right + 16, y: sy }, { x: right + 16, y: source.y - 16 }, { x: tx, y: source.y - 16 }, { x: tx, y: source.y }];
  }
  return [{ x, y: source.y }, { x, y: target.y }];
}

/**
 * Which routes of the drawing before an edit a kept layout can draw again unchanged: ELK
 * drew them with fewer crossings and bends than any re-routing of the same boxes, and a route
 * that does not move is what a reader expects of a connection the edit did not touch.
 *
 * A route is kept when it is still orthogonal, its end segments still reach their boxes
 * along their own lines (an end box that moved or grew along that line only lengthens or
 * shortens the last segment), it passes through every waypoint the user gave, it does not
 * wrap around (stray further than the metrics' `WRAP_OVERSHOOT` from its ends' boxes, which
 * ELK's own routes sometimes do), and no segment enters a box: the nodes and group titles in
 * `obstacles`, its own ends included.
 */
import type { Point } from '../scene';
import type { Box } from './geometry';
import { routeEnters, segmentsOf, WRAP_OVERSHOOT } from './metrics';
import { SpatialGrid } from './spatialGrid';

/** The obstacles a kept route must stay out of, filed for "what is near this segment". */
export function obstacleGrid(obstacles: Iterable<Box>): SpatialGrid<Box> {
  const grid = new SpatialGrid<Box>(256);
  for (const b of obstacles) grid.insert(b, b);
  return grid;
}

/**
 * `route` with its ends moved onto `source` and `target` along their end segments, or
 * undefined when it cannot be kept (see the module comment).
 */
export function keptRoute(route: readonly Point[], source: Box, target: Box, obstacles: SpatialGrid<Box>, waypoints: readonly Point[] = []): Point[] | undefined {
  if (route.length < 2) return undefined;
  for (let k = 1; k < route.length; k++) {
    const a = route[k - 1]!;
    const b = route[k]!;
    if (a.x !== b.x && a.y !== b.y) return undefined;
  }
  const last = route.length - 1;
  const start = endOn(source, route[1]!, route[0]!);
  const end = endOn(target, route[last - 1]!, route[last]!);
  if (!start || !end) return undefined;
  const out = route.map((p) => ({ x: p.x, y: p.y }));
  out[0] = start;
  out[last] = end;
  // A two-point route's ends were each found from the other's old place: still one line.
  if (last === 1 && start.x !== end.x && start.y !== end.y) return undefined;
  if (!waypoints.every((w) => onRoute(out, w))) return undefined;
  const x0 = Math.min(source.x, target.x) - WRAP_OVERSHOOT;
  const y0 = Math.min(source.y, target.y) - WRAP_OVERSHOOT;
  const x1 = Math.max(source.x + source.width, target.x + target.width) + WRAP_OVERSHOOT;
  const y1 = Math.max(source.y + source.height, target.y + target.height) + WRAP_OVERSHOOT;
  if (out.some((p) => p.x < x0 || p.x > x1 || p.y < y0 || p.y > y1)) return undefined;
  const segments = segmentsOf(out);
  for (const s of segments) {
    const span = { x: Math.min(s.a.x, s.b.x), y: Math.min(s.a.y, s.b.y), width: Math.abs(s.a.x - s.b.x), height: Math.abs(s.a.y - s.b.y) };
    for (const b of obstacles.query(span, new Set())) if (routeEnters([s], b)) return undefined;
  }
  return out;
}

/**
 * Where the line from `from` through `end` first meets `box`, coming from outside it; the
 * line must meet the side it faces strictly between its corners.
 */
function endOn(box: Box, from: Point, end: Point): Point | undefined {
  const dx = Math.sign(end.x - from.x);
  const dy = Math.sign(end.y - from.y);
  if (dx !== 0) {
    if (!(from.y > box.y && from.y < box.y + box.height)) return undefined;
    if (dx > 0 && from.x <= box.x) return { x: box.x, y: from.y };
    if (dx < 0 && from.x >= box.x + box.width) return { x: box.x + box.width, y: from.y };
    return undefined;
  }
  if (dy !== 0) {
    if (!(from.x > box.x && from.x < box.x + box.width)) return undefined;
    if (dy > 0 && from.y <= box.y) return { x: from.x, y: box.y };
    if (dy < 0 && from.y >= box.y + box.height) return { x: from.x, y: box.y + box.height };
  }
  return undefined;
}

const onRoute = (route: readonly Point[], p: Point) =>
  segmentsOf([...route]).some((s) => (s.a.x === s.b.x ? p.x === s.a.x && p.y >= Math.min(s.a.y, s.b.y) && p.y <= Math.max(s.a.y, s.b.y) : p.y === s.a.y && p.x >= Math.min(s.a.x, s.b.x) && p.x <= Math.max(s.a.x, s.b.x)));

/**
 * Reshaping a connection's orthogonal route by dragging one of its segments, as draw.io's
 * orthogonal edges do: the segment moves perpendicular to itself, its neighbours stretch or
 * shrink, and the route stays orthogonal. The preview draws the route live with this and the
 * host turns the result into the waypoints the layout file keeps for the connection
 * (`layoutWithRoutes`, also what Reset Route forgets).
 *
 * A segment attached to a box moves its end along the box's side (its port), never off it:
 * the route must still leave the box through that side, or the kept layout would not keep it
 * (keptRoutes.ts) and the drag would snap to some other route on the drop.
 */
import { connectionKeys, layoutFromScene, type DiagramLayout } from './layout/layoutFile';
import type { Box } from './layout/geometry';
import type { Point, Scene } from './scene';

/** A connection's end box, in the scene's coordinates. */
export type EndBox = Box;

/**
 * How far a port stays from its side's corners (rounded corners, and the kept layout wants an
 * end strictly between them), and the shortest end segment a drag leaves (an arrowhead's room).
 */
export const PORT_INSET = 8;
export const END_STUB = 16;

export type SegmentAxis = 'horizontal' | 'vertical';

/** Whether the segment from `a` to `b` is horizontal or vertical; undefined when it is neither or has no length. */
export function axisOf(a: Point, b: Point): SegmentAxis | undefined {
  if (a.x === b.x && a.y === b.y) return undefined;
  if (a.y === b.y) return 'horizontal';
  if (a.x === b.x) return 'vertical';
  return undefined;
}

/** True when every segment of `route` is horizontal or vertical (points may repeat). */
export function isOrthogonal(route: readonly Point[]): boolean {
  if (route.length < 2) return false;
  for (let k = 1; k < route.length; k++) if (route[k - 1]!.x !== route[k]!.x && route[k - 1]!.y !== route[k]!.y) return false;
  return true;
}

/**
 * `route` without repeated points and without inner points that lie on a straight line
 * between their neighbours (a bend a drag straightened out); its two ends always stay.
 */
export function simplifyRoute(route: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of route) {
    const last = out[out.length - 1];
    if (last && last.x === p.x && last.y === p.y) continue;
    out.push({ x: p.x, y: p.y });
  }
  // Walk back over the list, dropping a middle point whose neighbours it lies between on one line.
  for (let k = out.length - 2; k >= 1; k--) {
    const a = out[k - 1]!;
    const b = out[k]!;
    const c = out[k + 1]!;
    if ((a.x === b.x && b.x === c.x) || (a.y === b.y && b.y === c.y)) out.splice(k, 1);
  }
  return out;
}

/** The segments of `route` that can be dragged: every horizontal or vertical one with a length. */
export function draggableSegments(route: readonly Point[]): number[] {
  const out: number[] = [];
  for (let k = 0; k + 1 < route.length; k++) if (axisOf(route[k]!, route[k + 1]!)) out.push(k);
  return out;
}

/** The range [lo, hi] a coordinate may take to stay on a box's side, away from its corners. */
function sideRange(box: EndBox, axis: SegmentAxis): [number, number] {
  // A horizontal segment leaves through a left or right side: its end slides along y.
  const [start, size] = axis === 'horizontal' ? [box.y, box.height] : [box.x, box.width];
  const inset = Math.min(PORT_INSET, size / 2);
  return [start + inset, start + size - inset];
}

/**
 * Where segment `index` (from point `index` to `index + 1`) of `route` lands when dragged by
 * `offset` perpendicular to itself (a horizontal segment moves down for a positive offset, a
 * vertical one right): its new y, or x, in whole pixels. An end segment moves its port along
 * its box's side and stops at the side's ends; an inner segment next to an end segment stops
 * where that end segment would get shorter than `END_STUB`. Without `source` and `target` the
 * ends are not bounded. Undefined for a segment that is not horizontal or vertical, or out of range.
 */
export function draggedTo(route: readonly Point[], index: number, offset: number, source?: EndBox, target?: EndBox): number | undefined {
  const points = route.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }));
  const a = points[index];
  const b = points[index + 1];
  const axis = a && b ? axisOf(a, b) : undefined;
  if (!axis) return undefined;
  // The coordinate the drag changes: y of a horizontal segment, x of a vertical one.
  const key = axis === 'horizontal' ? 'y' : 'x';
  const at = a![key];
  let lo = -Infinity;
  let hi = Infinity;
  const last = points.length - 1;
  const bound = (range: [number, number]) => {
    lo = Math.max(lo, range[0]);
    hi = Math.min(hi, range[1]);
  };
  if (index === 0 && source) bound(sideRange(source, axis));
  if (index + 1 === last && target) bound(sideRange(target, axis));
  // The neighbour segments run along `key`; an end one keeps pointing away from its box by END_STUB.
  if (index === 1) bound(stubRange(points[0]!, points[1]!, key));
  if (index + 2 === last) bound(stubRange(points[last]!, points[last - 1]!, key));
  // No room at all (a box narrower than its insets): the segment stays.
  if (lo > hi) return at;
  return Math.min(hi, Math.max(lo, Math.round(at + offset)));
}

/**
 * The route with segment `index` dragged by `offset` (see {@link draggedTo}), in whole
 * pixels, without repeated or collinear points: still orthogonal, its neighbours stretched or
 * shrunk. A segment that cannot be dragged leaves the route as it was (whole pixels).
 */
export function dragSegment(route: readonly Point[], index: number, offset: number, source?: EndBox, target?: EndBox): Point[] {
  const points = route.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }));
  const to = draggedTo(points, index, offset, source, target);
  if (to !== undefined) {
    const key = axisOf(points[index]!, points[index + 1]!) === 'horizontal' ? 'y' : 'x';
    points[index]![key] = to;
    points[index + 1]![key] = to;
  }
  return simplifyRoute(points);
}

/** Where the far end of an end segment from `end` (on its box) to `bend` may go along `key`. */
function stubRange(end: Point, bend: Point, key: 'x' | 'y'): [number, number] {
  const direction = Math.sign(bend[key] - end[key]);
  if (direction > 0) return [end[key] + END_STUB, Infinity];
  if (direction < 0) return [-Infinity, end[key] - END_STUB];
  return [-Infinity, Infinity];
}

/**
 * The waypoints a layout file keeps for a route a user shaped: its bends, in whole pixels
 * (the kept layout routes through them when the route itself can no longer be kept). A
 * straight route has no bend: its middle is kept instead, which holds where it was moved to.
 */
export function waypointsOf(route: readonly Point[]): Point[] {
  const simple = simplifyRoute(route.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })));
  if (simple.length > 2) return simple.slice(1, -1);
  const [a, b] = simple;
  if (!a || !b) return [];
  return [{ x: Math.round((a.x + b.x) / 2), y: Math.round((a.y + b.y) / 2) }];
}

/** The layout file's key of a connection of `scene`, by its scene id (undefined for an id the scene does not have). */
export function connectionKeyOf(scene: Scene): (connection: string) => string | undefined {
  const keys = connectionKeys(scene.edges);
  return (connection) => keys[scene.edges.findIndex((e) => e.id === connection)];
}

/** A connection of the drawing (its scene id) reshaped by the user, or (`route` absent) given back to the router. */
export interface RouteChange {
  connection: string;
  route?: readonly Point[];
}

/**
 * The layout of `scene` (waypoints from `previous`) with `changes` made: a reshaped
 * connection keeps its bends as waypoints and its line as its route (drawn again exactly
 * while it stays clear of the boxes, else routed through the waypoints); a reset one loses
 * both and is routed afresh. A route that is not orthogonal, or a connection the scene does
 * not have, changes nothing.
 */
export function layoutWithRoutes(scene: Scene, previous: DiagramLayout | undefined, changes: readonly RouteChange[]): DiagramLayout {
  const layout = layoutFromScene(scene, previous);
  const keyOf = connectionKeyOf(scene);
  for (const { connection, route } of changes) {
    const key = keyOf(connection);
    if (key === undefined) continue;
    if (!route) {
      layout.waypoints.delete(key);
      layout.routes.delete(key);
      continue;
    }
    const line = simplifyRoute(route.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })));
    if (line.length < 2 || !isOrthogonal(line)) continue;
    layout.waypoints.set(key, waypointsOf(line));
    layout.routes.set(key, line);
  }
  return layout;
}

import type { Point, Scene, SceneEdge, SceneGroup, SceneNode } from '../../src/core/scene';

/**
 * True when an element present in both scenes (same id) sits elsewhere or has another size,
 * or a connection present in both takes another route: what a transition can show. Elements
 * only added or removed do not count (they have nowhere to come from or go to).
 */
export function geometryMoved(from: Scene, to: Scene): boolean {
  const boxes = new Map<string, SceneNode | SceneGroup>([...from.groups, ...from.nodes].map((e) => [e.id, e]));
  for (const e of [...to.groups, ...to.nodes]) {
    const old = boxes.get(e.id);
    if (old && (old.x !== e.x || old.y !== e.y || old.width !== e.width || old.height !== e.height)) return true;
  }
  const routes = new Map(from.edges.map((e) => [e.id, e]));
  for (const e of to.edges) {
    const old = routes.get(e.id);
    if (old && (old.source !== e.source || old.target !== e.target)) continue;
    if (old && !samePoints(old.points, e.points)) return true;
  }
  return false;
}

/**
 * The drawing a fraction `t` (0..1) of the way from `from` to `to`: `to` itself with every
 * box, label and icon of an element both scenes hold placed between its two positions, and
 * every connection both hold (same ends) drawn along a route between its two routes (both
 * polylines resampled at the same fractions of their length, so a route with more bends
 * morphs into one with fewer). Elements only in `to` are drawn where `to` has them. Pure;
 * `t = 1` gives `to`'s geometry exactly.
 */
export function sceneBetween(from: Scene, to: Scene, t: number): Scene {
  if (t >= 1) return to;
  const boxes = new Map<string, SceneNode | SceneGroup>([...from.groups, ...from.nodes].map((e) => [e.id, e]));
  const routes = new Map(from.edges.map((e) => [e.id, e]));
  const place = <T extends SceneNode | SceneGroup>(e: T): T => {
    const old = boxes.get(e.id);
    if (!old) return e;
    const x = mix(old.x, e.x, t);
    const y = mix(old.y, e.y, t);
    // Label and icon ride with the box, moving from their old offset inside it to their new one.
    const inside = (p: Point, q: Point): Point => ({ x: x + mix(p.x - old.x, q.x - e.x, t), y: y + mix(p.y - old.y, q.y - e.y, t) });
    const out: T = { ...e, x, y, width: mix(old.width, e.width, t), height: mix(old.height, e.height, t), labelPosition: inside(old.labelPosition, e.labelPosition) };
    if (e.iconBox) out.iconBox = { ...(old.iconBox ? inside(old.iconBox, e.iconBox) : { x: e.iconBox.x - e.x + x, y: e.iconBox.y - e.y + y }), size: e.iconBox.size };
    return out;
  };
  const route = (e: SceneEdge): SceneEdge => {
    const old = routes.get(e.id);
    if (!old || old.source !== e.source || old.target !== e.target) return e;
    const out: SceneEdge = { ...e, points: morphPolyline(old.points, e.points, t) };
    if (e.labelPosition) out.labelPosition = old.labelPosition ? mixPoint(old.labelPosition, e.labelPosition, t) : e.labelPosition;
    return out;
  };
  return {
    ...to,
    width: mix(from.width, to.width, t),
    height: mix(from.height, to.height, t),
    groups: to.groups.map(place),
    nodes: to.nodes.map(place),
    edges: to.edges.map(route),
  };
}

/** The polyline between `a` (t = 0) and `b` (t = 1), both sampled at the union of their corners' length fractions. */
export function morphPolyline(a: readonly Point[], b: readonly Point[], t: number): Point[] {
  if (a.length < 2 || b.length < 2) return [...b];
  const fa = fractions(a);
  const fb = fractions(b);
  const stops = [...new Set([...fa, ...fb])].sort((p, q) => p - q);
  return stops.map((f) => mixPoint(at(a, fa, f), at(b, fb, f), t));
}

/** Smooth start and end (cubic ease-in-out). */
export function easeInOut(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

function mix(a: number, b: number, t: number): number {
  return Math.round((a + (b - a) * t) * 100) / 100;
}

function mixPoint(p: Point, q: Point, t: number): Point {
  return { x: mix(p.x, q.x, t), y: mix(p.y, q.y, t) };
}

function samePoints(a: readonly Point[], b: readonly Point[]): boolean {
  return a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);
}

/** Each point's distance along the polyline, as a fraction of its length (0 for the first, 1 for the last). */
function fractions(points: readonly Point[]): number[] {
  const lengths = [0];
  for (let i = 1; i < points.length; i++) lengths.push(lengths[i - 1]! + Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y));
  const total = lengths[lengths.length - 1]!;
  return lengths.map((l, i) => (total > 0 ? l / total : i / (points.length - 1)));
}

/** The point at length fraction `f` of a polyline whose points sit at fractions `fs`. */
function at(points: readonly Point[], fs: readonly number[], f: number): Point {
  for (let i = 1; i < points.length; i++) {
    if (f <= fs[i]! || i === points.length - 1) {
      const span = fs[i]! - fs[i - 1]!;
      const u = span > 0 ? Math.min(1, Math.max(0, (f - fs[i - 1]!) / span)) : 1;
      const p = points[i - 1]!;
      const q = points[i]!;
      return { x: p.x + (q.x - p.x) * u, y: p.y + (q.y - p.y) * u };
    }
  }
  return points[points.length - 1]!;
}

import type { Point, Scene, SceneEdge } from '../scene';
import { round, type Box } from './geometry';
import {
  borderCrossings,
  cleanRoute,
  edgeLabelBox,
  EPSILON,
  groupTitleBox,
  overlapArea,
  PARALLEL_GAP,
  parallelRun,
  routeEnters,
  segmentsCross,
  segmentsOf,
  type Segment,
} from './metrics';
import { SpatialGrid } from './spatialGrid';

/** The shortest first and last stretch of a route: room for an arrowhead and the turn after it. */
const MIN_END = 16;
/** Distance kept from a box when a new route's turn runs beside it. */
const BESIDE_BOX = 12;
/** How far a slid end stays from its side's corners: clear of `CORNER_MARGIN` and of a rounded corner. */
const SIDE_MARGIN = 12;
/** The least distance between a slid end and another connection's end. */
const END_GAP = 10;
/** Most places tried for the turn of a one-step route. */
const MAX_TURNS = 12;
/** Passes over the connections: a route made simpler can free the way for another. */
const PASSES = 2;

/**
 * Replaces a connection's route with a simpler one between the same boxes when it is as
 * clean as the old route by every measure.
 *
 * Why: in a hierarchical run ELK routes a connection between two groups through the layers
 * between them, and when a label or a long connection adds a layer of dummies there, the
 * connection may climb to the top of that layer and back down, although a straight line or
 * one step between the two ends would do (measured: most wrap-arounds left on generated
 * graphs of 100 nodes, each with 4–10 bends). ELK also puts the two ends of a connection
 * between boxes that face each other at different heights, which costs two bends.
 *
 * How: the candidates are a straight line when the ends are level or one end can slide along
 * its side to meet the other (not on a person, whose connections end on its figure), one step
 * (Z) whose turn runs in a channel the old route used, midway, or beside a box in between, and
 * one corner (L) when the ends face perpendicular ways. Ends keep their side and direction,
 * the first and last stretches stay at least `MIN_END` long, and a slid end stays
 * `SIDE_MARGIN` from its corners and `END_GAP` from other ends. A label moves with its route
 * (see `movedLabel`). A candidate is taken only when it has fewer bends (or as many and is
 * shorter), and, compared with the old route and label, it: enters no node, node label,
 * group title or connection label the old one did not; crosses no group border more often;
 * crosses no more connections; runs along or close beside (under `PARALLEL_GAP`) no more
 * connections, even ones sharing an end with it (a fan drawn as one trunk hides which branch
 * goes where). Deterministic: connections are visited by bends, most first, then in order;
 * nodes and groups never move. Pure. `only`: the indices of the connections that may change
 * (a kept layout's re-routed ones); the others are obstacles only.
 */
export function straightenRoutes(scene: Scene, only?: ReadonlySet<number>): Scene {
  const world = new World(scene);
  let todo = scene.edges.map((_, i) => i).filter((i) => !only || only.has(i)).sort((a, b) => world.routes[b]!.length - world.routes[a]!.length || a - b);
  let changed = false;
  for (let pass = 0; pass < PASSES && todo.length > 0; pass++) {
    // The next pass revisits only the connections near a route that changed.
    const near = new Set<number>();
    for (const i of todo) {
      const edge = scene.edges[i]!;
      if (edge.source === edge.target || world.routes[i]!.length < 4) continue;
      const better = world.simplerRoute(i);
      if (!better) continue;
      world.near(i, near);
      world.replace(i, better.route, better.label);
      world.near(i, near);
      changed = true;
    }
    todo = todo.filter((i) => near.has(i));
  }
  if (!changed) return scene;
  const edges: SceneEdge[] = scene.edges.map((e, i) => {
    const route = world.routes[i]!;
    if (routesEqual(cleanRoute(e.points), route)) return e;
    const label = world.labels[i];
    return { ...e, points: route, ...(label && e.labelPosition ? { labelPosition: { x: label.x, y: label.y } } : {}) };
  });
  return { ...scene, edges };
}

interface Obstacle {
  id: string;
  box: Box;
}

/** What a candidate route meets; `undefined` from `cost` means it meets something the old route did not. */
interface Cost {
  crossings: number;
  close: number;
  hits: Set<string>;
}

/** The scene's routes, labels and obstacles, filed in grids so a candidate only looks near itself. */
class World {
  readonly routes: Point[][];
  readonly labels: Array<Box | undefined>;
  private readonly segments: Segment[][];
  private readonly edgeGrid = new SpatialGrid<number>();
  private readonly obstacleGrid = new SpatialGrid<Obstacle>();
  private readonly byId: Map<string, Box & { shape?: string }>;
  private readonly boxGrid = new SpatialGrid<Box>();
  private readonly groupGrid = new SpatialGrid<Scene['groups'][number]>();

  constructor(private readonly scene: Scene) {
    this.routes = scene.edges.map((e) => cleanRoute(e.points));
    this.labels = scene.edges.map(edgeLabelBox);
    this.segments = this.routes.map(segmentsOf);
    this.routes.forEach((_, i) => this.file(i));
    for (const n of scene.nodes) {
      this.obstacle({ id: `node:${n.id}`, box: n });
      this.obstacle({ id: `label:${n.id}`, box: { x: n.labelPosition.x, y: n.labelPosition.y, width: n.label.width, height: n.label.height } });
    }
    for (const g of scene.groups) this.obstacle({ id: `title:${g.id}`, box: groupTitleBox(g) });
    this.byId = new Map<string, Box & { shape?: string }>([...scene.groups, ...scene.nodes].map((b) => [b.id, b]));
    for (const b of [...scene.nodes, ...scene.groups]) this.boxGrid.insert(b, b);
    for (const g of scene.groups) this.groupGrid.insert(g, g);
  }

  replace(i: number, route: Point[], label: Box | undefined): void {
    this.unfile(i);
    this.routes[i] = route;
    this.segments[i] = segmentsOf(route);
    if (label) this.labels[i] = label;
    this.file(i);
  }

  /** Adds to `into` the connections filed near connection `i`'s route and label. */
  near(i: number, into: Set<number>): void {
    for (const s of this.segments[i]!) this.edgeGrid.query(grow(segmentBox(s), PARALLEL_GAP), into);
    const label = this.labels[i];
    if (label) this.edgeGrid.query(label, into);
  }

  /** The best simpler route for connection `i` (and its label's new box), or undefined when none is as clean. */
  simplerRoute(i: number): { route: Point[]; label?: Box } | undefined {
    const old = this.routes[i]!;
    const edge = this.scene.edges[i]!;
    const source = this.byId.get(edge.source);
    const target = this.byId.get(edge.target);
    // A person's connections end on its figure's outline, not on its box, so those ends stay put.
    const slidable = source && target && source.shape !== 'person' && target.shape !== 'person' ? { source, target } : undefined;
    const oldLength = lengthOf(old);
    // Any order: the turns beside these boxes are sorted on their own.
    const between = (rect: Box) => [...this.boxGrid.query(rect, new Set())];
    const candidates = candidateRoutes(old, between, slidable).filter(
      (r) => r.length < old.length || (r.length === old.length && lengthOf(r) < oldLength - 1),
    );
    if (candidates.length === 0) return undefined;

    const oldLabel = this.labels[i];
    const before = this.cost(i, segmentsOf(old), oldLabel)!;
    // Only groups a route comes near can have their border crossed by it.
    const crossed = new Map<Scene['groups'][number], number>();
    const bordersCrossed = (g: Scene['groups'][number]) => {
      let n = crossed.get(g);
      if (n === undefined) crossed.set(g, (n = borderCrossings(old, g)));
      return n;
    };
    let best: { route: Point[]; label?: Box; rank: number[] } | undefined;
    candidates.forEach((route, k) => {
      if (!this.endClear(i, route[0]!, old[0]!) || !this.endClear(i, route[route.length - 1]!, old[old.length - 1]!)) return;
      const label = oldLabel && movedLabel(old, route, oldLabel);
      if (oldLabel && !label) return;
      const segs = segmentsOf(route);
      const nearGroups = new Set<Scene['groups'][number]>();
      for (const s of segs) this.groupGrid.query(segmentBox(s), nearGroups);
      for (const g of nearGroups) if (borderCrossings(route, g) > bordersCrossed(g)) return;
      const c = this.cost(i, segs, label, before);
      if (!c) return;
      // Fewest crossings, then fewest bends, then the candidate listed first (ELK's own channels lead).
      const rank = [c.crossings, route.length, k];
      if (!best || lexLess(rank, best.rank)) best = { route, rank, ...(label ? { label } : {}) };
    });
    return best && { route: best.route, ...(best.label ? { label: best.label } : {}) };
  }

  /**
   * What a route of segments `segs` (with `label`) meets. Given `limit` (the old route's cost),
   * gives up with undefined as soon as the route meets something the old one did not, or more of it.
   */
  private cost(i: number, segs: Segment[], label: Box | undefined, limit?: Cost): Cost | undefined {
    const hits = new Set<string>();
    const hit = (id: string) => {
      hits.add(id);
      return limit !== undefined && !limit.hits.has(id);
    };
    const near = new Set<Obstacle>();
    for (const s of segs) this.obstacleGrid.query(grow(segmentBox(s), EPSILON), near);
    if (label) this.obstacleGrid.query(label, near);
    for (const o of near) {
      if (routeEnters(segs, o.box) && hit(o.id)) return undefined;
      if (label && overlapArea(label, o.box) && hit(`label-on-${o.id}`)) return undefined;
    }
    const others = new Set<number>();
    for (const s of segs) this.edgeGrid.query(grow(segmentBox(s), PARALLEL_GAP), others);
    if (label) this.edgeGrid.query(label, others);
    others.delete(i);
    let crossings = 0;
    let close = 0;
    // Any order: every count only grows, so whether the route is refused does not depend on it.
    for (const j of others) {
      let beside = false;
      for (const s of segs) {
        for (const t of this.segments[j]!) {
          if (apart(s, t)) continue;
          if (segmentsCross(s, t)) crossings++;
          if (beside) continue;
          const p = parallelRun(s, t);
          if (p && p.run > EPSILON && p.gap < PARALLEL_GAP) beside = true;
        }
      }
      if (beside) close++;
      if (limit && (crossings > limit.crossings || close > limit.close)) return undefined;
      const other = this.labels[j];
      if (other && routeEnters(segs, other) && hit(`edge-label:${j}`)) return undefined;
      if (label && other && overlapArea(label, other) && hit(`label-on-label:${j}`)) return undefined;
      if (label && routeEnters(this.segments[j]!, label) && hit(`label-crossed-by:${j}`)) return undefined;
    }
    return { crossings, close, hits };
  }

  /** True when a moved end keeps `END_GAP` from every other connection's end. */
  private endClear(i: number, p: Point, was: Point): boolean {
    if (p.x === was.x && p.y === was.y) return true;
    const box = { x: p.x - END_GAP, y: p.y - END_GAP, width: 2 * END_GAP, height: 2 * END_GAP };
    for (const j of this.edgeGrid.query(box, new Set())) {
      if (j === i) continue;
      const r = this.routes[j]!;
      for (const q of [r[0]!, r[r.length - 1]!]) if (Math.hypot(q.x - p.x, q.y - p.y) < END_GAP) return false;
    }
    return true;
  }

  private file(i: number): void {
    for (const s of this.segments[i]!) this.edgeGrid.insert(i, segmentBox(s));
    const label = this.labels[i];
    if (label) this.edgeGrid.insert(i, label);
  }

  private unfile(i: number): void {
    for (const s of this.segments[i]!) this.edgeGrid.remove(i, segmentBox(s));
    const label = this.labels[i];
    if (label) this.edgeGrid.remove(i, label);
  }

  private obstacle(o: Obstacle): void {
    this.obstacleGrid.insert(o, o.box);
  }
}

const segmentBox = (s: Segment): Box => ({
  x: Math.min(s.a.x, s.b.x),
  y: Math.min(s.a.y, s.b.y),
  width: Math.abs(s.b.x - s.a.x),
  height: Math.abs(s.b.y - s.a.y),
});
/** True when two segments are too far apart to cross or run within `PARALLEL_GAP` of each other. */
const apart = (s: Segment, t: Segment) =>
  Math.max(s.a.x, s.b.x) + PARALLEL_GAP < Math.min(t.a.x, t.b.x) ||
  Math.max(t.a.x, t.b.x) + PARALLEL_GAP < Math.min(s.a.x, s.b.x) ||
  Math.max(s.a.y, s.b.y) + PARALLEL_GAP < Math.min(t.a.y, t.b.y) ||
  Math.max(t.a.y, t.b.y) + PARALLEL_GAP < Math.min(s.a.y, s.b.y);
const grow = (b: Box, by: number): Box => ({ x: b.x - by, y: b.y - by, width: b.width + 2 * by, height: b.height + 2 * by });

const routesEqual = (a: Point[], b: Point[]) => a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y);

const lengthOf = (route: Point[]) => segmentsOf(route).reduce((sum, s) => sum + Math.abs(s.b.x - s.a.x) + Math.abs(s.b.y - s.a.y), 0);

function lexLess(a: number[], b: number[]): boolean {
  for (let x = 0; x < a.length; x++) if (a[x] !== b[x]) return a[x]! < b[x]!;
  return false;
}

/**
 * Where a connection's label goes on its new route: beside the segment of the same
 * orientation, on the same side and at the same distance as it sat beside the old route's
 * nearest segment, at the same place along it when the new segment reaches there, else
 * centred on the longest such segment that holds it. Undefined when no segment can.
 */
export function movedLabel(old: Point[], route: Point[], label: Box): Box | undefined {
  const centre = { x: label.x + label.width / 2, y: label.y + label.height / 2 };
  const distance = (s: Segment) => {
    const dx = Math.max(Math.min(s.a.x, s.b.x) - centre.x, 0, centre.x - Math.max(s.a.x, s.b.x));
    const dy = Math.max(Math.min(s.a.y, s.b.y) - centre.y, 0, centre.y - Math.max(s.a.y, s.b.y));
    return Math.hypot(dx, dy);
  };
  const near = segmentsOf(old).reduce((a, b) => (distance(b) < distance(a) ? b : a));
  const horizontal = near.a.y === near.b.y;
  // Offset of the label's centre across the segment, and its half-length along it.
  const offset = horizontal ? centre.y - near.a.y : centre.x - near.a.x;
  const half = (horizontal ? label.width : label.height) / 2;
  const along = horizontal ? centre.x : centre.y;
  const fits = (s: Segment, at: number) => {
    const lo = Math.min(horizontal ? s.a.x : s.a.y, horizontal ? s.b.x : s.b.y);
    const hi = Math.max(horizontal ? s.a.x : s.a.y, horizontal ? s.b.x : s.b.y);
    return at - half >= lo && at + half <= hi;
  };
  const same = segmentsOf(route).filter((s) => (horizontal ? s.a.y === s.b.y : s.a.x === s.b.x) && (s.a.x !== s.b.x || s.a.y !== s.b.y));
  let host = same.find((s) => fits(s, along));
  let at = along;
  if (!host) {
    const spanOf = (s: Segment) => (horizontal ? Math.abs(s.b.x - s.a.x) : Math.abs(s.b.y - s.a.y));
    host = same.filter((s) => spanOf(s) >= 2 * half).sort((a, b) => spanOf(b) - spanOf(a))[0];
    if (!host) return undefined;
    at = horizontal ? (host.a.x + host.b.x) / 2 : (host.a.y + host.b.y) / 2;
  }
  const cx = horizontal ? at : host.a.x + offset;
  const cy = horizontal ? host.a.y + offset : at;
  return { x: round(cx - label.width / 2), y: round(cy - label.height / 2), width: label.width, height: label.height };
}

/**
 * Straight, one-step and one-corner routes between the ends of `old`, each end leaving and
 * arriving the way it does now. Candidates are listed in order of preference.
 */
export function candidateRoutes(old: Point[], boxesIn: (rect: Box) => readonly Box[], ends?: { source: Box; target: Box }): Point[][] {
  const p0 = old[0]!;
  const pn = old[old.length - 1]!;
  const d0 = direction(p0, old[1]!);
  const dn = direction(old[old.length - 2]!, pn);
  if (!d0 || !dn) return [];
  const out: Point[][] = [];
  if (d0.horizontal === dn.horizontal && d0.sign === dn.sign) {
    // Both ends run along one axis the same way: straight when level, else one step.
    const along = (p: Point) => (d0.horizontal ? p.x : p.y);
    const across = (p: Point) => (d0.horizontal ? p.y : p.x);
    const at = (a: number, c: number): Point => (d0.horizontal ? { x: a, y: c } : { x: c, y: a });
    const from = along(p0) + d0.sign * MIN_END;
    const to = along(pn) - d0.sign * MIN_END;
    if (d0.sign * (to - from) < 0) return [];
    if (Math.abs(across(p0) - across(pn)) <= EPSILON) return [[p0, at(along(pn), across(p0))]];
    if (ends) {
      // Boxes facing each other: a straight line, one end sliding along its side to meet the other.
      const side = (b: Box) => (d0.horizontal ? [b.y, b.y + b.height] : [b.x, b.x + b.width]) as [number, number];
      const within = (v: number, [lo, hi]: [number, number]) => v >= lo + SIDE_MARGIN && v <= hi - SIDE_MARGIN;
      if (within(across(p0), side(ends.target))) out.push([p0, at(along(pn), across(p0))]);
      if (within(across(pn), side(ends.source))) out.push([at(along(p0), across(pn)), pn]);
    }
    // ELK's channels first (spaced from other routes), then midway, then beside the boxes in
    // between, nearest the middle first.
    const inRange = (t: number) => d0.sign * (t - from) >= 0 && d0.sign * (to - t) >= 0;
    const middle = round((from + to) / 2);
    const channels = segmentsOf(old)
      .filter((s) => s.a !== p0 && across(s.a) !== across(s.b) && along(s.a) === along(s.b))
      .map((s) => along(s.a));
    const spanLo = Math.min(across(p0), across(pn));
    const spanHi = Math.max(across(p0), across(pn));
    const beside: number[] = [];
    const rect = d0.horizontal
      ? { x: Math.min(from, to), y: spanLo, width: Math.abs(to - from), height: spanHi - spanLo }
      : { x: spanLo, y: Math.min(from, to), width: spanHi - spanLo, height: Math.abs(to - from) };
    for (const b of boxesIn(rect)) {
      // Only boxes standing in the rectangle between the two ends can shape the step.
      const acrossLo = d0.horizontal ? b.y : b.x;
      const acrossHi = acrossLo + (d0.horizontal ? b.height : b.width);
      if (acrossHi < spanLo || acrossLo > spanHi) continue;
      const lo = d0.horizontal ? b.x : b.y;
      const hi = lo + (d0.horizontal ? b.width : b.height);
      beside.push(lo - BESIDE_BOX, hi + BESIDE_BOX);
    }
    beside.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle) || a - b);
    const seen = new Set<number>();
    for (const t of [...channels, middle, ...beside]) {
      if (seen.size >= MAX_TURNS) break;
      if (seen.has(t) || !inRange(t)) continue;
      seen.add(t);
      out.push([p0, at(t, across(p0)), at(t, across(pn)), pn]);
    }
    return out;
  }
  if (d0.horizontal !== dn.horizontal) {
    // Perpendicular ends: one corner where the two lines meet, if both stretches keep their way.
    const corner = d0.horizontal ? { x: pn.x, y: p0.y } : { x: p0.x, y: pn.y };
    const first = d0.horizontal ? corner.x - p0.x : corner.y - p0.y;
    const last = dn.horizontal ? pn.x - corner.x : pn.y - corner.y;
    if (d0.sign * first >= MIN_END && dn.sign * last >= MIN_END) out.push([p0, corner, pn]);
  }
  return out;
}

function direction(a: Point, b: Point): { horizontal: boolean; sign: number } | undefined {
  if (a.y === b.y && a.x !== b.x) return { horizontal: true, sign: Math.sign(b.x - a.x) };
  if (a.x === b.x && a.y !== b.y) return { horizontal: false, sign: Math.sign(b.y - a.y) };
  return undefined;
}

import type { Point, Scene, SceneEdge } from '../scene';
import { EDGE_LABEL_METRICS } from './constants';
import { boundingBox, type Box } from './geometry';

/**
 * Layout quality of one scene, measured on its geometry only (boxes, routes, label boxes).
 * The definitions are the ones the layout targets are stated in; coordinates are rounded to
 * 1/100 px, so every comparison allows `EPSILON`.
 */
export interface LayoutMetrics {
  nodes: number;
  edges: number;
  /** Pairs of segments of two different edges meeting at one point more than ε inside both (touching ends and collinear runs excluded). */
  crossings: number;
  /** Length along which segments of two edges without a shared end lie on top of each other. */
  overlapLen: number;
  /** The same for edges sharing an end (the intended look of a fan-in or fan-out). */
  overlapLenSharedEnd: number;
  /** Interior points of every route after dropping repeated and collinear points. */
  bends: number;
  maxBends: number;
  /** Σ route lengths. */
  totalLength: number;
  /** Σ (length − |Δx| − |Δy| between the route's own ends): twice the distance walked backwards. */
  excessLength: number;
  /** Σ (length − rectilinear gap between the two end boxes): the cost beyond the shortest orthogonal connection. */
  detourLength: number;
  /**
   * Connection ends on their box's border less than `CORNER_MARGIN` px from a corner, along
   * that side: a connection that leaves from a box's very corner reads as belonging to
   * neither side (ends on a rounded shape's outline, off the box, do not count).
   */
  cornerEnds: number;
  /** Routes leaving the bounding box of their two end boxes by more than `WRAP_OVERSHOOT` px. */
  wrapArounds: number;
  /** Σ over edges of how far the route leaves that bounding box (0 when it stays inside). */
  maxOvershoot: number;
  /** Σ over (edge, group) pairs, neither end being the group, of border crossings beyond the needed one (1 if the group holds exactly one end, else 0). */
  groupCrossExcess: number;
  /** Edges entering a group that holds neither of their ends. */
  edgesThroughForeignGroup: number;
  /** (edge, node) pairs where the route runs through the inside of a node other than its ends. */
  edgeNode: number;
  /** (edge, group) pairs where the route runs through the group's title (icon and label). */
  edgeGroupTitle: number;
  /** Pairs of edges without a shared end with parallel segments closer than 6 px over more than 8 px. */
  closeParallels: number;
  /** Label box ∩ node box. */
  labelNode: number;
  /** Label box ∩ label box. */
  labelLabel: number;
  /** A segment of another edge through a label box. */
  labelEdge: number;
  /** Node or group boxes overlapping that are not ancestor and descendant. */
  boxOverlaps: number;
  /** Bounding box of boxes, routes and labels (the scene's margin excluded). */
  width: number;
  height: number;
  area: number;
  /** Long side / short side (≥ 1). */
  aspect: number;
  /** Area / Σ node areas: how empty the drawing is. */
  bboxPerNode: number;
}

/** Coordinates are rounded to 1/100 px; anything within this many px counts as touching. */
export const EPSILON = 0.5;
/** A route overshooting its ends' bounding box by more than this is a wrap-around. */
export const WRAP_OVERSHOOT = 80;
/** A connection end closer than this to a corner of its box, along the side, is a corner end. */
export const CORNER_MARGIN = 8;
/** Parallel segments of two edges closer than this (and longer than `PARALLEL_RUN`) read as one line. */
export const PARALLEL_GAP = 6;
const PARALLEL_RUN = 8;

export interface Segment {
  a: Point;
  b: Point;
}

/** The label's background box of an edge, as renderers draw it. */
export function edgeLabelBox(edge: SceneEdge): Box | undefined {
  if (!edge.label || !edge.labelPosition) return undefined;
  return {
    x: edge.labelPosition.x,
    y: edge.labelPosition.y,
    width: edge.label.width + 2 * EDGE_LABEL_METRICS.paddingX,
    height: edge.label.height + 2 * EDGE_LABEL_METRICS.paddingY,
  };
}

/** A group's title: the union of its icon box and its label box. */
export function groupTitleBox(g: Scene['groups'][number]): Box {
  let box: Box = { x: g.labelPosition.x, y: g.labelPosition.y, width: g.label.width, height: g.label.height };
  if (g.iconBox) box = union(box, { x: g.iconBox.x, y: g.iconBox.y, width: g.iconBox.size, height: g.iconBox.size });
  return box;
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** Drops repeated points and the middle one of three collinear points. */
export function cleanRoute(points: Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.x - p.x) <= 1e-9 && Math.abs(last.y - p.y) <= 1e-9) continue;
    const prev = out[out.length - 2];
    if (prev && last && Math.abs((last.x - prev.x) * (p.y - prev.y) - (last.y - prev.y) * (p.x - prev.x)) <= 1e-6) out.pop();
    out.push(p);
  }
  return out;
}

export const segmentsOf = (points: Point[]): Segment[] => points.slice(1).map((b, i) => ({ a: points[i]!, b }));
const len = (s: Segment) => Math.hypot(s.b.x - s.a.x, s.b.y - s.a.y);

/** True when the two segments cross at one point more than ε inside both. */
export function segmentsCross(s: Segment, t: Segment): boolean {
  const rx = s.b.x - s.a.x;
  const ry = s.b.y - s.a.y;
  const qx = t.b.x - t.a.x;
  const qy = t.b.y - t.a.y;
  const denom = rx * qy - ry * qx;
  const ls = Math.hypot(rx, ry);
  const lt = Math.hypot(qx, qy);
  if (ls === 0 || lt === 0 || Math.abs(denom) <= 1e-9 * ls * lt) return false;
  const wx = t.a.x - s.a.x;
  const wy = t.a.y - s.a.y;
  const u = (wx * qy - wy * qx) / denom;
  const v = (wx * ry - wy * rx) / denom;
  const eu = EPSILON / ls;
  const ev = EPSILON / lt;
  return u > eu && u < 1 - eu && v > ev && v < 1 - ev;
}

/** Parallel axis-aligned segments: their gap and the length of their common projection. */
export function parallelRun(s: Segment, t: Segment): { gap: number; run: number } | undefined {
  const sh = s.a.y === s.b.y;
  const th = t.a.y === t.b.y;
  const sv = s.a.x === s.b.x;
  const tv = t.a.x === t.b.x;
  if (sh && th) {
    const run = Math.min(Math.max(s.a.x, s.b.x), Math.max(t.a.x, t.b.x)) - Math.max(Math.min(s.a.x, s.b.x), Math.min(t.a.x, t.b.x));
    return { gap: Math.abs(s.a.y - t.a.y), run };
  }
  if (sv && tv) {
    const run = Math.min(Math.max(s.a.y, s.b.y), Math.max(t.a.y, t.b.y)) - Math.max(Math.min(s.a.y, s.b.y), Math.min(t.a.y, t.b.y));
    return { gap: Math.abs(s.a.x - t.a.x), run };
  }
  return undefined;
}

/**
 * The parts of a segment strictly inside `box` shrunk by ε, as parameter intervals [t0, t1]
 * of the segment (Liang–Barsky), or undefined when it stays outside.
 */
function clip(s: Segment, box: Box): [number, number] | undefined {
  const x0 = box.x + EPSILON;
  const x1 = box.x + box.width - EPSILON;
  const y0 = box.y + EPSILON;
  const y1 = box.y + box.height - EPSILON;
  if (x0 >= x1 || y0 >= y1) return undefined;
  const dx = s.b.x - s.a.x;
  const dy = s.b.y - s.a.y;
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, s.a.x - x0],
    [dx, x1 - s.a.x],
    [-dy, s.a.y - y0],
    [dy, y1 - s.a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q <= 0) return undefined;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 >= t1) return undefined;
  }
  return [t0, t1];
}

/** True when a route runs through the inside of `box` for more than a touch. */
export function routeEnters(segments: Segment[], box: Box): boolean {
  return segments.some((s) => {
    const c = clip(s, box);
    return c !== undefined && (c[1] - c[0]) * len(s) > EPSILON;
  });
}

/**
 * How many times a route crosses the border of `box`: the route's stretches inside the box
 * (adjacent stretches across a bend merged), each counting one crossing per end that is not
 * an end of the route itself.
 */
export function borderCrossings(points: Point[], box: Box): number {
  const segments = segmentsOf(points);
  const total = segments.reduce((sum, s) => sum + len(s), 0);
  const inside: Array<[number, number]> = [];
  let offset = 0;
  for (const s of segments) {
    const l = len(s);
    const c = clip(s, box);
    if (c) {
      const a = offset + c[0] * l;
      const b = offset + c[1] * l;
      const last = inside[inside.length - 1];
      if (last && a - last[1] <= 1e-6) last[1] = b;
      else inside.push([a, b]);
    }
    offset += l;
  }
  let crossings = 0;
  for (const [a, b] of inside) {
    if (a > 1e-6) crossings++;
    if (b < total - 1e-6) crossings++;
  }
  return crossings;
}

/** True when two boxes share an area, not just a border (more than ε each way). */
export function overlapArea(a: Box, b: Box): boolean {
  return (
    Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > EPSILON &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > EPSILON
  );
}

const boxOf = (e: { x: number; y: number; width: number; height: number }): Box => ({ x: e.x, y: e.y, width: e.width, height: e.height });

/** True when `p` lies on the border of `box` less than `CORNER_MARGIN` px from a corner along that side. */
export function isCornerEnd(p: Point, box: Box): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) <= EPSILON;
  const within = (v: number, lo: number, hi: number) => v >= lo - EPSILON && v <= hi + EPSILON;
  const onVertical = (near(p.x, box.x) || near(p.x, box.x + box.width)) && within(p.y, box.y, box.y + box.height);
  const onHorizontal = (near(p.y, box.y) || near(p.y, box.y + box.height)) && within(p.x, box.x, box.x + box.width);
  const fromCorner = Math.min(
    onVertical ? Math.min(p.y - box.y, box.y + box.height - p.y) : Infinity,
    onHorizontal ? Math.min(p.x - box.x, box.x + box.width - p.x) : Infinity,
  );
  return fromCorner < CORNER_MARGIN;
}

/** Measures one scene (see {@link LayoutMetrics} for each figure's definition). Pure. */
export function measureLayout(scene: Scene): LayoutMetrics {
  const boxes = new Map<string, Box>();
  const parent = new Map<string, string>();
  for (const e of [...scene.groups, ...scene.nodes]) {
    boxes.set(e.id, boxOf(e));
    if (e.parent !== undefined) parent.set(e.id, e.parent);
  }
  const ancestors = (id: string): Set<string> => {
    const out = new Set<string>();
    for (let p = parent.get(id); p !== undefined && !out.has(p); p = parent.get(p)) out.add(p);
    return out;
  };
  const routes = scene.edges.map((e) => cleanRoute(e.points));
  const segs = routes.map(segmentsOf);
  const labels = scene.edges.map(edgeLabelBox);

  let crossings = 0;
  let overlapLen = 0;
  let overlapLenSharedEnd = 0;
  let closeParallels = 0;
  for (let i = 0; i < scene.edges.length; i++) {
    for (let j = i + 1; j < scene.edges.length; j++) {
      const ei = scene.edges[i]!;
      const ej = scene.edges[j]!;
      const shared = ei.source === ej.source || ei.source === ej.target || ei.target === ej.source || ei.target === ej.target;
      let close = false;
      for (const s of segs[i]!) {
        for (const t of segs[j]!) {
          if (segmentsCross(s, t)) crossings++;
          const p = parallelRun(s, t);
          if (!p || p.run <= EPSILON) continue;
          if (p.gap <= EPSILON) {
            if (shared) overlapLenSharedEnd += p.run;
            else overlapLen += p.run;
          } else if (!shared && p.gap < PARALLEL_GAP && p.run > PARALLEL_RUN) close = true;
        }
      }
      if (close) closeParallels++;
    }
  }

  let bends = 0;
  let maxBends = 0;
  let totalLength = 0;
  let excessLength = 0;
  let detourLength = 0;
  let wrapArounds = 0;
  let cornerEnds = 0;
  let maxOvershoot = 0;
  let groupCrossExcess = 0;
  let edgesThroughForeignGroup = 0;
  let edgeNode = 0;
  let edgeGroupTitle = 0;
  scene.edges.forEach((edge, i) => {
    const route = routes[i]!;
    const b = Math.max(0, route.length - 2);
    bends += b;
    maxBends = Math.max(maxBends, b);
    const length = segs[i]!.reduce((sum, s) => sum + len(s), 0);
    totalLength += length;
    if (route.length >= 2) {
      const first = route[0]!;
      const last = route[route.length - 1]!;
      excessLength += length - Math.abs(last.x - first.x) - Math.abs(last.y - first.y);
    }
    const sb = boxes.get(edge.source);
    const tb = boxes.get(edge.target);
    if (route.length >= 2) {
      if (sb && isCornerEnd(route[0]!, sb)) cornerEnds++;
      if (tb && isCornerEnd(route[route.length - 1]!, tb)) cornerEnds++;
    }
    if (sb && tb) {
      const gapX = Math.max(0, sb.x - (tb.x + tb.width), tb.x - (sb.x + sb.width));
      const gapY = Math.max(0, sb.y - (tb.y + tb.height), tb.y - (sb.y + sb.height));
      detourLength += Math.max(0, length - gapX - gapY);
      const span = union(sb, tb);
      let over = 0;
      for (const p of route) over = Math.max(over, span.x - p.x, p.x - (span.x + span.width), span.y - p.y, p.y - (span.y + span.height));
      if (over > WRAP_OVERSHOOT) wrapArounds++;
      maxOvershoot += over;
    }
    const endsOf = (id: string) => new Set([id, ...ancestors(id)]);
    let throughForeign = false;
    const sourceSide = endsOf(edge.source);
    const targetSide = endsOf(edge.target);
    for (const g of scene.groups) {
      if (g.id === edge.source || g.id === edge.target) continue;
      const holdsSource = sourceSide.has(g.id);
      const holdsTarget = targetSide.has(g.id);
      const needed = holdsSource !== holdsTarget ? 1 : 0;
      const box = boxOf(g);
      groupCrossExcess += Math.max(0, borderCrossings(route, box) - needed);
      if (!holdsSource && !holdsTarget && routeEnters(segs[i]!, box)) throughForeign = true;
      if (routeEnters(segs[i]!, groupTitleBox(g))) edgeGroupTitle++;
    }
    if (throughForeign) edgesThroughForeignGroup++;
    for (const n of scene.nodes) {
      if (n.id === edge.source || n.id === edge.target) continue;
      if (routeEnters(segs[i]!, boxOf(n))) edgeNode++;
    }
  });

  let labelNode = 0;
  let labelLabel = 0;
  let labelEdge = 0;
  labels.forEach((l, i) => {
    if (!l) return;
    for (const n of scene.nodes) if (overlapArea(l, boxOf(n))) labelNode++;
    for (let j = i + 1; j < labels.length; j++) {
      const m = labels[j];
      if (m && overlapArea(l, m)) labelLabel++;
    }
    segs.forEach((s, j) => {
      if (j !== i && routeEnters(s, l)) labelEdge++;
    });
  });

  let boxOverlaps = 0;
  const elements = [...scene.groups, ...scene.nodes];
  for (let i = 0; i < elements.length; i++) {
    for (let j = i + 1; j < elements.length; j++) {
      const a = elements[i]!;
      const b = elements[j]!;
      if (ancestors(a.id).has(b.id) || ancestors(b.id).has(a.id)) continue;
      if (overlapArea(boxOf(a), boxOf(b))) boxOverlaps++;
    }
  }

  const { width, height } = boundingBox(
    (function* () {
      yield* boxes.values();
      for (const r of routes) for (const p of r) yield { x: p.x, y: p.y, width: 0, height: 0 };
      for (const l of labels) if (l) yield l;
    })(),
  );
  const area = width * height;
  const nodeArea = scene.nodes.reduce((sum, n) => sum + n.width * n.height, 0);

  return {
    nodes: scene.nodes.length,
    edges: scene.edges.length,
    crossings,
    overlapLen: round1(overlapLen),
    overlapLenSharedEnd: round1(overlapLenSharedEnd),
    bends,
    maxBends,
    totalLength: round1(totalLength),
    excessLength: round1(excessLength),
    detourLength: round1(detourLength),
    wrapArounds,
    cornerEnds,
    maxOvershoot: round1(maxOvershoot),
    groupCrossExcess,
    edgesThroughForeignGroup,
    edgeNode,
    edgeGroupTitle,
    closeParallels,
    labelNode,
    labelLabel,
    labelEdge,
    boxOverlaps,
    width: round1(width),
    height: round1(height),
    area: Math.round(area),
    aspect: width > 0 && height > 0 ? round1(Math.max(width, height) / Math.min(width, height)) : 1,
    bboxPerNode: nodeArea > 0 ? round1(area / nodeArea) : 0,
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * An orthogonal router for boxes that are already placed: what a kept layout needs, since
 * ELK only routes what it placed itself (elkjs has no libavoid) and libavoid-js measured too
 * slow at 300 nodes (docs/decisions/0010-kept-layout-router.md).
 *
 * Each connection leaves its source from the side facing the target (ties go to the flow)
 * or, when that saves a bend or a crossing, from the side facing it on the other axis (the
 * same at the target: an L instead of a Z); the first pass picks the sides, and the ends on
 * a side are then spread apart for the second. It goes through a short stub at each end,
 * and is searched with A* on a sparse grid of the lines running
 * `CLEAR` px outside the boxes near its two ends (plus the middles of wide channels), with
 * a cost per bend, per crossing of a connection routed before and per length shared with
 * one; the estimate counts the bends still needed to arrive on the goal's side
 * (bendsAtLeast.ts), and the second pass only takes a route cheaper than the first pass's.
 * Boxes are obstacles, inflated by half the clearance, so no route runs through a node.
 * The search stays inside the ends' bounding box widened by `REACH` (below the metrics'
 * wrap-around threshold) and widens only when nothing fits there. Afterwards, segments of
 * different connections lying on one line are spread apart (nudged) inside their channel.
 * Deterministic: connections are routed in the order given, ties broken by index.
 */
import type { Direction } from '../model';
import type { Point } from '../scene';
import { bendsAtLeast } from './bendsAtLeast';
import { fallbackRoute, simplifyPolyline, type Box } from './geometry';
import { SpatialGrid } from './spatialGrid';

/** Room kept between a route and a box it passes, px (the grid's lines run this far out). */
export const CLEAR = 16;
/** How far beyond its ends' bounding box a route may go before the search widens (metrics count 80 as a wrap-around). */
const REACH = 60;
/**
 * Cost of one bend, and of crossing a connection routed before, in px of length: what a
 * reader counts is bends and crossings, so a detour of a bend's worth of px pays for one.
 * Measured with the kept-layout bench (126 edit rows): 40 and 60 gave crossings + bends
 * 1.16x a fresh layout (11 rows over 1.25x), 60 and 90 1.16x (10), 80 and 120 1.14x (8),
 * for about 1.5x the routing time at 300 nodes.
 */
const BEND = 80;
const CROSS = 120;
/** Cost per px of running on top of a connection routed before. */
const SHARE = 0.6;
/**
 * Weight of A*'s estimate past `EXACT_UP_TO` connections: above 1 the search heads for the
 * target instead of trying every equally cheap detour first. Measured on a 300-node
 * architecture (379 searches): 1.7 million heap pops exact, 254 thousand at 1.1, 54 thousand
 * at 1.2; kept layout of 300 nodes + 1 against the fresh layout: 0.54x exact, 0.15x at 1.05,
 * 0.10x at 1.1; crossings + bends against a fresh layout at 200-300 nodes: 1.04-1.11x exact,
 * 1.12-1.21x at 1.05, 1.19-1.29x at 1.1, 1.26-1.40x at 1.2 (with a bend at 40 and a crossing
 * at 60; with 80 and 120, 1.1 made arch-300 2.5% worse than 1.05). Smaller diagrams search exactly.
 */
const GREED = 1.05;
const EXACT_UP_TO = 200;
/** Preferred gap between nudged parallel segments, px. */
const NUDGE = 8;
/** Ports keep this far from a box's corners, px. */
const CORNER = 12;
/** Cost of an end leaving or entering by the other side `sideOptions` offers, in px of length: below a bend, so saving one pays. */
const OTHER_SIDE = 40;
/** Smallest gap between two connection ends on one side of a box, px. */
const PORT_GAP = 10;

export interface RouteRequest {
  source: string;
  target: string;
  /** Points the route must pass through, in order (a user's waypoints). */
  waypoints?: Point[];
  /** A route drawn before that is still clear (keptRoutes.ts): drawn as it is, and the others route around it. */
  keep?: Point[];
}

type Side = 'left' | 'right' | 'top' | 'bottom';

const NORMAL: Record<Side, Point> = { left: { x: -1, y: 0 }, right: { x: 1, y: 0 }, top: { x: 0, y: -1 }, bottom: { x: 0, y: 1 } };

const isVertical = (side: Side) => side === 'left' || side === 'right';

/** The sides of `s` and `t` facing each other across each axis, and the gaps between the boxes along them. */
function facing(s: Box, t: Box) {
  const gapRight = t.x - (s.x + s.width);
  const gapLeft = s.x - (t.x + t.width);
  const gapDown = t.y - (s.y + s.height);
  const gapUp = s.y - (t.y + t.height);
  return {
    gapX: Math.max(gapRight, gapLeft),
    gapY: Math.max(gapDown, gapUp),
    horizontal: (gapRight >= gapLeft ? ['right', 'left'] : ['left', 'right']) as [Side, Side],
    vertical: (gapDown >= gapUp ? ['bottom', 'top'] : ['top', 'bottom']) as [Side, Side],
  };
}

/** The sides a connection leaves `s` and enters `t` by: facing each other, the flow's axis preferred. */
function sides(s: Box, t: Box, horizontalFlow: boolean): [Side, Side] {
  const { gapX, gapY, horizontal, vertical } = facing(s, t);
  const room = 2 * CLEAR;
  if (horizontalFlow) {
    if (gapX >= room) return horizontal;
    if (gapY >= room) return vertical;
  } else {
    if (gapY >= room) return vertical;
    if (gapX >= room) return horizontal;
  }
  return gapX >= gapY ? horizontal : vertical;
}

/**
 * The sides each end may use, best first: the one `sides` gives, then the side on the other
 * axis facing the other box (an L then needs one bend where the facing pair needs two).
 */
function sideOptions(s: Box, t: Box, horizontalFlow: boolean): [Side[], Side[]] {
  const pair = sides(s, t, horizontalFlow);
  const f = facing(s, t);
  const other = isVertical(pair[0]) ? f.vertical : f.horizontal;
  return [[pair[0], other[0]], [pair[1], other[1]]];
}

interface Port {
  point: Point;
  side: Side;
}

/** The span of `side` of `box` ends may use, along the side: clear of its corners. */
function sideRange(box: Box, side: Side): [number, number] {
  const [start, length] = isVertical(side) ? [box.y, box.height] : [box.x, box.width];
  const margin = Math.min(CORNER, length / 4);
  return [start + margin, start + length - margin];
}

const centreAlong = (b: Box, side: Side) => (isVertical(side) ? b.y + b.height / 2 : b.x + b.width / 2);

/** The point of `side` of `box` at `at` along it. */
function pointOn(box: Box, side: Side, at: number): Point {
  const v = Math.round(at);
  return isVertical(side) ? { x: side === 'left' ? box.x : box.x + box.width, y: v } : { x: v, y: side === 'top' ? box.y : box.y + box.height };
}

/** The point of `side` of `box` nearest the centre of `other`, clear of the corners. */
function portToward(box: Box, side: Side, other: Box): Port {
  const [lo, hi] = sideRange(box, side);
  return { point: pointOn(box, side, Math.min(hi, Math.max(lo, centreAlong(other, side)))), side };
}

/**
 * Where each connection meets its boxes: on the sides in `chosen` (else those `sides`
 * gives), at the middle of the span the two boxes share across the line between them when
 * they face each other and share one (so the route can run straight, as ELK's aligned layers
 * let it), else at the point of the side nearest the other end's centre; ends on one side
 * are kept `PORT_GAP` apart in the order of those spots.
 */
function assignPorts(boxes: Map<string, Box>, requests: RouteRequest[], horizontalFlow: boolean, chosen: ReadonlyArray<[Side, Side] | undefined> = []): Array<[Port, Port] | undefined> {
  const ends = new Map<string, Array<{ index: number; end: 0 | 1; ideal: number; toward: number }>>();
  const pairs: Array<[Side, Side] | undefined> = requests.map((r, index) => {
    const s = boxes.get(r.source);
    const t = boxes.get(r.target);
    if (!s || !t || r.keep || r.source === r.target || overlaps(s, t)) return undefined;
    const pair = chosen[index] ?? sides(s, t, horizontalFlow);
    const [s0, s1] = sideRange(s, pair[0]);
    const [t0, t1] = sideRange(t, pair[1]);
    const lo = Math.max(s0, t0);
    const hi = Math.min(s1, t1);
    const direct = !r.waypoints?.length && isVertical(pair[0]) === isVertical(pair[1]) && lo <= hi;
    for (const [id, side, box, other, end] of [[r.source, pair[0], s, t, 0], [r.target, pair[1], t, s, 1]] as const) {
      const key = `${id}\u0000${side}`;
      let list = ends.get(key);
      if (!list) ends.set(key, (list = []));
      // Not facing each other: towards the other end, so routes bending the same way leave in order.
      const ideal = direct ? (lo + hi) / 2 : portToward(box, side, other).point[isVertical(side) ? 'y' : 'x'];
      // The angle at which the other end is seen from this side: ends ordered by it leave
      // without crossing (a near end below goes lowest, a far one runs above it).
      const n = NORMAL[side];
      const along = centreAlong(other, side) - centreAlong(box, side);
      const out = n.x > 0 ? other.x - (box.x + box.width) : n.x < 0 ? box.x - (other.x + other.width) : n.y > 0 ? other.y - (box.y + box.height) : box.y - (other.y + other.height);
      list.push({ index, end, ideal, toward: Math.atan2(along, Math.max(1, out)) });
    }
    return pair;
  });
  const partial: Array<[Port?, Port?]> = requests.map(() => [undefined, undefined]);
  for (const [key, list] of ends) {
    const [id, side] = key.split('\u0000') as [string, Side];
    const box = boxes.get(id)!;
    list.sort((a, b) => a.toward - b.toward || a.ideal - b.ideal || a.index - b.index || a.end - b.end);
    const [lo, hi] = sideRange(box, side);
    let at: number[];
    if ((list.length - 1) * PORT_GAP > hi - lo) {
      at = list.map((_, k) => lo + ((hi - lo) * (k + 1)) / (list.length + 1));
    } else {
      at = list.map((e) => Math.min(hi, Math.max(lo, e.ideal)));
      for (let k = 1; k < at.length; k++) at[k] = Math.max(at[k]!, at[k - 1]! + PORT_GAP);
      at[at.length - 1] = Math.min(at[at.length - 1]!, hi);
      for (let k = at.length - 2; k >= 0; k--) at[k] = Math.min(at[k]!, at[k + 1]! - PORT_GAP);
    }
    list.forEach((e, k) => {
      partial[e.index]![e.end] = { point: pointOn(box, side, at[k]!), side };
    });
  }
  return pairs.map((c, i) => {
    const [a, b] = partial[i]!;
    return c && a && b ? [a, b] : undefined;
  });
}

const samePoint = (a: Point, b: Point) => a.x === b.x && a.y === b.y;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Min-heap of state indices by priority, ties by insertion order (for determinism). Typed arrays: the search's hot loop. */
class Heap {
  private keys = new Float64Array(1024);
  private items = new Int32Array(1024);
  private order = new Float64Array(1024);
  private n = 0;
  private counter = 0;
  get size() {
    return this.n;
  }
  clear() {
    this.n = 0;
    this.counter = 0;
  }
  peekKey() {
    return this.keys[0]!;
  }
  push(item: number, key: number) {
    if (this.n === this.items.length) {
      const grow = <T extends Float64Array | Int32Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.keys = grow(this.keys);
      this.items = grow(this.items);
      this.order = grow(this.order);
    }
    const order = this.counter++;
    let k = this.n++;
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (this.keys[p]! < key || (this.keys[p] === key && this.order[p]! < order)) break;
      this.keys[k] = this.keys[p]!;
      this.items[k] = this.items[p]!;
      this.order[k] = this.order[p]!;
      k = p;
    }
    this.keys[k] = key;
    this.items[k] = item;
    this.order[k] = order;
  }
  pop(): number {
    const top = this.items[0]!;
    const n = --this.n;
    if (n > 0) {
      const key = this.keys[n]!;
      const item = this.items[n]!;
      const order = this.order[n]!;
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        if (l >= n) break;
        const r = l + 1;
        let m = l;
        if (r < n && (this.keys[r]! < this.keys[l]! || (this.keys[r] === this.keys[l] && this.order[r]! < this.order[l]!))) m = r;
        if (key < this.keys[m]! || (key === this.keys[m] && order < this.order[m]!)) break;
        this.keys[k] = this.keys[m]!;
        this.items[k] = this.items[m]!;
        this.order[k] = this.order[m]!;
        k = m;
      }
      this.keys[k] = key;
      this.items[k] = item;
      this.order[k] = order;
    }
    return top;
  }
}

/**
 * Scratch arrays shared by the searches of one routing run, grown when a grid needs more:
 * allocating (and clearing) arrays of a whole grid per connection cost more than searching.
 * Costs are valid only where `stamp` holds the current search's number.
 */
class Scratch {
  cells = 0;
  blocked = new Uint8Array(0);
  blockedH = new Uint8Array(0);
  blockedV = new Uint8Array(0);
  crossH = new Uint8Array(0);
  crossV = new Uint8Array(0);
  shareH = new Uint8Array(0);
  shareV = new Uint8Array(0);
  cost = new Float64Array(0);
  prev = new Int32Array(0);
  stamp = new Uint32Array(0);
  /** A*'s weighted estimate of each state reached, kept so a stale heap entry is told without computing it again. */
  estimate = new Float64Array(0);
  /** The search that expanded each state: one expansion per state. */
  closed = new Uint32Array(0);
  search = 0;
  readonly heap = new Heap();
  /** Ready for a grid of `cells` points: flags cleared, costs invalidated. */
  prepare(cells: number) {
    if (cells > this.cells) {
      const size = Math.max(cells, Math.ceil(this.cells * 1.5));
      this.cells = size;
      this.blocked = new Uint8Array(size);
      this.blockedH = new Uint8Array(size);
      this.blockedV = new Uint8Array(size);
      this.crossH = new Uint8Array(size);
      this.crossV = new Uint8Array(size);
      this.shareH = new Uint8Array(size);
      this.shareV = new Uint8Array(size);
      this.cost = new Float64Array(size * 4);
      this.prev = new Int32Array(size * 4);
      this.stamp = new Uint32Array(size * 4);
      this.estimate = new Float64Array(size * 4);
      this.closed = new Uint32Array(size * 4);
      this.search = 0;
    } else {
      for (const a of [this.blocked, this.blockedH, this.blockedV, this.crossH, this.crossV, this.shareH, this.shareV]) a.fill(0, 0, cells);
    }
    this.search++;
    this.heap.clear();
  }
}

/** Segments already routed, by line: what later searches pay to cross or share. */
class Occupancy {
  /** Vertical segments by x, horizontal ones by y: [from, to] along the line. */
  readonly vertical = new Map<number, Array<[number, number]>>();
  readonly horizontal = new Map<number, Array<[number, number]>>();
  add(points: Point[]) {
    for (let k = 1; k < points.length; k++) {
      const a = points[k - 1]!;
      const b = points[k]!;
      if (a.x === b.x && a.y !== b.y) push(this.vertical, a.x, [Math.min(a.y, b.y), Math.max(a.y, b.y)]);
      else if (a.y === b.y && a.x !== b.x) push(this.horizontal, a.y, [Math.min(a.x, b.x), Math.max(a.x, b.x)]);
    }
  }
}

function push(map: Map<number, Array<[number, number]>>, key: number, v: [number, number]) {
  const list = map.get(key);
  if (list) list.push(v);
  else map.set(key, [v]);
}

const DX = [1, -1, 0, 0];
const DY = [0, 0, 1, -1];
const dirOf = (n: Point): number => (n.x > 0 ? 0 : n.x < 0 ? 1 : n.y > 0 ? 2 : 3);

function lowerBound(a: number[], v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One end a search may start or finish at: a point, the direction it leaves or arrives in (-1: any), and what choosing it costs. */
interface Stop {
  point: Point;
  dir: number;
  cost: number;
}

/**
 * The cheapest orthogonal path inside `region` avoiding `obstacles` from one of `starts` to
 * one of `goals` (each end's cost added), with the indices of the start and goal it joins,
 * or undefined. With `incumbent` (a path found before, corners from a start to a goal), only
 * a cheaper path replaces it, and the search stops as soon as nothing left can be cheaper
 * than it: the incumbent when none is found.
 */
function search(
  starts: readonly Stop[],
  goals: readonly Stop[],
  region: Box,
  obstacles: Box[],
  thin: ReadonlySet<Box>,
  used: Occupancy,
  scratch: Scratch,
  greed: number,
  incumbent?: readonly Point[],
): { path: Point[]; start: number; goal: number } | undefined {
  const xsSet = new Set<number>([region.x, region.x + region.width]);
  const ysSet = new Set<number>([region.y, region.y + region.height]);
  for (const e of [...starts, ...goals]) {
    xsSet.add(e.point.x);
    ysSet.add(e.point.y);
  }
  for (const b of obstacles) {
    xsSet.add(b.x - CLEAR);
    xsSet.add(b.x + b.width + CLEAR);
    ysSet.add(b.y - CLEAR);
    ysSet.add(b.y + b.height + CLEAR);
  }
  const lines = (set: Set<number>, lo: number, hi: number) => {
    const sorted = [...set].filter((v) => v >= lo && v <= hi).sort((a, b) => a - b);
    const out: number[] = [];
    for (let k = 0; k < sorted.length; k++) {
      out.push(sorted[k]!);
      // The middle of a wide channel: routes down its centre read better and leave room to nudge.
      const next = sorted[k + 1];
      if (next !== undefined && next - sorted[k]! > 4 * CLEAR) out.push(Math.round((sorted[k]! + next) / 2));
    }
    return out;
  };
  const xs = lines(xsSet, region.x, region.x + region.width);
  const ys = lines(ysSet, region.y, region.y + region.height);
  const nx = xs.length;
  const ny = ys.length;
  scratch.prepare(nx * ny);
  const { blocked, crossH, crossV, shareH, shareV, cost, prev, stamp, estimate, closed, heap } = scratch;
  const blockedH = scratch.blockedH; // segment (i,j)-(i+1,j)
  const blockedV = scratch.blockedV; // segment (i,j)-(i,j+1)
  const current = scratch.search;
  for (const b of obstacles) {
    const half = thin.has(b) ? 0 : CLEAR / 2;
    const x0 = b.x - half;
    const x1 = b.x + b.width + half;
    const y0 = b.y - half;
    const y1 = b.y + b.height + half;
    const i0 = Math.max(0, lowerBound(xs, x0) - 1);
    const i1 = Math.min(nx - 1, lowerBound(xs, x1));
    const j0 = Math.max(0, lowerBound(ys, y0) - 1);
    const j1 = Math.min(ny - 1, lowerBound(ys, y1));
    for (let j = j0; j <= j1; j++) {
      const y = ys[j]!;
      const yIn = y > y0 && y < y1;
      for (let i = i0; i <= i1; i++) {
        const x = xs[i]!;
        const xIn = x > x0 && x < x1;
        if (xIn && yIn) blocked[j * nx + i] = 1;
        if (yIn && i < nx - 1) {
          const mx = (x + xs[i + 1]!) / 2;
          if (mx > x0 && mx < x1) blockedH[j * nx + i] = 1;
        }
        if (xIn && j < ny - 1) {
          const my = (y + ys[j + 1]!) / 2;
          if (my > y0 && my < y1) blockedV[j * nx + i] = 1;
        }
      }
    }
  }
  const cellOf = (p: Point) => lowerBound(ys, p.y) * nx + lowerBound(xs, p.x);
  const startCells = starts.map((e) => cellOf(e.point));
  const goalCells = goals.map((e) => cellOf(e.point));
  // Ends stay usable even when a neighbour sits closer than the clearance.
  for (const c of [...startCells, ...goalCells]) blocked[c] = 0;

  // What the routes before cost here: crossing their segments at a point, or running along them.
  // crossH: a vertical route passes through the point, so moving horizontally crosses it.
  for (let i = 0; i < nx; i++) {
    for (const [a, b] of used.vertical.get(xs[i]!) ?? []) {
      const j0 = lowerBound(ys, a);
      for (let j = j0; j < ny && ys[j]! <= b; j++) {
        if (ys[j]! > a && ys[j]! < b) crossH[j * nx + i] = 1;
        if (j < ny - 1 && ys[j + 1]! <= b) shareV[j * nx + i] = 1;
      }
    }
  }
  for (let j = 0; j < ny; j++) {
    for (const [a, b] of used.horizontal.get(ys[j]!) ?? []) {
      const i0 = lowerBound(xs, a);
      for (let i = i0; i < nx && xs[i]! <= b; i++) {
        if (xs[i]! > a && xs[i]! < b) crossV[j * nx + i] = 1;
        if (i < nx - 1 && xs[i + 1]! <= b) shareH[j * nx + i] = 1;
      }
    }
  }

  // Length still to go plus the bends it needs at least, heading in direction d, arriving
  // on the goal's side, plus the goal's cost, to the nearest goal: a tight bound keeps A*
  // from spreading over the whole grid (it stays admissible: bendsAtLeast.ts).
  const goalX = goals.map((g) => g.point.x);
  const goalY = goals.map((g) => g.point.y);
  const goalCost = goals.map((g) => g.cost);
  const goalDir = goals.map((g) => g.dir);
  const goalCount = goals.length;
  const toOne = (k: number, i: number, j: number, d: number) => {
    const dx = goalX[k]! - xs[i]!;
    const dy = goalY[k]! - ys[j]!;
    return Math.abs(dx) + Math.abs(dy) + goalCost[k]! + BEND * bendsAtLeast(d, dx, dy, goalDir[k]!);
  };
  // Called for every state reached: no array built per call (in a profile of 300 nodes, the
  // estimate and its garbage took a third of the search's time).
  const h = (i: number, j: number, d: number) => {
    let best = toOne(0, i, j, d);
    for (let k = 1; k < goalCount; k++) best = Math.min(best, toOne(k, i, j, d));
    return best;
  };
  starts.forEach((start, k) => {
    const c = startCells[k]!;
    for (const d of start.dir >= 0 ? [start.dir] : [0, 1, 2, 3]) {
      const s = c * 4 + d;
      if (stamp[s] === current && cost[s]! <= start.cost) continue;
      cost[s] = start.cost;
      prev[s] = -1;
      stamp[s] = current;
      const i = c % nx;
      estimate[s] = greed * h(i, (c - i) / nx, d);
      heap.push(s, start.cost + estimate[s]!);
    }
  });
  /** The cost of a step from (i, j) in direction `nd`, bends aside, or -1 where it may not go. */
  const move = (i: number, j: number, nd: number): number => {
    const ni = i + DX[nd]!;
    const nj = j + DY[nd]!;
    if (ni < 0 || nj < 0 || ni >= nx || nj >= ny) return -1;
    const q = nj * nx + ni;
    if (blocked[q]) return -1;
    if (nd < 2) {
      const seg = j * nx + Math.min(i, ni);
      if (blockedH[seg]) return -1;
      const len = Math.abs(xs[ni]! - xs[i]!);
      return len + (shareH[seg] ? SHARE * len : 0) + (crossH[q] ? CROSS : 0);
    }
    const seg = Math.min(j, nj) * nx + i;
    if (blockedV[seg]) return -1;
    const len = Math.abs(ys[nj]! - ys[j]!);
    return len + (shareV[seg] ? SHARE * len : 0) + (crossV[q] ? CROSS : 0);
  };
  /**
   * What the search would pay for `path` (corners from a start to a goal), with the start
   * and goal it joins; undefined when it does not run on this grid's lines or may not go
   * somewhere it goes.
   */
  const followCost = (path: readonly Point[]): { cost: number; start: number; goal: number } | undefined => {
    const at = (p: Point) => {
      const i = lowerBound(xs, p.x);
      const j = lowerBound(ys, p.y);
      return xs[i] === p.x && ys[j] === p.y ? [i, j] : undefined;
    };
    const start = starts.findIndex((e) => samePoint(e.point, path[0]!));
    const goal = goals.findIndex((e) => samePoint(e.point, path[path.length - 1]!));
    let here = at(path[0]!);
    if (start < 0 || goal < 0 || !here) return undefined;
    let d = starts[start]!.dir;
    let total = starts[start]!.cost;
    for (let k = 1; k < path.length; k++) {
      const next = at(path[k]!);
      if (!next) return undefined;
      let [i, j] = here;
      const nd = dirOf({ x: Math.sign(next[0]! - i!), y: Math.sign(next[1]! - j!) });
      if (nd === (d ^ 1) || (next[0] !== i && next[1] !== j)) return undefined;
      while (i !== next[0] || j !== next[1]) {
        const step = move(i!, j!, nd);
        if (step < 0) return undefined;
        total += step + (nd !== d ? BEND : 0);
        d = nd;
        i! += DX[nd]!;
        j! += DY[nd]!;
      }
      here = next;
    }
    const end = goals[goal]!;
    total += end.cost + (end.dir >= 0 && d !== end.dir ? BEND * (d === (end.dir ^ 1) ? 2 : 1) : 0);
    return { cost: total, start, goal };
  };
  // What a route already found costs here, if it lies on this grid: only a cheaper one replaces it.
  const known = incumbent ? followCost(incumbent) : undefined;
  let best = known?.cost ?? Infinity;
  let bestState = -1;
  let bestGoal = known?.goal ?? -1;
  while (heap.size) {
    if (heap.peekKey() >= best) break;
    const key = heap.peekKey();
    const s = heap.pop();
    const d = s & 3;
    const p = s >> 2;
    const i = p % nx;
    const j = (p - i) / nx;
    const g = cost[s]!;
    // An entry left behind by a cheaper way to the same state, or a state already expanded.
    if (key > g + estimate[s]! + 1e-9 || closed[s] === current) continue;
    // A greedy search expands each state once, not following up a cheaper way found later
    // (300 nodes + 1: 7% fewer heap pops); an exact one follows every cheaper way, as its
    // estimate is admissible but not consistent.
    if (greed > 1) closed[s] = current;
    const reached = goalCells.indexOf(p);
    if (reached >= 0) {
      goals.forEach((goal, k) => {
        if (goalCells[k] !== p) return;
        const total = g + goal.cost + (goal.dir >= 0 && d !== goal.dir ? BEND * (d === (goal.dir ^ 1) ? 2 : 1) : 0);
        if (total < best) {
          best = total;
          bestState = s;
          bestGoal = k;
        }
      });
      continue;
    }
    for (let nd = 0; nd < 4; nd++) {
      if (nd === (d ^ 1)) continue; // no turning back on oneself
      const ni = i + DX[nd]!;
      const nj = j + DY[nd]!;
      let step = move(i, j, nd);
      if (step < 0) continue;
      if (nd !== d) step += BEND;
      const ns = (nj * nx + ni) * 4 + nd;
      const ng = g + step;
      if (stamp[ns] !== current) {
        stamp[ns] = current;
        cost[ns] = ng;
        prev[ns] = s;
        estimate[ns] = greed * h(ni, nj, nd);
        heap.push(ns, ng + estimate[ns]!);
      } else if (ng < cost[ns]! && closed[ns] !== current) {
        cost[ns] = ng;
        prev[ns] = s;
        heap.push(ns, ng + estimate[ns]!);
      }
    }
  }
  if (bestState < 0) return known ? { path: [...incumbent!], start: known.start, goal: known.goal } : undefined;
  const path: Point[] = [];
  let first = bestState;
  for (let s = bestState; s >= 0; s = prev[s]!) {
    const p = s >> 2;
    const i = p % nx;
    path.push({ x: xs[i]!, y: ys[(p - i) / nx]! });
    first = s;
  }
  return { path: path.reverse(), start: startCells.indexOf(first >> 2), goal: bestGoal };
}

const grow = (b: Box, by: number): Box => ({ x: b.x - by, y: b.y - by, width: b.width + 2 * by, height: b.height + 2 * by });
const unite = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};

/**
 * Routes every request between the boxes of `obstacles` (by id: the nodes, which no route
 * may cross; a request's ends may also be groups, given in `ends`). Obstacles in `thin`
 * get no clearance (a group's title, which a node just below it leaves 16 px from). Returns one orthogonal
 * polyline per request, from the source's border to the target's border.
 */
export function routeOrthogonal(
  obstacles: Map<string, Box>,
  requests: RouteRequest[],
  direction: Direction,
  ends: Map<string, Box> = new Map(),
  thin: ReadonlySet<string> = new Set(),
): Point[][] {
  const thinBoxes = new Set([...thin].flatMap((id) => (obstacles.has(id) ? [obstacles.get(id)!] : [])));
  const horizontalFlow = direction === 'LR' || direction === 'RL';
  const boxOf = (id: string) => obstacles.get(id) ?? ends.get(id);
  const all = new Map<string, Box>();
  for (const r of requests) for (const id of [r.source, r.target]) {
    const b = boxOf(id);
    if (b) all.set(id, b);
  }
  const firstPorts = assignPorts(all, requests, horizontalFlow);
  const grid = new SpatialGrid<Box>(256);
  let whole: Box | undefined;
  for (const b of obstacles.values()) {
    grid.insert(b, b);
    whole = whole ? unite(whole, b) : b;
  }
  const used = new Occupancy();
  const scratch = new Scratch();
  const greed = requests.length <= EXACT_UP_TO ? 1 : GREED;
  const near = (region: Box): Box[] => {
    const out: Box[] = [];
    for (const b of grid.query(region, new Set())) if (overlaps(grow(b, CLEAR), region)) out.push(b);
    return out;
  };
  const out = (p: Port): Point => ({ x: p.point.x + NORMAL[p.side].x * CLEAR, y: p.point.y + NORMAL[p.side].y * CLEAR });
  /**
   * `r`'s route from its ports in `ports`. With `choose`, each end may instead use the other
   * side `sideOptions` offers (at `OTHER_SIDE` cost, so a tie keeps the first), and the sides
   * taken are written there.
   */
  const routeOne = (r: RouteRequest, index: number, used: Occupancy, ports: Array<[Port, Port] | undefined>, choose?: Array<[Side, Side] | undefined>, incumbent?: readonly Point[]): Point[] => {
    const s = boxOf(r.source);
    const t = boxOf(r.target);
    const pair = ports[index];
    if (r.keep) return r.keep;
    if (!s || !t) return [];
    if (!pair) return simplifyPolyline(fallbackRoute(s, t, horizontalFlow));
    // A user's waypoints fix the way the route goes: its ends keep the sides facing the flow.
    const options = choose && !r.waypoints?.length ? sideOptions(s, t, horizontalFlow) : [[pair[0].side], [pair[1].side]];
    const sourcePorts = options[0]!.map((side, k) => (k === 0 ? pair[0] : portToward(s, side, t)));
    const targetPorts = options[1]!.map((side, k) => (k === 0 ? pair[1] : portToward(t, side, s)));
    const starts: Stop[] = sourcePorts.map((p, k) => ({ point: out(p), dir: dirOf(NORMAL[p.side]), cost: k === 0 ? 0 : OTHER_SIDE }));
    const goals: Stop[] = targetPorts.map((p, k) => ({ point: out(p), dir: dirOf({ x: -NORMAL[p.side].x, y: -NORMAL[p.side].y }), cost: k === 0 ? 0 : OTHER_SIDE }));
    const waypoints = r.waypoints ?? [];
    let ps = pair[0];
    let pt = pair[1];
    const path: Point[] = [];
    for (let k = 0; k <= waypoints.length; k++) {
      // Past a waypoint the route goes on in the direction it came: turning back would fold it onto itself.
      const a = path[path.length - 2];
      const b = path[path.length - 1];
      const from: Stop[] = k === 0 ? starts : [{ point: waypoints[k - 1]!, dir: a && b && (a.x !== b.x || a.y !== b.y) ? dirOf({ x: Math.sign(b.x - a.x), y: Math.sign(b.y - a.y) }) : -1, cost: 0 }];
      const to: Stop[] = k === waypoints.length ? goals : [{ point: waypoints[k]!, dir: -1, cost: 0 }];
      let span = unite(s, t);
      for (const e of [...from, ...to]) span = unite(span, { ...e.point, width: 0, height: 0 });
      let leg: ReturnType<typeof search>;
      for (const reach of [REACH, 8 * REACH, Infinity]) {
        const wide = reach === Infinity && whole ? grow(unite(whole, span), 2 * CLEAR) : grow(span, reach);
        // Scene coordinates are never negative: a route going there would shift the whole drawing.
        const x0 = Math.max(0, wide.x);
        const y0 = Math.max(0, wide.y);
        const region = { x: x0, y: y0, width: wide.x + wide.width - x0, height: wide.y + wide.height - y0 };
        leg = search(from, to, region, near(region), thinBoxes, used, scratch, greed, waypoints.length === 0 ? incumbent : undefined);
        if (leg || reach === Infinity) break;
      }
      if (k === 0) ps = sourcePorts[leg?.start ?? 0]!;
      if (k === waypoints.length) pt = targetPorts[leg?.goal ?? 0]!;
      const f = from[leg?.start ?? 0]!.point;
      const g = to[leg?.goal ?? 0]!.point;
      path.push(...(leg?.path ?? [f, { x: g.x, y: f.y }, g]).slice(k === 0 ? 0 : 1));
    }
    if (choose) choose[index] = [ps.side, pt.side];
    if (!waypoints.length) found[index] = { path: simplifyPolyline(path), ports: [ps, pt] };
    return simplifyPolyline([ps.point, ...path, pt.point]);
  };
  /** Each route's search path (corners from stub to stub) and the ports it joins, as last found. */
  const found: Array<{ path: Point[]; ports: [Port, Port] } | undefined> = [];
  // Kept routes first: every route searched after them knows where they run.
  for (const r of requests) if (r.keep) used.add(r.keep);
  // The first pass also picks each end's side; the ports are then spread on the sides taken.
  const chosen: Array<[Side, Side] | undefined> = [];
  const routes = requests.map((r, index) => {
    if (r.keep) return r.keep;
    const route = routeOne(r, index, used, firstPorts, chosen);
    used.add(route);
    return route;
  });
  const ports = assignPorts(all, requests, horizontalFlow, chosen);
  // Each route searched again knowing every other one, not only those drawn before it: a
  // first-drawn route then steps aside from later ones it crossed. Once: measured at 200-300
  // nodes, crossings + bends 1.12-1.21x -> 1.06-1.18x a fresh layout, time 0.15x -> 0.38x.
  requests.forEach((r, index) => {
    if (!ports[index] || routes[index]!.length === 0) return;
    const others = new Occupancy();
    routes.forEach((route, k) => {
      if (k !== index) others.add(route);
    });
    // The first pass's route, where it joins the same ports, is what the search has to beat:
    // the search stops once nothing cheaper is left (300 nodes + 1: a third fewer heap pops), and
    // a greedy search can no longer return a route dearer than it (crossings + bends of
    // arch-200 and arch-300 2.4% lower).
    const before = found[index];
    const same = before && ports[index]!.every((p, k) => p.side === before.ports[k]!.side && samePoint(p.point, before.ports[k]!.point));
    routes[index] = routeOne(r, index, others, ports, undefined, same ? before.path : undefined);
  });
  return nudge(routes, obstacles, requests.map((r) => r.keep !== undefined));
}

/**
 * Places across a line, in steps, for segments in their order when those marked `fixed` stay
 * on it: the movable ones before the first fixed go below it one step apart, the rest above.
 */
function besideFixed(fixed: readonly boolean[]): number[] {
  const first = fixed.indexOf(true);
  const out = fixed.map(() => 0);
  let below = 0;
  for (let k = first - 1; k >= 0; k--) out[k] = -++below;
  let above = 0;
  for (let k = first + 1; k < fixed.length; k++) if (!fixed[k]) out[k] = ++above;
  return out;
}

/**
 * Spreads apart the inner segments of different routes that lie on one line and overlap,
 * by `NUDGE` px each (less in a narrow channel), never into a box; a segment ending inside
 * another's span goes on the side it turns to there, so the two leave without crossing.
 */
export function nudge(routes: Point[][], obstacles: Map<string, Box>, fixed: readonly boolean[]): Point[][] {
  interface Seg {
    route: number;
    k: number; // segment from points[k] to points[k+1]
    lo: number;
    hi: number;
  }
  const out = routes.map((r) => r.map((p) => ({ ...p })));
  const grid = new SpatialGrid<Box>(256);
  for (const b of obstacles.values()) grid.insert(b, b);
  for (const vertical of [true, false]) {
    const lines = new Map<number, Seg[]>();
    out.forEach((r, route) => {
      // The first and last segments hold the ports: they stay where the ends are.
      for (let k = 1; k < r.length - 2; k++) {
        const a = r[k]!;
        const b = r[k + 1]!;
        if (vertical ? a.x !== b.x : a.y !== b.y) continue;
        const at = vertical ? a.x : a.y;
        const [lo, hi] = vertical ? [Math.min(a.y, b.y), Math.max(a.y, b.y)] : [Math.min(a.x, b.x), Math.max(a.x, b.x)];
        if (hi - lo <= 0) continue;
        const list = lines.get(at);
        if (list) list.push({ route, k, lo, hi });
        else lines.set(at, [{ route, k, lo, hi }]);
      }
    });
    for (const at of [...lines.keys()].sort((a, b) => a - b)) {
      const segs = lines.get(at)!.sort((a, b) => a.lo - b.lo || a.route - b.route);
      // Clusters of segments overlapping one another along the line.
      let cluster: Seg[] = [];
      let reach = -Infinity;
      const flush = () => {
        if (new Set(cluster.map((c) => c.route)).size > 1) spread(cluster, at, vertical);
        cluster = [];
      };
      for (const s of segs) {
        if (s.lo >= reach) flush();
        cluster.push(s);
        reach = Math.max(reach, s.hi);
      }
      flush();
    }
  }
  return out.map(simplifyPolyline);

  function spread(cluster: Seg[], at: number, vertical: boolean) {
    // Order across the line by where each route turns to at its ends, so neighbours cross less.
    const key = (s: Seg) => {
      const r = out[s.route]!;
      const before = r[s.k - 1] ?? r[s.k]!;
      const after = r[s.k + 2] ?? r[s.k + 1]!;
      const side = (p: Point) => (vertical ? p.x : p.y) - at;
      return side(before) + side(after);
    };
    // The side each segment turns to at its low and high end (-1, 0 or 1 across the line).
    const turns = (s: Seg): [number, number] => {
      const r = out[s.route]!;
      const side = (p: Point | undefined) => (p ? Math.sign((vertical ? p.x : p.y) - at) : 0);
      const first = r[s.k]!;
      const second = r[s.k + 1]!;
      const firstIsLow = (vertical ? first.y : first.x) <= (vertical ? second.y : second.x);
      const [atFirst, atSecond] = [side(r[s.k - 1]), side(r[s.k + 2])];
      return firstIsLow ? [atFirst, atSecond] : [atSecond, atFirst];
    };
    // Where one segment ends inside the other's span, it goes on the side it turns to there,
    // so it leaves the channel without crossing the other; each such end is a vote.
    const across = (a: Seg, b: Seg) => {
      const [aLow, aHigh] = turns(a);
      const [bLow, bHigh] = turns(b);
      let vote = 0;
      if (b.lo > a.lo) vote -= bLow;
      else if (a.lo > b.lo) vote += aLow;
      if (b.hi < a.hi) vote -= bHigh;
      else if (a.hi < b.hi) vote += aHigh;
      return Math.sign(vote);
    };
    const ordered = [...cluster].sort((a, b) => across(a, b) || key(a) - key(b) || a.route - b.route || a.k - b.k);
    const lo = Math.min(...cluster.map((c) => c.lo));
    const hi = Math.max(...cluster.map((c) => c.hi));
    const band: Box = vertical ? { x: at - 3 * CLEAR, y: lo, width: 6 * CLEAR, height: hi - lo } : { x: lo, y: at - 3 * CLEAR, width: hi - lo, height: 6 * CLEAR };
    let below = 3 * CLEAR;
    let above = 3 * CLEAR;
    for (const b of grid.query(band, new Set())) {
      const [b0, b1, c0, c1] = vertical ? [b.x, b.x + b.width, b.y, b.y + b.height] : [b.y, b.y + b.height, b.x, b.x + b.width];
      if (c1 <= lo || c0 >= hi) continue;
      if (b1 <= at) below = Math.min(below, at - b1);
      else if (b0 >= at) above = Math.min(above, b0 - at);
    }
    const n = ordered.length;
    // Kept routes stay on the line; the others take the places beside it, nearest first,
    // on the side their order puts them.
    const units = ordered.some((s) => fixed[s.route]) ? besideFixed(ordered.map((s) => fixed[s.route]!)) : ordered.map((_, idx) => idx - (n - 1) / 2);
    // Half a step of room beyond the outermost segment.
    const reach = Math.max(...units.map(Math.abs)) + 0.5;
    const step = Math.min(NUDGE, (Math.min(below, above) - 4) / reach);
    if (step < 2) return;
    ordered.forEach((s, idx) => {
      const off = Math.round(units[idx]! * step);
      if (off === 0 || fixed[s.route]) return;
      const r = out[s.route]!;
      for (const p of [r[s.k]!, r[s.k + 1]!]) {
        if (vertical) p.x = at + off;
        else p.y = at + off;
      }
    });
  }
}

/**
 * Where the elements of a kept layout go: kept boxes stay exactly where the file has them (one
 * that grew around its old centre, at one of its sizes, else pushing what it reaches), new
 * nodes are put beside their neighbours along the flow in the first free spot, clear of the
 * kept routes where one is near (never moving a kept box), and groups grow to hold their
 * members.
 */
import type { Direction } from '../model';
import type { Point } from '../scene';
import { LAYOUT_SPACING } from './constants';
import type { Box } from './geometry';
import type { Hierarchy } from './hierarchy';
import { SpatialGrid } from './spatialGrid';

/** Room a new node keeps from every other box, px (ELK's node spacing). */
const GAP = LAYOUT_SPACING.nodeNode;
/**
 * Room a kept node that grew around its old centre keeps: less than a new node's, since
 * growing in place keeps the order of every pair while a push moves its neighbours; still
 * room for a route between (the router keeps 8 px from each box).
 */
const GROWN_GAP = GAP / 2;
/** A new node goes this far past its neighbours along the flow (ELK's layer spacing). */
const LAYER = LAYOUT_SPACING.betweenLayers;
/** Step of the search for a free spot across the flow, px. */
const STEP = 12;
/** Spots tried across the flow on each side, and layers tried along it, before giving up on nearness. */
const ACROSS = 80;
const ALONG = 12;
/**
 * Spots tried first across and along the flow for one clear of the kept routes too: a new
 * node across a route makes it be routed again, with more bends and crossings than ELK's.
 */
const ROUTES_ACROSS = 24;
const ROUTES_ALONG = 1;
/** Room a new node keeps from a kept route, px (the router's half clearance). */
const ROUTE_ROOM = 8;

export interface GroupFrame {
  minWidth: number;
  minHeight: number;
  padding: { top: number; left: number; bottom: number; right: number };
}

export interface PlacementInput {
  h: Hierarchy;
  direction: Direction;
  /** Each node's measured size. */
  sizes: Map<string, { width: number; height: number }>;
  /**
   * Other sizes a kept node whose label grew may take (its label wrapped another way), tried
   * after its measured size when that does not fit around its old centre.
   */
  otherSizes?: Map<string, Array<{ width: number; height: number }>>;
  frames: Map<string, GroupFrame>;
  keptNodes: Map<string, Box>;
  keptGroups: Map<string, Box>;
  /** The routes the drawing had, which new nodes keep clear of where a spot nearby allows. */
  keptRoutes?: ReadonlyArray<readonly Point[]>;
  /** New boxes stay right of and below this (the scene's margin). */
  margin: number;
}

export interface Placement {
  nodes: Map<string, Box>;
  groups: Map<string, Box>;
  /** Nodes at exactly the file's box (not those a grown neighbour pushed). */
  kept: Set<string>;
}

const FORWARD: Record<Direction, { x: number; y: number }> = { LR: { x: 1, y: 0 }, RL: { x: -1, y: 0 }, TB: { x: 0, y: 1 }, BT: { x: 0, y: -1 } };

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const grow = (b: Box, by: number): Box => ({ x: b.x - by, y: b.y - by, width: b.width + 2 * by, height: b.height + 2 * by });
const unite = (a: Box, b: Box): Box => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
};
const same = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/** Places every node and group of `h` (see the module comment). Pure and deterministic. */
export function placeWithKept(input: PlacementInput): Placement {
  const { h, sizes, frames } = input;
  const nodes = new Map<string, Box>();
  const groups = new Map<string, Box>();
  const kept = new Set<string>();
  const ancestors = new Map<string, string[]>();
  for (const e of [...h.groups, ...h.nodes]) {
    const chain: string[] = [];
    for (let p = h.parent.get(e.id); p !== undefined; p = h.parent.get(p)) chain.push(p);
    ancestors.set(e.id, chain);
  }
  const isAncestor = (a: string, of: string) => ancestors.get(of)!.includes(a);

  // Every placed box, filed for "what is near": nodes and groups alike, told apart by id.
  const grid = new SpatialGrid<string>(256);
  const boxOf = (id: string) => nodes.get(id) ?? groups.get(id);
  const setBox = (id: string, box: Box, isGroup: boolean) => {
    const old = boxOf(id);
    if (old) grid.remove(id, old);
    (isGroup ? groups : nodes).set(id, box);
    grid.insert(id, box);
  };

  for (const g of h.groups) {
    const b = input.keptGroups.get(g.id);
    if (b) setBox(g.id, { ...b }, true);
  }

  // The kept routes' segments, each as its (flat) box.
  let routeSegments: SpatialGrid<Box> | undefined;
  for (const r of input.keptRoutes ?? []) {
    for (let k = 1; k < r.length; k++) {
      const [p, q] = [r[k - 1]!, r[k]!];
      const seg = { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), width: Math.abs(p.x - q.x), height: Math.abs(p.y - q.y) };
      (routeSegments ??= new SpatialGrid<Box>(256)).insert(seg, seg);
    }
  }
  const crossesRoute = (box: Box) => {
    const room = grow(box, ROUTE_ROOM);
    for (const seg of routeSegments!.query(room, new Set())) {
      if (seg.x <= room.x + room.width && room.x <= seg.x + seg.width && seg.y <= room.y + room.height && room.y <= seg.y + seg.height) return true;
    }
    return false;
  };

  /** The boxes of the placed ancestors of `id` once `box` is inside them (nearest first), or undefined when one would grow into something. */
  const grownAncestors = (id: string, box: Box, gap: number = GAP): Array<[string, Box]> | undefined => {
    const out: Array<[string, Box]> = [];
    let inner = box;
    let innerPad = { top: 0, left: 0, bottom: 0, right: 0 };
    for (const a of ancestors.get(id)!) {
      const current = groups.get(a);
      const pad = frames.get(a)!.padding;
      const needed = { x: inner.x - pad.left - innerPad.left, y: inner.y - pad.top - innerPad.top, width: 0, height: 0 };
      needed.width = inner.x + inner.width + pad.right + innerPad.right - needed.x;
      needed.height = inner.y + inner.height + pad.bottom + innerPad.bottom - needed.y;
      innerPad = { top: 0, left: 0, bottom: 0, right: 0 };
      if (!current) {
        // A group the file does not have yet: its box comes later, from its members.
        inner = needed;
        continue;
      }
      const next = unite(current, needed);
      if (!same(next, current)) {
        for (const other of grid.query(grow(next, gap / 2), new Set())) {
          if (other === a || other === id || isAncestor(other, a) || isAncestor(a, other)) continue;
          if (overlap(grow(next, gap / 2), boxOf(other)!)) return undefined;
        }
      }
      out.push([a, next]);
      inner = next;
    }
    return out;
  };

  const fits = (id: string, box: Box, gap: number = GAP): Array<[string, Box]> | undefined => {
    if (box.x < input.margin || box.y < input.margin) return undefined;
    const room = grow(box, gap);
    for (const other of grid.query(room, new Set())) {
      if (other === id || isAncestor(other, id)) continue;
      const b = boxOf(other)!;
      // A foreign group only needs half the gap: its own frame keeps the rest.
      if (overlap(groups.has(other) ? grow(box, gap / 2) : room, b)) return undefined;
    }
    return grownAncestors(id, box, gap);
  };

  const place = (id: string, box: Box, grown: Array<[string, Box]>) => {
    setBox(id, box, false);
    for (const [a, b] of grown) setBox(a, b, true);
  };

  // Kept nodes first, exactly where the file has them; one whose size changed keeps its
  // top-left, else its centre, else is placed again like a new one near where it was.
  const pending: Array<{ id: string; near?: { x: number; y: number } }> = [];
  for (const n of h.nodes) {
    const k = input.keptNodes.get(n.id);
    if (!k) continue;
    const size = sizes.get(n.id)!;
    if (k.width === size.width && k.height === size.height) {
      setBox(n.id, { ...k }, false);
      kept.add(n.id);
    }
  }
  for (const n of h.nodes) {
    const k = input.keptNodes.get(n.id);
    if (!k || kept.has(n.id)) continue;
    const size = sizes.get(n.id)!;
    const around = (sz: { width: number; height: number }) => ({ x: Math.round(k.x + (k.width - sz.width) / 2), y: Math.round(k.y + (k.height - sz.height) / 2), ...sz });
    const centred = around(size);
    // The centre first, at any of the node's sizes: it is what keeps the node's order with
    // every other one. Else either the neighbours make room (pushed) or the node grows from
    // one of its old corners, whichever moves less in all.
    const candidates = [centred, ...(input.otherSizes?.get(n.id) ?? []).map(around)];
    const inPlace = candidates.map((b) => ({ b, grown: fits(n.id, b, GROWN_GAP) })).find((c) => c.grown);
    if (inPlace) {
      place(n.id, inPlace.b, inPlace.grown!);
      continue;
    }
    const anchored = [
      { x: k.x, y: k.y },
      { x: k.x + k.width - size.width, y: k.y },
      { x: k.x, y: k.y + k.height - size.height },
      { x: k.x + k.width - size.width, y: k.y + k.height - size.height },
    ]
      .map((p) => ({ b: { ...p, ...size }, grown: fits(n.id, { ...p, ...size }) }))
      .find((c) => c.grown);
    const before = new Map([...nodes].map(([id, b]) => [id, b]));
    const beforeGroups = new Map([...groups].map(([id, b]) => [id, b]));
    const restore = () => {
      const mine = nodes.get(n.id);
      if (mine) {
        grid.remove(n.id, mine);
        nodes.delete(n.id);
      }
      for (const [id, b] of before) setBox(id, b, false);
      for (const [id, b] of beforeGroups) setBox(id, b, true);
    };
    // Pushing at each of the node's sizes, the one that moves the others least (a label
    // wrapped to grow along the flow often pushes one neighbour a few px instead of a row).
    let push: { box: Box; moved: number } | undefined;
    for (const box of candidates) {
      // Past the margin the whole drawing would shift: every box would move.
      if (box !== centred && (box.x < input.margin || box.y < input.margin)) continue;
      if (pushApart(n.id, box)) {
        let moved = 0;
        for (const [id, b] of nodes) if (id !== n.id && before.has(id)) moved += Math.abs(b.x - before.get(id)!.x) + Math.abs(b.y - before.get(id)!.y);
        const inside = [...nodes.values(), ...groups.values()].every((b) => b.x >= 0 && b.y >= 0);
        if ((!push || moved < push.moved) && (inside || box === centred)) push = { box, moved };
      }
      restore();
    }
    const anchorCost = anchored ? Math.abs(anchored.b.x - centred.x) + Math.abs(anchored.b.y - centred.y) : Infinity;
    if (anchored && (!push || anchorCost < push.moved)) place(n.id, anchored.b, fits(n.id, anchored.b)!);
    else if (push) pushApart(n.id, push.box);
    else pending.push({ id: n.id, near: { x: k.x + k.width / 2, y: k.y + k.height / 2 } });
  }

  /**
   * Makes room for a kept node that grew, at `box` (its old centre): what it now reaches is
   * moved away from it along the axis that asks the smaller move (a group with everything inside it),
   * and so on outwards, which keeps the order of everything. False, and nothing moved, when
   * the pushing does not settle.
   */
  function pushApart(id: string, box: Box): boolean {
    const mine = new Set([id, ...ancestors.get(id)!]);
    // The element moved as one block when `other` is in the way: its outermost group that does not hold `id`.
    const unitOf = (other: string) => {
      let unit = other;
      for (const a of ancestors.get(other)!) if (!mine.has(a)) unit = a;
      return unit;
    };
    const members = (unit: string) => [...nodes.keys(), ...groups.keys()].filter((x) => x === unit || isAncestor(unit, x));
    const saved = new Map<string, Box>();
    for (const [k, b] of [...nodes, ...groups]) saved.set(k, b);
    const queue: Array<{ unit: string; box: Box }> = [{ unit: id, box }];
    setBox(id, box, false);
    let step = 0;
    for (;;) {
      for (; step < queue.length; step++) {
        if (step > 400) {
          for (const [k, b] of saved) setBox(k, b, groups.has(k));
          return false;
        }
        const q = queue[step]!;
        for (const other of [...grid.query(grow(q.box, GAP), new Set())].sort()) {
          if (mine.has(other) || other === q.unit || isAncestor(q.unit, other) || isAncestor(other, q.unit)) continue;
          const gap = groups.has(other) || groups.has(q.unit) ? GAP / 2 : GAP;
          const b = boxOf(other)!;
          if (!overlap(grow(q.box, gap), b)) continue;
          const unit = unitOf(other);
          const u = boxOf(unit)!;
          // Along whichever axis asks the smaller move, away from the grown node's centre.
          const awayX = u.x + u.width / 2 >= box.x + box.width / 2 ? 1 : -1;
          const awayY = u.y + u.height / 2 >= box.y + box.height / 2 ? 1 : -1;
          const shiftX = awayX > 0 ? q.box.x + q.box.width + gap - b.x : q.box.x - gap - (b.x + b.width);
          const shiftY = awayY > 0 ? q.box.y + q.box.height + gap - b.y : q.box.y - gap - (b.y + b.height);
          const okX = shiftX * awayX > 0;
          const okY = shiftY * awayY > 0;
          if (!okX && !okY) continue;
          const horizontal = okX && (!okY || Math.abs(shiftX) <= Math.abs(shiftY));
          const shift = horizontal ? shiftX : shiftY;
          for (const m of members(unit)) {
            const mb = boxOf(m)!;
            setBox(m, horizontal ? { ...mb, x: mb.x + shift } : { ...mb, y: mb.y + shift }, groups.has(m));
          }
          queue.push({ unit, box: boxOf(unit)! });
        }
      }
      // Groups grow to what was pushed inside them (and to the node itself); what a grown
      // group then reaches is pushed in turn.
      let grewAny = false;
      for (const g of [...h.groups].reverse()) {
        const current = groups.get(g.id);
        if (!current) continue;
        const p = frames.get(g.id)!.padding;
        let need = current;
        for (const child of h.children.get(g.id) ?? []) {
          const b = boxOf(child);
          if (b) need = unite(need, { x: b.x - p.left, y: b.y - p.top, width: b.width + p.left + p.right, height: b.height + p.top + p.bottom });
        }
        if (same(need, current)) continue;
        setBox(g.id, need, true);
        queue.push({ unit: g.id, box: need });
        grewAny = true;
      }
      if (!grewAny) return true;
    }
  }

  const neighbours = new Map<string, { before: string[]; after: string[] }>();
  for (const n of h.nodes) neighbours.set(n.id, { before: [], after: [] });
  for (const c of h.connections) {
    neighbours.get(c.target)?.before.push(c.source);
    neighbours.get(c.source)?.after.push(c.target);
  }
  for (const n of h.nodes) if (!nodes.has(n.id) && !pending.some((p) => p.id === n.id)) pending.push({ id: n.id });

  const flowOf = (id: string): Direction => {
    for (const a of ancestors.get(id)!) if (h.sealed.has(a)) return h.direction.get(a) ?? input.direction;
    return input.direction;
  };

  // New nodes next to placed neighbours first, so that a chain of new nodes grows out of the drawing.
  while (pending.length) {
    let pick = pending.findIndex((p) => p.near !== undefined);
    if (pick < 0) {
      let bestCount = 0;
      pending.forEach((p, k) => {
        const nb = neighbours.get(p.id)!;
        const count = [...nb.before, ...nb.after].filter((x) => boxOf(x)).length;
        if (count > bestCount) {
          bestCount = count;
          pick = k;
        }
      });
    }
    if (pick < 0) pick = 0;
    const { id, near } = pending.splice(pick, 1)[0]!;
    const size = sizes.get(id)!;
    const fw = FORWARD[flowOf(id)];
    const { start, along } = preferred(id, size, fw, near);
    const found = search(id, size, start, along, fw);
    place(id, found.box, found.grown);
  }

  // Groups take their members' boxes plus padding (grown, never shrunk, from a kept box).
  for (const g of [...h.groups].reverse()) {
    const frame = frames.get(g.id)!;
    let box = groups.get(g.id);
    for (const child of h.children.get(g.id) ?? []) {
      const b = boxOf(child);
      if (!b) continue;
      const p = frame.padding;
      const needed = { x: b.x - p.left, y: b.y - p.top, width: b.width + p.left + p.right, height: b.height + p.top + p.bottom };
      box = box ? unite(box, needed) : needed;
    }
    if (!box) {
      const size = { width: frame.minWidth, height: frame.minHeight };
      const fw = FORWARD[flowOf(g.id)];
      const { start, along } = preferred(g.id, size, fw);
      box = search(g.id, size, start, along, fw).box;
    }
    if (box.width < frame.minWidth) box = { ...box, width: frame.minWidth };
    if (box.height < frame.minHeight) box = { ...box, height: frame.minHeight };
    setBox(g.id, box, true);
  }
  for (const id of kept) if (!same(nodes.get(id)!, input.keptNodes.get(id)!)) kept.delete(id);
  return { nodes, groups, kept };

  /** The first spot tried for a new box, and the step along the flow. */
  function preferred(id: string, size: { width: number; height: number }, fw: { x: number; y: number }, near?: { x: number; y: number }) {
    const horizontal = fw.x !== 0;
    const along = (horizontal ? size.width : size.height) + LAYER;
    if (near) return { start: { x: Math.round(near.x - size.width / 2), y: Math.round(near.y - size.height / 2) }, along };
    const nb = neighbours.get(id);
    const placedBefore = (nb?.before ?? []).map(boxOf).filter((b): b is Box => b !== undefined);
    const placedAfter = (nb?.after ?? []).map(boxOf).filter((b): b is Box => b !== undefined);
    const centreAcross = (list: Box[]) => list.reduce((s, b) => s + (horizontal ? b.y + b.height / 2 : b.x + b.width / 2), 0) / list.length;
    const sizeAcross = horizontal ? size.height : size.width;
    let flowAt: number;
    let across: number;
    if (placedBefore.length) {
      // Just past the furthest of its sources along the flow, level with them across it.
      const ends = placedBefore.map((b) => (fw.x > 0 ? b.x + b.width : fw.x < 0 ? b.x : fw.y > 0 ? b.y + b.height : b.y));
      const edge = fw.x + fw.y > 0 ? Math.max(...ends) : Math.min(...ends);
      flowAt = fw.x + fw.y > 0 ? edge + LAYER : edge - LAYER - (horizontal ? size.width : size.height);
      across = centreAcross(placedBefore) - sizeAcross / 2;
    } else if (placedAfter.length) {
      const ends = placedAfter.map((b) => (fw.x > 0 ? b.x : fw.x < 0 ? b.x + b.width : fw.y > 0 ? b.y : b.y + b.height));
      const edge = fw.x + fw.y > 0 ? Math.min(...ends) : Math.max(...ends);
      flowAt = fw.x + fw.y > 0 ? edge - LAYER - (horizontal ? size.width : size.height) : edge + LAYER;
      across = centreAcross(placedAfter) - sizeAcross / 2;
    } else {
      // No placed neighbour: under (beside, across the flow) its group's members, or the whole drawing.
      const parent = h.parent.get(id);
      const members = (parent !== undefined ? (h.children.get(parent) ?? []) : []).map(boxOf).filter((b): b is Box => b !== undefined);
      const scope = members.length ? members : [...nodes.values(), ...groups.values()];
      if (!scope.length) return { start: { x: 0, y: 0 }, along };
      const all = scope.reduce(unite);
      flowAt = horizontal ? all.x : all.y;
      across = (horizontal ? all.y + all.height : all.x + all.width) + GAP;
    }
    const start = horizontal ? { x: Math.round(flowAt), y: Math.round(across) } : { x: Math.round(across), y: Math.round(flowAt) };
    return { start, along };
  }

  /** The nearest free spot to `start`: across the flow first (both ways), then a layer further along. */
  function search(id: string, size: { width: number; height: number }, start: { x: number; y: number }, along: number, fw: { x: number; y: number }) {
    const horizontal = fw.x !== 0;
    for (const [alongMax, acrossMax, clearOfRoutes] of [[ROUTES_ALONG, ROUTES_ACROSS, true], [ALONG, ACROSS, false]] as const) {
      if (clearOfRoutes && routeSegments === undefined) continue;
      for (let a = 0; a <= alongMax; a++) {
        for (let c = 0; c <= acrossMax; c++) {
          for (const sign of c === 0 ? [1] : [1, -1]) {
            const shift = sign * c * STEP;
            const x = start.x + (horizontal ? fw.x * a * along : shift);
            const y = start.y + (horizontal ? shift : fw.y * a * along);
            const box = { x, y, ...size };
            if (clearOfRoutes && crossesRoute(box)) continue;
            const grown = fits(id, box);
            if (grown) return { box, grown };
          }
        }
      }
    }
    // Nowhere near: past the end of the drawing across the flow, where nothing is.
    const all = [...nodes.values(), ...groups.values()].reduce(unite, { x: start.x, y: start.y, width: 0, height: 0 });
    const box = horizontal ? { x: start.x, y: all.y + all.height + GAP, ...size } : { x: all.x + all.width + GAP, y: start.y, ...size };
    return { box, grown: grownAncestors(id, box) ?? [] };
  }
}

/**
 * Laying a diagram out with its layout file: the boxes the file holds stay where they are,
 * new elements are placed beside their neighbours (placeNew.ts), routes still clear are kept
 * (keptRoutes.ts) and the other connections are routed around the boxes (routeOrthogonal.ts).
 * Without anything to keep, the fresh ELK layout (layoutDiagram) is used unchanged. The result is the same `Scene` the fresh layout
 * gives, so every renderer draws it.
 */
import type { DiagramModel, Direction, NodeDecl } from '../model';
import type { IconData, Point, Scene } from '../scene';
import { measureEdgeLabel, measureGroup, measureNode, measureNodeWithin, type GroupBox, type NodeBox } from './boxes';
import { SCENE_MARGIN } from './constants';
import { boundingBox, round, type Box } from './geometry';
import { clearGroupTitles } from './groupTitles';
import { buildHierarchy } from './hierarchy';
import { layoutDiagram, type LayoutOptions } from './layoutDiagram';
import { connectionKeys, type DiagramLayout } from './layoutFile';
import { placeWithKept } from './placeNew';
import { keptRoute, obstacleGrid } from './keptRoutes';
import { routeOrthogonal, type RouteRequest } from './routeOrthogonal';
import { sceneElements } from './sceneElements';
import { straightenRoutes } from './straightenRoutes';
import { SpatialGrid } from './spatialGrid';

/** Room kept between a connection label and a box or another label, px. */
const LABEL_CLEAR = 2;

/**
 * True when `layout` has something `model` can keep: a box for one of its nodes or groups,
 * drawn in the direction the diagram is laid out in. A file drawn in another direction is
 * not kept (the text's `direction` changed: the drawing starts afresh).
 */
export function hasKeptPositions(model: DiagramModel, layout: DiagramLayout | undefined, direction: Direction = model.direction): layout is DiagramLayout {
  if (!layout) return false;
  if (layout.direction !== undefined && layout.direction !== direction) return false;
  return model.elements.some((e) => (e.kind === 'node' ? layout.nodes.has(e.id) : layout.groups.has(e.id)));
}

/**
 * The diagram's scene, keeping the positions of `layout` (see `keptLayout`), or today's
 * fresh layout when there is nothing to keep.
 */
export async function layoutWithKept(
  model: DiagramModel,
  icons: Record<string, IconData | null>,
  layout: DiagramLayout | undefined,
  options: LayoutOptions = {},
): Promise<Scene> {
  const direction = options.direction ?? model.direction;
  if (!hasKeptPositions(model, layout, direction)) return layoutDiagram(model, icons, options);
  return keptLayout(model, icons, layout, options);
}

/**
 * Lays `model` out keeping `layout`: every node whose box the file holds, at the size the
 * text now gives it, keeps its top-left corner exactly (a node that grew keeps its centre,
 * its label wrapped to grow along the flow if need be, else pushes what it reaches); new
 * nodes go beside their neighbours along the flow without moving kept ones; groups keep
 * their box, grown to hold their members; a connection whose route in the file is still
 * clear keeps it (keptRoutes.ts), the others are routed orthogonally around every node and
 * kept route; labels clear of nodes and other labels. Coordinates are the file's (so the
 * drawing does not shift when an element at its edge leaves), shifted only when something
 * would land at a negative coordinate. Pure and deterministic: the same model, icons and layout give an identical scene.
 */
export function keptLayout(model: DiagramModel, icons: Record<string, IconData | null>, layout: DiagramLayout, options: LayoutOptions = {}): Scene {
  const direction = options.direction ?? model.direction;
  const margin = options.margin ?? SCENE_MARGIN;
  const h = buildHierarchy(model, direction);
  const nodeBoxes = new Map<string, NodeBox>(h.nodes.map((n) => [n.id, measureNode(n)]));
  const groupBoxes = new Map<string, GroupBox>(h.groups.map((g) => [g.id, measureGroup(g)]));
  const rewrapped = otherWrappings(h.nodes, nodeBoxes, layout, direction);
  const keys = connectionKeys(h.connections);
  const placement = placeWithKept({
    h,
    direction,
    sizes: new Map([...nodeBoxes].map(([id, b]) => [id, { width: b.width, height: b.height }])),
    otherSizes: new Map([...rewrapped].map(([id, list]) => [id, list.map((b) => ({ width: b.width, height: b.height }))])),
    frames: groupBoxes,
    keptNodes: layout.nodes,
    keptGroups: layout.groups,
    keptRoutes: keys.map((key) => layout.routes.get(key) ?? []),
    margin,
  });

  // A node placed at another of its sizes is drawn with that wrapping of its label.
  for (const [id, list] of rewrapped) {
    const b = placement.nodes.get(id)!;
    const chosen = list.find((m) => m.width === b.width && m.height === b.height);
    if (chosen && (nodeBoxes.get(id)!.width !== b.width || nodeBoxes.get(id)!.height !== b.height)) nodeBoxes.set(id, chosen);
  }

  // Group titles are obstacles too: a route through a title would be moved off it afterwards
  // (clearGroupTitles), possibly into a node.
  const obstacles = new Map(placement.nodes);
  const titles = new Set<string>();
  for (const g of h.groups) {
    const b = placement.groups.get(g.id)!;
    const m = groupBoxes.get(g.id)!;
    let title: Box = { x: b.x + m.labelOffset.x, y: b.y + m.labelOffset.y, width: m.label.width, height: m.label.height };
    if (m.iconOffset && g.icon !== undefined) {
      const x = Math.min(title.x, b.x + m.iconOffset.x);
      const y = Math.min(title.y, b.y + m.iconOffset.y);
      const right = Math.max(title.x + title.width, b.x + m.iconOffset.x + m.iconOffset.size);
      const bottom = Math.max(title.y + title.height, b.y + m.iconOffset.y + m.iconOffset.size);
      title = { x, y, width: right - x, height: bottom - y };
    }
    if (title.width > 0 && title.height > 0) {
      obstacles.set(`\u0000title\u0000${g.id}`, title);
      titles.add(`\u0000title\u0000${g.id}`);
    }
  }
  const clear = obstacleGrid(obstacles.values());
  const endBox = (id: string) => placement.nodes.get(id) ?? placement.groups.get(id);
  const requests = h.connections.map((c, index) => {
    const waypoints = layout.waypoints.get(keys[index]!);
    const request: RouteRequest = waypoints?.length ? { source: c.source, target: c.target, waypoints } : { source: c.source, target: c.target };
    const before = layout.routes.get(keys[index]!);
    const s = endBox(c.source);
    const t = endBox(c.target);
    const keep = before && s && t && c.source !== c.target ? keptRoute(before, s, t, clear, waypoints) : undefined;
    if (keep) request.keep = keep;
    return request;
  });
  const routes = routeOrthogonal(obstacles, requests, direction, placement.groups, titles);

  const measured = h.connections.map((c) => {
    if (!c.label) return undefined;
    const m = measureEdgeLabel(c.label);
    return m.label.lines.length > 0 ? m : undefined;
  });
  const labelBoxes = placeLabels(routes, measured, [...placement.nodes.values()]);

  const bounds = boundingBox(
    (function* () {
      yield* placement.nodes.values();
      yield* placement.groups.values();
      for (const r of routes) for (const p of r) yield { x: p.x, y: p.y, width: 0, height: 0 };
      for (const l of labelBoxes) if (l) yield l;
    })(),
  );
  // Only what would otherwise be cut off shifts the drawing (placement keeps new boxes inside
  // the margin and routes stay at non-negative coordinates, so kept boxes rarely move this way).
  const dx = Math.max(0, -bounds.x);
  const dy = Math.max(0, -bounds.y);
  const X = (x: number) => round(x + dx);
  const Y = (y: number) => round(y + dy);

  const boxOf = (id: string): Box => placement.nodes.get(id) ?? placement.groups.get(id)!;
  const parts = sceneElements({
    h,
    nodeBoxes,
    groupBoxes,
    boxOf,
    X,
    Y,
    routes: routes.map((r) => r.map((p) => ({ x: X(p.x), y: Y(p.y) }))),
    labels: h.connections.map((_, index) => {
      const m = measured[index];
      const box = labelBoxes[index];
      return m && box ? { label: m.label, box } : undefined;
    }),
    icons,
  });

  const scene: Scene = {
    direction,
    theme: model.theme,
    width: round(bounds.x + dx + bounds.width + margin),
    height: round(bounds.y + dy + bounds.height + margin),
    ...parts,
  };
  // The routes drawn afresh get the fresh layout's last pass too; kept routes, and those
  // through a user's waypoints, stay as they were.
  const reRouted = new Set(requests.flatMap((r, index) => (r.keep || r.waypoints ? [] : [index])));
  const straightened = reRouted.size ? straightenRoutes(scene, reRouted) : scene;
  return clearGroupTitles(model.title !== undefined ? { title: model.title, ...straightened } : straightened);
}

/**
 * For each kept node whose label no longer fits its kept box, its box with the label wrapped
 * otherwise, tried (in this order) when its measured box does not fit around its old centre:
 * keeping the kept box's extent across the flow (its width in TB and BT, its height in LR
 * and RL), then along it. Growing along the flow goes into the room between layers, which
 * is wider than the room between the nodes of one layer.
 */
function otherWrappings(nodes: readonly NodeDecl[], measured: ReadonlyMap<string, NodeBox>, layout: DiagramLayout, direction: Direction): Map<string, NodeBox[]> {
  const out = new Map<string, NodeBox[]>();
  const acrossIsWidth = direction === 'TB' || direction === 'BT';
  for (const n of nodes) {
    const k = layout.nodes.get(n.id);
    const m = measured.get(n.id)!;
    if (!k || (m.width <= k.width && m.height <= k.height)) continue;
    const narrow = measureNodeWithin(n, k.width);
    // One line, as wide as it needs: the height of a one-line label.
    const wide = measureNode(n, Number.MAX_SAFE_INTEGER);
    const keepsHeight = wide.height <= k.height && wide.width !== m.width ? wide : undefined;
    const list = (acrossIsWidth ? [narrow, keepsHeight] : [keepsHeight, narrow]).filter((b): b is NodeBox => b !== undefined && (b.width !== m.width || b.height !== m.height));
    if (list.length) out.set(n.id, list);
  }
  return out;
}

/**
 * A box for each connection label: on its route (longest segments first, the middle of a
 * segment first), else just beside it, the first spot clear of every node and of the labels
 * placed before; the middle of the longest segment when there is none.
 */
function placeLabels(routes: Point[][], measured: Array<{ width: number; height: number } | undefined>, nodes: Box[]): Array<Box | undefined> {
  const grid = new SpatialGrid<Box>(128);
  for (const b of nodes) grid.insert(b, b);
  const free = (box: Box) => {
    const probe = { x: box.x - LABEL_CLEAR, y: box.y - LABEL_CLEAR, width: box.width + 2 * LABEL_CLEAR, height: box.height + 2 * LABEL_CLEAR };
    for (const b of grid.query(probe, new Set())) {
      if (Math.min(probe.x + probe.width, b.x + b.width) > Math.max(probe.x, b.x) && Math.min(probe.y + probe.height, b.y + b.height) > Math.max(probe.y, b.y)) return false;
    }
    return true;
  };
  return routes.map((route, index) => {
    const m = measured[index];
    if (!m || route.length < 2) return undefined;
    const segments = route.slice(1).map((b, k) => ({ a: route[k]!, b, length: Math.abs(b.x - route[k]!.x) + Math.abs(b.y - route[k]!.y), k }));
    segments.sort((p, q) => q.length - p.length || p.k - q.k);
    const at = (p: Point, ox = 0, oy = 0): Box => ({ x: round(p.x - m.width / 2 + ox), y: round(p.y - m.height / 2 + oy), width: m.width, height: m.height });
    let chosen: Box | undefined;
    search: for (const offsets of [[0], [1, -1], [2, -2]]) {
      for (const s of segments) {
        const horizontal = s.a.y === s.b.y;
        for (const t of [0.5, 0.3, 0.7, 0.15, 0.85]) {
          const p = { x: s.a.x + (s.b.x - s.a.x) * t, y: s.a.y + (s.b.y - s.a.y) * t };
          for (const o of offsets) {
            const box = horizontal ? at(p, 0, o * (m.height / 2 + 4)) : at(p, o * (m.width / 2 + 4), 0);
            if (free(box)) {
              chosen = box;
              break search;
            }
          }
        }
      }
    }
    if (!chosen) {
      const s = segments[0]!;
      chosen = at({ x: (s.a.x + s.b.x) / 2, y: (s.a.y + s.b.y) / 2 });
    }
    grid.insert(chosen, chosen);
    return chosen;
  });
}

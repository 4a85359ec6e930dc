import type { ElkEdgeSection, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { DiagramModel, Direction } from '../model';
import type { IconData, Point, Scene } from '../scene';
import { edgeId, ROOT_ID, type ElkInput } from './elkGraph';
import { boundingBox, fallbackRoute, round, simplifyPolyline, type Box } from './geometry';
import type { Hierarchy } from './hierarchy';
import { sceneElements } from './sceneElements';

/** Every node box and edge of an ELK answer, by id (coordinates relative to the ELK root). */
function collect(root: ElkNode): { boxes: Map<string, Box>; edges: Map<string, ElkExtendedEdge> } {
  const boxes = new Map<string, Box>();
  const edges = new Map<string, ElkExtendedEdge>();
  // An explicit queue, not recursion: thousands of nested groups must not overflow the stack.
  const queue: ElkNode[] = [root];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    if (node.id !== ROOT_ID) boxes.set(node.id, { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 });
    for (const e of node.edges ?? []) edges.set(e.id, e);
    for (const child of node.children ?? []) queue.push(child);
  }
  return { boxes, edges };
}

/** The route of an edge through its sections, in order (a simple edge has one section). */
function sectionPoints(sections: ElkEdgeSection[]): Point[] {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const first = sections.find((s) => !s.incomingSections?.length) ?? sections[0]!;
  const points: Point[] = [];
  const seen = new Set<string>();
  for (let s: ElkEdgeSection | undefined = first; s && !seen.has(s.id); s = byId.get(s.outgoingSections?.[0] ?? '')) {
    seen.add(s.id);
    points.push(s.startPoint, ...(s.bendPoints ?? []), s.endPoint);
  }
  return points.map((p) => ({ x: p.x, y: p.y }));
}

/**
 * Turns ELK's answer into a scene: absolute coordinates shifted so the drawing starts at
 * `margin`, rounded to 1/100 px, groups parents first, nodes and edges in model order. A
 * connection ELK left unrouted gets an orthogonal fallback route between the two boxes.
 */
export function sceneFromElk(
  model: DiagramModel,
  h: Hierarchy,
  input: ElkInput,
  laidOut: ElkNode,
  direction: Direction,
  margin: number,
  icons: Record<string, IconData | null>,
): Scene {
  const { boxes, edges } = collect(laidOut);
  const boxOf = (id: string): Box => boxes.get(id) ?? { x: 0, y: 0, width: 0, height: 0 };

  // Routes and label boxes first: they count towards the drawing's bounds.
  const horizontal = direction === 'LR' || direction === 'RL';
  const routes = h.connections.map((c, index) => {
    const e = edges.get(edgeId(index));
    const sections = e?.sections ?? [];
    const points =
      sections.length === 0
        ? fallbackRoute(boxOf(c.source), boxOf(c.target), horizontal)
        : input.reversed.has(index)
          ? sectionPoints(sections).reverse()
          : sectionPoints(sections);
    const measured = input.edgeLabels.get(index);
    let labelBox: Box | undefined;
    if (measured) {
      const l = e?.labels?.[0];
      if (l && l.x !== undefined && l.y !== undefined) labelBox = { x: l.x, y: l.y, width: measured.width, height: measured.height };
      else {
        const mid = points[Math.floor((points.length - 1) / 2)]!;
        const next = points[Math.floor((points.length - 1) / 2) + 1] ?? mid;
        const cx = (mid.x + next.x) / 2;
        const cy = (mid.y + next.y) / 2;
        labelBox = { x: cx - measured.width / 2, y: cy - measured.height / 2, width: measured.width, height: measured.height };
      }
    }
    return { points, labelBox };
  });

  const bounds = boundingBox(
    (function* () {
      for (const n of h.nodes) yield boxOf(n.id);
      for (const g of h.groups) yield boxOf(g.id);
      for (const r of routes) {
        for (const p of r.points) yield { x: p.x, y: p.y, width: 0, height: 0 };
        if (r.labelBox) yield r.labelBox;
      }
    })(),
  );
  const dx = margin - bounds.x;
  const dy = margin - bounds.y;
  const X = (x: number) => round(x + dx);
  const Y = (y: number) => round(y + dy);

  const parts = sceneElements({
    h,
    nodeBoxes: input.nodeBoxes,
    groupBoxes: input.groupBoxes,
    boxOf,
    X,
    Y,
    routes: routes.map((r) => simplifyPolyline(r.points.map((p) => ({ x: X(p.x), y: Y(p.y) })))),
    labels: h.connections.map((_, index) => {
      const measured = input.edgeLabels.get(index);
      const box = routes[index]!.labelBox;
      return measured && box ? { label: measured.label, box } : undefined;
    }),
    icons,
  });

  const scene: Scene = {
    direction,
    theme: model.theme,
    width: round(bounds.width + 2 * margin),
    height: round(bounds.height + 2 * margin),
    ...parts,
  };
  return model.title !== undefined ? { title: model.title, ...scene } : scene;
}

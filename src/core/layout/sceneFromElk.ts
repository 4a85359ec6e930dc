import type { ElkEdgeSection, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { labelTooltip } from '../labelLimit';
import type { DiagramModel, Direction } from '../model';
import { elementStyle } from '../elementStyle';
import type { IconData, Point, Scene, SceneEdge, SceneGroup, SceneNode } from '../scene';
import { edgeId, ROOT_ID, type ElkInput } from './elkGraph';
import { boundingBox, fallbackRoute, round, simplifyPolyline, type Box } from './geometry';
import type { GroupBox, NodeBox } from './boxes';
import type { Hierarchy } from './hierarchy';
import { personAttachment } from './personFigure';

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

/** An element's style attributes; its tooltip also holds a label too long to draw whole. */
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

  // Where a node or group box and its label and icon landed, in scene coordinates.
  const placed = (id: string, box: NodeBox | GroupBox, hasIcon: boolean) => {
    const b = boxOf(id);
    return {
      x: X(b.x),
      y: Y(b.y),
      width: round(b.width),
      height: round(b.height),
      label: box.label,
      labelPosition: { x: X(b.x + box.labelOffset.x), y: Y(b.y + box.labelOffset.y) },
      ...(box.iconOffset && hasIcon ? { iconBox: { x: X(b.x + box.iconOffset.x), y: Y(b.y + box.iconOffset.y), size: box.iconOffset.size } } : {}),
    };
  };

  const groups: SceneGroup[] = h.groups.map((g) => {
    const out: SceneGroup = {
      id: g.id,
      size: g.size,
      ...placed(g.id, input.groupBoxes.get(g.id)!, g.icon !== undefined),
      ...elementStyle(g),
      depth: h.depth.get(g.id) ?? 0,
      line: g.range.line,
    };
    const parent = h.parent.get(g.id);
    if (parent !== undefined) out.parent = parent;
    return out;
  });

  const nodes: SceneNode[] = h.nodes.map((n) => {
    const out: SceneNode = {
      id: n.id,
      shape: n.shape,
      size: n.size,
      ...placed(n.id, input.nodeBoxes.get(n.id)!, n.icon !== undefined),
      ...elementStyle(n),
      line: n.implicit ? 0 : n.range.line,
    };
    const parent = h.parent.get(n.id);
    if (parent !== undefined) out.parent = parent;
    if (n.implicit) out.implicit = true;
    return out;
  });

  // A connection ELK ended on a person's box continues to the figure's outline.
  const persons = new Map(nodes.filter((n) => n.shape === 'person').map((n) => [n.id, n]));
  const attach = (id: string, from: Point, end: Point): Point => {
    const n = persons.get(id);
    if (!n) return end;
    const at = personAttachment(n.width, n.height, n.size, { x: from.x - n.x, y: from.y - n.y }, { x: end.x - n.x, y: end.y - n.y });
    return { x: round(at.x + n.x), y: round(at.y + n.y) };
  };

  const sceneEdges: SceneEdge[] = h.connections.map((c, index) => {
    const { points, labelBox } = routes[index]!;
    const route = simplifyPolyline(points.map((p) => ({ x: X(p.x), y: Y(p.y) })));
    if (route.length >= 2) {
      route[0] = attach(c.source, route[1]!, route[0]!);
      route[route.length - 1] = attach(c.target, route[route.length - 2]!, route[route.length - 1]!);
    }
    const out: SceneEdge = {
      id: c.id,
      source: c.source,
      target: c.target,
      points: route,
      heads: c.heads,
      anim: c.anim,
      speed: c.speed,
      style: c.style,
      line: c.range.line,
    };
    const measured = input.edgeLabels.get(index);
    if (measured && labelBox) {
      out.label = measured.label;
      out.labelPosition = { x: X(labelBox.x), y: Y(labelBox.y) };
      const tooltip = c.label === undefined ? undefined : labelTooltip(c.label, undefined);
      if (tooltip !== undefined) out.tooltip = tooltip;
    }
    if (c.color !== undefined) out.color = c.color;
    return out;
  });

  const sceneIcons: Record<string, IconData | null> = {};
  for (const e of [...h.groups, ...h.nodes]) {
    const id = e.icon;
    if (id === undefined || id === '__proto__' || Object.prototype.hasOwnProperty.call(sceneIcons, id)) continue;
    sceneIcons[id] = Object.prototype.hasOwnProperty.call(icons, id) ? (icons[id] ?? null) : null;
  }

  const scene: Scene = {
    direction,
    theme: model.theme,
    width: round(bounds.width + 2 * margin),
    height: round(bounds.height + 2 * margin),
    groups,
    nodes,
    edges: sceneEdges,
    icons: sceneIcons,
  };
  return model.title !== undefined ? { title: model.title, ...scene } : scene;
}

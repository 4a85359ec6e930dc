/**
 * The scene's groups, nodes, edges and icon table from boxes and routes already placed: what
 * the fresh layout (sceneFromElk.ts) and the kept layout (keptLayout.ts) share once each has
 * decided where things go, so both draw the same attributes the same way.
 */
import { sceneEdgeOf, sceneIconsOf } from '../sceneParts';
import { elementStyle } from '../elementStyle';
import type { IconData, Point, SceneEdge, SceneGroup, SceneNode, TextBlock } from '../scene';
import type { GroupBox, NodeBox } from './boxes';
import { round, type Box } from './geometry';
import type { Hierarchy } from './hierarchy';
import { personAttachment } from './personFigure';

export interface PlacedElements {
  h: Hierarchy;
  nodeBoxes: ReadonlyMap<string, NodeBox>;
  groupBoxes: ReadonlyMap<string, GroupBox>;
  /** An element's box in the layout's coordinates. */
  boxOf: (id: string) => Box;
  /** From the layout's coordinates to the scene's (shifted and rounded). */
  X: (x: number) => number;
  Y: (y: number) => number;
  /** Each connection's route, in model order, already in scene coordinates. */
  routes: Point[][];
  /** Each connection's label and its box in the layout's coordinates, when it has one. */
  labels: Array<{ label: TextBlock; box: Box } | undefined>;
  icons: Record<string, IconData | null>;
}

/** Groups parents first, nodes and edges in model order, and the icons they name. */
export function sceneElements(p: PlacedElements): { groups: SceneGroup[]; nodes: SceneNode[]; edges: SceneEdge[]; icons: Record<string, IconData | null> } {
  const { h, X, Y } = p;
  const placed = (id: string, box: NodeBox | GroupBox, hasIcon: boolean) => {
    const b = p.boxOf(id);
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
      ...placed(g.id, p.groupBoxes.get(g.id)!, g.icon !== undefined),
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
      ...placed(n.id, p.nodeBoxes.get(n.id)!, n.icon !== undefined),
      ...elementStyle(n),
      line: n.implicit ? 0 : n.range.line,
    };
    const parent = h.parent.get(n.id);
    if (parent !== undefined) out.parent = parent;
    if (n.implicit) out.implicit = true;
    return out;
  });

  // A connection ending on a person's box continues to the figure's outline.
  const persons = new Map(nodes.filter((n) => n.shape === 'person').map((n) => [n.id, n]));
  const attach = (id: string, from: Point, end: Point): Point => {
    const n = persons.get(id);
    if (!n) return end;
    const at = personAttachment(n.width, n.height, n.size, { x: from.x - n.x, y: from.y - n.y }, { x: end.x - n.x, y: end.y - n.y });
    return { x: round(at.x + n.x), y: round(at.y + n.y) };
  };

  const edges: SceneEdge[] = h.connections.map((c, index) => {
    const route = p.routes[index]!.slice();
    if (route.length >= 2) {
      route[0] = attach(c.source, route[1]!, route[0]!);
      route[route.length - 1] = attach(c.target, route[route.length - 2]!, route[route.length - 1]!);
    }
    const l = p.labels[index];
    return sceneEdgeOf(c, route, l && { label: l.label, labelPosition: { x: X(l.box.x), y: Y(l.box.y) } });
  });

  return { groups, nodes, edges, icons: sceneIconsOf([...h.groups, ...h.nodes], p.icons) };
}

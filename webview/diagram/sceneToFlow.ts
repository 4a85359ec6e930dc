import type { Edge, Node, NodeHandle, Position } from '@xyflow/react';
import type { Shape } from '../../src/core/model';
import type { IconData, Scene, SceneEdge, SceneGroup, SceneNode } from '../../src/core/scene';
import { drawnTitle, TITLE_STYLE } from '../../src/core/render/index';

export type ShapeNodeData = { element: SceneNode; icon: IconData | null | undefined };
export type GroupNodeData = { element: SceneGroup; icon: IconData | null | undefined };
/** The title as drawn and, when it is shortened, the whole of it. */
export type TitleNodeData = { title: string; tooltip?: string };
export type EdgeData = { edge: SceneEdge };

/** One React Flow node type per shape, plus groups and the title (not `group`: React Flow styles its built-in type). */
export type ShapeFlowNode = Node<ShapeNodeData, Shape>;
export type GroupFlowNode = Node<GroupNodeData, 'diagramGroup'>;
export type TitleFlowNode = Node<TitleNodeData, 'diagramTitle'>;
export type DiagramFlowNode = ShapeFlowNode | GroupFlowNode | TitleFlowNode;
export type DiagramFlowEdge = Edge<EdgeData, 'diagram'>;

export interface FlowElements {
  nodes: DiagramFlowNode[];
  edges: DiagramFlowEdge[];
  /** Z index of edge labels: above every node, as in the exported SVG. */
  labelZ: number;
}

/** Prefix of the title node's id; element ids are identifiers and never contain `:`. */
export const TITLE_NODE_ID = 'archflow:title';

/**
 * The invisible anchors of every node (see Handles.tsx), declared up front with the node's
 * size as already measured: React Flow then draws edges at once instead of hiding them until
 * it has measured every node's DOM after each update (which also remounted every edge).
 */
function sized(width: number, height: number): { measured: { width: number; height: number }; handles: NodeHandle[] } {
  return {
    measured: { width, height },
    handles: [
      { type: 'target', position: 'left' as Position, x: 0, y: height / 2, width: 1, height: 1 },
      { type: 'source', position: 'right' as Position, x: width, y: height / 2, width: 1, height: 1 },
    ],
  };
}

/**
 * Turns a laid-out scene into React Flow nodes and edges without computing any geometry:
 * every position and size is the scene's own (absolute; nothing is nested with
 * `parentId`, so nothing moves relative to the export). Stacking matches the SVG: group
 * frames by depth, then connections, then nodes, then connection labels. Deterministic.
 */
export function sceneToFlow(scene: Scene): FlowElements {
  const maxDepth = scene.groups.reduce((m, g) => Math.max(m, g.depth), 0);
  const edgeZ = maxDepth + 1;
  const nodeZ = maxDepth + 2;
  const icons = scene.icons ?? {};
  const iconOf = (id: string | undefined) => (id === undefined ? undefined : Object.prototype.hasOwnProperty.call(icons, id) ? icons[id] : null);
  const common = { draggable: false, connectable: false, selectable: true, focusable: true, deletable: false } as const;

  const nodes: DiagramFlowNode[] = [];
  const title = drawnTitle(scene.title);
  if (title) {
    const width = Math.max(1, title.width);
    nodes.push({
      id: TITLE_NODE_ID,
      type: 'diagramTitle',
      position: { x: TITLE_STYLE.marginX, y: -TITLE_STYLE.band },
      width,
      height: TITLE_STYLE.band,
      ...sized(width, TITLE_STYLE.band),
      data: title.text === title.full ? { title: title.text } : { title: title.text, tooltip: title.full },
      zIndex: nodeZ,
      ...common,
      selectable: false,
      focusable: false,
    });
  }
  for (const g of [...scene.groups].sort((a, b) => a.depth - b.depth)) {
    nodes.push({
      id: g.id,
      type: 'diagramGroup',
      position: { x: g.x, y: g.y },
      width: g.width,
      height: g.height,
      ...sized(g.width, g.height),
      data: { element: g, icon: iconOf(g.icon) },
      zIndex: g.depth,
      ariaLabel: g.label.lines.join(' '),
      ...common,
    });
  }
  for (const n of scene.nodes) {
    nodes.push({
      id: n.id,
      type: n.shape,
      position: { x: n.x, y: n.y },
      width: n.width,
      height: n.height,
      ...sized(n.width, n.height),
      data: { element: n, icon: n.icon !== undefined || n.shape === 'icon' ? (iconOf(n.icon) ?? null) : undefined },
      zIndex: nodeZ,
      ariaLabel: n.label.lines.join(' '),
      ...common,
    });
  }
  const edges: DiagramFlowEdge[] = scene.edges.map((e) => ({
    id: e.id,
    type: 'diagram',
    source: e.source,
    target: e.target,
    data: { edge: e },
    zIndex: edgeZ,
    selectable: true,
    focusable: true,
    deletable: false,
    ariaLabel: e.label ? e.label.lines.join(' ') : `${e.source} → ${e.target}`,
  }));
  return { nodes, edges, labelZ: nodeZ + 1 };
}

import { elementStyle } from './elementStyle';
import { sceneEdgeOf, sceneIconsOf } from './sceneParts';
import type { Connection, DiagramModel, ElementDecl } from './model';
import type { IconData, Scene, SceneEdge, SceneGroup, SceneNode } from './scene';

/**
 * The scene of `model` made from the scene of another version of the same diagram whose
 * {@link geometryKey} is equal: every position, size, route and label box is `previous`'s,
 * every style the layout does not read (colours, fills, line styles, arrowheads, animations,
 * speeds, tooltips, links, theme, title, source lines) is `model`'s, and `icons` supplies the
 * pictures (ids the model uses, `null` for unknown ones), as `layoutDiagram` would.
 *
 * Guarantee: for equal keys the result is identical, field for field and in the same key
 * order, to what `layoutDiagram(model, icons)` returns, without running the layout. Returns
 * `undefined` when `previous` does not hold every element and connection the model draws
 * (it was not a scene of an equal key), so the caller lays out instead. Pure; never
 * mutates `previous`.
 */
export function restyleScene(previous: Scene, model: DiagramModel, icons: Record<string, IconData | null>): Scene | undefined {
  // The layout keeps the first declaration of an id, and only connections whose ends exist.
  const byId = new Map<string, ElementDecl>();
  for (const e of model.elements) if (!byId.has(e.id)) byId.set(e.id, e);
  const connections = new Map<string, Connection>();
  for (const c of model.connections) if (byId.has(c.source) && byId.has(c.target)) connections.set(c.id, c);
  const nodeCount = [...byId.values()].filter((e) => e.kind === 'node').length;
  if (previous.nodes.length !== nodeCount || previous.groups.length !== byId.size - nodeCount || previous.edges.length !== connections.size) return undefined;

  const groups: SceneGroup[] = [];
  for (const old of previous.groups) {
    const g = byId.get(old.id);
    if (g?.kind !== 'group') return undefined;
    const out: SceneGroup = { id: old.id, size: old.size, ...placement(old), ...elementStyle(g), depth: old.depth, line: g.range.line };
    if (old.parent !== undefined) out.parent = old.parent;
    groups.push(out);
  }

  const nodes: SceneNode[] = [];
  for (const old of previous.nodes) {
    const n = byId.get(old.id);
    if (n?.kind !== 'node') return undefined;
    const out: SceneNode = { id: old.id, shape: old.shape, size: old.size, ...placement(old), ...elementStyle(n), line: n.implicit ? 0 : n.range.line };
    if (old.parent !== undefined) out.parent = old.parent;
    if (n.implicit) out.implicit = true;
    nodes.push(out);
  }

  const edges: SceneEdge[] = [];
  for (const old of previous.edges) {
    const c = connections.get(old.id);
    if (!c || c.source !== old.source || c.target !== old.target) return undefined;
    edges.push(sceneEdgeOf(c, old.points, old.label && old.labelPosition ? { label: old.label, labelPosition: old.labelPosition } : undefined));
  }

  const sceneIcons = sceneIconsOf([...groups, ...nodes], icons);

  const scene: Scene = { direction: previous.direction, theme: model.theme, width: previous.width, height: previous.height, groups, nodes, edges, icons: sceneIcons };
  return model.title !== undefined ? { title: model.title, ...scene } : scene;
}

/** Where an element's box, label and icon are, in the layout's key order. */
function placement(e: SceneNode | SceneGroup): Pick<SceneNode, 'x' | 'y' | 'width' | 'height' | 'label' | 'labelPosition' | 'iconBox'> {
  return {
    x: e.x,
    y: e.y,
    width: e.width,
    height: e.height,
    label: e.label,
    labelPosition: e.labelPosition,
    ...(e.iconBox ? { iconBox: e.iconBox } : {}),
  };
}

import type { SceneGroup, SceneNode } from '../../src/core/scene';
import type { DiagramFlowEdge, DiagramFlowNode, FlowElements } from './sceneToFlow';

/**
 * Structural sharing between the drawing on screen and the next one, so an edit redraws
 * only what it changed. A node or edge equal to its previous version is that previous
 * object (React Flow skips it); a node that only moved keeps its previous `data` (its
 * memoised component skips redrawing its shape, icon and label, and only the wrapper's
 * transform changes). When nothing changed at all, `previous` itself is returned.
 */
export function keepUnchanged(previous: FlowElements | undefined, next: FlowElements): FlowElements {
  if (!previous) return next;
  const oldNodes = new Map(previous.nodes.map((n) => [n.id, n]));
  const nodes = next.nodes.map((n): DiagramFlowNode => {
    const old = oldNodes.get(n.id);
    if (!old || old.type !== n.type) return n;
    if (equalValues(old, n)) return old;
    return sameDrawing(old.data, n.data) ? ({ ...n, data: old.data } as DiagramFlowNode) : n;
  });
  const oldEdges = new Map(previous.edges.map((e) => [e.id, e]));
  const edges = next.edges.map((e): DiagramFlowEdge => {
    const old = oldEdges.get(e.id);
    return old && equalValues(old, e) ? old : e;
  });
  const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (previous.labelZ === next.labelZ && same(previous.nodes, nodes) && same(previous.edges, edges)) return previous;
  return { nodes, edges, labelZ: next.labelZ };
}

type NodeData = DiagramFlowNode['data'];

/**
 * How far apart two placements inside an element may be and still count as the same
 * drawing: the layout rounds absolute coordinates to hundredths, so an element that moved
 * can see its label or icon offset change by 0.01 px, which no screen shows.
 */
const ROUNDING = 0.011;

/** True when two nodes' data draw the same picture relative to the node's own corner. */
function sameDrawing(a: NodeData, b: NodeData): boolean {
  if (!('element' in a) || !('element' in b)) return equalValues(a, b);
  const x = a.element;
  const y = b.element;
  const near = (p: { x: number; y: number } | undefined, q: { x: number; y: number } | undefined) =>
    p === undefined || q === undefined
      ? p === q
      : Math.abs(p.x - x.x - (q.x - y.x)) <= ROUNDING && Math.abs(p.y - x.y - (q.y - y.y)) <= ROUNDING;
  return (
    near(x.labelPosition, y.labelPosition) &&
    near(x.iconBox, y.iconBox) &&
    x.iconBox?.size === y.iconBox?.size &&
    equalValues(a.icon, b.icon) &&
    equalValues(placeless(x), placeless(y))
  );
}

/** The element without its placements (compared separately, relative to its corner). */
function placeless(e: SceneNode | SceneGroup): unknown {
  return { ...e, x: 0, y: 0, labelPosition: undefined, iconBox: undefined };
}

/** Deep equality of JSON-like values (plain objects, arrays, primitives); `undefined` members count as absent. */
export function equalValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bs = b as unknown[];
    return a.length === bs.length && a.every((x, i) => equalValues(x, bs[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const ak = keys(ao);
  if (ak.length !== keys(bo).length) return false;
  return ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && equalValues(ao[k], bo[k]));
}

import type { Scene } from '../scene';

/**
 * How much a drawing changed between two scenes of one diagram (before and after an edit),
 * over the nodes present in both (matched by id). Centres are compared after removing the
 * median translation, so one moved node does not make everything "move".
 */
export interface LayoutStability {
  /** Nodes present in both scenes. */
  common: number;
  /** Mean displacement of node centres after removing the median shift, px. */
  meanMove: number;
  maxMove: number;
  /** Share of common nodes that moved more than `MOVED` px. */
  movedShare: number;
  /**
   * Share of node pairs whose left/right and above/below relations are both unchanged
   * (Misue et al.'s orthogonal order; centres within `ORDER_TIE` px count as level). 1 with
   * fewer than two common nodes.
   */
  orthoOrderKept: number;
  /**
   * Share of node pairs keeping their relation along the flow (left/right in LR and RL,
   * above/below in TB and BT): what the layering decides. With `crossOrderKept` it tells
   * which phase of a layered layout an edit disturbed.
   */
  flowOrderKept: number;
  /** Share of node pairs keeping their relation across the flow: what the order within layers and the placement decide. */
  crossOrderKept: number;
  /** Common nodes whose width or height changed by more than 1 px. */
  sizeChanged: number;
  /** Share of edges (matched by id and ends) whose route is identical after the shift. */
  routesKept: number;
}

export const MOVED = 10;
export const ORDER_TIE = 5;

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const relation = (a: number, b: number): number => (Math.abs(a - b) <= ORDER_TIE ? 0 : Math.sign(a - b));

/** Compares two scenes of one diagram (see {@link LayoutStability}). Pure. */
export function compareLayouts(before: Scene, after: Scene): LayoutStability {
  const next = new Map(after.nodes.map((n) => [n.id, n]));
  const pairs = before.nodes.flatMap((a) => {
    const b = next.get(a.id);
    return b ? [{ a, b }] : [];
  });
  const centre = (n: { x: number; y: number; width: number; height: number }) => ({ x: n.x + n.width / 2, y: n.y + n.height / 2 });
  const shiftX = median(pairs.map(({ a, b }) => centre(b).x - centre(a).x));
  const shiftY = median(pairs.map(({ a, b }) => centre(b).y - centre(a).y));
  const moves = pairs.map(({ a, b }) => Math.hypot(centre(b).x - shiftX - centre(a).x, centre(b).y - shiftY - centre(a).y));

  let kept = 0;
  let keptX = 0;
  let keptY = 0;
  let total = 0;
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const [p, q] = [pairs[i]!, pairs[j]!];
      const [pa, qa, pb, qb] = [centre(p.a), centre(q.a), centre(p.b), centre(q.b)];
      total++;
      const sameX = relation(pa.x, qa.x) === relation(pb.x, qb.x);
      const sameY = relation(pa.y, qa.y) === relation(pb.y, qb.y);
      if (sameX) keptX++;
      if (sameY) keptY++;
      if (sameX && sameY) kept++;
    }
  }

  const edgesAfter = new Map(after.edges.map((e) => [e.id, e]));
  let routesKept = 0;
  let edgesCompared = 0;
  for (const e of before.edges) {
    const f = edgesAfter.get(e.id);
    if (!f || f.source !== e.source || f.target !== e.target) continue;
    edgesCompared++;
    const same =
      e.points.length === f.points.length &&
      e.points.every((p, k) => Math.abs(f.points[k]!.x - shiftX - p.x) <= 0.01 && Math.abs(f.points[k]!.y - shiftY - p.y) <= 0.01);
    if (same) routesKept++;
  }

  const horizontal = before.direction === 'LR' || before.direction === 'RL';
  const mean = moves.length ? moves.reduce((s, m) => s + m, 0) / moves.length : 0;
  return {
    common: pairs.length,
    meanMove: Math.round(mean * 10) / 10,
    maxMove: Math.round(Math.max(0, ...moves) * 10) / 10,
    movedShare: moves.length ? moves.filter((m) => m > MOVED).length / moves.length : 0,
    orthoOrderKept: total ? kept / total : 1,
    flowOrderKept: total ? (horizontal ? keptX : keptY) / total : 1,
    crossOrderKept: total ? (horizontal ? keptY : keptX) / total : 1,
    sizeChanged: pairs.filter(({ a, b }) => Math.abs(a.width - b.width) > 1 || Math.abs(a.height - b.height) > 1).length,
    routesKept: edgesCompared ? routesKept / edgesCompared : 1,
  };
}

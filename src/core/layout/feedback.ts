import type { LayoutOptions as ElkLayoutOptions } from 'elkjs/lib/elk-api';
import { CANDIDATE_LIMIT } from './candidates';
import type { Hierarchy } from './hierarchy';

const FEEDBACK_STRAIGHTNESS: Readonly<ElkLayoutOptions> = Object.freeze({ 'elk.layered.priority.straightness': '2' });

/**
 * ELK options of the connections handed over reversed (see feedbackConnections) in a diagram
 * of `elementCount` nodes and groups: up to CANDIDATE_LIMIT, a little straightness priority,
 * so that node placement lines a reversed connection's two ends up with the path ELK gave it;
 * bigger diagrams get none (undefined).
 *
 * Why: the ends of a feedback connection between groups are placed for their other
 * connections, and when a group stands between them on their level, the route climbs over that
 * group and back down, far outside the band of its two ends (a wrap-around). Measured on the
 * examples and generated diagrams of up to 60 nodes and groups: the one wrap-around of a
 * feedback connection went, crossings stayed, bends went down (priority 5 or 10: a wrap-around
 * elsewhere and more bends). On bigger ones it was no gain (61-200 elements: 4 fewer
 * wrap-arounds for 2 more crossings and 12 more bends; past 200, 6 more wrap-arounds).
 */
export function feedbackEdgeOptions(elementCount: number): Readonly<ElkLayoutOptions> | undefined {
  return elementCount <= CANDIDATE_LIMIT ? FEEDBACK_STRAIGHTNESS : undefined;
}

/**
 * The connections to hand to ELK reversed, so that it sees no cycle at any level of the
 * hierarchy (the idea of Mermaid 12.1's `orientFeedbackEdges`).
 *
 * Why: in a hierarchical run ELK places each group as one box in its parent's layers. When
 * group A feeds group B and B feeds back into A, the collapsed graph has a cycle even where
 * the nodes have none; ELK then reverses one connection on its own but keeps its ports on
 * the flow sides, and routes it round the outside of the drawing. A connection reversed
 * before layout is placed and routed as a forward one, and its route is turned back after.
 *
 * How: at every level (the top level and each group), each connection is lifted to the two
 * children of that level holding its ends; the children are visited depth-first in
 * declaration order, following lifted connections in model order, and a lifted connection
 * that reaches a child still on the stack closes a cycle: it is feedback. Declaration order
 * decides, so the choice is deterministic and an edit elsewhere rarely changes it.
 *
 * Returns indices into `h.connections`. Self-connections and connections between a group
 * and its own content are never reversed.
 */
export function feedbackConnections(h: Hierarchy): Set<number> {
  const chain = (id: string): string[] => {
    const out = [id];
    for (let p = h.parent.get(id); p !== undefined; p = h.parent.get(p)) out.push(p);
    return out.reverse();
  };
  // Lifted connections per level: level → child → [(other child, connection index)].
  const lifted = new Map<string | undefined, Map<string, Array<{ to: string; index: number }>>>();
  h.connections.forEach((c, index) => {
    const a = chain(c.source);
    const b = chain(c.target);
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    if (i >= a.length || i >= b.length) return; // the same element, or one end holds the other
    const level = i === 0 ? undefined : a[i - 1];
    let out = lifted.get(level);
    if (!out) lifted.set(level, (out = new Map()));
    let list = out.get(a[i]!);
    if (!list) out.set(a[i]!, (list = []));
    list.push({ to: b[i]!, index });
  });

  const reversed = new Set<number>();
  for (const [level, out] of lifted) {
    const state = new Map<string, 'open' | 'done'>();
    for (const start of h.children.get(level) ?? []) {
      if (state.has(start)) continue;
      // Iterative depth-first search: deep chains must not exhaust the call stack.
      const stack: Array<{ id: string; next: number }> = [{ id: start, next: 0 }];
      state.set(start, 'open');
      while (stack.length > 0) {
        const top = stack[stack.length - 1]!;
        const edges = out.get(top.id) ?? [];
        if (top.next >= edges.length) {
          state.set(top.id, 'done');
          stack.pop();
          continue;
        }
        const { to, index } = edges[top.next++]!;
        const seen = state.get(to);
        if (seen === 'open') reversed.add(index);
        else if (seen === undefined) {
          state.set(to, 'open');
          stack.push({ id: to, next: 0 });
        }
      }
    }
  }
  return reversed;
}

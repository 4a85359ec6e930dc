import type { Hierarchy } from './hierarchy';

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

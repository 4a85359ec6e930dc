/**
 * `memo` comparison for the diagram's nodes and edges: they draw from `data` alone, nodes
 * relative to their own corner (see ElementContent), so a move or a selection, which
 * React Flow handles on its wrapper, never redraws them.
 */
export function sameData(a: { id: string; data?: unknown }, b: { id: string; data?: unknown }): boolean {
  return a.id === b.id && a.data === b.data;
}

/**
 * `memo` comparison for the diagram's nodes and edges: they draw from `data` alone (every
 * coordinate inside is relative to the element, see keepUnchanged), so a move or a
 * selection, which React Flow handles on its wrapper, never redraws them.
 */
export function sameData(a: { id: string; data?: unknown }, b: { id: string; data?: unknown }): boolean {
  return a.id === b.id && a.data === b.data;
}

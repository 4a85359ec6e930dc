import type { DiagramModel } from './model';

/**
 * A fingerprint of everything in a model that the layout reads, and nothing else: element
 * ids, kinds, declaration order, labels, shapes, sizes, nesting, whether an element has an
 * icon (which icon does not change a box), group directions, connections with their ends and
 * labels in model order, and the diagram's direction. Colours, fills, line styles, arrowheads,
 * animations, speeds, tooltips, links, the theme, the title and source positions (comments,
 * formatting) are left out.
 *
 * Guarantee: two models with equal keys get the same geometry from the layout, so the scene
 * of one can be re-dressed with the other's style (see `restyleScene`) instead of being laid
 * out again. Pure and deterministic; cheap next to a layout (one pass, one string).
 */
export function geometryKey(model: DiagramModel): string {
  const elements = model.elements.map((e) =>
    e.kind === 'node'
      ? ['n', e.id, e.label, e.shape, e.size, e.parent ?? null, iconState(e.icon)]
      : ['g', e.id, e.label, e.size, e.parent ?? null, iconState(e.icon), e.direction ?? null, e.children],
  );
  const connections = model.connections.map((c) => [c.id, c.source, c.target, c.label ?? null]);
  return JSON.stringify([model.direction, model.roots, elements, connections]);
}

/** Absent, empty or named: the layout sizes a box by whether there is an icon, never by which. */
function iconState(icon: string | undefined): 0 | 1 | 2 {
  return icon === undefined ? 0 : icon ? 2 : 1;
}

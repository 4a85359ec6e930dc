/**
 * What the preview's layout gestures write to the layout file, as pure functions of the
 * drawing shown: moved boxes, elements to lay out afresh, and the file's text in the
 * serializer's stable format (stale ids dropped). Free of VS Code, so they are unit-tested.
 */
import { emptyLayout, layoutFromScene, mergeLayout, serializeLayoutFile, type DiagramLayout } from '../../core/layout/layoutFile';
import type { DiagramModel } from '../../core/model';
import type { Point, Scene } from '../../core/scene';
import { movedPositions, type Move } from '../../core/sceneMoves';

/** The layout of `scene` (waypoints from `previous`) with `moves` applied; a group's members move with it. */
export function layoutWithMoves(scene: Scene, previous: DiagramLayout | undefined, moves: readonly Move[]): DiagramLayout {
  const layout = layoutFromScene(scene, previous);
  for (const [id, to] of movedPositions(scene, moves)) {
    const box = layout.nodes.get(id) ?? layout.groups.get(id);
    if (box) Object.assign(box, { x: Math.round(to.x), y: Math.round(to.y) });
  }
  return layout;
}

/** A new element (its id in the text) and the point of the drawing it was dropped on. */
export interface Drop {
  id: string;
  at: Point;
}

/**
 * What a gesture that places boxes keeps: the layout of `shown`, the drawing the gesture was
 * made on (waypoints from `previous`), with `moves` applied and each dropped element centred
 * on its drop point at the size `drawn` (the first drawing of the new text) gives it. The
 * other boxes are those of `shown`, so a group does not keep the room the layout made for a
 * new member elsewhere; a group grows to hold a member dropped at its edge when drawn.
 */
export function layoutWithDrops(shown: Scene, previous: DiagramLayout | undefined, moves: readonly Move[], drops: readonly Drop[], drawn: Scene): DiagramLayout {
  const layout = layoutWithMoves(shown, previous, moves);
  for (const { id, at } of drops) {
    const node = drawn.nodes.find((n) => n.id === id);
    const box = node ?? drawn.groups.find((g) => g.id === id);
    if (!box) continue;
    const placed = { x: Math.round(at.x - box.width / 2), y: Math.round(at.y - box.height / 2), width: Math.round(box.width), height: Math.round(box.height) };
    (node ? layout.nodes : layout.groups).set(id, placed);
  }
  return layout;
}

/**
 * `layout` without the positions of `ids` (and of everything inside a group among them), so
 * that laying out with the rest kept places them as new elements.
 */
export function layoutWithout(layout: DiagramLayout, scene: Scene, ids: readonly string[]): DiagramLayout {
  const dropped = new Set(ids);
  const parents = new Map<string, string | undefined>([...scene.groups, ...scene.nodes].map((e) => [e.id, e.parent]));
  const inside = (id: string) => {
    for (let up: string | undefined = id; up !== undefined; up = parents.get(up)) if (dropped.has(up)) return true;
    return false;
  };
  const out = emptyLayout(layout.direction);
  for (const [id, b] of layout.nodes) if (!inside(id)) out.nodes.set(id, b);
  for (const [id, b] of layout.groups) if (!inside(id)) out.groups.set(id, b);
  for (const [key, points] of layout.waypoints) out.waypoints.set(key, points);
  // A route whose end is placed again no longer meets its box, and the kept layout routes it anew.
  for (const [key, points] of layout.routes) out.routes.set(key, points);
  return out;
}

/** The layout file's text for `layout`, without what `model` no longer has. */
export function layoutFileText(layout: DiagramLayout, model: DiagramModel): string {
  return serializeLayoutFile({ kind: 'diagram', layout: mergeLayout(layout, model).layout });
}

/**
 * Moving boxes of a drawn scene (the preview's drag and arrow keys): where each box lands,
 * a group's members coming along with it, and the scene with those boxes moved (connections
 * are left as they are: the host routes them again once the move is kept).
 */
import type { Point, Scene, SceneElement } from './scene';

/** A node or group moved to a new top-left corner, in the scene's coordinates. */
export interface Move {
  id: string;
  x: number;
  y: number;
}

/**
 * The new top-left corner of every box that moves: each moved box, and every member (at any
 * depth) of a moved group, by the offset of its nearest moved ancestor. A box moved itself
 * keeps its own position. Unknown ids are ignored.
 */
export function movedPositions(scene: Scene, moves: readonly Move[]): Map<string, Point> {
  const boxes = new Map<string, SceneElement>();
  for (const g of scene.groups) boxes.set(g.id, g);
  for (const n of scene.nodes) boxes.set(n.id, n);
  const explicit = new Map<string, Point>();
  for (const m of moves) if (boxes.has(m.id)) explicit.set(m.id, { x: m.x, y: m.y });
  const out = new Map<string, Point>();
  for (const [id, box] of boxes) {
    const own = explicit.get(id);
    if (own) {
      if (own.x !== box.x || own.y !== box.y) out.set(id, own);
      continue;
    }
    // The nearest moved ancestor carries this box by its own offset.
    for (let up = box.parent; up !== undefined; up = boxes.get(up)?.parent) {
      const at = explicit.get(up);
      if (!at) continue;
      const from = boxes.get(up)!;
      const dx = at.x - from.x;
      const dy = at.y - from.y;
      if (dx !== 0 || dy !== 0) out.set(id, { x: box.x + dx, y: box.y + dy });
      break;
    }
  }
  return out;
}

/** `scene` with the boxes of `positions` moved there (labels and icons with them). The same object when nothing moves. */
export function moveBoxes(scene: Scene, positions: ReadonlyMap<string, Point>): Scene {
  if (positions.size === 0) return scene;
  const move = <T extends SceneElement>(e: T): T => {
    const to = positions.get(e.id);
    if (!to) return e;
    const dx = to.x - e.x;
    const dy = to.y - e.y;
    const out: T = { ...e, x: to.x, y: to.y, labelPosition: { x: e.labelPosition.x + dx, y: e.labelPosition.y + dy } };
    if (e.iconBox) out.iconBox = { ...e.iconBox, x: e.iconBox.x + dx, y: e.iconBox.y + dy };
    return out;
  };
  return { ...scene, groups: scene.groups.map(move), nodes: scene.nodes.map(move) };
}

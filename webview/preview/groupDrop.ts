import type { Scene, SceneElement } from '../../src/core/scene';
import type { Move } from '../../src/core/sceneMoves';

/** Elements a drag put into another group (`group` undefined: out to the top level). */
export interface Regrouping {
  elements: string[];
  group?: string;
}

/**
 * Which dragged boxes changed group: each box dragged (not one carried by a dragged group)
 * belongs where its centre was let go, the innermost group there, else the top level. A box
 * let go inside its own group stays a move only. Boxes let go in different groups are not
 * regrouped (one gesture moves into one group): they stay moves.
 */
export function groupDrop(scene: Scene, moves: readonly Move[]): Regrouping | undefined {
  const boxes = new Map<string, SceneElement & { parent?: string }>([...scene.groups, ...scene.nodes].map((e) => [e.id, e]));
  const dragged = new Set(moves.map((m) => m.id));
  const within = (id: string, ancestors: ReadonlySet<string>) => {
    for (let up: string | undefined = id; up !== undefined; up = boxes.get(up)?.parent) if (ancestors.has(up)) return true;
    return false;
  };
  // A dragged group's members come along: neither they nor it can be where it lands.
  const targets = [...scene.groups].filter((g) => !within(g.id, dragged)).sort((a, b) => b.depth - a.depth);
  const changes = new Map<string | undefined, string[]>();
  for (const m of moves) {
    const box = boxes.get(m.id);
    if (!box || (box.parent !== undefined && within(box.parent, dragged))) continue;
    const cx = m.x + box.width / 2;
    const cy = m.y + box.height / 2;
    const group = targets.find((g) => cx >= g.x && cx <= g.x + g.width && cy >= g.y && cy <= g.y + g.height)?.id;
    if (group === box.parent) continue;
    changes.set(group, [...(changes.get(group) ?? []), m.id]);
  }
  if (changes.size !== 1) return undefined;
  const [[group, elements]] = [...changes];
  return group === undefined ? { elements: elements! } : { elements: elements!, group };
}

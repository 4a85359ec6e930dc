import type { Scene, SceneGroup } from '../scene';
import { GROUP_FRAME } from './constants';
import { round } from './geometry';
import { edgeLabelBox, groupTitleBox } from './metrics';

/** Room kept between a title and a connection passing its side, px. */
const CLEARANCE = 6;

/**
 * Moves a group's title (icon and label together) along its title bar when a connection or
 * a connection label runs through it, to the first stretch of the bar wide enough that
 * nothing crosses. ELK puts the ports of connections entering a group anywhere on its
 * border, the title bar included, and reserving room for the title there has no effect on
 * hierarchical ports; so the title makes way instead. A title with no free stretch stays
 * where it was. Pure: returns a scene whose other fields are the same objects.
 */
export function clearGroupTitles(scene: Scene): Scene {
  let changed = false;
  let current = scene;
  const groups = scene.groups.map((g) => {
    const moved = clearTitle(current, g);
    if (moved !== g) changed = true;
    else {
      const edges = sidestepTitle(current, g);
      if (edges !== current.edges) current = { ...current, edges };
    }
    return moved;
  });
  return changed || current !== scene ? { ...current, groups } : scene;
}

/**
 * When a title cannot move, a connection ending straight down (or up) through it onto a node
 * below is shifted sideways past the title, if that node is wide enough to take it there.
 */
function sidestepTitle(scene: Scene, g: SceneGroup): Scene['edges'] {
  const title = groupTitleBox(g);
  const boxes = new Map(scene.nodes.map((n) => [n.id, n]));
  const through = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    a.x === b.x && a.x > title.x - CLEARANCE && a.x < title.x + title.width + CLEARANCE && Math.max(a.y, b.y) > title.y && Math.min(a.y, b.y) < title.y + title.height;
  let edges = scene.edges;
  scene.edges.forEach((e, index) => {
    const n = e.points.length;
    if (n < 3) return;
    for (const [end, near, far, id] of [[n - 1, n - 2, n - 3, e.target], [0, 1, 2, e.source]] as const) {
      const box = boxes.get(id);
      if (!box || box.shape === 'person' || !through(e.points[end]!, e.points[near]!)) continue;
      const x = round(title.x + title.width + CLEARANCE);
      if (x > box.x + box.width - CLEARANCE || x < box.x + CLEARANCE || e.points[far]!.y !== e.points[near]!.y) continue;
      const points = e.points.map((p, k) => (k === end || k === near ? { x, y: p.y } : p));
      if (edges === scene.edges) edges = [...scene.edges];
      edges[index] = { ...e, points };
      return;
    }
  });
  return edges;
}

function clearTitle(scene: Scene, g: SceneGroup): SceneGroup {
  const title = groupTitleBox(g);
  const top = title.y - CLEARANCE / 2;
  const bottom = title.y + title.height + CLEARANCE / 2;
  const left = g.x;
  const right = g.x + g.width;
  // The x-stretches of the title bar something else occupies.
  const blocked: Array<[number, number]> = [];
  const block = (x0: number, x1: number, y0: number, y1: number) => {
    if (y1 <= top || y0 >= bottom || x1 <= left || x0 >= right) return;
    blocked.push([x0 - CLEARANCE, x1 + CLEARANCE]);
  };
  for (const e of scene.edges) {
    for (let i = 1; i < e.points.length; i++) {
      const a = e.points[i - 1]!;
      const b = e.points[i]!;
      block(Math.min(a.x, b.x), Math.max(a.x, b.x), Math.min(a.y, b.y), Math.max(a.y, b.y));
    }
    const l = edgeLabelBox(e);
    if (l) block(l.x, l.x + l.width, l.y, l.y + l.height);
  }
  const hits = (x: number) => blocked.some(([a, b]) => a < x + title.width && x < b);
  if (!hits(title.x)) return g;
  const limit = right - GROUP_FRAME.padding - title.width;
  const starts = blocked.map(([, b]) => b).filter((x) => x > title.x && x <= limit).sort((p, q) => p - q);
  const start = starts.find((x) => !hits(x));
  if (start === undefined) return g;
  const dx = start - title.x;
  const out: SceneGroup = { ...g, labelPosition: { x: round(g.labelPosition.x + dx), y: g.labelPosition.y } };
  if (g.iconBox) out.iconBox = { ...g.iconBox, x: round(g.iconBox.x + dx) };
  return out;
}

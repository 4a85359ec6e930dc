// Geometric invariants every laid-out scene must satisfy, shared by the layout tests.
import assert from 'node:assert/strict';
import type { Point, Scene, SceneEdge, SceneNode } from '../../../src/core/scene';
import { groupTitleBarHeight } from '../../../src/core/layout';
import { notchHalfWidth, personFigure } from '../../../src/core/layout/personFigure';
import { edgeLabelBox } from '../../../src/core/layout/metrics';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function boxesOf(scene: Scene): Map<string, Box> {
  const out = new Map<string, Box>();
  for (const e of [...scene.groups, ...scene.nodes]) out.set(e.id, { x: e.x, y: e.y, width: e.width, height: e.height });
  return out;
}

/** True when the boxes share area (touching borders do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function contains(outer: Box, inner: Box, tolerance = 0.01): boolean {
  return (
    inner.x >= outer.x - tolerance &&
    inner.y >= outer.y - tolerance &&
    inner.x + inner.width <= outer.x + outer.width + tolerance &&
    inner.y + inner.height <= outer.y + outer.height + tolerance
  );
}

/** True when `p` lies on the border of `box`, within `tolerance` px. */
export function onBorder(p: Point, box: Box, tolerance = 1): boolean {
  const inX = p.x >= box.x - tolerance && p.x <= box.x + box.width + tolerance;
  const inY = p.y >= box.y - tolerance && p.y <= box.y + box.height + tolerance;
  const nearV = Math.abs(p.x - box.x) <= tolerance || Math.abs(p.x - (box.x + box.width)) <= tolerance;
  const nearH = Math.abs(p.y - box.y) <= tolerance || Math.abs(p.y - (box.y + box.height)) <= tolerance;
  return (inX && nearH) || (inY && nearV);
}

/** The label's background box of an edge, as renderers draw it (the metrics' own definition). */
export const labelBox = edgeLabelBox;

export function assertOrthogonal(edge: SceneEdge): void {
  assert.ok(edge.points.length >= 2, `${edge.id} has at least two points`);
  for (let i = 1; i < edge.points.length; i++) {
    const a = edge.points[i - 1]!;
    const b = edge.points[i]!;
    assert.ok(a.x === b.x || a.y === b.y, `${edge.id} segment ${i} is axis-aligned: ${JSON.stringify([a, b])}`);
  }
}

/**
 * True when `p` lies on the drawn outline of a person node, within `tolerance` px: its head,
 * the rim of the notch around it, the shoulders' top edge and rounding, or the straight sides
 * and bottom of its box. Computed from the figure's proportions, not from `personAttachment`.
 */
export function onPersonOutline(p: Point, n: SceneNode, tolerance = 1): boolean {
  const f = personFigure(n.width, n.size, n.height);
  const x = p.x - n.x;
  const y = p.y - n.y;
  const cx = n.width / 2;
  const near = (a: number, b: number) => Math.abs(a - b) <= tolerance;
  const fromHead = Math.hypot(x - cx, y - f.headCenterY);
  const r = f.shoulderRadius;
  const arcX = x <= cx ? r : n.width - r;
  const onShoulder = Math.abs(x - cx) >= cx - r && y <= f.shoulderTop + r && near(Math.hypot(x - arcX, y - (f.shoulderTop + r)), r);
  const onTopEdge = near(y, f.shoulderTop) && Math.abs(x - cx) >= notchHalfWidth(f) - tolerance && Math.abs(x - cx) <= cx - r + tolerance;
  const onNotch = y >= f.shoulderTop - tolerance && near(fromHead, f.notchRadius);
  const onSides = y >= f.shoulderTop + r - tolerance && onBorder(p, { x: n.x, y: n.y, width: n.width, height: n.height }, tolerance);
  return near(fromHead, f.headRadius) || onShoulder || onTopEdge || onNotch || onSides;
}

export function assertEndsOnBorders(scene: Scene, edge: SceneEdge): void {
  const boxes = boxesOf(scene);
  const persons = new Map(scene.nodes.filter((n) => n.shape === 'person').map((n) => [n.id, n]));
  const first = edge.points[0]!;
  const last = edge.points[edge.points.length - 1]!;
  const on = (p: Point, id: string) => (persons.has(id) ? onPersonOutline(p, persons.get(id)!) : onBorder(p, boxes.get(id)!));
  assert.ok(on(first, edge.source), `${edge.id} starts on ${edge.source}'s border: ${JSON.stringify(first)} ${JSON.stringify(boxes.get(edge.source))}`);
  assert.ok(on(last, edge.target), `${edge.id} ends on ${edge.target}'s border: ${JSON.stringify(last)} ${JSON.stringify(boxes.get(edge.target))}`);
}

/** Every invariant a scene must hold, whatever the model. */
export function assertSceneInvariants(scene: Scene): void {
  const bounds = { x: 0, y: 0, width: scene.width, height: scene.height };
  const boxes = boxesOf(scene);
  for (const [id, box] of boxes) assert.ok(contains(bounds, box), `${id} lies inside the scene`);
  const index = new Map(scene.groups.map((g, i) => [g.id, i]));
  for (const [i, g] of scene.groups.entries()) {
    if (g.parent === undefined) assert.equal(g.depth, 0, `${g.id} is top level`);
    else {
      assert.ok(index.get(g.parent)! < i, `${g.parent} is listed before ${g.id}`);
      assert.equal(g.depth, scene.groups[index.get(g.parent)!]!.depth + 1, `${g.id} depth`);
    }
  }
  for (const e of [...scene.groups, ...scene.nodes]) {
    if (e.parent === undefined) continue;
    const g = scene.groups[index.get(e.parent)!]!;
    const titleBar = groupTitleBarHeight(g.label.height, g.icon !== undefined, g.size);
    const content = { x: g.x, y: g.y + titleBar, width: g.width, height: g.height - titleBar };
    assert.ok(contains(content, boxes.get(e.id)!), `${e.id} lies inside ${g.id}, below its title bar`);
  }
  for (const edge of scene.edges) {
    assertOrthogonal(edge);
    assertEndsOnBorders(scene, edge);
    for (const p of edge.points) assert.ok(contains(bounds, { ...p, width: 0, height: 0 }), `${edge.id} stays inside the scene`);
    const lb = labelBox(edge);
    if (lb) assert.ok(contains(bounds, lb), `${edge.id}'s label lies inside the scene`);
  }
}

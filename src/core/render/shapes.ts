import type { Shape, Size } from '../model';
import { HEXAGON_POINT_RATIO, SHAPE_DETAIL } from '../layout/constants';
import { notchHalfWidth, personFigure } from '../layout/personFigure';
import { fmt } from './xml';

type ShapeDetail = (typeof SHAPE_DETAIL)[Size];

/**
 * An extra stroke drawn over a shape's outline: `line` is stroked only (the cylinder's front
 * rim), `shade` is filled with the palette's shade colour and stroked (a folded corner).
 */
export interface ShapeDecoration {
  d: string;
  kind: 'line' | 'shade';
}

/** A shape's outline (filled and stroked) plus its decorations, all as SVG path data. */
export interface ShapeGeometry {
  /** Empty for shapes that draw no outline (`text`, `icon`). */
  path: string;
  decorations: ShapeDecoration[];
}

interface Pt {
  x: number;
  y: number;
}

const p = (x: number, y: number): string => `${fmt(x)} ${fmt(y)}`;

/**
 * The outline and decorations of `shape` in a `width`×`height` box whose top-left corner is
 * the origin (translate it to the node's x/y). `size` picks the layout's decoration sizes
 * (cylinder caps, note fold: `SHAPE_DETAIL`; the person's head: `personFigure`), so the
 * content the layout placed never overlaps them. Pure and deterministic: the preview and the
 * SVG export call it with the same arguments and get the same path. Degenerate sizes are
 * clamped to 1px rather than producing NaN.
 */
export function shapeGeometry(shape: Shape, width: number, height: number, size: Size = 'medium'): ShapeGeometry {
  const w = Math.max(1, Number.isFinite(width) ? width : 1);
  const h = Math.max(1, Number.isFinite(height) ? height : 1);
  const detail = SHAPE_DETAIL[size] ?? SHAPE_DETAIL.medium;
  switch (shape) {
    case 'rectangle':
      return { path: roundedRect(0, 0, w, h, Math.min(6, w / 2, h / 2)), decorations: [] };
    case 'rounded':
      return { path: roundedRect(0, 0, w, h, Math.min(18, w / 2, h / 2)), decorations: [] };
    case 'circle':
      return { path: ellipse(w / 2, h / 2, w / 2, h / 2), decorations: [] };
    case 'diamond':
      return {
        path: roundedPolygon(
          [
            { x: w / 2, y: 0 },
            { x: w, y: h / 2 },
            { x: w / 2, y: h },
            { x: 0, y: h / 2 },
          ],
          Math.min(6, w / 8, h / 8),
        ),
        decorations: [],
      };
    case 'hexagon': {
      const i = Math.min(h * HEXAGON_POINT_RATIO, w / 2);
      return {
        path: roundedPolygon(
          [
            { x: i, y: 0 },
            { x: w - i, y: 0 },
            { x: w, y: h / 2 },
            { x: w - i, y: h },
            { x: i, y: h },
            { x: 0, y: h / 2 },
          ],
          Math.min(5, w / 8, h / 8),
        ),
        decorations: [],
      };
    }
    case 'cylinder':
      return cylinder(w, h, detail);
    case 'queue':
      return queue(w, h, detail);
    case 'cloud':
      return { path: cloud(w, h), decorations: [] };
    case 'person':
      return { path: person(w, h, size), decorations: [] };
    case 'document':
      return documentShape(w, h);
    case 'note':
      return note(w, h, detail);
    case 'text':
    case 'icon':
      return { path: '', decorations: [] };
    default:
      return { path: roundedRect(0, 0, w, h, Math.min(6, w / 2, h / 2)), decorations: [] };
  }
}

/** A rectangle with circular corners of radius `r`, as path data. */
export function roundedRect(x: number, y: number, w: number, h: number, r: number): string {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  if (rr === 0) return `M${p(x, y)}H${fmt(x + w)}V${fmt(y + h)}H${fmt(x)}Z`;
  const a = `A${fmt(rr)} ${fmt(rr)} 0 0 1 `;
  return (
    `M${p(x + rr, y)}H${fmt(x + w - rr)}${a}${p(x + w, y + rr)}V${fmt(y + h - rr)}` +
    `${a}${p(x + w - rr, y + h)}H${fmt(x + rr)}${a}${p(x, y + h - rr)}V${fmt(y + rr)}${a}${p(x + rr, y)}Z`
  );
}

function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  const a = `A${fmt(rx)} ${fmt(ry)} 0 1 0 `;
  return `M${p(cx - rx, cy)}${a}${p(cx + rx, cy)}${a}${p(cx - rx, cy)}Z`;
}

function toward(from: Pt, to: Pt, distance: number): Pt {
  const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return { x: from.x + ((to.x - from.x) * distance) / len, y: from.y + ((to.y - from.y) * distance) / len };
}

/** A closed polygon whose corners are rounded with quadratic curves of radius ≤ `radius`. */
function roundedPolygon(points: Pt[], radius: number): string {
  const n = points.length;
  let d = '';
  for (let i = 0; i < n; i++) {
    const prev = points[(i - 1 + n) % n]!;
    const cur = points[i]!;
    const next = points[(i + 1) % n]!;
    const r = Math.min(radius, Math.hypot(cur.x - prev.x, cur.y - prev.y) / 2, Math.hypot(next.x - cur.x, next.y - cur.y) / 2);
    const a = toward(cur, prev, r);
    const b = toward(cur, next, r);
    d += `${i === 0 ? 'M' : 'L'}${p(a.x, a.y)}Q${p(cur.x, cur.y)} ${p(b.x, b.y)}`;
  }
  return d + 'Z';
}

function cylinder(w: number, h: number, detail: ShapeDetail): ShapeGeometry {
  const rx = w / 2;
  const ry = Math.min(detail.capRadius, h / 4);
  const a = (sweep: 0 | 1): string => `A${fmt(rx)} ${fmt(ry)} 0 0 ${sweep} `;
  return {
    path: `M${p(0, ry)}${a(1)}${p(w, ry)}V${fmt(h - ry)}${a(1)}${p(0, h - ry)}Z`,
    decorations: [{ d: `M${p(0, ry)}${a(0)}${p(w, ry)}`, kind: 'line' }],
  };
}

function queue(w: number, h: number, detail: ShapeDetail): ShapeGeometry {
  const ry = h / 2;
  const rx = Math.min(detail.capRadius, w / 4);
  const a = (sweep: 0 | 1): string => `A${fmt(rx)} ${fmt(ry)} 0 0 ${sweep} `;
  return {
    path: `M${p(rx, 0)}H${fmt(w - rx)}${a(1)}${p(w - rx, h)}H${fmt(rx)}${a(1)}${p(rx, 0)}Z`,
    decorations: [{ d: `M${p(w - rx, 0)}${a(0)}${p(w - rx, h)}`, kind: 'line' }],
  };
}

// A cloud as the outline of five circles (a wide, nearly flat one for the bottom) in a unit
// box, each arc scaled to the box so any width/height keeps the look. Tuned so the layout's
// content area (CLOUD_INSET_RATIO) sits inside it: [radius, end x, end y] per arc.
const CLOUD_START = [0.8544, 0.8999] as const;
const CLOUD_ARCS: ReadonlyArray<readonly [number, number, number]> = [
  [2.1, 0.0959, 0.8907],
  [0.2, 0.0869, 0.5551],
  [0.28, 0.3933, 0.1298],
  [0.31, 0.8816, 0.511],
  [0.21, 0.8544, 0.8999],
];

function cloud(w: number, h: number): string {
  let d = `M${p(CLOUD_START[0] * w, CLOUD_START[1] * h)}`;
  for (const [r, x, y] of CLOUD_ARCS) d += `A${fmt(r * w)} ${fmt(r * h)} 0 0 1 ${p(x * w, y * h)}`;
  return d + 'Z';
}

/** A head over a bust with rounded shoulders, a gap cut around the chin (see `personFigure`). */
function person(w: number, h: number, size: Size): string {
  const f = personFigure(w, size, h);
  const cx = w / 2;
  const top = f.shoulderTop;
  const r = f.shoulderRadius;
  const dx = Math.min(cx, notchHalfWidth(f));
  const foot = Math.min(6, (h - top) / 2, w / 2);
  const a = (rad: number): string => `A${fmt(rad)} ${fmt(rad)} 0 0 1 `;
  const body =
    `M${p(0, top + r)}${a(r)}${p(r, top)}H${fmt(cx - dx)}A${fmt(f.notchRadius)} ${fmt(f.notchRadius)} 0 0 0 ${p(cx + dx, top)}H${fmt(w - r)}` +
    `${a(r)}${p(w, top + r)}V${fmt(h - foot)}${a(foot)}${p(w - foot, h)}H${fmt(foot)}${a(foot)}${p(0, h - foot)}Z`;
  return ellipse(cx, f.headCenterY, f.headRadius, f.headRadius) + body;
}

function documentShape(w: number, h: number): ShapeGeometry {
  const f = Math.min(18, w * 0.25, h * 0.35);
  const r = Math.min(4, w / 4, h / 4);
  const a = `A${fmt(r)} ${fmt(r)} 0 0 1 `;
  const path =
    `M${p(r, 0)}H${fmt(w - f)}L${p(w, f)}V${fmt(h - r)}${a}${p(w - r, h)}` + `H${fmt(r)}${a}${p(0, h - r)}V${fmt(r)}${a}${p(r, 0)}Z`;
  const k = Math.min(3, f / 3);
  const fold = `M${p(w - f, 0)}V${fmt(f - k)}Q${p(w - f, f)} ${p(w - f + k, f)}H${fmt(w)}Z`;
  return { path, decorations: [{ d: fold, kind: 'shade' }] };
}

function note(w: number, h: number, detail: ShapeDetail): ShapeGeometry {
  const f = Math.min(detail.fold, w / 3, h / 3);
  const r = Math.min(2, w / 4, h / 4);
  const a = `A${fmt(r)} ${fmt(r)} 0 0 1 `;
  const path = `M${p(r, 0)}H${fmt(w - r)}${a}${p(w, r)}V${fmt(h - f)}L${p(w - f, h)}H${fmt(r)}${a}${p(0, h - r)}V${fmt(r)}${a}${p(r, 0)}Z`;
  const k = Math.min(3, f / 3);
  const curl = `M${p(w - f, h)}V${fmt(h - f + k)}Q${p(w - f, h - f)} ${p(w - f + k, h - f)}H${fmt(w)}Z`;
  return { path, decorations: [{ d: curl, kind: 'shade' }] };
}

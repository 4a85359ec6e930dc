import type { Point } from '../scene';
import { fmt } from './xml';

/** Corner radius of edge bends, in px. */
export const EDGE_CORNER_RADIUS = 8;

/**
 * SVG path data through `points` with each bend rounded by a quadratic curve of radius
 * `radius` (shrunk where a segment is too short for it), so orthogonal routes get soft
 * corners. Repeated points are ignored; straight-through points add no curve. Returns an
 * empty string for fewer than two distinct points.
 */
export function edgePath(points: readonly Point[], radius: number = EDGE_CORNER_RADIUS): string {
  const pts = dedupe(points);
  if (pts.length < 2) return '';
  let d = `M${fmt(pts[0]!.x)} ${fmt(pts[0]!.y)}`;
  for (let i = 1; i < pts.length - 1; i++) {
    const prev = pts[i - 1]!;
    const cur = pts[i]!;
    const next = pts[i + 1]!;
    const inLen = Math.hypot(cur.x - prev.x, cur.y - prev.y);
    const outLen = Math.hypot(next.x - cur.x, next.y - cur.y);
    const cross = (cur.x - prev.x) * (next.y - cur.y) - (cur.y - prev.y) * (next.x - cur.x);
    const r = Math.min(radius, inLen / 2, outLen / 2);
    if (Math.abs(cross) < 1e-9 || r <= 0) {
      d += `L${fmt(cur.x)} ${fmt(cur.y)}`;
      continue;
    }
    const ax = cur.x - ((cur.x - prev.x) * r) / inLen;
    const ay = cur.y - ((cur.y - prev.y) * r) / inLen;
    const bx = cur.x + ((next.x - cur.x) * r) / outLen;
    const by = cur.y + ((next.y - cur.y) * r) / outLen;
    d += `L${fmt(ax)} ${fmt(ay)}Q${fmt(cur.x)} ${fmt(cur.y)} ${fmt(bx)} ${fmt(by)}`;
  }
  const last = pts[pts.length - 1]!;
  return d + `L${fmt(last.x)} ${fmt(last.y)}`;
}

/** Total length of the polyline (corners not rounded), in px. */
export function polylineLength(points: readonly Point[]): number {
  let len = 0;
  for (let i = 1; i < points.length; i++) {
    len += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  }
  return len;
}

/**
 * The polyline with its last (`atEnd`) or first segment shortened by `distance`, never
 * below a quarter of that segment's length, so an arrowhead's tip lands on the original end.
 */
export function trimPolyline(points: readonly Point[], distance: number, atEnd: boolean): Point[] {
  const pts = dedupe(points);
  if (pts.length < 2 || distance <= 0) return pts;
  const i = atEnd ? pts.length - 1 : 0;
  const j = atEnd ? pts.length - 2 : 1;
  const tip = pts[i]!;
  const from = pts[j]!;
  const len = Math.hypot(tip.x - from.x, tip.y - from.y);
  const cut = Math.min(distance, len * 0.75);
  pts[i] = { x: tip.x + ((from.x - tip.x) * cut) / len, y: tip.y + ((from.y - tip.y) * cut) / len };
  return pts;
}

function dedupe(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const pt of points) {
    if (!pt || !Number.isFinite(pt.x) || !Number.isFinite(pt.y)) continue;
    const last = out[out.length - 1];
    if (last && Math.abs(last.x - pt.x) < 1e-6 && Math.abs(last.y - pt.y) < 1e-6) continue;
    out.push({ x: pt.x, y: pt.y });
  }
  return out;
}

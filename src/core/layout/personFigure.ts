import type { Size } from '../model';
import type { Point } from '../scene';

/**
 * The person shape, in the proportions of the C4 model's person and D2's: a round head over
 * a bust whose rounded shoulders hold the label, with a thin gap cut around the head's chin.
 * The head grows with the body's width (so a wide label still gets a person, not a box with a
 * dot on it), between per-size bounds. One definition: the layout reserves room from it and
 * both renderers draw it, so the label never touches the head or the shoulders.
 */
export interface PersonFigure {
  headRadius: number;
  /** The head's centre, on the box's vertical axis. */
  headCenterY: number;
  /** Where the shoulders' top edge runs (the head dips below it, into the notch). */
  shoulderTop: number;
  /** The rounding of the shoulders. */
  shoulderRadius: number;
  /** The radius of the gap cut into the shoulders around the head. */
  notchRadius: number;
  /** Where the room for the content starts: below the notch. */
  bodyTop: number;
  /**
   * The smallest height of the whole figure: tall enough that the middle of its sides, where
   * a horizontal connection meets it, is below the shoulders' rounding.
   */
  minHeight: number;
}

/** Per size: the smallest and largest head radius, in px. */
const HEAD_RADIUS: Readonly<Record<Size, Readonly<{ min: number; max: number }>>> = {
  small: { min: 12, max: 22 },
  medium: { min: 15, max: 28 },
  large: { min: 19, max: 35 },
};

/** Between its bounds, the head's radius is this fraction of the figure's width. */
const HEAD_TO_WIDTH = 0.17;
/** The shoulders' top edge runs this many head radii below the head's centre. */
const SHOULDER_DROP = 0.72;
/** The shoulders' rounding, in head radii. */
const SHOULDER_TO_HEAD = 1.25;
/** The gap around the chin, in head radii (at least 3 px, so it stays open between the two strokes). */
const GAP_TO_HEAD = 0.2;
/** Room kept above the head for half the outline's stroke. */
const TOP_MARGIN = 1;

/**
 * The proportions of a person figure `width` px wide at `size`. With `height`, the figure
 * fits a box that high: the shoulders' rounding stops halfway down the body, and a box lower
 * than the layout ever makes one shrinks the whole figure. Pure; never NaN.
 */
export function personFigure(width: number, size: Size, height?: number): PersonFigure {
  const figure = naturalFigure(width, size);
  if (height === undefined) return figure;
  const h = Math.max(0, Number.isFinite(height) ? height : 0);
  if (h < figure.bodyTop + 1) {
    const k = h / (figure.bodyTop + 1);
    const scaled = {} as PersonFigure;
    for (const key of Object.keys(figure) as (keyof PersonFigure)[]) scaled[key] = figure[key] * k;
    return scaled;
  }
  return { ...figure, shoulderRadius: Math.min(figure.shoulderRadius, (h - figure.shoulderTop) / 2) };
}

/** Where the notch around the head crosses the shoulders' top edge, as a distance from the axis. */
export function notchHalfWidth(f: PersonFigure): number {
  return Math.sqrt(Math.max(0, f.notchRadius ** 2 - (f.shoulderTop - f.headCenterY) ** 2));
}

/**
 * Where a connection meets a person figure `width`×`height` (at `size`) when the layout ended
 * it at `end` on the border of the figure's box, arriving from `from` (the previous point of
 * the route, so the last segment runs from `from` to `end`): `end` moved straight on along
 * that segment until the outline, so the arrow touches the shoulders or the head instead of
 * stopping in the air beside them. Points are relative to the box's top-left; `end` comes
 * back unchanged where the border is the outline (the straight sides and the bottom).
 */
export function personAttachment(width: number, height: number, size: Size, from: Point, end: Point): Point {
  const f = personFigure(width, size, height);
  const cx = width / 2;
  const r = f.shoulderRadius;
  const top = f.shoulderTop;
  if (from.y === end.y && from.x !== end.x) {
    // Horizontal: from the left or the right side, inward.
    const y = end.y;
    let inset = 0;
    if (y >= top + r) return end;
    if (y >= top) inset = r - Math.sqrt(Math.max(0, r ** 2 - (top + r - y) ** 2));
    else {
      const dy = y - f.headCenterY;
      inset = cx - (Math.abs(dy) <= f.headRadius ? Math.sqrt(f.headRadius ** 2 - dy ** 2) : 0);
    }
    return { x: end.x <= cx ? end.x + inset : end.x - inset, y };
  }
  if (from.x === end.x && from.y < end.y && end.y < height / 2) {
    // Downward onto the top: the head, the notch around it, or the shoulders.
    const dx = Math.abs(end.x - cx);
    let y: number;
    if (dx <= f.headRadius) y = f.headCenterY - Math.sqrt(f.headRadius ** 2 - dx ** 2);
    else if (dx <= notchHalfWidth(f)) y = f.headCenterY + Math.sqrt(Math.max(0, f.notchRadius ** 2 - dx ** 2));
    else if (dx > cx - r) y = top + r - Math.sqrt(Math.max(0, r ** 2 - (dx - (cx - r)) ** 2));
    else y = top;
    return { x: end.x, y: Math.max(end.y, y) };
  }
  return end;
}

function naturalFigure(width: number, size: Size): PersonFigure {
  const bounds = HEAD_RADIUS[size] ?? HEAD_RADIUS.medium;
  const w = Math.max(0, Number.isFinite(width) ? width : 0);
  // Never wider than the figure itself allows (shoulders and the notch must fit beside it).
  const headRadius = Math.min(Math.max(bounds.min, w * HEAD_TO_WIDTH), bounds.max, w / 3);
  const headCenterY = TOP_MARGIN + headRadius;
  const gap = Math.max(3, headRadius * GAP_TO_HEAD);
  const notchRadius = headRadius + gap;
  const shoulderTop = headCenterY + headRadius * SHOULDER_DROP;
  // The rounding stops where the notch meets the shoulders' top edge.
  const notch = Math.sqrt(Math.max(0, notchRadius ** 2 - (shoulderTop - headCenterY) ** 2));
  const shoulderRadius = Math.max(0, Math.min(headRadius * SHOULDER_TO_HEAD, w / 2 - notch));
  const bodyTop = headCenterY + notchRadius;
  return { headRadius, headCenterY, shoulderTop, shoulderRadius, notchRadius, bodyTop, minHeight: 2 * (shoulderTop + shoulderRadius) };
}

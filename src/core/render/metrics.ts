import { shortenLabel } from '../labelLimit';

/**
 * Drawing constants shared by the SVG renderer and the React Flow preview, so both draw
 * strokes, arrowheads, frames and text identically. CSS pixels.
 */

/** The font stack of every label; the PNG exporter ships Inter so the first entry wins. */
export const FONT_FAMILY = "Inter, 'Segoe UI', system-ui, sans-serif";

/** Outline width of nodes and edges. */
export const STROKE_WIDTH = 1.5;

/** Outline width of group frames (lighter than nodes, so containers recede). */
export const GROUP_STROKE_WIDTH = 1;

/** Corner radius of group frames. */
export const GROUP_RADIUS = 10;

/**
 * How much an edge is shortened at each end that carries an arrowhead; the head's tip then
 * reaches the original end point (the node border) without the line poking through it.
 */
export const ARROW_TRIM = 5;

/** Padding between an edge label's text and its background box (the layout reserves it). */
export const EDGE_LABEL_PADDING = Object.freeze({ x: 6, y: 3 });

/** Corner radius of edge label boxes (capped at half their height). */
export const EDGE_LABEL_RADIUS = 5;

/** Baseline offset from a text line's vertical centre, as a fraction of the font size (Inter). */
export const BASELINE_SHIFT = 0.36;

/**
 * How the scene title is drawn: in a band of `band` px added above the scene (the layout
 * reserves no room for it), left-aligned at `marginX` (the layout's margin) on `baseline`.
 */
export const TITLE_STYLE = Object.freeze({ fontSize: 18, fontWeight: 600 as const, band: 40, marginX: 24, baseline: 35 });

/** Rough advance of Inter SemiBold per character, in ems: only widens the canvas for long titles. */
const TITLE_CHAR_WIDTH = 0.6;

/**
 * The scene title as both renderers draw it: trimmed, shortened with an ellipsis past
 * `MAX_LABEL_LENGTH` (the whole title stays the drawing's accessible name and tooltip), and
 * the width its text needs; `full` is the whole trimmed title. `undefined` for a missing or
 * blank title.
 */
export function drawnTitle(title: string | undefined): { text: string; full: string; width: number } | undefined {
  const full = typeof title === 'string' ? title.trim() : '';
  if (full === '') return undefined;
  const text = shortenLabel(full);
  return { text, full, width: text.length * TITLE_STYLE.fontSize * TITLE_CHAR_WIDTH };
}

/** Baseline y of line `index` of a text block whose top is `top`. */
export function baselineOf(top: number, index: number, fontSize: number, lineHeight: number): number {
  return top + index * lineHeight + lineHeight / 2 + fontSize * BASELINE_SHIFT;
}

/**
 * The arrowhead marker, in user-space px (`markerUnits="userSpaceOnUse"`, `orient="auto"`):
 * a slightly swept-back head whose tip lands `ARROW_TRIM` px past the shortened line's end.
 * resvg ignores `orient="auto-start-reverse"`, so the start head is its own mirrored path.
 */
export const ARROW_HEAD = Object.freeze({
  viewBox: '0 0 12 10',
  width: 12,
  height: 10,
  refY: 5,
  end: Object.freeze({ d: 'M1.5 1.2L9.6 5L1.5 8.8L3.3 5Z', refX: 10.1 - ARROW_TRIM }),
  start: Object.freeze({ d: 'M10.5 1.2L2.4 5L10.5 8.8L8.7 5Z', refX: 1.9 + ARROW_TRIM }),
});

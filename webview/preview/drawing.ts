// Colours and drawing constants of the preview, taken from the core renderer so that the
// preview and the exported SVG agree. The colour rules below mirror renderSvg's node and
// group colouring (same inputs, same core helpers); the constants mirror its private ones.
// TODO(core): have src/core/render export these rules (nodeColors/groupColors and the
// stroke/arrow/baseline constants) so both renderers import one definition.
import type { SceneGroup, SceneNode } from '../../src/core/scene';
import { groupPalette, sanitizeColor, THEMES, type Palette } from '../../src/core/render/index';
import { contrastRatio, mix, readableOn } from '../../src/core/render/color';

/** Outline width of nodes and edges, in px (renderSvg's STROKE_WIDTH). */
export const STROKE_WIDTH = 1.5;
/** Corner radius of group frames (renderSvg's GROUP_RADIUS). */
export const GROUP_RADIUS = 10;
/** How far an arrowhead's tip reaches past the shortened line (renderSvg's ARROW_TRIM). */
export const ARROW_TRIM = 5;
/** Baseline offset from a text line's vertical centre, as a fraction of the font size. */
export const BASELINE_SHIFT = 0.36;

export interface NodeColors {
  fill: string;
  stroke: string;
  text: string;
  icon: string;
  shade: string;
}

/** The colours renderSvg gives a node (see renderNode there). */
export function nodeColors(node: SceneNode, palette: Palette, outlined: boolean, canvasText: string): NodeColors {
  const base = node.shape === 'note' ? palette.note : palette.node;
  const color = sanitizeColor(node.color);
  const fillOverride = sanitizeColor(node.fill);
  const fill = fillOverride ?? (color ? (mix(color, base.fill, 0.07) ?? base.fill) : base.fill);
  const stroke = color ?? base.stroke;
  const text = !outlined ? canvasText : fillOverride ? readableOn(fill, THEMES.light.node.text, THEMES.dark.node.text) : base.text;
  const icon = color ?? (node.shape === 'note' ? palette.note.text : fillOverride ? text : palette.node.icon);
  const shade = color ? (mix(color, base.fill, 0.25) ?? base.shade) : base.shade;
  return { fill, stroke, text, icon, shade };
}

export interface GroupColors {
  fill: string;
  stroke: string;
  title: string;
  icon: string;
}

/** The colours renderSvg gives a group frame (see renderGroup there). */
export function groupColors(group: SceneGroup, palette: Palette): GroupColors {
  const gp = groupPalette(palette, group.depth);
  const color = sanitizeColor(group.color);
  const fill = sanitizeColor(group.fill) ?? (color ? (mix(color, palette.canvas, 0.07) ?? gp.fill) : gp.fill);
  const stroke = color ?? gp.stroke;
  const title = color && (contrastRatio(color, fill) ?? 0) >= 3 ? color : fill === gp.fill ? gp.text : readableOn(fill, gp.text, THEMES.dark.groups[0]!.text);
  return { fill, stroke, title, icon: color ?? gp.text };
}

/** Baseline y of line `i` of a text block whose top is `top` (as renderSvg places text). */
export function baselineOf(top: number, i: number, fontSize: number, lineHeight: number): number {
  return top + i * lineHeight + lineHeight / 2 + fontSize * BASELINE_SHIFT;
}

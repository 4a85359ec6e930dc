import type { SceneEdge, SceneGroup, SceneNode } from '../scene';
import { contrastRatio, mix, parseColor, readableOn, sanitizeColor } from './color';
import { groupPalette, THEMES, type Palette } from './themes';

/** What a node is painted with. */
export interface NodeColors {
  fill: string;
  stroke: string;
  /** Label colour. */
  text: string;
  /** Colour of monochrome (`currentColor`) icons. */
  icon: string;
  /** Fill of shaded decorations (folded corners). */
  shade: string;
  /** False for see-through fills, which would show their own shadow. */
  shadow: boolean;
}

/** The page a node without an outline (`text`, `icon`) is drawn on. */
export interface CanvasColors {
  /** Background colour. */
  fill: string;
  /** Text colour that reads on it. */
  text: string;
}

/**
 * The colours of a node under `palette`: `color` sets the border and accent (and tints the
 * fill lightly), `fill` the background with a label colour that stays readable on it; shapes
 * without an outline draw their label on `canvas` (in `color` when that reads on it). Only
 * plain CSS colours are honoured (see `sanitizeColor`).
 */
export function nodeColors(node: SceneNode, palette: Palette, canvas: CanvasColors = { fill: palette.canvas, text: palette.node.text }): NodeColors {
  const base = node.shape === 'note' ? palette.note : palette.node;
  const outlined = node.shape !== 'text' && node.shape !== 'icon';
  const color = sanitizeColor(node.color);
  const fillOverride = sanitizeColor(node.fill);
  const fill = fillOverride ?? (color ? (mix(color, base.fill, 0.07) ?? base.fill) : base.fill);
  const stroke = color ?? base.stroke;
  const text = !outlined
    ? color && (contrastRatio(color, canvas.fill) ?? 0) >= 3
      ? color
      : canvas.text
    : fillOverride
      ? readableOn(fill, THEMES.light.node.text, THEMES.dark.node.text)
      : base.text;
  const icon = color ?? (node.shape === 'note' ? palette.note.text : fillOverride ? text : palette.node.icon);
  const shade = color ? (mix(color, base.fill, 0.25) ?? base.shade) : base.shade;
  const shadow = (parseColor(fill)?.a ?? 1) === 1 && fill.toLowerCase() !== 'transparent';
  return { fill, stroke, text, icon, shade, shadow };
}

/** What a group frame is painted with. */
export interface GroupColors {
  fill: string;
  stroke: string;
  title: string;
  /** Colour of a monochrome title icon. */
  icon: string;
}

/**
 * The colours of a group frame: the depth's tint by default; `color` sets the border (and
 * the title, when it reads on the fill) and tints the fill; on a `fill` of the user's
 * choosing the title takes this depth's colour from whichever theme reads on it.
 */
export function groupColors(group: SceneGroup, palette: Palette): GroupColors {
  const gp = groupPalette(palette, group.depth);
  const color = sanitizeColor(group.color);
  const fill = sanitizeColor(group.fill) ?? (color ? (mix(color, palette.canvas, 0.07) ?? gp.fill) : gp.fill);
  const stroke = color ?? gp.stroke;
  const plain = fill === gp.fill ? gp.text : readableOn(fill, groupPalette(THEMES.light, group.depth).text, groupPalette(THEMES.dark, group.depth).text);
  const title = color && (contrastRatio(color, fill) ?? 0) >= 3 ? color : plain;
  return { fill, stroke, title, icon: color ?? plain };
}

/** The colour of an edge, its arrowheads and packets. */
export function edgeColor(edge: SceneEdge, palette: Palette): string {
  return sanitizeColor(edge.color) ?? palette.edge.stroke;
}

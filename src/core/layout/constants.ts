import type { Size } from '../model';

/**
 * Sizing constants shared by the layout and both renderers (the SVG renderer and the React
 * Flow preview), so that every consumer draws text and icons at the sizes the layout measured.
 * All values are CSS pixels unless stated otherwise.
 */

/** The font every label is measured with and must be drawn in (shipped in media/fonts). */
export const FONT_FAMILY = 'Inter';

/** Line height = round(font size × this ratio); see `lineHeightFor`. */
export const LINE_HEIGHT_RATIO = 1.3;

/** Empty room around the drawing; the scene's coordinates already include it. */
export const SCENE_MARGIN = 24;

/** Per node size: label font, icon sizes, inner padding and bounds of a node box. */
export interface NodeSizeMetrics {
  fontSize: number;
  /** Icon drawn inside a shape next to (cards) or above (other shapes) its label. */
  iconSize: number;
  /** Icon of the `icon` shape, drawn above its label. */
  bigIconSize: number;
  /** Room between the content (icon and label) and the shape's inner area. */
  paddingX: number;
  paddingY: number;
  /** Room between an icon and its label. */
  gap: number;
  /** Smallest box of bordered shapes (not `text`, not `icon`). */
  minWidth: number;
  minHeight: number;
  /** Labels wrap at this width. */
  maxLabelWidth: number;
}

export const NODE_METRICS: Readonly<Record<Size, Readonly<NodeSizeMetrics>>> = {
  small: { fontSize: 12, iconSize: 18, bigIconSize: 40, paddingX: 12, paddingY: 8, gap: 6, minWidth: 88, minHeight: 36, maxLabelWidth: 128 },
  medium: { fontSize: 14, iconSize: 22, bigIconSize: 52, paddingX: 16, paddingY: 12, gap: 8, minWidth: 120, minHeight: 48, maxLabelWidth: 168 },
  large: { fontSize: 17, iconSize: 28, bigIconSize: 68, paddingX: 20, paddingY: 16, gap: 10, minWidth: 156, minHeight: 60, maxLabelWidth: 210 },
};

/** Node labels are drawn in this weight. */
export const NODE_FONT_WEIGHT = 400;

/**
 * Per node size: the decorations some shapes draw outside their content area.
 * - `capRadius`: the radius of a cylinder's cap ellipse (vertical) and a queue's end ellipse
 *   (horizontal); the content sits between the caps.
 * - `wave`: the height of a document's wavy bottom edge.
 * - `fold`: the size of a note's folded corner.
 * The person's head and shoulders grow with its width instead: see `personFigure`.
 */
export const SHAPE_DETAIL: Readonly<Record<Size, Readonly<{ capRadius: number; wave: number; fold: number }>>> = {
  small: { capRadius: 6, wave: 6, fold: 10 },
  medium: { capRadius: 8, wave: 8, fold: 12 },
  large: { capRadius: 10, wave: 10, fold: 14 },
};

/** Each pointed side of a hexagon is this fraction of its height wide. */
export const HEXAGON_POINT_RATIO = 0.25;

/** A cloud's content area is inset by these fractions of its width and height on each side. */
export const CLOUD_INSET_RATIO = { x: 0.14, y: 0.18 } as const;

/** Room around the content of circles and diamonds, and of `text` and `icon` shapes. */
export const TIGHT_PADDING = 6;

/** Per group size: the title bar's font, icon and padding (what a group's `size` scales). */
export interface GroupSizeMetrics {
  fontSize: number;
  iconSize: number;
  /** Horizontal room before the title icon/label. */
  titlePaddingX: number;
  /** Vertical room above and below the title content (title bar = content + 2 × this). */
  titlePaddingY: number;
  /** Room between the title icon and the title label. */
  titleGap: number;
  /** Title labels wrap at this width (scaled with the font, so a title wraps alike at every size). */
  maxLabelWidth: number;
}

/**
 * Group title bars per size, in the proportions of `NODE_METRICS`: small a little smaller
 * than medium, large clearly larger. The frame around the children (`GROUP_FRAME`) does not
 * change with size.
 */
export const GROUP_METRICS: Readonly<Record<Size, Readonly<GroupSizeMetrics>>> = {
  small: { fontSize: 12, iconSize: 16, titlePaddingX: 10, titlePaddingY: 6, titleGap: 5, maxLabelWidth: 296 },
  medium: { fontSize: 13, iconSize: 18, titlePaddingX: 12, titlePaddingY: 8, titleGap: 6, maxLabelWidth: 320 },
  large: { fontSize: 16, iconSize: 24, titlePaddingX: 16, titlePaddingY: 11, titleGap: 8, maxLabelWidth: 394 },
};

/** Group titles are drawn in this weight. */
export const GROUP_FONT_WEIGHT = 600;

/** Group frames, at every size: room around the children and the body of an empty group. */
export const GROUP_FRAME = {
  /** Room between the children and the group border (sides and bottom). */
  padding: 16,
  /** Room between the title bar and the children. */
  contentGap: 8,
  /** Height of the (empty) content area of a group without children. */
  emptyHeight: 32,
} as const;

/** Connection labels: drawn on a background box of the text plus this padding. */
export const EDGE_LABEL_METRICS = {
  fontSize: 12,
  fontWeight: 400,
  paddingX: 6,
  paddingY: 3,
  maxLabelWidth: 160,
} as const;

/** Spacing handed to ELK: room between nodes, layers, edges and labels. */
export const LAYOUT_SPACING = {
  nodeNode: 36,
  betweenLayers: 56,
  edgeNode: 16,
  edgeEdge: 12,
  edgeLabel: 4,
} as const;

/**
 * Height of the title bar of a group of `size` whose title label is `labelHeight` px high,
 * with or without an icon. Children always start below it (plus `GROUP_FRAME.contentGap`).
 */
export function groupTitleBarHeight(labelHeight: number, hasIcon: boolean, size: Size): number {
  const m = GROUP_METRICS[size] ?? GROUP_METRICS.medium;
  const content = Math.max(labelHeight, hasIcon ? m.iconSize : 0);
  return content + 2 * m.titlePaddingY;
}

/**
 * Element counts above which ELK works less hard (see `elkTuning`): diagrams up to `medium`
 * get ELK's full default effort and every quality option.
 */
export const LARGE_DIAGRAM = Object.freeze({ medium: 200, large: 500 });

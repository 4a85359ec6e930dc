import type { GroupDecl, NodeDecl, Shape } from '../model';
import type { Point, TextBlock } from '../scene';
import {
  CLOUD_INSET_RATIO,
  EDGE_LABEL_METRICS,
  GROUP_FONT_WEIGHT,
  GROUP_FRAME,
  GROUP_METRICS,
  HEXAGON_POINT_RATIO,
  NODE_FONT_WEIGHT,
  NODE_METRICS,
  SHAPE_DETAIL,
  TIGHT_PADDING,
  groupTitleBarHeight,
} from './constants';
import { shortenLabel } from '../labelLimit';
import { personFigure } from './personFigure';
import { layoutText } from './textMetrics';

/** An icon square relative to its box's top-left. */
export interface IconPlacement {
  x: number;
  y: number;
  size: number;
}

/** A node's size and where its label and icon sit, relative to the node's top-left. */
export interface NodeBox {
  width: number;
  height: number;
  label: TextBlock;
  labelOffset: Point;
  iconOffset?: IconPlacement;
}

/** A group's smallest size, the padding ELK must keep around its children, and its title. */
export interface GroupBox {
  minWidth: number;
  minHeight: number;
  padding: { top: number; left: number; bottom: number; right: number };
  label: TextBlock;
  labelOffset: Point;
  iconOffset?: IconPlacement;
}

/** Shapes whose icon goes left of the label (card-like); the others stack it above. */
const ICON_LEFT: ReadonlySet<Shape> = new Set(['rectangle', 'rounded', 'note', 'document', 'queue', 'text']);

interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * Measures a node: its box grows with the label (shortened past `MAX_LABEL_LENGTH`) and
 * icon, shapes with little inner room (circle, diamond, hexagon, cloud) grow more for the
 * same content, and `size` scales fonts, icons and paddings. The content (icon + label) is
 * centred in the shape's inner area (for a person: below its head, see `personFigure`).
 * `maxLabelWidth` wraps the label narrower than the size's own limit.
 */
export function measureNode(node: NodeDecl, maxLabelWidth?: number): NodeBox {
  const m = NODE_METRICS[node.size] ?? NODE_METRICS.medium;
  const detail = SHAPE_DETAIL[node.size] ?? SHAPE_DETAIL.medium;
  const label = layoutText(shortenLabel(node.label), { fontSize: m.fontSize, weight: NODE_FONT_WEIGHT, maxWidth: maxLabelWidth ?? m.maxLabelWidth });
  const bigIcon = node.shape === 'icon';
  const iconSize = node.icon ? (bigIcon ? m.bigIconSize : m.iconSize) : 0;
  const hasLabel = label.lines.length > 0;
  const gap = iconSize > 0 && hasLabel ? m.gap : 0;
  const iconLeft = ICON_LEFT.has(node.shape);

  // The content block: icon and label side by side or stacked.
  const contentWidth = iconLeft ? iconSize + gap + label.width : Math.max(iconSize, label.width);
  const contentHeight = iconLeft ? Math.max(iconSize, label.height) : iconSize + gap + label.height;

  const padded = { w: contentWidth + 2 * m.paddingX, h: contentHeight + 2 * m.paddingY };
  let width: number;
  let height: number;
  let insets: Insets = { top: 0, right: 0, bottom: 0, left: 0 };
  switch (node.shape) {
    case 'text':
    case 'icon':
      width = contentWidth + 2 * TIGHT_PADDING;
      height = contentHeight + 2 * TIGHT_PADDING;
      break;
    case 'circle': {
      // The content rectangle is inscribed in the circle: its diagonal is the diameter.
      const diameter = Math.max(m.minHeight * 1.25, Math.hypot(contentWidth, contentHeight) + 2 * TIGHT_PADDING);
      width = diameter;
      height = diameter;
      break;
    }
    case 'diamond':
      // A w×h rectangle fits a diamond of 2w×2h (corners touch the sides).
      width = Math.max(m.minWidth, 2 * (contentWidth + 2 * TIGHT_PADDING));
      height = Math.max(m.minHeight, 2 * (contentHeight + 2 * TIGHT_PADDING));
      break;
    case 'hexagon': {
      height = Math.max(m.minHeight, padded.h);
      const point = height * HEXAGON_POINT_RATIO;
      width = Math.max(m.minWidth, padded.w + 2 * point);
      break;
    }
    case 'cloud':
      width = Math.max(m.minWidth, padded.w / (1 - 2 * CLOUD_INSET_RATIO.x));
      height = Math.max(m.minHeight, padded.h / (1 - 2 * CLOUD_INSET_RATIO.y));
      break;
    case 'cylinder':
      insets = { top: 2 * detail.capRadius, right: 0, bottom: detail.capRadius, left: 0 };
      width = Math.max(m.minWidth, padded.w);
      height = Math.max(m.minHeight, padded.h) + insets.top + insets.bottom;
      break;
    case 'queue':
      insets = { top: 0, right: 2 * detail.capRadius, bottom: 0, left: detail.capRadius };
      width = Math.max(m.minWidth, padded.w) + insets.left + insets.right;
      height = Math.max(m.minHeight, padded.h);
      break;
    case 'person': {
      // The head's size follows the final (whole-pixel) width, as the renderers see it.
      width = Math.ceil(Math.max(m.minWidth, padded.w));
      const figure = personFigure(width, node.size);
      insets = { top: figure.bodyTop, right: 0, bottom: 0, left: 0 };
      height = Math.max(figure.minHeight, figure.bodyTop + Math.max(m.minHeight, padded.h));
      break;
    }
    case 'document':
      insets = { top: 0, right: 0, bottom: detail.wave, left: 0 };
      width = Math.max(m.minWidth, padded.w);
      height = Math.max(m.minHeight, padded.h) + insets.bottom;
      break;
    case 'note':
      insets = { top: 0, right: detail.fold, bottom: 0, left: 0 };
      width = Math.max(m.minWidth, padded.w) + insets.right;
      height = Math.max(m.minHeight, padded.h);
      break;
    default:
      width = Math.max(m.minWidth, padded.w);
      height = Math.max(m.minHeight, padded.h);
  }
  width = Math.ceil(width);
  height = Math.ceil(height);

  // Centre the content block in the inner area.
  const innerW = width - insets.left - insets.right;
  const innerH = height - insets.top - insets.bottom;
  const cx = insets.left + (innerW - contentWidth) / 2;
  const cy = insets.top + (innerH - contentHeight) / 2;
  let labelOffset: Point;
  let iconOffset: IconPlacement | undefined;
  if (iconLeft) {
    if (iconSize > 0) iconOffset = { x: cx, y: cy + (contentHeight - iconSize) / 2, size: iconSize };
    labelOffset = { x: cx + iconSize + gap, y: cy + (contentHeight - label.height) / 2 };
  } else {
    if (iconSize > 0) iconOffset = { x: cx + (contentWidth - iconSize) / 2, y: cy, size: iconSize };
    labelOffset = { x: cx + (contentWidth - label.width) / 2, y: cy + iconSize + gap };
  }
  return iconOffset ? { width, height, label, labelOffset, iconOffset } : { width, height, label, labelOffset };
}

/**
 * The node's box with its label wrapped so that the box is no wider than `width`, or as
 * narrow as its words allow when they do not (a long word, an icon, a shape's minimum).
 * What a kept node whose label grew uses to grow along its layer's axis rather than across.
 */
export function measureNodeWithin(node: NodeDecl, width: number): NodeBox {
  const m = NODE_METRICS[node.size] ?? NODE_METRICS.medium;
  let best = measureNode(node);
  let wrap = m.maxLabelWidth;
  // The box's width is the label's plus what the shape adds, which depends on the label a little (a circle): a few tries.
  for (let attempt = 0; attempt < 4 && best.width > width; attempt++) {
    wrap = Math.max(m.fontSize, wrap - (best.width - width));
    const box = measureNode(node, wrap);
    if (box.width < best.width) best = box;
    if (wrap === m.fontSize) break;
  }
  return best;
}

/**
 * Measures a group: a title bar (icon, then label, shortened past `MAX_LABEL_LENGTH`) across
 * the top, the children below it.
 * `size` scales the title's font, icon and padding; the frame's padding is the same at every
 * size. The minimum width keeps the whole title visible; the padding is what ELK keeps free
 * around the children.
 */
export function measureGroup(group: GroupDecl): GroupBox {
  const g = GROUP_METRICS[group.size] ?? GROUP_METRICS.medium;
  const f = GROUP_FRAME;
  const label = layoutText(shortenLabel(group.label), { fontSize: g.fontSize, weight: GROUP_FONT_WEIGHT, maxWidth: g.maxLabelWidth });
  const hasIcon = Boolean(group.icon);
  const titleBar = groupTitleBarHeight(label.height, hasIcon, group.size);
  const iconWidth = hasIcon ? g.iconSize + (label.lines.length > 0 ? g.titleGap : 0) : 0;
  const iconOffset = hasIcon ? { x: g.titlePaddingX, y: (titleBar - g.iconSize) / 2, size: g.iconSize } : undefined;
  const labelOffset = { x: g.titlePaddingX + iconWidth, y: (titleBar - label.height) / 2 };
  const padding = { top: titleBar + f.contentGap, left: f.padding, bottom: f.padding, right: f.padding };
  const minWidth = Math.ceil(Math.max(2 * g.titlePaddingX + iconWidth + label.width, 2 * f.padding + 40));
  const minHeight = padding.top + f.emptyHeight + padding.bottom;
  return iconOffset
    ? { minWidth, minHeight, padding, label, labelOffset, iconOffset }
    : { minWidth, minHeight, padding, label, labelOffset };
}

/** A connection label (shortened past `MAX_LABEL_LENGTH`) and the size of its background box (text plus padding). */
export function measureEdgeLabel(text: string): { label: TextBlock; width: number; height: number } {
  const e = EDGE_LABEL_METRICS;
  const label = layoutText(shortenLabel(text), { fontSize: e.fontSize, weight: e.fontWeight, maxWidth: e.maxLabelWidth });
  return { label, width: label.width + 2 * e.paddingX, height: label.height + 2 * e.paddingY };
}

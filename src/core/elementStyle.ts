import { labelTooltip } from './labelLimit';
import type { ElementDecl, ElementStyle } from './model';

/**
 * The style attributes a scene element carries for a declaration, in the scene's key order
 * (icon, color, fill, tooltip, link), present only when set; the tooltip also holds a label
 * too long to draw whole (see `labelTooltip`). What the layout's scene and `restyleScene`
 * both write, so a re-dressed scene equals a laid-out one.
 */
export function elementStyle(e: ElementDecl): Partial<ElementStyle> {
  const out: Partial<ElementStyle> = {};
  if (e.icon !== undefined) out.icon = e.icon;
  if (e.color !== undefined) out.color = e.color;
  if (e.fill !== undefined) out.fill = e.fill;
  const tooltip = labelTooltip(e.label, e.tooltip);
  if (tooltip !== undefined) out.tooltip = tooltip;
  if (e.link !== undefined) out.link = e.link;
  return out;
}

/**
 * The parts of a scene every way of making one builds alike (a fresh layout, a kept layout, a
 * restyle of the scene before): a connection's scene edge and the scene's icon table.
 */
import { labelTooltip } from './labelLimit';
import type { Connection } from './model';
import type { IconData, Point, SceneEdge, TextBlock } from './scene';

/** A connection drawn along `points`, with its label where `label` puts it (none: drawn without). */
export function sceneEdgeOf(c: Connection, points: Point[], label?: { label: TextBlock; labelPosition: Point }): SceneEdge {
  const out: SceneEdge = { id: c.id, source: c.source, target: c.target, points, heads: c.heads, anim: c.anim, speed: c.speed, style: c.style, line: c.range.line };
  if (label) {
    out.label = label.label;
    out.labelPosition = label.labelPosition;
    const tooltip = c.label === undefined ? undefined : labelTooltip(c.label, undefined);
    if (tooltip !== undefined) out.tooltip = tooltip;
  }
  if (c.color !== undefined) out.color = c.color;
  return out;
}

/** The icons the elements use, each once (`null`: unknown), from `icons`; never `__proto__`. */
export function sceneIconsOf(elements: ReadonlyArray<{ readonly icon?: string | undefined }>, icons: Record<string, IconData | null>): Record<string, IconData | null> {
  const out: Record<string, IconData | null> = {};
  for (const e of elements) {
    const id = e.icon;
    if (id === undefined || id === '__proto__' || Object.prototype.hasOwnProperty.call(out, id)) continue;
    out[id] = Object.prototype.hasOwnProperty.call(icons, id) ? (icons[id] ?? null) : null;
  }
  return out;
}

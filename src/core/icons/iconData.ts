import { getIconData, iconToSVG, wrapSVGContent } from '@iconify/utils';
import type { IconData } from '../scene';
import type { IconShard } from './types';

/**
 * The drawable data of `name` in a shard, or `null` when the shard does not hold it.
 * Aliases and their transformations (rotation, flips, own size) are resolved through
 * Iconify's own `getIconData` and `iconToSVG`; a viewBox that does not start at the origin
 * is moved there, so callers can always use `viewBox="0 0 width height"`.
 */
export function iconDataFromShard(shard: IconShard, name: string): IconData | null {
  const icon = getIconData(shard, name);
  if (!icon) return null;
  const { viewBox, body } = iconToSVG(icon);
  const [left, top, width, height] = viewBox;
  const placed = left !== 0 || top !== 0 ? wrapSVGContent(body, `<g transform="translate(${-left} ${-top})">`, '</g>') : body;
  return { body: placed, width, height };
}

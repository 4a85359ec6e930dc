import { memo } from 'react';
import type { IconData } from '../../../src/core/scene';
import { iconToSvg } from '../../../src/core/icons/index';
import type { Palette } from '../../../src/core/render/index';

const cache = new Map<string, string>();

/** The icon as a `data:` image (allowed by the preview's CSP, and isolated from the page). */
function iconUri(data: IconData, color: string): string {
  const key = `${data.body}|${data.width}|${data.height}|${color}`;
  let uri = cache.get(key);
  if (!uri) {
    uri = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(iconToSvg(data, { color }))}`;
    if (cache.size > 2000) cache.clear();
    cache.set(key, uri);
  }
  return uri;
}

/**
 * An icon in a box (coordinates relative to the element). `null` data draws the same
 * placeholder as the exported SVG: a dashed square with a question mark.
 */
export const IconImage = memo(function IconImage({
  data,
  x,
  y,
  size,
  color,
  palette,
}: {
  data: IconData | null;
  x: number;
  y: number;
  size: number;
  color: string;
  palette: Palette;
}) {
  if (size <= 0) return null;
  if (!data || !(data.width > 0 && data.height > 0)) {
    const { fill, stroke, text } = palette.placeholder;
    return (
      <svg x={x} y={y} width={size} height={size} viewBox="0 0 24 24" className="af-icon af-icon-missing">
        <rect x={1.5} y={1.5} width={21} height={21} rx={5} fill={fill} stroke={stroke} strokeWidth={1.25} strokeDasharray="2.5 2" />
        <path d="M9.3 9.2a2.8 2.8 0 0 1 5.4 1c0 1.9-2.7 2.5-2.7 2.5M12 16.6h.01" fill="none" stroke={text} strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  let href: string;
  try {
    href = iconUri(data, color);
  } catch {
    return null;
  }
  return <image className="af-icon" href={href} x={x} y={y} width={size} height={size} preserveAspectRatio="xMidYMid meet" />;
});

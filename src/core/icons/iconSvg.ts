import { replaceIDs } from '@iconify/utils';
import type { IconData } from '../scene';

export interface IconSvgOptions {
  /** Height in px; the width keeps the icon's aspect ratio. Default: the icon's own size. */
  size?: number;
  /** Replaces `currentColor` (monochrome icons). Only hex, rgb()/hsl() and named colours are used; anything else is ignored. */
  color?: string;
}

const SAFE_COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]{3,30}|(?:rgb|hsl)a?\(\s*[-\d.%,\s/deg]+\))$/i;
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/**
 * One icon as a standalone SVG document string (for hovers, completion details and the
 * `archflow://icons/{prefix}/{name}` resource). Its ids are renamed to be unique in the
 * process (Iconify `replaceIDs`), so several icons can be inlined in one page. Scripts,
 * `foreignObject`, event handlers and references to anything outside the document are
 * removed, whatever the body holds. Throws a RangeError for a non-positive size or icon box.
 */
export function iconToSvg(data: IconData, options: IconSvgOptions = {}): string {
  const { width, height } = data;
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
    throw new RangeError(`iconToSvg: invalid icon box ${width}x${height}`);
  }
  const size = options.size ?? height;
  if (!(size > 0 && Number.isFinite(size))) throw new RangeError(`iconToSvg: invalid size ${options.size}`);
  let body = replaceIDs(stripUnsafeMarkup(data.body));
  if (options.color !== undefined && SAFE_COLOR.test(options.color.trim())) {
    body = body.replace(/currentColor/g, options.color.trim());
  }
  const xlink = body.includes('xlink:') ? ` xmlns:xlink="${XLINK_NS}"` : '';
  const outWidth = round((size * width) / height);
  return `<svg xmlns="${SVG_NS}"${xlink} width="${outWidth}" height="${round(size)}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/**
 * Drops what could run code or fetch something when the SVG is shown. Bundled bodies are
 * already checked at build time; this guards bodies from anywhere else.
 */
function stripUnsafeMarkup(body: string): string {
  return body
    .replace(/<(script|foreignObject)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|foreignObject)\b[^>]*\/?>/gi, '')
    // Animations that rewrite a link (`<set attributeName="href" to="javascript:...">`).
    .replace(/<(set|animate\w*)\b[^>]*attributeName\s*=\s*["'](?:xlink:)?href["'][^>]*\/>/gi, '')
    .replace(/<(set|animate\w*)\b[^>]*attributeName\s*=\s*["'](?:xlink:)?href["'][^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\s(on[a-z]+)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\s((?:xlink:)?href|src)\s*=\s*("(?!#)[^"]*"|'(?!#)[^']*'|(?!["'#])[^\s>]+)/gi, '')
    .replace(/url\(\s*(?!["']?#)[^)]*\)/gi, 'none')
    .replace(/@import[^;<]*;?/gi, '');
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

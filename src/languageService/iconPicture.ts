import type { IconData } from '../core/scene';
import { iconToSvg } from '../core/icons/index';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of a string's UTF-8 bytes (no Buffer or btoa: the service runs in any JavaScript host). */
function base64Utf8(s: string): string {
  const bytes: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64[(n >> 18) & 63]! + BASE64[(n >> 12) & 63]! + (b === undefined ? '=' : BASE64[(n >> 6) & 63]!) + (c === undefined ? '=' : BASE64[n & 63]!);
  }
  return out;
}

/** A `data:` URI of the icon as a standalone SVG (safe: the core strips scripts and references). */
export function iconDataUri(data: IconData, size: number, color: string): string {
  return `data:image/svg+xml;base64,${base64Utf8(iconToSvg(data, { size, color }))}`;
}

/** Markdown with a picture of the icon (monochrome icons drawn in `color`), its id and set, for hovers and completion. */
export function iconMarkdown(id: string, data: IconData, color: string, setName?: string): string {
  let md = `![${id}](${iconDataUri(data, 64, color)})\n\n\`${id}\``;
  if (setName) md += ` — ${setName.replace(/[\\`*_[\]<>]/g, '\\$&')}`;
  return md;
}

import type { IconData } from '../scene';
import { contrastRatio, luminance } from './color';
import type { Palette } from './themes';
import { checkXmlWellFormed } from './xmlCheck';
import { el, fmt } from './xml';

/**
 * Makes an Iconify body safe to inline: drops scripts, style sheets, foreign content, event attributes and
 * any reference that leaves the document (`href`/`url()` not starting with `#`, `@import`).
 * Returns `undefined` when what remains is not well-formed, so it can be replaced by the
 * placeholder instead of breaking the whole SVG.
 */
export function sanitizeIconBody(body: string): string | undefined {
  if (typeof body !== 'string') return undefined;
  const clean = body
    .replace(/<script\b[\s\S]*?(?:<\/script\s*>|\/>)/gi, '')
    // A <style> inside one symbol would restyle the whole page the SVG is inlined in.
    .replace(/<style\b[\s\S]*?(?:<\/style\s*>|\/>)/gi, '')
    .replace(/<foreignObject\b[\s\S]*?(?:<\/foreignObject\s*>|\/>)/gi, '')
    .replace(/\son[a-z][\w.-]*\s*=\s*(?:"[^"]*"|'[^']*')/gi, '')
    .replace(/\s(?:xlink:)?href\s*=\s*(?:"(?!#)[^"]*"|'(?!#)[^']*')/gi, '')
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(['"]?)(?!#)[^)]*\)/gi, 'none');
  return checkXmlWellFormed(clean, { fragment: true }) === null ? clean : undefined;
}

/**
 * Renames every id declared in `body` to `${prefix}${n}` (n counting from 0 in order of
 * appearance) and rewrites the references to it (`url(#id)`, `href="#id"`), so that icons
 * with internal gradients or masks stay unique on a page with other SVGs. Deterministic.
 */
export function prefixIconIds(body: string, prefix: string): string {
  const ids = new Map<string, string>();
  const declared = /\sid\s*=\s*(["'])(.*?)\1/g;
  for (let m = declared.exec(body); m; m = declared.exec(body)) {
    if (!ids.has(m[2]!)) ids.set(m[2]!, `${prefix}${ids.size}`);
  }
  if (ids.size === 0) return body;
  const rename = (id: string): string => ids.get(id) ?? id;
  return body
    .replace(/(\sid\s*=\s*)(["'])(.*?)\2/g, (_m, head: string, q: string, id: string) => `${head}${q}${rename(id)}${q}`)
    .replace(/url\(\s*(['"]?)#([^)'"]+)\1\s*\)/g, (_m, _q: string, id: string) => `url(#${rename(id)})`)
    .replace(/(\s(?:xlink:)?href\s*=\s*)(["'])#(.*?)\2/g, (_m, head: string, q: string, id: string) => `${head}${q}#${rename(id)}${q}`);
}

export interface IconSymbols {
  /** `<symbol>` elements to place in `<defs>`, each icon once, in sorted id order. */
  defs: string;
  /** The symbol id to `<use>` for an icon id (the placeholder's for unknown icons). */
  symbolFor(iconId: string): string;
  /**
   * True when the icon's own colours barely stand out from `background` (at least half of
   * them on a dark background, such as a black logo on a dark card; all of them on a light
   * one), so it needs a contrasting plate behind it. Always false for monochrome
   * (`currentColor`) icons and the placeholder.
   */
  needsPlate(iconId: string, background: string): boolean;
}

const COLOR_ATTR = /(?:fill|stroke|stop-color)\s*(?:=\s*["']|:)\s*([^"';)]+\)?)/gi;

/**
 * The explicit colours an icon body paints with, one entry per use; `currentColor`, `none`
 * and paint servers are skipped. A body with no colour at all paints in SVG's default black.
 */
export function iconColors(body: string): string[] {
  const colors: string[] = [];
  for (const m of body.matchAll(COLOR_ATTR)) {
    const value = m[1]!.trim();
    if (/^(none|currentcolor|transparent|inherit)$/i.test(value) || value.startsWith('url(')) continue;
    colors.push(value);
  }
  if (colors.length === 0 && !/currentcolor/i.test(body)) colors.push('#000000');
  return colors;
}

/**
 * Builds one `<symbol>` per icon id in `used` (sorted, so output does not depend on use
 * order) plus, only when needed, one placeholder symbol shared by every icon the scene
 * could not resolve (`null`, missing, or unsafe body).
 */
export function buildIconSymbols(
  used: Iterable<string>,
  icons: Record<string, IconData | null | undefined>,
  prefix: string,
  palette: Palette,
): IconSymbols {
  const ids = [...new Set(used)].sort();
  const symbolIds = new Map<string, string>();
  const colorsById = new Map<string, string[]>();
  const placeholderId = `${prefix}-icon-missing`;
  let defs = '';
  let needPlaceholder = false;
  ids.forEach((iconId, index) => {
    const data = Object.prototype.hasOwnProperty.call(icons, iconId) ? icons[iconId] : undefined;
    const body = data && isFinitePositive(data.width) && isFinitePositive(data.height) ? sanitizeIconBody(data.body) : undefined;
    if (!data || body === undefined) {
      needPlaceholder = true;
      symbolIds.set(iconId, placeholderId);
      return;
    }
    const symbolId = `${prefix}-icon-${index}`;
    symbolIds.set(iconId, symbolId);
    colorsById.set(iconId, iconColors(body));
    // overflow="visible": resvg 2.6 aborts the process when a clipped symbol is used far outside the viewport.
    defs += el('symbol', { id: symbolId, viewBox: `0 0 ${fmt(data.width)} ${fmt(data.height)}`, overflow: 'visible' }, prefixIconIds(body, `${symbolId}-`));
  });
  if (needPlaceholder) defs += placeholderSymbol(placeholderId, palette);
  return {
    defs,
    symbolFor: (iconId) => symbolIds.get(iconId) ?? placeholderId,
    needsPlate(iconId, background) {
      const colors = colorsById.get(iconId);
      if (!colors || colors.length === 0) return false;
      const faint = colors.filter((c) => (contrastRatio(c, background) ?? 21) < 2).length;
      // Logos are drawn for light pages: on a light background only an all-faint one (white on
      // white) needs help; on a dark one, any mostly dark logo does.
      return (luminance(background) ?? 1) < 0.35 ? faint * 2 >= colors.length : faint === colors.length;
    },
  };
}

function isFinitePositive(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0;
}

/** A dashed rounded square with a question mark: clearly "icon missing", never alarming. */
function placeholderSymbol(id: string, palette: Palette): string {
  const { fill, stroke, text } = palette.placeholder;
  return el(
    'symbol',
    { id, viewBox: '0 0 24 24', overflow: 'visible' },
    el('rect', { x: 1.5, y: 1.5, width: 21, height: 21, rx: 5, fill, stroke, 'stroke-width': 1.25, 'stroke-dasharray': '2.5 2' }) +
      el('path', {
        d: 'M9.3 9.2a2.8 2.8 0 0 1 5.4 1c0 1.9-2.7 2.5-2.7 2.5M12 16.6h.01',
        fill: 'none',
        stroke: text,
        'stroke-width': 1.8,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
  );
}

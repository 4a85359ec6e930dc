import { parseColor } from './color';
import { renderSvg, type RenderOptions } from './renderSvg';

/**
 * Attributes whose value is a colour and that CSS can set as a property of the same name
 * (a stylesheet rule beats a presentation attribute, so the class's rule wins).
 */
const COLOR_ATTRS = new Set(['fill', 'stroke', 'color', 'flood-color', 'stop-color', 'lighting-color']);

/** A value light-dark() accepts as either branch: hex, a named colour, or a functional colour without nesting. */
const COLOR_VALUE = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|(rgb|rgba|hsl|hsla)\([-\d.,%\s/]*\))$/;

/** Keywords that are paints but not colours: light-dark() cannot hold them. */
const NOT_COLORS = new Set(['none', 'inherit', 'initial', 'unset', 'context-fill', 'context-stroke']);

const TAG_SPLIT = /(<[^>]*>)/;
const TAG = /^<([A-Za-z][-\w:.]*)((?:\s+[A-Za-z_:][-\w:.]*="[^"]*")*)\s*(\/?)>$/;
const ATTR = /\s+([A-Za-z_:][-\w:.]*)="([^"]*)"/g;

export interface LightDarkSvgs {
  /** The light palette, as `renderSvg` draws it. */
  light: string;
  /** The dark palette, with the same id prefix as `light`. */
  dark: string;
  /** One drawing for both palettes (see `mergePalettes`), when the two differ only in colours. */
  both?: string;
}

/**
 * Renders a scene in both palettes with one id prefix, and merges them into one drawing when
 * they differ only in colours (see `mergePalettes`).
 */
export function renderLightDark(scene: Parameters<typeof renderSvg>[0], options: Omit<RenderOptions, 'theme'> = {}): LightDarkSvgs {
  const light = renderSvg(scene, { ...options, theme: 'light' });
  const prefix = /aria-labelledby="([^"]+)-title"/.exec(light)?.[1];
  const dark = renderSvg(scene, { ...options, theme: 'dark', ...(prefix ? { idPrefix: prefix } : {}) });
  const both = prefix ? mergePalettes(light, dark, prefix) : undefined;
  return both === undefined ? { light, dark } : { light, dark, both };
}

/**
 * One SVG that draws `light` under `color-scheme: light` and `dark` under `color-scheme:
 * dark`, so a page holds a drawing once for both palettes. `light` and `dark` must come from
 * `renderSvg` with the same id prefix `prefix`: where a tag differs only in colour attributes,
 * the light values stay as presentation attributes (what a viewer without `light-dark()`
 * shows) and a class is added, first in the class list (the Markdown preview's high-contrast
 * selectors match on how a layer's class ends), whose rule in a `<style>` of the drawing is
 * `light-dark(light, dark)`. Rules, not inline styles, so that a page's own, more specific
 * rules (high contrast) still win. A shadow's flood, whose opacity also differs between the
 * palettes, gets its opacity folded into the colour's alpha. Undefined when the two differ in
 * anything else (text, geometry, an element only one palette draws, a colour inside a
 * `<style>` or animation): the caller then keeps both drawings.
 */
export function mergePalettes(light: string, dark: string, prefix: string): string | undefined {
  if (!/^[A-Za-z_][-\w]*$/.test(prefix)) return undefined;
  const a = light.split(TAG_SPLIT);
  const b = dark.split(TAG_SPLIT);
  const classes = new Map<string, string>();
  const classFor = (decls: string) => {
    let name = classes.get(decls);
    if (name === undefined) classes.set(decls, (name = `${prefix}-ld${classes.size}`));
    return name;
  };
  const out: string[] = [];
  let titleEnd = -1;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const l = a[i]!;
    const d = b[j]!;
    if (l === d) {
      out.push(l);
      if (titleEnd < 0 && l === '</title>') titleEnd = out.length;
      i++;
      j++;
      continue;
    }
    // Text between tags (labels, <style> bodies) must be the same.
    if (i % 2 === 0) return undefined;
    const merged = mergeTag(l, d, classFor);
    if (merged !== undefined) {
      out.push(merged);
      i++;
      j++;
      continue;
    }
    // A plate only one palette puts behind an icon: drawn in both, transparent in the other.
    const darkOnly = b[j + 1] === '' ? plate(d, 'dark', classFor) : undefined;
    if (darkOnly !== undefined) {
      out.push(darkOnly, '');
      j += 2;
      continue;
    }
    const lightOnly = a[i + 1] === '' ? plate(l, 'light', classFor) : undefined;
    if (lightOnly !== undefined) {
      out.push(lightOnly, '');
      i += 2;
      continue;
    }
    return undefined;
  }
  if (i !== a.length || j !== b.length) return undefined;
  if (classes.size === 0) return light;
  const rules = [...classes].map(([decls, name]) => `.${name}{${decls}}`).join('');
  const at = titleEnd >= 0 ? titleEnd : 2;
  out.splice(at, 0, `\n<style>${rules}</style>`);
  return out.join('');
}

interface ParsedTag {
  name: string;
  attrs: Array<[string, string]>;
  selfClosing: boolean;
}

function parseTag(tag: string): ParsedTag | undefined {
  const m = TAG.exec(tag);
  if (!m) return undefined;
  const attrs: Array<[string, string]> = [];
  for (const [, name, value] of m[2]!.matchAll(ATTR)) attrs.push([name!, value!]);
  return { name: m[1]!, attrs, selfClosing: m[3] === '/' };
}

function isColor(value: string): boolean {
  return COLOR_VALUE.test(value) && !NOT_COLORS.has(value.toLowerCase());
}

/** The two tags as one with a light-dark class, or undefined when they differ in more than colours. */
function mergeTag(light: string, dark: string, classFor: (decls: string) => string): string | undefined {
  const l = parseTag(light);
  const d = parseTag(dark);
  if (!l || !d || l.name !== d.name || l.selfClosing !== d.selfClosing || l.attrs.length !== d.attrs.length) return undefined;
  const decls: string[] = [];
  let flood: { lightColor: string; darkColor: string; lightOpacity: string; darkOpacity: string } | undefined;
  if (l.name === 'feFlood') {
    const get = (t: ParsedTag, n: string) => t.attrs.find(([k]) => k === n)?.[1];
    flood = { lightColor: get(l, 'flood-color') ?? '', darkColor: get(d, 'flood-color') ?? '', lightOpacity: get(l, 'flood-opacity') ?? '1', darkOpacity: get(d, 'flood-opacity') ?? '1' };
  }
  for (let k = 0; k < l.attrs.length; k++) {
    const [name, lv] = l.attrs[k]!;
    const [dname, dv] = d.attrs[k]!;
    if (name !== dname) return undefined;
    if (lv === dv) continue;
    if (flood && (name === 'flood-color' || name === 'flood-opacity')) continue;
    if (!COLOR_ATTRS.has(name) || !isColor(lv) || !isColor(dv)) return undefined;
    decls.push(`${name}:light-dark(${lv},${dv})`);
  }
  if (flood && (flood.lightColor !== flood.darkColor || flood.lightOpacity !== flood.darkOpacity)) {
    const lc = withAlpha(flood.lightColor, flood.lightOpacity);
    const dc = withAlpha(flood.darkColor, flood.darkOpacity);
    if (lc === undefined || dc === undefined) return undefined;
    decls.push(`flood-color:light-dark(${lc},${dc})`, 'flood-opacity:1');
  }
  if (decls.length === 0) return undefined;
  const name = classFor(decls.join(';'));
  const existing = l.attrs.findIndex(([k]) => k === 'class');
  const attrs = l.attrs.map(([k, v], idx) => (idx === existing ? ([k, `${name} ${v}`] as [string, string]) : ([k, v] as [string, string])));
  if (existing < 0) attrs.push(['class', name]);
  return `<${l.name}${attrs.map(([k, v]) => ` ${k}="${v}"`).join('')}${l.selfClosing ? '/' : ''}>`;
}

const PLATE_GEOMETRY = new Set(['x', 'y', 'width', 'height', 'rx', 'ry']);

/**
 * A filled rectangle that only the `only` palette draws (nothing but geometry and a fill, so
 * a transparent fill draws nothing at all), as one both palettes hold: transparent in the
 * other. Undefined for any other tag.
 */
function plate(tag: string, only: 'light' | 'dark', classFor: (decls: string) => string): string | undefined {
  const t = parseTag(tag);
  if (!t || t.name !== 'rect' || !t.selfClosing) return undefined;
  const fill = t.attrs.find(([k]) => k === 'fill')?.[1];
  if (fill === undefined || !isColor(fill) || !t.attrs.every(([k]) => k === 'fill' || PLATE_GEOMETRY.has(k))) return undefined;
  const name = classFor(only === 'dark' ? `fill:light-dark(transparent,${fill})` : `fill:light-dark(${fill},transparent)`);
  const attrs = t.attrs.map(([k, v]) => ` ${k}="${k === 'fill' && only === 'dark' ? 'none' : v}"`).join('');
  return `<rect${attrs} class="${name}"/>`;
}

/** `#rrggbb` (or `#rgb`) with an opacity as `rgb(r g b / a)`; undefined for anything else. */
function withAlpha(hex: string, opacity: string): string | undefined {
  const a = Number(opacity);
  if (!Number.isFinite(a) || a < 0 || a > 1 || !/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(hex)) return undefined;
  const { r, g, b } = parseColor(hex)!;
  return `rgb(${r} ${g} ${b} / ${a})`;
}

/**
 * Colour handling: validating user colours before they reach an attribute (so a value such
 * as `url(http://…)` can never become an external reference), parsing them to RGB, and the
 * few operations the renderer needs (mixing for tints, contrast for readable text).
 */

// CSS named colours (CSS Color 4), as name → 0xRRGGBB.
const NAMED = /* @__PURE__ */ decodeNamed(
  'aliceblue:f0f8ff,antiquewhite:faebd7,aqua:00ffff,aquamarine:7fffd4,azure:f0ffff,beige:f5f5dc,bisque:ffe4c4,black:000000,' +
    'blanchedalmond:ffebcd,blue:0000ff,blueviolet:8a2be2,brown:a52a2a,burlywood:deb887,cadetblue:5f9ea0,chartreuse:7fff00,' +
    'chocolate:d2691e,coral:ff7f50,cornflowerblue:6495ed,cornsilk:fff8dc,crimson:dc143c,cyan:00ffff,darkblue:00008b,' +
    'darkcyan:008b8b,darkgoldenrod:b8860b,darkgray:a9a9a9,darkgreen:006400,darkgrey:a9a9a9,darkkhaki:bdb76b,' +
    'darkmagenta:8b008b,darkolivegreen:556b2f,darkorange:ff8c00,darkorchid:9932cc,darkred:8b0000,darksalmon:e9967a,' +
    'darkseagreen:8fbc8f,darkslateblue:483d8b,darkslategray:2f4f4f,darkslategrey:2f4f4f,darkturquoise:00ced1,' +
    'darkviolet:9400d3,deeppink:ff1493,deepskyblue:00bfff,dimgray:696969,dimgrey:696969,dodgerblue:1e90ff,' +
    'firebrick:b22222,floralwhite:fffaf0,forestgreen:228b22,fuchsia:ff00ff,gainsboro:dcdcdc,ghostwhite:f8f8ff,gold:ffd700,' +
    'goldenrod:daa520,gray:808080,green:008000,greenyellow:adff2f,grey:808080,honeydew:f0fff0,hotpink:ff69b4,' +
    'indianred:cd5c5c,indigo:4b0082,ivory:fffff0,khaki:f0e68c,lavender:e6e6fa,lavenderblush:fff0f5,lawngreen:7cfc00,' +
    'lemonchiffon:fffacd,lightblue:add8e6,lightcoral:f08080,lightcyan:e0ffff,lightgoldenrodyellow:fafad2,lightgray:d3d3d3,' +
    'lightgreen:90ee90,lightgrey:d3d3d3,lightpink:ffb6c1,lightsalmon:ffa07a,lightseagreen:20b2aa,lightskyblue:87cefa,' +
    'lightslategray:778899,lightslategrey:778899,lightsteelblue:b0c4de,lightyellow:ffffe0,lime:00ff00,limegreen:32cd32,' +
    'linen:faf0e6,magenta:ff00ff,maroon:800000,mediumaquamarine:66cdaa,mediumblue:0000cd,mediumorchid:ba55d3,' +
    'mediumpurple:9370db,mediumseagreen:3cb371,mediumslateblue:7b68ee,mediumspringgreen:00fa9a,mediumturquoise:48d1cc,' +
    'mediumvioletred:c71585,midnightblue:191970,mintcream:f5fffa,mistyrose:ffe4e1,moccasin:ffe4b5,navajowhite:ffdead,' +
    'navy:000080,oldlace:fdf5e6,olive:808000,olivedrab:6b8e23,orange:ffa500,orangered:ff4500,orchid:da70d6,' +
    'palegoldenrod:eee8aa,palegreen:98fb98,paleturquoise:afeeee,palevioletred:db7093,papayawhip:ffefd5,peachpuff:ffdab9,' +
    'peru:cd853f,pink:ffc0cb,plum:dda0dd,powderblue:b0e0e6,purple:800080,rebeccapurple:663399,red:ff0000,rosybrown:bc8f8f,' +
    'royalblue:4169e1,saddlebrown:8b4513,salmon:fa8072,sandybrown:f4a460,seagreen:2e8b57,seashell:fff5ee,sienna:a0522d,' +
    'silver:c0c0c0,skyblue:87ceeb,slateblue:6a5acd,slategray:708090,slategrey:708090,snow:fffafa,springgreen:00ff7f,' +
    'steelblue:4682b4,tan:d2b48c,teal:008080,thistle:d8bfd8,tomato:ff6347,turquoise:40e0d0,violet:ee82ee,wheat:f5deb3,' +
    'white:ffffff,whitesmoke:f5f5f5,yellow:ffff00,yellowgreen:9acd32',
);

function decodeNamed(table: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const pair of table.split(',')) {
    const [name, hex] = pair.split(':') as [string, string];
    map.set(name, parseInt(hex, 16));
  }
  return map;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(rgba?|hsla?)\(\s*[-+0-9.%,\s/]+\)$/i;

/**
 * Returns the colour, trimmed, when it is a plain CSS colour (hex, a named colour, `rgb()`,
 * `rgba()`, `hsl()`, `hsla()`, `transparent`, `currentColor`), otherwise `undefined`. Never
 * lets through `url(…)`, `var(…)` or anything else that could reference outside the SVG.
 */
export function sanitizeColor(value: string | undefined | null): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (HEX.test(v) || FUNCTIONAL.test(v)) return v;
  const lower = v.toLowerCase();
  if (NAMED.has(lower) || lower === 'transparent' || lower === 'currentcolor') return v;
  return undefined;
}

/** Parses hex, named and `rgb()`/`rgba()` colours; `undefined` for anything else. */
export function parseColor(value: string): Rgb | undefined {
  const v = value.trim().toLowerCase();
  const hex = HEX.exec(v);
  if (hex) {
    let h = hex[1]!;
    if (h.length <= 4) h = [...h].map((c) => c + c).join('');
    const n = parseInt(h.slice(0, 6), 16);
    const a = h.length === 8 ? parseInt(h.slice(6), 16) / 255 : 1;
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a };
  }
  const named = NAMED.get(v);
  if (named !== undefined) return { r: (named >> 16) & 255, g: (named >> 8) & 255, b: named & 255, a: 1 };
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(v);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith('%') ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);
    return { r: clamp255(+rgb[1]!), g: clamp255(+rgb[2]!), b: clamp255(+rgb[3]!), a: Math.min(1, Math.max(0, alpha)) };
  }
  return undefined;
}

function clamp255(n: number): number {
  return Math.min(255, Math.max(0, Math.round(n)));
}

export function toHex({ r, g, b }: Rgb): string {
  return '#' + [r, g, b].map((c) => clamp255(c).toString(16).padStart(2, '0')).join('');
}

/** `amount` of `color` over `base` (both parseable), as hex; `undefined` if either is not. */
export function mix(color: string, base: string, amount: number): string | undefined {
  const c = parseColor(color);
  const b = parseColor(base);
  if (!c || !b) return undefined;
  const t = amount * c.a;
  return toHex({ r: b.r + (c.r - b.r) * t, g: b.g + (c.g - b.g) * t, b: b.b + (c.b - b.b) * t, a: 1 });
}

/** WCAG relative luminance, 0 (black) to 1 (white); `undefined` when unparseable. */
export function luminance(color: string): number | undefined {
  const c = parseColor(color);
  if (!c) return undefined;
  const lin = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** Of the two candidates, the one that reads better on `background` (first when unknown). */
export function readableOn(background: string, dark: string, light: string): string {
  const l = luminance(background);
  if (l === undefined) return dark;
  const contrast = (fg: string): number => {
    const f = luminance(fg) ?? 0;
    return (Math.max(f, l) + 0.05) / (Math.min(f, l) + 0.05);
  };
  return contrast(dark) >= contrast(light) ? dark : light;
}

/** WCAG contrast ratio between two colours (1–21); `undefined` when either is unparseable. */
export function contrastRatio(a: string, b: string): number | undefined {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === undefined || lb === undefined) return undefined;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The colour palettes shared by the SVG renderer and the React Flow preview. */

export type ThemeName = 'light' | 'dark';

/** Colours of a group frame at one nesting depth. */
export interface GroupPalette {
  fill: string;
  stroke: string;
  text: string;
}

export interface Palette {
  /** Page background. */
  canvas: string;
  /** The diagram title. */
  title: string;
  node: {
    fill: string;
    stroke: string;
    text: string;
    /** Monochrome icons (bodies using `currentColor`). */
    icon: string;
    /** Folded corners and other shaded decorations. */
    shade: string;
    /** Plate behind a logo whose own colours would vanish on this theme (a black logo on dark). */
    iconPlate: string;
  };
  note: { fill: string; stroke: string; text: string; shade: string };
  /** Group frames by depth; depth `d` uses entry `d % groups.length`. */
  groups: GroupPalette[];
  edge: { stroke: string; text: string };
  /** Background box of edge labels. */
  label: { fill: string; stroke: string };
  /** Drop shadow colour and the opacities of its two layers (contact and ambient). */
  shadow: { color: string; contactOpacity: number; ambientOpacity: number };
  /** Placeholder drawn for an icon the catalog does not have. */
  placeholder: { fill: string; stroke: string; text: string };
  /** Highlights (selection, focus) in the preview. */
  accent: string;
}

/**
 * Light and dark palettes. Values are hex colours so that both SVG attributes and CSS can
 * use them; the object is frozen and shared, never mutate it.
 */
export const THEMES: Readonly<Record<ThemeName, Readonly<Palette>>> = deepFreeze({
  light: {
    canvas: '#f8fafc',
    title: '#0f172a',
    node: { fill: '#ffffff', stroke: '#cbd5e1', text: '#0f172a', icon: '#334155', shade: '#e2e8f0', iconPlate: '#1e293b' },
    note: { fill: '#fef3c7', stroke: '#f5c451', text: '#422006', shade: '#fcd98a' },
    groups: [
      { fill: '#f1f5f9', stroke: '#cbd5e1', text: '#334155' },
      { fill: '#eef2ff', stroke: '#c7d2fe', text: '#4338ca' },
      { fill: '#ecfdf5', stroke: '#a7f3d0', text: '#047857' },
      { fill: '#fff7ed', stroke: '#fed7aa', text: '#c2410c' },
    ],
    edge: { stroke: '#64748b', text: '#334155' },
    label: { fill: '#ffffff', stroke: '#e2e8f0' },
    shadow: { color: '#0f172a', contactOpacity: 0.08, ambientOpacity: 0.07 },
    placeholder: { fill: '#f1f5f9', stroke: '#94a3b8', text: '#64748b' },
    accent: '#6366f1',
  },
  dark: {
    canvas: '#0f172a',
    title: '#f1f5f9',
    node: { fill: '#1e293b', stroke: '#475569', text: '#f1f5f9', icon: '#cbd5e1', shade: '#334155', iconPlate: '#e2e8f0' },
    note: { fill: '#3f2d0c', stroke: '#a16207', text: '#fef3c7', shade: '#5c4310' },
    groups: [
      { fill: '#131c2e', stroke: '#334155', text: '#cbd5e1' },
      { fill: '#1a1d3f', stroke: '#3730a3', text: '#a5b4fc' },
      { fill: '#0d2a26', stroke: '#065f46', text: '#6ee7b7' },
      { fill: '#2b1a0e', stroke: '#9a3412', text: '#fdba74' },
    ],
    edge: { stroke: '#94a3b8', text: '#e2e8f0' },
    label: { fill: '#1e293b', stroke: '#334155' },
    shadow: { color: '#000000', contactOpacity: 0.3, ambientOpacity: 0.25 },
    placeholder: { fill: '#1e293b', stroke: '#64748b', text: '#94a3b8' },
    accent: '#818cf8',
  },
});

/** The frame colours for a group at `depth` (0 = top level), cycling through the palette. */
export function groupPalette(palette: Palette, depth: number): GroupPalette {
  const d = Number.isFinite(depth) && depth > 0 ? Math.floor(depth) : 0;
  return palette.groups[d % palette.groups.length]!;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

import type { Scene, SceneEdge, SceneGroup, SceneNode, TextBlock } from '../scene';
import { animationClass, animationCss, flowDuration, FLOW_DASH, packetCount, seconds, tripDuration } from './animations';
import { luminance, readableOn, sanitizeColor } from './color';
import { edgeColor, groupColors, nodeColors } from './elementColors';
import { edgePath, polylineLength, trimPolyline } from './edgePath';
import { shortHash } from './hash';
import { buildIconSymbols, type IconSymbols } from './icons';
import { safeLink } from './links';
import { shapeGeometry } from './shapes';
import { ARROW_HEAD, ARROW_TRIM, baselineOf, drawnTitle, EDGE_LABEL_PADDING, EDGE_LABEL_RADIUS, FONT_FAMILY, GROUP_RADIUS, GROUP_STROKE_WIDTH, STROKE_WIDTH, TITLE_STYLE } from './metrics';
import { THEMES, type Palette, type ThemeName } from './themes';
import { attrs, el, escapeXml, fmt } from './xml';

export interface RenderOptions {
  /** Palette; defaults to the scene's theme, with `auto` exported as light. */
  theme?: ThemeName;
  /** A CSS colour or `'transparent'`; defaults to the palette's canvas colour. */
  background?: string;
  /**
   * Prefix of every id, class and keyframes name in the output (sanitised to
   * `[A-Za-z0-9_-]`, starting with a letter). Defaults to a short hash of the scene and
   * options, so different diagrams inlined in one page never collide.
   */
  idPrefix?: string;
  /** Emit the animations (default true). False gives the static frame used for PNG. */
  animate?: boolean;
}

interface Context {
  prefix: string;
  palette: Palette;
  animate: boolean;
  icons: IconSymbols;
  /** Marker index by edge colour, in order of first use. */
  markers: Map<string, number>;
  /** Colour the packets' halo and on-canvas text read against. */
  canvas: string;
  canvasText: string;
  /** The scene's size: icons entirely outside it are not emitted. */
  sceneWidth: number;
  sceneHeight: number;
}

/**
 * Renders a laid-out scene as a standalone SVG document.
 *
 * Guarantees: the output is well-formed XML with a root `<svg role="img">` labelled by a
 * `<title>` (the scene title or "Diagram"); it is self-contained (icons inlined once each as
 * `<symbol>`, no external references, no script, no event attributes, links limited to
 * http/https/mailto); every id, class and keyframes name starts with the id prefix; every
 * label and attribute is escaped; and the same scene and options always give the same
 * bytes. Animations (SMIL packets, CSS flow and pulse) stop under
 * `prefers-reduced-motion: reduce` and are left out entirely with `animate: false`.
 * Never throws on a well-typed scene; malformed colours, links and icon bodies are dropped.
 */
export function renderSvg(scene: Scene, options: RenderOptions = {}): string {
  const themeName: ThemeName = options.theme ?? (scene.theme === 'dark' ? 'dark' : 'light');
  const palette = THEMES[themeName] ?? THEMES.light;
  const animate = options.animate !== false;
  const prefix = resolvePrefix(options.idPrefix, scene, themeName, options.background, animate);
  const transparent = options.background?.trim().toLowerCase() === 'transparent';
  const background = transparent ? undefined : (sanitizeColor(options.background) ?? palette.canvas);
  const canvasText = background && background !== palette.canvas ? readableOn(background, THEMES.light.node.text, THEMES.dark.node.text) : palette.node.text;

  const groups = [...(scene.groups ?? [])].sort((a, b) => (a.depth ?? 0) - (b.depth ?? 0));
  const nodes = scene.nodes ?? [];
  const edges = scene.edges ?? [];

  const usedIcons: string[] = [];
  for (const item of [...groups, ...nodes]) {
    const id = iconIdOf(item);
    if (id !== undefined && item.iconBox) usedIcons.push(id);
  }
  const ctx: Context = {
    prefix,
    palette,
    animate,
    icons: buildIconSymbols(usedIcons, scene.icons ?? {}, prefix, palette),
    markers: new Map(),
    canvas: background ?? palette.canvas,
    canvasText,
    sceneWidth: finite(scene.width),
    sceneHeight: finite(scene.height),
  };

  const title = drawnTitle(scene.title);
  const band = title ? TITLE_STYLE.band : 0;
  const titleWidth = title ? title.width + 2 * TITLE_STYLE.marginX : 0;
  const width = Math.max(1, Math.ceil(Math.max(finite(scene.width), titleWidth)));
  const height = Math.max(1, Math.ceil(finite(scene.height) + band));

  const groupLayer = groups.map((g) => renderGroup(g, ctx)).join('');
  const edgeParts = edges.map((e) => renderEdge(e, ctx));
  // A node entirely outside the scene is invisible; leaving it out also keeps its filter away
  // from resvg 2.6, which aborts the process on a filtered element far outside the viewport.
  const nodeLayer = nodes
    .filter((n) => finite(n.x) < ctx.sceneWidth && finite(n.y) < ctx.sceneHeight && finite(n.x) + finite(n.width) > 0 && finite(n.y) + finite(n.height) > 0)
    .map((n) => renderNode(n, ctx))
    .join('');
  const anyAnimation = animate && edges.some((e) => e.anim === 'packets' || e.anim === 'flow' || e.anim === 'pulse');

  const out: string[] = [];
  out.push(
    `<svg${attrs({
      xmlns: 'http://www.w3.org/2000/svg',
      'xmlns:xlink': 'http://www.w3.org/1999/xlink',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-labelledby': `${prefix}-title`,
    })} font-family="${FONT_FAMILY}">`,
  );
  out.push(el('title', { id: `${prefix}-title` }, escapeXml(title?.full ?? 'Diagram')));
  out.push(`<defs>${shadowFilter(ctx)}${markerDefs(ctx)}${ctx.icons.defs}</defs>`);
  if (anyAnimation) out.push(`<style>${animationCss(prefix)}</style>`);
  if (background) out.push(el('rect', { width, height, fill: background }));
  if (title) {
    out.push(
      el(
        'text',
        {
          x: TITLE_STYLE.marginX,
          y: TITLE_STYLE.baseline,
          'font-size': TITLE_STYLE.fontSize,
          'font-weight': TITLE_STYLE.fontWeight,
          fill: background && background !== palette.canvas ? readableOn(background, THEMES.light.title, THEMES.dark.title) : palette.title,
        },
        escapeXml(title.text),
      ),
    );
  }
  const content =
    el('g', { class: `${prefix}-groups` }, groupLayer) +
    el('g', { class: `${prefix}-edges` }, edgeParts.map((p) => p.line).join('')) +
    el('g', { class: `${prefix}-nodes` }, nodeLayer) +
    el('g', { class: `${prefix}-edge-labels` }, edgeParts.map((p) => p.label).join(''));
  out.push(band ? el('g', { transform: `translate(0 ${fmt(band)})` }, content) : content);
  out.push('</svg>');
  return out.join('\n') + '\n';
}

function finite(n: number): number {
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function resolvePrefix(option: string | undefined, scene: Scene, theme: string, background: string | undefined, animate: boolean): string {
  if (typeof option === 'string' && option.trim() !== '') {
    const clean = option.trim().replace(/[^A-Za-z0-9_-]/g, '-');
    return /^[A-Za-z_]/.test(clean) ? clean : `p${clean}`;
  }
  let json: string;
  try {
    json = JSON.stringify(scene);
  } catch {
    json = String(scene.title ?? '');
  }
  return `af${shortHash(`${json}|${theme}|${background ?? ''}|${animate}`)}`;
}

function iconIdOf(item: SceneNode | SceneGroup): string | undefined {
  if (typeof item.icon === 'string') return item.icon;
  // An icon node without an icon id still reserves its box: show the placeholder there.
  return 'shape' in item && item.shape === 'icon' ? '' : undefined;
}

/**
 * The soft two-layer node shadow: a tight contact shadow and a wider ambient one under the
 * shape. Both blurs keep stdDeviation >= 2, where resvg switches to its fast box blur (a
 * 1px blur costs several times more in PNG export).
 */
function shadowFilter(ctx: Context): string {
  const { color, contactOpacity, ambientOpacity } = ctx.palette.shadow;
  const layer = (blur: number, dy: number, opacity: number, name: string): string =>
    el('feGaussianBlur', { in: 'SourceAlpha', stdDeviation: blur }) +
    el('feOffset', { dy, result: `${name}-offset` }) +
    el('feFlood', { 'flood-color': color, 'flood-opacity': opacity }) +
    el('feComposite', { in2: `${name}-offset`, operator: 'in', result: name });
  return el(
    'filter',
    { id: `${ctx.prefix}-shadow`, x: '-30%', y: '-30%', width: '160%', height: '180%', 'color-interpolation-filters': 'sRGB' },
    layer(4, 3, ambientOpacity, 'ambient') +
      layer(2, 1, contactOpacity, 'contact') +
      el('feMerge', {}, el('feMergeNode', { in: 'ambient' }) + el('feMergeNode', { in: 'contact' }) + el('feMergeNode', { in: 'SourceGraphic' })),
  );
}

function markerDefs(ctx: Context): string {
  let defs = '';
  for (const [color, index] of ctx.markers) {
    // overflow="visible": resvg 2.6 aborts the process on a clipped marker far outside the viewport.
    const common = {
      viewBox: ARROW_HEAD.viewBox,
      refY: ARROW_HEAD.refY,
      markerWidth: ARROW_HEAD.width,
      markerHeight: ARROW_HEAD.height,
      markerUnits: 'userSpaceOnUse',
      orient: 'auto',
      overflow: 'visible',
    };
    const head = { fill: color, stroke: color, 'stroke-width': 1, 'stroke-linejoin': 'round' };
    defs +=
      el('marker', { id: `${ctx.prefix}-arrow-${index}`, ...common, refX: ARROW_HEAD.end.refX }, el('path', { d: ARROW_HEAD.end.d, ...head })) +
      el('marker', { id: `${ctx.prefix}-arrow-${index}-start`, ...common, refX: ARROW_HEAD.start.refX }, el('path', { d: ARROW_HEAD.start.d, ...head }));
  }
  return defs;
}

function markerFor(ctx: Context, color: string): number {
  let index = ctx.markers.get(color);
  if (index === undefined) {
    index = ctx.markers.size;
    ctx.markers.set(color, index);
  }
  return index;
}

/** `<text>` for a measured block whose top-left is (`left`, `top`); lines centred or left-aligned. */
function renderText(block: TextBlock | undefined, left: number, top: number, align: 'middle' | 'start', fill: string): string {
  if (!block || !Array.isArray(block.lines) || block.lines.length === 0) return '';
  const fontSize = finite(block.fontSize) || 14;
  const lineHeight = finite(block.lineHeight) || fontSize * 1.3;
  const x = align === 'middle' ? left + finite(block.width) / 2 : left;
  const baseline = (i: number): number => baselineOf(top, i, fontSize, lineHeight);
  const lines = block.lines.map((l) => String(l ?? ''));
  const common = {
    'font-size': fontSize,
    'font-weight': block.fontWeight === 600 ? 600 : undefined,
    fill,
    'text-anchor': align === 'middle' ? 'middle' : undefined,
    'xml:space': lines.some((l) => /^\s|\s$|\s\s/.test(l)) ? 'preserve' : undefined,
  };
  if (lines.length === 1) return el('text', { x, y: baseline(0), ...common }, escapeXml(lines[0]));
  const spans = lines.map((line, i) => (line === '' ? '' : el('tspan', { x, y: baseline(i) }, escapeXml(line)))).join('');
  return el('text', common, spans);
}

/**
 * `<use>` of an icon at its box (relative to `dx`,`dy`), on a contrasting rounded plate when
 * the icon's own colours would vanish on `background`.
 */
function iconUse(ctx: Context, iconId: string, box: { x: number; y: number; size: number }, dx: number, dy: number, color: string, background: string): string {
  const size = finite(box.size);
  const ax = finite(box.x);
  const ay = finite(box.y);
  // Invisible anyway; and a clipped <symbol> used far outside the viewport aborts resvg 2.6.
  if (size <= 0 || ax >= ctx.sceneWidth || ay >= ctx.sceneHeight || ax + size <= 0 || ay + size <= 0) return '';
  const x = ax - dx;
  const y = ay - dy;
  let plate = '';
  if (ctx.icons.needsPlate(iconId, background)) {
    const pad = Math.max(2, size * 0.14);
    const fill = (luminance(background) ?? 1) < 0.35 ? THEMES.dark.node.iconPlate : THEMES.light.node.iconPlate;
    plate = el('rect', { x: x - pad, y: y - pad, width: size + 2 * pad, height: size + 2 * pad, rx: Math.min(8, (size + 2 * pad) * 0.24), fill });
  }
  return plate + el('use', { href: `#${ctx.icons.symbolFor(iconId)}`, x, y, width: size, height: size, color });
}

/** A tooltip as the `<title>` child of the element it describes; '' for none. */
function tooltipTitle(tooltip: string | undefined): string {
  return typeof tooltip === 'string' && tooltip !== '' ? el('title', {}, escapeXml(tooltip)) : '';
}

/** Wraps `content` in a link when `link` is safe, and adds the tooltip as `<title>`. */
function interactive(content: string, attributes: Record<string, string | undefined>, tooltip: string | undefined, link: string | undefined, transform?: string): string {
  const titled = tooltipTitle(tooltip) + content;
  const href = safeLink(link);
  const group = el('g', { ...attributes, transform }, titled);
  return href ? el('a', { href, target: '_blank' }, group) : group;
}

function renderGroup(group: SceneGroup, ctx: Context): string {
  const colors = groupColors(group, ctx.palette);
  const w = Math.max(0, finite(group.width));
  const h = Math.max(0, finite(group.height));
  let body = el('rect', {
    x: group.x,
    y: group.y,
    width: w,
    height: h,
    rx: Math.min(GROUP_RADIUS, w / 2, h / 2),
    fill: colors.fill,
    stroke: colors.stroke,
    'stroke-width': GROUP_STROKE_WIDTH,
  });
  const iconId = iconIdOf(group);
  if (iconId !== undefined && group.iconBox) body += iconUse(ctx, iconId, group.iconBox, 0, 0, colors.icon, colors.fill);
  if (group.labelPosition) body += renderText(group.label, group.labelPosition.x, group.labelPosition.y, 'start', colors.title);
  return interactive(body, { 'data-id': group.id }, group.tooltip, group.link);
}

function renderNode(node: SceneNode, ctx: Context): string {
  const colors = nodeColors(node, ctx.palette, { fill: ctx.canvas, text: ctx.canvasText });
  const x = finite(node.x);
  const y = finite(node.y);
  const geometry = shapeGeometry(node.shape, node.width, node.height, node.size);

  let body = '';
  if (geometry.path !== '') {
    body += el('path', {
      d: geometry.path,
      fill: colors.fill,
      stroke: colors.stroke,
      'stroke-width': STROKE_WIDTH,
      'stroke-linejoin': 'round',
      'stroke-dasharray': node.implicit ? '5 4' : undefined,
      filter: colors.shadow ? `url(#${ctx.prefix}-shadow)` : undefined,
    });
    for (const deco of geometry.decorations) {
      body += el('path', {
        d: deco.d,
        fill: deco.kind === 'shade' ? colors.shade : 'none',
        stroke: colors.stroke,
        'stroke-width': STROKE_WIDTH,
        'stroke-linejoin': 'round',
      });
    }
  }
  const iconId = iconIdOf(node);
  if (iconId !== undefined && node.iconBox) {
    body += iconUse(ctx, iconId, node.iconBox, x, y, colors.icon, geometry.path !== '' ? colors.fill : ctx.canvas);
  }
  if (node.labelPosition) body += renderText(node.label, finite(node.labelPosition.x) - x, finite(node.labelPosition.y) - y, 'middle', colors.text);
  return interactive(body, { 'data-id': node.id }, node.tooltip, node.link, `translate(${fmt(x)} ${fmt(y)})`);
}

function renderEdge(edge: SceneEdge, ctx: Context): { line: string; label: string } {
  const points = Array.isArray(edge.points) ? edge.points : [];
  const fullPath = edgePath(points);
  if (!fullPath) return { line: '', label: '' };
  const color = edgeColor(edge, ctx.palette);
  const endHead = edge.heads === 'end' || edge.heads === 'both';
  const startHead = edge.heads === 'both';
  let trimmed = points;
  if (endHead) trimmed = trimPolyline(trimmed, ARROW_TRIM, true);
  if (startHead) trimmed = trimPolyline(trimmed, ARROW_TRIM, false);
  const d = edgePath(trimmed);
  const length = polylineLength(trimmed);
  const marker = endHead ? markerFor(ctx, color) : -1;
  const dash = edge.style === 'dashed' ? '6 5' : edge.style === 'dotted' ? '0.5 4.5' : undefined;
  const anim = edge.anim === 'packets' || edge.anim === 'flow' || edge.anim === 'pulse' ? edge.anim : 'none';

  let line = el('path', {
    d,
    fill: 'none',
    stroke: color,
    'stroke-width': STROKE_WIDTH,
    'stroke-opacity': anim === 'flow' ? 0.35 : undefined,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'stroke-dasharray': dash,
    'marker-start': startHead ? `url(#${ctx.prefix}-arrow-${marker}-start)` : undefined,
    'marker-end': endHead ? `url(#${ctx.prefix}-arrow-${marker})` : undefined,
  });
  if (anim === 'flow') {
    // Without animation the dashes still read as a directed flow, so the static frame keeps them.
    line += el('path', {
      d,
      fill: 'none',
      stroke: color,
      'stroke-width': STROKE_WIDTH,
      'stroke-linecap': 'round',
      'stroke-dasharray': FLOW_DASH.join(' '),
      class: ctx.animate ? animationClass(ctx.prefix, 'flow') : undefined,
      style: ctx.animate ? `animation-duration:${seconds(flowDuration(edge.speed, length))}` : undefined,
    });
  } else if (anim === 'pulse' && ctx.animate) {
    line += el('path', {
      d,
      fill: 'none',
      stroke: color,
      'stroke-width': 7,
      'stroke-opacity': 0,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      class: animationClass(ctx.prefix, 'pulse'),
      style: `animation-duration:${seconds(tripDuration(edge.speed))}`,
    });
  } else if (anim === 'packets' && ctx.animate) {
    const trip = tripDuration(edge.speed);
    const count = packetCount(polylineLength(points));
    let dots = '';
    for (let i = 0; i < count; i++) {
      dots += el(
        'circle',
        { r: 3.5, fill: color, stroke: ctx.canvas, 'stroke-width': 1.5 },
        el('animateMotion', {
          dur: seconds(trip),
          begin: i === 0 ? '0s' : `-${seconds((trip * i) / count)}`,
          repeatCount: 'indefinite',
          path: fullPath,
        }),
      );
    }
    line += el('g', { class: animationClass(ctx.prefix, 'packets') }, dots);
  }
  const group = el('g', { 'data-id': edge.id }, line);

  let label = '';
  if (edge.label && edge.labelPosition && Array.isArray(edge.label.lines) && edge.label.lines.length > 0) {
    const bw = finite(edge.label.width) + 2 * EDGE_LABEL_PADDING.x;
    const bh = finite(edge.label.height) + 2 * EDGE_LABEL_PADDING.y;
    const lx = finite(edge.labelPosition.x);
    const ly = finite(edge.labelPosition.y);
    label = el(
      'g',
      { 'data-id': edge.id },
      tooltipTitle(edge.tooltip) +
        el('rect', { x: lx, y: ly, width: bw, height: bh, rx: Math.min(EDGE_LABEL_RADIUS, bh / 2), fill: ctx.palette.label.fill, stroke: ctx.palette.label.stroke, 'stroke-width': 1 }) +
        renderText(edge.label, lx + EDGE_LABEL_PADDING.x, ly + EDGE_LABEL_PADDING.y, 'middle', ctx.palette.edge.text),
    );
  }
  return { line: group, label };
}

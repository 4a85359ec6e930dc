import type { IconCatalog } from '../core/icons';
import { layoutWithKept } from '../core/layout';
import type { DiagramLayout } from '../core/layout/layoutFile';
import type { CandidateChoice } from '../core/layout/candidates';
import type { DiagramModel } from '../core/model';
import { renderSvg, type ThemeName } from '../core/render';
import type { IconData, Scene } from '../core/scene';
import { analyzeText, type Analysis } from '../core/analysis';
import { svgToPng, type PngOptions } from './png';

export { analyzeText, type Analysis, type AnalyzeOptions } from '../core/analysis';

/** Lays a model out: `layoutDiagram` in-thread, or a worker's `layout` (see createLayoutWorker). */
export type LayoutFunction = (
  model: DiagramModel,
  icons: Record<string, IconData | null>,
  options?: undefined,
  limits?: { signal?: AbortSignal; kept?: DiagramLayout; candidates?: CandidateChoice },
) => Promise<Scene>;

export interface RenderTextOptions {
  catalog: IconCatalog;
  /** Default: `layoutDiagram` on the calling thread. */
  layout?: LayoutFunction;
  /** Palette; default: the diagram's own `theme`, with `auto` drawn light. */
  theme?: ThemeName;
  /** A CSS colour or `transparent`; default: the palette's canvas. */
  background?: string;
  /** Emit animations (default true). */
  animate?: boolean;
  idPrefix?: string;
  /** Cancels the layout (only a `layout` that honours it, such as a worker's, stops at once). */
  signal?: AbortSignal;
  /** The positions of the diagram's layout file: kept (see `layoutWithKept`); without it, a fresh layout. */
  kept?: DiagramLayout;
  /** How many candidate layouts to weigh (`LayoutOptions.candidates`; FENCE_CANDIDATES for a Markdown fence). */
  candidates?: CandidateChoice;
}

export type RenderTextResult =
  | ({ ok: true; svg: string; scene: Scene } & Analysis)
  | ({ ok: false } & Analysis);

/**
 * Text to standalone SVG: parse, load the icons it names, lay out, render. When the text
 * has at least one error nothing is laid out and `ok` is false (the diagnostics say why);
 * warnings alone still render (unknown icons as placeholders, undeclared ids as
 * rectangles). Same text and options give byte-identical SVG. Rejects only when the icon
 * store or the layout engine fails, never because of what the text says.
 */
export async function renderText(text: string, options: RenderTextOptions): Promise<RenderTextResult> {
  const analysis = analyzeText(text, { catalog: options.catalog });
  if (analysis.counts.errors > 0) return { ok: false, ...analysis };
  const icons = await options.catalog.load(iconIdsOf(analysis.model));
  options.signal?.throwIfAborted();
  const scene = options.layout
    ? await options.layout(analysis.model, icons, undefined, { signal: options.signal, kept: options.kept, candidates: options.candidates })
    : await layoutWithKept(analysis.model, icons, options.kept, options.candidates ? { candidates: options.candidates } : {});
  const svg = renderSvg(scene, {
    theme: options.theme,
    background: options.background,
    animate: options.animate ?? true,
    idPrefix: options.idPrefix,
  });
  return { ok: true, svg, scene, ...analysis };
}

/** Rasterises SVG to PNG: `svgToPng` in-thread, or a PNG worker's `render` (see createPngWorker). */
export type RasterizeFunction = (svg: string, options: PngOptions) => Promise<Buffer>;

export interface PreviewOptions {
  theme?: ThemeName;
  background?: string;
  /** Widest image in pixels (default 1600); small drawings are drawn at up to 2x. */
  maxWidth?: number;
  /** Most pixels in the image (default {@link MAX_PREVIEW_PIXELS}): a tall drawing is scaled down to fit. */
  maxPixels?: number;
  /** Default: in-thread `svgToPng`. */
  rasterize?: RasterizeFunction;
}

/** Most pixels of a preview sent to a model (2,000 × 2,000): more costs megabytes and tokens, and shows nothing more. */
export const MAX_PREVIEW_PIXELS = 4_000_000;

/**
 * Most pixels of a PNG the CLI writes: resvg holds about 4 bytes a pixel and more again to
 * encode, so 400 nested groups drawn at full size (297 million pixels) took 2.5 GB.
 */
export const MAX_PNG_PIXELS = 40_000_000;

/** A PNG and its size; `scaledDown` when the pixel cap made it smaller than asked. */
export interface PngImage {
  png: Buffer;
  width: number;
  height: number;
  scaledDown: boolean;
}

/**
 * A PNG of `scene`'s static frame (no animation) at `scale`, scaled down as much as needed
 * for `maxPixels`. Rejects only if no rasteriser loads or resvg fails (see `svgToPng`).
 */
export async function renderPng(
  scene: Scene,
  options: { theme?: ThemeName; background?: string; scale: number | ((svgWidth: number) => number); maxPixels: number; rasterize?: RasterizeFunction },
): Promise<PngImage> {
  const svg = renderSvg(scene, { theme: options.theme, background: options.background, animate: false });
  const { width, height } = svgSize(svg, scene);
  const asked = typeof options.scale === 'number' ? options.scale : options.scale(width);
  const scale = Math.min(asked, Math.sqrt(options.maxPixels / Math.max(1, width * height)));
  const png = await (options.rasterize ?? svgToPng)(svg, { scale });
  return { png, width: Math.round(width * scale), height: Math.round(height * scale), scaledDown: scale < asked };
}

/**
 * A PNG of `scene` for a model or a person to look at: the static frame (no animation),
 * scaled to at most `maxWidth` pixels wide and at most 2x, and to at most `maxPixels` in all.
 * Rejects only if no rasteriser loads or resvg fails (see `svgToPng`).
 */
export async function renderPreviewPng(scene: Scene, options: PreviewOptions = {}): Promise<PngImage> {
  const scale = (width: number) => Math.min(2, (options.maxWidth ?? 1600) / Math.max(1, width));
  return renderPng(scene, { theme: options.theme, background: options.background, scale, maxPixels: options.maxPixels ?? MAX_PREVIEW_PIXELS, rasterize: options.rasterize });
}

/** Every icon id the model's elements name, each once, in declaration order. */
export function iconIdsOf(model: DiagramModel): string[] {
  const ids = new Set<string>();
  for (const e of model.elements) if (e.icon) ids.add(e.icon);
  return [...ids];
}

// The renderer may add a title band to the scene's size, so the SVG's own size is the truth.
function svgSize(svg: string, scene: Scene): { width: number; height: number } {
  const head = svg.slice(0, svg.indexOf('>'));
  const w = /\swidth="([\d.]+)"/.exec(head);
  const h = /\sheight="([\d.]+)"/.exec(head);
  return { width: w ? Number(w[1]) : scene.width, height: h ? Number(h[1]) : scene.height };
}

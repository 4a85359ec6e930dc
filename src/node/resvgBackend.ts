import type { PngBackendName } from '../protocol/workerMessages';

/** The two builds of resvg that can rasterise our SVG. */
export type { PngBackendName };

/** What a backend needs beyond the SVG; validated by `svgToPng` before it gets here. */
export interface RasterOptions {
  /** A positive zoom factor; 1 draws at the SVG's own size. */
  scale: number;
  /** A CSS colour painted under the drawing, or undefined for none. */
  background?: string;
}

/**
 * One loaded resvg build. `render` is synchronous once the backend is loaded; it uses only
 * the shipped Inter fonts (never system fonts) and throws resvg's own message on SVG it
 * cannot parse.
 */
export interface ResvgBackend {
  readonly name: PngBackendName;
  render(svg: string, options: RasterOptions): Buffer;
}

/** resvg's `fitTo` for a zoom factor; both builds take the same shape. */
export function fitToScale(scale: number): { mode: 'original' } | { mode: 'zoom'; value: number } {
  return scale === 1 ? { mode: 'original' } : { mode: 'zoom', value: scale };
}

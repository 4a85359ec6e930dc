import { Resvg } from '@resvg/resvg-js';
import { DEFAULT_FONT_FAMILY, fontFiles } from './fonts';

export interface PngOptions {
  /** Pixel density: 2 gives an image twice as wide and tall as the SVG. Default 1. */
  scale?: number;
  /** A CSS colour painted under the drawing (the SVG's own background still shows above it). */
  background?: string;
}

/**
 * Rasterises an SVG (normally `renderSvg(scene, { animate: false })`) to PNG bytes with the
 * native resvg, using only the shipped Inter fonts so text looks the same on every machine
 * and is never silently dropped. The output is `round(width × scale)` pixels wide, with the
 * height following the SVG's aspect ratio. Throws on unparseable SVG or a non-positive scale.
 */
export function svgToPng(svg: string, options: PngOptions = {}): Buffer {
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0) throw new RangeError(`scale must be a positive number, got ${scale}`);
  const base = {
    font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: DEFAULT_FONT_FAMILY, sansSerifFamily: DEFAULT_FONT_FAMILY },
    background: options.background,
    logLevel: 'off' as const,
  };
  const fitTo = scale === 1 ? ({ mode: 'original' } as const) : ({ mode: 'zoom', value: scale } as const);
  return new Resvg(svg, { ...base, fitTo }).render().asPng();
}

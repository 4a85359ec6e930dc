import { Resvg } from '@resvg/resvg-wasm';
import { fitToScale, type RasterOptions } from './resvgBackend';

/** The fonts resvg's WebAssembly build draws with: bytes, since it cannot read files. */
export interface WasmFonts {
  fontBuffers: Uint8Array[];
  defaultFontFamily: string;
  sansSerifFamily: string;
}

/**
 * Rasterises `svg` with resvg's WebAssembly build, which must have been initialised
 * (`initWasm`). Free of Node APIs, so the web extension uses it too. Throws resvg's own
 * message on SVG it cannot parse, and a message naming the size when wasm memory runs out.
 */
export function renderWithWasmResvg(svg: string, options: RasterOptions, font: WasmFonts): Uint8Array {
  // Objects living in wasm memory are freed here rather than left to the garbage collector.
  const resvg = new Resvg(svg, { font, background: options.background, fitTo: fitToScale(options.scale) });
  const width = Math.round(resvg.width * options.scale);
  const height = Math.round(resvg.height * options.scale);
  let image;
  try {
    image = resvg.render();
  } catch (error) {
    // Freeing after a trap throws too ("recursive use of an object"); that must not hide why.
    try {
      resvg.free();
    } catch {}
    // wasm32 memory stops at 4 GB, which a large diagram at a high scale can need; resvg
    // then traps with a bare "unreachable". Other errors are resvg's own, as from the native build.
    if ((error as Error).name !== 'RuntimeError') throw error;
    throw new Error(`the WebAssembly resvg could not draw ${width}×${height} px (try a smaller scale): ${(error as Error).message}`, { cause: error });
  }
  resvg.free();
  try {
    return image.asPng();
  } finally {
    image.free();
  }
}

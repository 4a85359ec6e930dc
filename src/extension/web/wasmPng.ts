import * as vscode from 'vscode';
import { initWasm } from '@resvg/resvg-wasm';
import { DEFAULT_FONT_FAMILY, FONT_FILE_NAMES } from '../../node/fontNames';
import { renderWithWasmResvg, type WasmFonts } from '../../node/resvgWasmRender';
import type { Rasterizer } from '../export/exporter';

/**
 * PNG for VS Code for the Web: resvg's WebAssembly build on the extension host's thread, with
 * the module (`dist/resvg.wasm`) and the Inter fonts (`media/fonts`) read from the extension
 * through `vscode.workspace.fs` on the first export. Gives the same pixels as the desktop's
 * wasm rasteriser. A failed load is not remembered, so a later export tries again.
 */
export function createWasmRasterizer(extensionUri: vscode.Uri): Rasterizer {
  let fonts: Promise<WasmFonts> | undefined;
  const load = async (): Promise<WasmFonts> => {
    const read = (...path: string[]) => vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, ...path));
    const [wasm, ...fontBuffers] = await Promise.all([read('dist', 'resvg.wasm'), ...FONT_FILE_NAMES.map((name) => read('media', 'fonts', name))]);
    await initWasm(wasm);
    return { fontBuffers, defaultFontFamily: DEFAULT_FONT_FAMILY, sansSerifFamily: DEFAULT_FONT_FAMILY };
  };
  return {
    async render(svg, options) {
      const scale = options.scale ?? 1;
      if (!Number.isFinite(scale) || scale <= 0) throw new RangeError(`scale must be a positive number, got ${scale}`);
      fonts ??= load().catch((error: unknown) => {
        fonts = undefined;
        throw new Error(`cannot load the resvg WebAssembly module: ${(error as Error).message}`, { cause: error });
      });
      return renderWithWasmResvg(svg, { scale, background: options.background }, await fonts);
    },
    dispose() {},
  };
}

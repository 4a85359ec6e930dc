import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initWasm } from '@resvg/resvg-wasm';
import { DEFAULT_FONT_FAMILY, fontFiles } from './fonts';
import type { ResvgBackend } from './resvgBackend';
import { renderWithWasmResvg } from './resvgWasmRender';

/** The name of the resvg WebAssembly file that the build copies next to the bundles in `dist/`. */
export const RESVG_WASM_FILE = 'resvg.wasm';

/**
 * Where resvg's `.wasm` is: next to the running bundle (`dist/resvg.wasm`), or, when running
 * from sources (tsx), the one in `node_modules/@resvg/resvg-wasm`.
 */
export function defaultResvgWasmPath(): string {
  // __filename rather than __dirname: tsx defines only the former when an ES module imports this file.
  const beside = join(dirname(__filename), RESVG_WASM_FILE);
  if (existsSync(beside)) return beside;
  try {
    return createRequire(__filename).resolve('@resvg/resvg-wasm/index_bg.wasm');
  } catch {
    throw new Error(`no ${beside} and no @resvg/resvg-wasm package to load it from`);
  }
}

let loading: Promise<ResvgBackend> | undefined;

/**
 * Loads the WebAssembly build of resvg, which runs on every platform. The module is read
 * from `wasmPath` (default: `defaultResvgWasmPath()`) and instantiated once per process
 * (2.5 MB, compiled in a fraction of a second); later calls share that instance whatever
 * path they name. A failed load is not remembered, so a later call tries again.
 */
export function loadWasmResvg(wasmPath?: string): Promise<ResvgBackend> {
  loading ??= instantiate(wasmPath).catch((error: unknown) => {
    loading = undefined;
    throw new Error(`cannot load the resvg WebAssembly module: ${(error as Error).message}`, { cause: error });
  });
  return loading;
}

async function instantiate(wasmPath = defaultResvgWasmPath()): Promise<ResvgBackend> {
  const [wasm, fonts] = await Promise.all([
    readFile(wasmPath),
    Promise.all(fontFiles().map((file) => readFile(file))),
  ]);
  await initWasm(wasm);
  // The wasm build cannot read files: fonts go in as bytes, and it never sees system fonts.
  const font = { fontBuffers: fonts.map((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)), defaultFontFamily: DEFAULT_FONT_FAMILY, sansSerifFamily: DEFAULT_FONT_FAMILY };
  return {
    name: 'wasm',
    render(svg, options) {
      const png = renderWithWasmResvg(svg, options, font);
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
  };
}

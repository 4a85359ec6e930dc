import type { PngOptions } from '../protocol/workerMessages';
import type { PngBackendName, ResvgBackend } from './resvgBackend';

export type { PngBackendName } from './resvgBackend';

/** The environment variable that forces a rasteriser: `native`, `wasm`, or `auto` (the default). */
export const PNG_BACKEND_ENV = 'ARCHFLOW_PNG_BACKEND';

export type { PngOptions } from '../protocol/workerMessages';

/**
 * Rasterises an SVG (normally `renderSvg(scene, { animate: false })`) to PNG bytes with
 * resvg, using only the shipped Inter fonts so text looks the same on every machine and is
 * never silently dropped. The output is `round(width × scale)` pixels wide, with the height
 * following the SVG's aspect ratio. Both rasterisers (see `resolvePngBackend`) give the same
 * size and, within antialiasing noise, the same pixels. Rejects with a RangeError on a
 * non-positive scale, and with an Error carrying resvg's message (the same from both
 * rasterisers) on SVG it cannot parse or a background it cannot read.
 */
export async function svgToPng(svg: string, options: PngOptions = {}): Promise<Buffer> {
  const scale = options.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0) throw new RangeError(`scale must be a positive number, got ${scale}`);
  const backend = await loadBackend(options.backend);
  try {
    return backend.render(svg, { scale, background: options.background });
  } catch (error) {
    // The native error carries a napi `code` the wasm one lacks; callers see one shape.
    throw new Error((error as Error).message, { cause: error });
  }
}

/**
 * Which rasteriser `svgToPng` uses for this preference (default: `ARCHFLOW_PNG_BACKEND`),
 * loading it if needed. `native` and `wasm` insist on that build and reject when it cannot
 * load; `auto` (or unset) takes the native resvg when this platform's binary loads, and
 * otherwise the WebAssembly build that ships with every install. Rejects on any other
 * value of the variable.
 */
export async function resolvePngBackend(preference?: PngBackendName): Promise<PngBackendName> {
  return (await loadBackend(preference)).name;
}

let auto: Promise<ResvgBackend> | undefined;
let native: Promise<ResvgBackend> | undefined;

function loadBackend(preference: PngBackendName | undefined): Promise<ResvgBackend> {
  const choice = preference ?? backendFromEnv();
  if (choice === 'wasm') return loadWasm();
  if (choice === 'native') return loadNative();
  // A missing binary stays missing for the life of the process, so the fallback is decided once.
  auto ??= loadNative().catch((nativeError: unknown) =>
    loadWasm().catch((wasmError: unknown) => {
      auto = undefined;
      throw new Error(`no PNG rasteriser could load: native: ${(nativeError as Error).message}; wasm: ${(wasmError as Error).message}`, { cause: wasmError });
    }),
  );
  return auto;
}

// Both backends are imported on first use: loading the native one throws where its binary
// is missing, and neither belongs in the extension's activation path.
function loadNative(): Promise<ResvgBackend> {
  native ??= import('./resvgNative').then(({ createNativeResvg }) => createNativeResvg()).catch((error: unknown) => {
    // Node's "Cannot find module" goes on with its require stack: the first line says it all.
    const reason = (error as Error).message.split('\n')[0];
    throw new Error(`the native resvg (@resvg/resvg-js) cannot load on ${process.platform}-${process.arch}: ${reason}`, { cause: error });
  });
  return native;
}

async function loadWasm(): Promise<ResvgBackend> {
  const { loadWasmResvg } = await import('./resvgWasm');
  return loadWasmResvg();
}

function backendFromEnv(): PngBackendName | 'auto' {
  const value = process.env[PNG_BACKEND_ENV]?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'auto') return 'auto';
  if (value === 'native' || value === 'wasm') return value;
  throw new RangeError(`${PNG_BACKEND_ENV} must be native, wasm or auto, got '${process.env[PNG_BACKEND_ENV]}'`);
}

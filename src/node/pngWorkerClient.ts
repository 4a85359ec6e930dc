import type { PngOptions, PngPayload } from '../protocol/workerMessages';
import { bundledWorkerPath, createWorkerClient } from './workerClient';

export type { PngPayload } from '../protocol/workerMessages';

export interface PngWorker {
  /**
   * Rasterises on the worker thread; resolves with the same bytes `svgToPng(svg, options)`
   * gives in-thread, and rejects with an error of the same class and message where it would
   * throw. Also rejects if the worker crashes or exits while the request is pending (the
   * next call starts a fresh worker), or once the worker is disposed.
   */
  render(svg: string, options?: PngOptions): Promise<Buffer>;
  /** Whether a worker thread is up: from the first request until it idles out, crashes or is disposed. */
  readonly running: boolean;
  /** Terminates the worker and rejects pending requests; later calls to `render` reject. */
  dispose(): Promise<void>;
}

/** How long a worker with nothing to do lives on, by default, before it is terminated. */
export const DEFAULT_PNG_IDLE_MS = 30_000;

/** Where the bundled worker (`dist/pngWorker.js`) is. */
export function defaultPngWorkerPath(): string {
  return bundledWorkerPath('pngWorker.js');
}

/**
 * A worker thread that runs `svgToPng`, so rasterising a large diagram leaves the calling
 * thread's event loop free. Once no request has been pending for `idleMs` (default
 * `DEFAULT_PNG_IDLE_MS`) it is terminated, which returns resvg's memory (the WebAssembly
 * heap never shrinks while it lives); the next request starts a fresh one.
 */
export function createPngWorker(options: { workerPath?: string; idleMs?: number } = {}): PngWorker {
  const client = createWorkerClient<PngPayload, Uint8Array>({
    workerPath: options.workerPath ?? defaultPngWorkerPath(),
    name: 'PNG worker',
    idleMs: options.idleMs ?? DEFAULT_PNG_IDLE_MS,
  });
  return {
    render: async (svg, pngOptions = {}) => {
      const png = await client.request({ svg, options: pngOptions });
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    get running() {
      return client.running;
    },
    dispose: () => client.dispose(),
  };
}

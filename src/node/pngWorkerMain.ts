// Entry of the PNG worker thread (bundled to dist/pngWorker.js). See createPngWorker.
import { parentPort } from 'node:worker_threads';
import { svgToPng } from './png';
import type { PngPayload } from './pngWorkerClient';
import { serveRequests } from './workerClient';

if (!parentPort) throw new Error('pngWorker.js must run in a worker thread');
serveRequests<PngPayload, Uint8Array>(
  parentPort,
  async ({ svg, options }) => {
    const png = await svgToPng(svg, options);
    // Only a buffer the PNG has to itself may move: a slice of a shared one (Node's pool)
    // is copied first, so that nothing else is detached.
    return png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? new Uint8Array(png.buffer) : new Uint8Array(png);
  },
  // The wasm build's PNG moves without a copy; the native build's lives in external memory,
  // which cannot move (serveRequests then copies it).
  (png) => [png.buffer as ArrayBuffer],
);

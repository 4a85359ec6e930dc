// Entry of the layout worker thread (bundled to dist/layoutWorker.js): answers each
// LayoutRequest with a LayoutResponse carrying the same id. See createLayoutWorker.
import { parentPort } from 'node:worker_threads';
import { layoutDiagram } from '../core/layout';
import type { LayoutRequest, LayoutResponse } from './workerLayout';

const port = parentPort;
if (!port) throw new Error('layoutWorker.js must run in a worker thread');

port.on('message', (request: LayoutRequest) => {
  const reply = (response: LayoutResponse) => port.postMessage(response);
  layoutDiagram(request.model, request.icons, request.options).then(
    (scene) => reply({ id: request.id, scene }),
    (error: unknown) => reply({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});

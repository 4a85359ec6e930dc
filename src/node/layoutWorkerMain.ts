// Entry of the layout worker thread (bundled to dist/layoutWorker.js). See createLayoutWorker.
import { parentPort } from 'node:worker_threads';
import { layoutWithKept } from '../core/layout';
import type { Scene } from '../core/scene';
import type { LayoutPayload } from './layoutWorkerClient';
import { serveRequests } from './workerClient';

if (!parentPort) throw new Error('layoutWorker.js must run in a worker thread');
serveRequests<LayoutPayload, Scene>(parentPort, (request) => layoutWithKept(request.model, request.icons, request.kept, request.options));

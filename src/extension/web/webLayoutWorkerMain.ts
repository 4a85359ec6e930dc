// Entry of the web layout worker (bundled to dist/web/layoutWorker.js, a classic script: VS
// Code for the Web starts an extension's worker through `importScripts`). See createWebLayout.
import { layoutWithKept } from '../../core/layout/index';
import type { Scene } from '../../core/scene';
import { toWorkerError, type LayoutPayload, type WorkerRequest, type WorkerResponse } from '../../protocol/workerMessages';
import { loadElkQuietly } from './inThreadLayout';

/** The parts of a web worker's global scope this file uses (the extension's types have no DOM). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as WorkerScope;
// elkjs would make itself this worker's `onmessage` handler when its engine is first made here;
// loaded quietly it leaves the handler alone, and requests come through the listener below.
let elk: Promise<void> | undefined;

scope.addEventListener('message', (event) => {
  const request = event.data as Partial<WorkerRequest<LayoutPayload>> | null;
  if (typeof request !== 'object' || request === null || typeof request.id !== 'number') return;
  void answer(request.id, request);
});

async function answer(id: number, request: Partial<LayoutPayload>): Promise<void> {
  let response: WorkerResponse<Scene>;
  try {
    if (typeof request.model !== 'object' || request.model === null) throw new TypeError('the layout request has no diagram model');
    await (elk ??= loadElkQuietly());
    response = { id, value: await layoutWithKept(request.model, request.icons ?? {}, request.kept, request.options) };
  } catch (error) {
    response = { id, error: toWorkerError(error) };
  }
  scope.postMessage(response);
}

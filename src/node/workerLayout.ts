import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LayoutOptions } from '../core/layout';
import type { DiagramModel } from '../core/model';
import type { IconData, Scene } from '../core/scene';

/** A request to the layout worker; `id` matches it to its response. */
export interface LayoutRequest {
  id: number;
  model: DiagramModel;
  icons: Record<string, IconData | null>;
  options?: LayoutOptions;
}

/** The worker's answer to one request: a scene, or the message of the error it hit. */
export type LayoutResponse = { id: number; scene: Scene } | { id: number; error: string };

export interface LayoutWorker {
  /**
   * Lays the diagram out on the worker thread; resolves with the same scene `layoutDiagram`
   * gives in-thread. Rejects if the worker crashes or exits while the request is pending
   * (the next call starts a fresh worker), or once the worker is disposed.
   */
  layout(model: DiagramModel, icons: Record<string, IconData | null>, options?: LayoutOptions): Promise<Scene>;
  /** Terminates the worker and rejects pending requests; later calls to `layout` reject. */
  dispose(): Promise<void>;
}

/**
 * Where the bundled worker (`dist/layoutWorker.js`) is: next to the running bundle, or, when
 * running from sources (tsx), in the repository's `dist`.
 */
export function defaultLayoutWorkerPath(): string {
  // __filename rather than __dirname: tsx defines only the former when an ES module imports this file.
  const here = dirname(__filename);
  const beside = join(here, 'layoutWorker.js');
  return existsSync(beside) ? beside : resolve(here, '../../dist/layoutWorker.js');
}

/**
 * One persistent worker thread that runs `layoutDiagram`, so large layouts leave the calling
 * thread's event loop free. The worker starts on the first request, answers requests by id
 * (several may be in flight), and is restarted on the next request after a crash. While no
 * request is pending it does not keep the process alive.
 */
export function createLayoutWorker(options: { workerPath?: string } = {}): LayoutWorker {
  const workerPath = options.workerPath ?? defaultLayoutWorkerPath();
  const pending = new Map<number, { resolve: (scene: Scene) => void; reject: (error: Error) => void }>();
  let worker: Worker | undefined;
  let nextId = 1;
  let disposed = false;

  const failAll = (error: Error) => {
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(error);
  };

  const start = (): Worker => {
    const w = new Worker(workerPath);
    // A worker that died takes its pending requests with it; only the current one counts.
    const crashed = (error: Error) => {
      if (worker !== w) return;
      worker = undefined;
      void w.terminate();
      failAll(error);
    };
    w.on('message', (response: LayoutResponse) => {
      const p = pending.get(response.id);
      if (!p) return;
      pending.delete(response.id);
      if (pending.size === 0) w.unref();
      if ('scene' in response) p.resolve(response.scene);
      else p.reject(new Error(`layout failed in the worker: ${response.error}`));
    });
    w.on('error', (error: Error) => crashed(new Error(`layout worker crashed: ${error.message}`, { cause: error })));
    w.on('exit', (code: number) => crashed(new Error(`layout worker exited unexpectedly (exit code ${code})`)));
    return w;
  };

  return {
    layout(model, icons, layoutOptions) {
      if (disposed) return Promise.reject(new Error('layout worker is disposed'));
      const w = (worker ??= start());
      const id = nextId++;
      const request: LayoutRequest = layoutOptions === undefined ? { id, model, icons } : { id, model, icons, options: layoutOptions };
      return new Promise<Scene>((resolvePromise, rejectPromise) => {
        pending.set(id, { resolve: resolvePromise, reject: rejectPromise });
        w.ref();
        try {
          w.postMessage(request);
        } catch (error) {
          pending.delete(id);
          if (pending.size === 0) w.unref();
          rejectPromise(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    async dispose() {
      disposed = true;
      const w = worker;
      worker = undefined;
      failAll(new Error('layout worker disposed'));
      if (w) await w.terminate();
    },
  };
}

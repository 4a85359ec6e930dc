import type { LayoutOptions } from '../core/layout';
import type { DiagramModel } from '../core/model';
import type { IconData, Scene } from '../core/scene';
import { bundledWorkerPath, createWorkerClient } from './workerClient';

/** What the layout worker is asked (see layoutWorker.ts). */
export interface LayoutPayload {
  model: DiagramModel;
  icons: Record<string, IconData | null>;
  options?: LayoutOptions;
}

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

/** Where the bundled worker (`dist/layoutWorker.js`) is. */
export function defaultLayoutWorkerPath(): string {
  return bundledWorkerPath('layoutWorker.js');
}

/**
 * One persistent worker thread that runs `layoutDiagram`, so large layouts leave the calling
 * thread's event loop free, and the layout engine stays warm between requests.
 */
export function createLayoutWorker(options: { workerPath?: string } = {}): LayoutWorker {
  const client = createWorkerClient<LayoutPayload, Scene>({
    workerPath: options.workerPath ?? defaultLayoutWorkerPath(),
    name: 'layout worker',
    toError: (e) => new Error(`layout failed in the worker: ${e.stack ?? e.message}`),
  });
  return {
    layout: (model, icons, layoutOptions) => client.request(layoutOptions === undefined ? { model, icons } : { model, icons, options: layoutOptions }),
    dispose: () => client.dispose(),
  };
}

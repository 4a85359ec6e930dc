/**
 * What a layout engine on another thread and its caller say to each other, the same on both
 * runtimes: Node's worker threads (src/node/workerClient.ts) and the web worker of VS Code for
 * the Web (src/extension/web/webLayout.ts). Each request carries an id its answer repeats, so
 * answers are matched to requests whatever order they come back in. Plain structured-clone data.
 */
import type { LayoutOptions } from '../core/layout/index';
import type { DiagramModel } from '../core/model';
import type { IconData } from '../core/scene';

/** A request: the payload and the id its answer carries. */
export type WorkerRequest<Payload> = Payload & { id: number };

/** An error as it crosses threads (an `Error` itself does not keep its class on the way). */
export interface WorkerError {
  name: string;
  message: string;
  stack?: string;
}

/** What a worker posts back for the request with the same `id`: a value or an error. */
export type WorkerResponse<Result> = { id: number; value: Result } | { id: number; error: WorkerError };

/** What a layout worker is asked: `layoutDiagram`'s arguments. */
export interface LayoutPayload {
  model: DiagramModel;
  icons: Record<string, IconData | null>;
  options?: LayoutOptions;
}

/** `error` as a {@link WorkerError}: what is thrown need not be an `Error`. */
export function toWorkerError(error: unknown): WorkerError {
  const e = error instanceof Error ? error : new Error(String(error));
  return { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) };
}

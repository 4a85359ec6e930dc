import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Worker, type Transferable } from 'node:worker_threads';

/** What a worker posts back for the request with the same `id` (see serveRequests). */
export type WorkerResponse<Result> = { id: number; value: Result } | { id: number; error: { name: string; message: string; stack?: string } };

export interface WorkerClient<Payload, Result> {
  /**
   * Sends `payload` to the worker thread and resolves with its answer. Rejects with the
   * worker's error (see `toError`), if the worker crashes or exits while the request is
   * pending (the next call starts a fresh worker), or once the client is disposed.
   */
  request(payload: Payload): Promise<Result>;
  /** Whether a worker thread is up: from the first request until it idles out, crashes or is disposed. */
  readonly running: boolean;
  /** Terminates the worker and rejects pending requests; later requests reject. */
  dispose(): Promise<void>;
}

export interface WorkerClientOptions {
  /** The bundled worker script. */
  workerPath: string;
  /** How errors name the worker, e.g. `layout worker`. */
  name: string;
  /** Terminate the worker once nothing has been pending this long; by default it lives on. */
  idleMs?: number;
  /** The rejection for an error the worker reported; by default the same class and message. */
  toError?: (error: { name: string; message: string; stack?: string }) => Error;
}

/**
 * Where a bundled worker script is: next to the running bundle, or, when running from
 * sources (tsx), in the repository's `dist`.
 */
export function bundledWorkerPath(file: string): string {
  // __filename rather than __dirname: tsx defines only the former when an ES module imports this file.
  const here = dirname(__filename);
  const beside = join(here, file);
  return existsSync(beside) ? beside : resolve(here, '../../dist', file);
}

/**
 * One worker thread answering requests by id (several may be in flight), so heavy work
 * leaves the calling thread's event loop free. The worker starts on the first request and
 * is restarted on the next request after a crash; while no request is pending neither the
 * worker nor its idle timer keeps the process alive.
 */
export function createWorkerClient<Payload extends object, Result>(options: WorkerClientOptions): WorkerClient<Payload, Result> {
  const { workerPath, name, idleMs } = options;
  const toError = options.toError ?? sameError;
  const pending = new Map<number, { resolve: (value: Result) => void; reject: (error: Error) => void }>();
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let disposed = false;

  const failAll = (error: Error) => {
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(error);
  };

  const stopIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  // The worker's exit must not read as a crash: it stops being the current one first.
  const stop = (w: Worker) => {
    if (worker === w) worker = undefined;
    stopIdleTimer();
    return w.terminate();
  };

  const settled = (w: Worker) => {
    if (pending.size > 0) return;
    w.unref();
    if (idleMs === undefined) return;
    stopIdleTimer();
    idleTimer = setTimeout(() => void stop(w), idleMs);
    idleTimer.unref();
  };

  const start = (): Worker => {
    const w = new Worker(workerPath);
    // A worker that died takes its pending requests with it; only the current one counts.
    const crashed = (error: Error) => {
      if (worker !== w) return;
      void stop(w);
      failAll(error);
    };
    w.on('message', (response: WorkerResponse<Result>) => {
      const p = pending.get(response.id);
      if (!p) return;
      pending.delete(response.id);
      settled(w);
      if ('value' in response) p.resolve(response.value);
      else p.reject(toError(response.error));
    });
    w.on('error', (error: Error) => crashed(new Error(`${name} crashed: ${error.message}`, { cause: error })));
    w.on('exit', (code: number) => crashed(new Error(`${name} exited unexpectedly (exit code ${code})`)));
    return w;
  };

  return {
    request(payload) {
      if (disposed) return Promise.reject(new Error(`${name} is disposed`));
      stopIdleTimer();
      const w = (worker ??= start());
      const id = nextId++;
      return new Promise<Result>((resolvePromise, rejectPromise) => {
        pending.set(id, { resolve: resolvePromise, reject: rejectPromise });
        w.ref();
        try {
          w.postMessage({ ...payload, id });
        } catch (error) {
          pending.delete(id);
          settled(w);
          rejectPromise(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    get running() {
      return worker !== undefined;
    },
    async dispose() {
      disposed = true;
      const w = worker;
      stopIdleTimer();
      worker = undefined;
      failAll(new Error(`${name} disposed`));
      if (w) await w.terminate();
    },
  };
}

function sameError({ name, message }: { name: string; message: string }): Error {
  const ErrorClass = name === 'RangeError' ? RangeError : name === 'TypeError' ? TypeError : Error;
  return new ErrorClass(message);
}

/**
 * The worker side: answers each request (`{ id, ...payload }`) with `handle(payload)`'s
 * value or error under the same id. `transferOf` names buffers of the value that may move
 * instead of being copied; where one cannot move (Node 22+ refuses external memory, such
 * as a native addon's buffer), the value is copied instead.
 */
export function serveRequests<Payload, Result>(
  port: { on(event: 'message', listener: (message: Payload & { id: number }) => void): unknown; postMessage(message: unknown, transfer?: Transferable[]): void },
  handle: (payload: Payload) => Promise<Result>,
  transferOf: (value: Result) => Transferable[] = () => [],
): void {
  port.on('message', (message) => {
    const { id } = message;
    handle(message).then(
      (value) => {
        const response: WorkerResponse<Result> = { id, value };
        try {
          port.postMessage(response, transferOf(value));
        } catch {
          port.postMessage(response);
        }
      },
      (error: unknown) => {
        const e = error instanceof Error ? error : new Error(String(error));
        const response: WorkerResponse<Result> = { id, error: { name: e.name, message: e.message, ...(e.stack ? { stack: e.stack } : {}) } };
        port.postMessage(response);
      },
    );
  });
}

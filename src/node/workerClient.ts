import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Worker, type Transferable } from 'node:worker_threads';
import { toWorkerError, type WorkerRequest, type WorkerResponse } from '../protocol/workerMessages';

export type { WorkerResponse } from '../protocol/workerMessages';

/** How long one request may take, and a signal that cancels it. */
export interface RequestLimits {
  /** Past this many ms the request rejects with a {@link WorkerTimeoutError}. */
  timeoutMs?: number;
  /** Aborting rejects the request with the signal's reason. */
  signal?: AbortSignal;
}

/** A request stopped because it ran past its `timeoutMs`. */
export class WorkerTimeoutError extends Error {
  constructor(
    readonly timeoutMs: number,
    name: string,
  ) {
    super(`${name} stopped after ${timeoutMs / 1000} s`);
    this.name = 'WorkerTimeoutError';
  }
}

/**
 * The worker thread died while requests were pending: it crashed, ran out of memory (see
 * `resourceLimits`) or was terminated from outside. The next request starts a fresh thread.
 */
export class WorkerCrashedError extends Error {
  constructor(
    readonly workerName: string,
    readonly reason: 'out-of-memory' | 'crashed' | 'exited',
    detail: string,
    options?: ErrorOptions,
  ) {
    const what = reason === 'out-of-memory' ? `ran out of memory: ${detail}` : reason === 'crashed' ? `crashed: ${detail}` : `exited unexpectedly (${detail})`;
    super(`${workerName} ${what}; the next request starts a fresh one`, options);
    this.name = 'WorkerCrashedError';
  }
}

/**
 * Told what happens to the threads, for tests and benchmarks that must see work stop (a
 * cancelled request terminates its thread) rather than guess it from timings.
 */
export interface WorkerObserver {
  /** A thread was started (the first request, or the first after a crash or cancel). */
  started?(thread: Worker): void;
  /** A pending request was cancelled (aborted or timed out) and its thread is being terminated. */
  cancelled?(reason: Error): void;
  /** A thread died with requests pending; they reject with `error`. */
  crashed?(error: WorkerCrashedError): void;
  /** The standby thread finished its warm-up (see {@link WorkerClient.warmStandby}). */
  standbyWarm?(): void;
  /** The warm standby took over from a thread stopped for a cancelled request. */
  tookOver?(): void;
}

export interface WorkerClient<Payload, Result> {
  /**
   * Sends `payload` to the worker thread and resolves with its answer. Rejects with the
   * worker's error (see `toError`), if the worker crashes or exits while the request is
   * pending (the next call starts a fresh worker), or once the client is disposed. A request
   * that times out or is aborted stops the worker at once (a thread busy with synchronous work
   * cannot be interrupted otherwise); the other pending requests are sent again to a fresh one.
   */
  request(payload: Payload, limits?: RequestLimits): Promise<Result>;
  /**
   * Starts a second thread, the standby, and has it answer `payload` once and throw the answer
   * away: the warm-up compiles the hot code the way the real work does. When a request is then
   * cancelled (its thread must be stopped), the warm standby takes the stopped thread's place
   * instead of a cold thread, whose first answers run several times slower than a warm one's.
   * A no-op while a standby exists; it never keeps the process alive.
   */
  warmStandby(payload: Payload): void;
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
  /** The worker's call stack, in MB (Node's default is about 4): deep recursion in a library needs more. */
  stackSizeMb?: number;
  /** The worker's heap cap, in MB: past it the thread dies with a {@link WorkerCrashedError} instead of the process. */
  maxHeapMb?: number;
  observer?: WorkerObserver;
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
  type Pending = { payload: Payload; resolve: (value: Result) => void; reject: (error: Error) => void; done: () => void };
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  // A thread kept warm to replace one stopped for a cancel; `warm` once its warm-up answered.
  let standby: { thread: Worker; warm: boolean } | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let disposed = false;

  const failAll = (error: Error) => {
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) {
      p.done();
      p.reject(error);
    }
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
    const resourceLimits = { ...(options.stackSizeMb ? { stackSizeMb: options.stackSizeMb } : {}), ...(options.maxHeapMb ? { maxOldGenerationSizeMb: options.maxHeapMb } : {}) };
    const w = new Worker(workerPath, Object.keys(resourceLimits).length > 0 ? { resourceLimits } : {});
    // A worker that died takes its pending requests with it; only the current one counts.
    const crashed = (error: WorkerCrashedError) => {
      if (standby?.thread === w) standby = undefined;
      if (worker !== w) return;
      void stop(w);
      if (pending.size > 0) options.observer?.crashed?.(error);
      failAll(error);
    };
    w.on('message', (response: WorkerResponse<Result>) => {
      if (response.id === STANDBY_ID) return warmedUp(w, response);
      const p = pending.get(response.id);
      if (!p) return;
      pending.delete(response.id);
      p.done();
      settled(w);
      if ('value' in response) p.resolve(response.value);
      else p.reject(toError(response.error));
    });
    w.on('error', (error: Error & { code?: string }) =>
      crashed(new WorkerCrashedError(name, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : 'crashed', error.message, { cause: error })),
    );
    w.on('exit', (code: number) => crashed(new WorkerCrashedError(name, 'exited', `exit code ${code}`)));
    options.observer?.started?.(w);
    return w;
  };

  const warmedUp = (w: Worker, response: WorkerResponse<Result>) => {
    if (standby?.thread !== w) return;
    if ('error' in response) {
      standby = undefined;
      void w.terminate();
      return;
    }
    standby.warm = true;
    options.observer?.standbyWarm?.();
  };

  // The thread that replaces one stopped for a cancel: the warm standby when there is one.
  const replacement = (): Worker | undefined => {
    if (!standby?.warm) return undefined;
    const w = standby.thread;
    standby = undefined;
    options.observer?.tookOver?.();
    return w;
  };

  const post = (w: Worker, id: number, p: Pending) => {
    w.ref();
    try {
      w.postMessage({ ...p.payload, id });
    } catch (error) {
      pending.delete(id);
      p.done();
      settled(w);
      p.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  // Stops the busy worker for the sake of request `id`; the others start over on a fresh one.
  const cancel = (id: number, error: Error) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    p.done();
    p.reject(error);
    options.observer?.cancelled?.(error);
    if (worker) void stop(worker);
    if (disposed) return;
    const warm = replacement();
    if (warm) worker = warm;
    if (pending.size === 0) return;
    const fresh = (worker ??= start());
    for (const [otherId, other] of pending) post(fresh, otherId, other);
  };

  return {
    request(payload, limits = {}) {
      if (disposed) return Promise.reject(new Error(`${name} is disposed`));
      if (limits.signal?.aborted) return Promise.reject(abortReason(limits.signal));
      stopIdleTimer();
      const w = (worker ??= start());
      const id = nextId++;
      return new Promise<Result>((resolvePromise, rejectPromise) => {
        let timer: NodeJS.Timeout | undefined;
        const onAbort = () => cancel(id, abortReason(limits.signal!));
        const done = () => {
          clearTimeout(timer);
          limits.signal?.removeEventListener('abort', onAbort);
        };
        const p: Pending = { payload, resolve: resolvePromise, reject: rejectPromise, done };
        pending.set(id, p);
        if (limits.timeoutMs !== undefined) timer = setTimeout(() => cancel(id, new WorkerTimeoutError(limits.timeoutMs!, name)), limits.timeoutMs);
        limits.signal?.addEventListener('abort', onAbort, { once: true });
        post(w, id, p);
      });
    },
    warmStandby(payload) {
      if (disposed || standby) return;
      const w = start();
      standby = { thread: w, warm: false };
      w.unref();
      w.postMessage({ ...payload, id: STANDBY_ID });
    },
    get running() {
      return worker !== undefined;
    },
    async dispose() {
      disposed = true;
      const w = worker;
      const spare = standby?.thread;
      stopIdleTimer();
      worker = undefined;
      standby = undefined;
      failAll(new Error(`${name} disposed`));
      await Promise.all([w?.terminate(), spare?.terminate()]);
    },
  };
}

/** The id of a standby's warm-up request: real requests count up from 1. */
const STANDBY_ID = 0;

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');
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
  port: { on(event: 'message', listener: (message: WorkerRequest<Payload>) => void): unknown; postMessage(message: unknown, transfer?: Transferable[]): void },
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
        const response: WorkerResponse<Result> = { id, error: toWorkerError(error) };
        port.postMessage(response);
      },
    );
  });
}

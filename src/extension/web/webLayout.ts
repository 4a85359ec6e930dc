import type { DiagramLayout } from '../../core/layout/layoutFile';
import type { CandidateChoice } from '../../core/layout/candidates';
import type { DiagramModel } from '../../core/model';
import type { IconData, Scene } from '../../core/scene';
import type { LayoutPayload, WorkerResponse } from '../../protocol/workerMessages';
import type { LayoutEngine } from '../documents/diagramService';
import { createInThreadLayout } from './inThreadLayout';

/** The parts of a web `Worker` used here (the extension's types have no DOM). */
export interface WebWorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: { data?: unknown; message?: unknown }) => void): void;
  terminate(): void;
}

export interface WebLayoutOptions {
  /** The worker bundle (dist/web/layoutWorker.js), as a URL the host's `Worker` accepts. */
  workerUrl: string;
  /** Gets the one line that says why layout left the worker for this thread. */
  log: { info(message: string): void };
  /** Starts the worker; the host's `Worker` by default. */
  createWorker?: (url: string) => WebWorkerLike;
  /** The engine on this thread when no worker can run; createInThreadLayout by default. */
  inThread?: () => LayoutEngine;
}

export interface WebLayoutEngine extends LayoutEngine {
  /**
   * Lays the diagram out, in the worker or, once it could not run, on this thread: the same
   * scene either way. Given `document`, a layout of that document still waiting for its turn
   * is dropped (it rejects with a {@link LayoutSupersededError}): only the newest one runs.
   */
  layout(model: DiagramModel, icons: Record<string, IconData | null>, request?: { document?: string }, limits?: { kept?: DiagramLayout; candidates?: CandidateChoice }): Promise<Scene>;
  /** Where layouts run: nowhere yet, in the web worker, or on this thread after a fallback. */
  readonly where: 'not started' | 'worker' | 'thread';
}

/** A layout dropped because a newer one of the same document came before its turn. */
export class LayoutSupersededError extends Error {
  constructor(readonly document: string) {
    super(`the layout of ${document} was superseded by a newer one`);
    this.name = 'LayoutSupersededError';
  }
}

/** Runs one layout at a time: the worker, or the same-thread engine. */
type Runner = (payload: LayoutPayload) => Promise<Scene>;

interface Job {
  payload: LayoutPayload;
  document?: string;
  resolve(scene: Scene): void;
  reject(error: Error): void;
}

/**
 * Layout for VS Code for the Web: in a web worker where the host allows one (vscode.dev and
 * github.dev let an extension start a worker from its own files), so a large layout never
 * holds up the extension host; where it does not (code-server's web worker host refuses
 * `new Worker`, a page's CSP may forbid it, the script may fail to load), once and for good
 * on this thread (createInThreadLayout), with one log line saying why. One layout goes to the
 * worker at a time, so a newer request of a document can still replace an older one that has
 * not started. A worker that fails after it has answered is started afresh on the next
 * request; its request in hand rejects.
 */
export function createWebLayout(options: WebLayoutOptions): WebLayoutEngine {
  const waiting: Job[] = [];
  let busy = false;
  let disposed = false;
  let where: WebLayoutEngine['where'] = 'not started';
  let inThread: LayoutEngine | undefined;
  let worker: { handle: WebWorkerLike; answered: boolean; current?: { id: number; job: Job } } | undefined;
  let nextId = 1;

  const onThread = (): LayoutEngine => (inThread ??= (options.inThread ?? createInThreadLayout)());

  const fallBack = (why: string) => {
    if (where === 'thread') return;
    where = 'thread';
    options.log.info(`layout runs on the extension host's thread: ${why}`);
  };

  const runOnThread: Runner = (payload) =>
    onThread().layout(payload.model, payload.icons, undefined, { ...(payload.kept ? { kept: payload.kept } : {}), ...(payload.options?.candidates ? { candidates: payload.options.candidates } : {}) });

  const startWorker = (): typeof worker => {
    const make = options.createWorker ?? hostWorker;
    let handle: WebWorkerLike;
    try {
      handle = make(options.workerUrl);
    } catch (error) {
      fallBack(`the host refused a layout worker (${describe(error)})`);
      return undefined;
    }
    const w: NonNullable<typeof worker> = { handle, answered: false };
    handle.addEventListener('message', (event) => {
      const response = event.data as WorkerResponse<Scene> | undefined;
      const current = w.current;
      if (!current || response?.id !== current.id) return;
      w.answered = true;
      w.current = undefined;
      if ('value' in response) current.job.resolve(response.value);
      else current.job.reject(Object.assign(new Error(`layout failed in the web worker: ${response.error.message}`), { name: response.error.name }));
      next();
    });
    const failed = (why: string) => {
      if (worker !== w) return;
      worker = undefined;
      handle.terminate();
      const current = w.current;
      w.current = undefined;
      if (!w.answered) {
        // It never worked: this host will not run it, so the request in hand runs here.
        fallBack(`the layout worker did not start (${why})`);
        if (current) void runOnThread(current.job.payload).then(current.job.resolve, current.job.reject).finally(next);
        else next();
        return;
      }
      current?.job.reject(new Error(`the layout worker failed: ${why}`));
      next();
    };
    handle.addEventListener('error', (event) => failed(typeof event.message === 'string' && event.message ? event.message : 'its script failed to load or threw'));
    handle.addEventListener('messageerror', () => failed('an answer could not be read'));
    where = 'worker';
    return w;
  };

  const run = (job: Job) => {
    if (where !== 'thread' && !worker) worker = startWorker();
    if (!worker) {
      void runOnThread(job.payload).then(job.resolve, job.reject).finally(next);
      return;
    }
    const id = nextId++;
    worker.current = { id, job };
    try {
      worker.handle.postMessage({ ...job.payload, id });
    } catch (error) {
      worker.current = undefined;
      job.reject(error instanceof Error ? error : new Error(String(error)));
      next();
    }
  };

  function next(): void {
    busy = false;
    const job = waiting.shift();
    if (!job || disposed) return;
    busy = true;
    run(job);
  }

  return {
    get where() {
      return where;
    },
    layout(model, icons, request = {}, limits = {}) {
      if (disposed) return Promise.reject(new Error('the layout engine was disposed'));
      return new Promise<Scene>((resolve, reject) => {
        const { document } = request;
        if (document !== undefined) {
          for (let i = waiting.length - 1; i >= 0; i--) {
            if (waiting[i].document !== document) continue;
            waiting.splice(i, 1)[0].reject(new LayoutSupersededError(document));
          }
        }
        const payload: LayoutPayload = { model, icons, ...(limits.kept ? { kept: limits.kept } : {}), ...(limits.candidates ? { options: { candidates: limits.candidates } } : {}) };
        waiting.push({ payload, document, resolve, reject });
        if (!busy) next();
      });
    },
    dispose() {
      disposed = true;
      const error = new Error('the layout engine was disposed');
      for (const job of waiting.splice(0)) job.reject(error);
      const current = worker?.current;
      worker?.handle.terminate();
      worker = undefined;
      current?.job.reject(error);
      return inThread?.dispose();
    },
  };
}

function hostWorker(url: string): WebWorkerLike {
  const WorkerClass = (globalThis as { Worker?: new (url: string) => WebWorkerLike }).Worker;
  if (!WorkerClass) throw new Error('this host has no Worker');
  return new WorkerClass(url);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

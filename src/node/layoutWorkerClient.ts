import type { LayoutOptions } from '../core/layout';
import type { CandidateChoice } from '../core/layout/candidates';
import type { DiagramLayout } from '../core/layout/layoutFile';
import type { DiagramModel } from '../core/model';
import type { IconData, Scene } from '../core/scene';
import type { LayoutPayload } from '../protocol/workerMessages';
import { SLOW_LAYOUT_MS } from './layoutRuns';
import { bundledWorkerPath, createWorkerClient, WorkerTimeoutError, type WorkerObserver } from './workerClient';

export { WorkerCrashedError, type WorkerObserver } from './workerClient';

export type { LayoutPayload } from '../protocol/workerMessages';

/** How one layout runs: a signal that stops it, the positions of a layout file to keep, how many candidates to weigh. */
export interface LayoutRunOptions {
  signal?: AbortSignal;
  /** Kept as `layoutWithKept` keeps them; without it, a fresh layout. */
  kept?: DiagramLayout;
  /** `LayoutOptions.candidates`, for callers that set no other layout option. */
  candidates?: CandidateChoice;
}

export interface LayoutWorker {
  /**
   * Lays the diagram out on the worker thread; resolves with the same scene `layoutDiagram`
   * gives in-thread. Rejects if the worker crashes or exits while the request is pending
   * (a {@link WorkerCrashedError}; the next call starts a fresh worker), once the worker is disposed, with a
   * {@link LayoutTimeoutError} when it takes longer than the time limit, and with the
   * signal's reason when `signal` aborts (the worker is then stopped and restarted).
   */
  layout(model: DiagramModel, icons: Record<string, IconData | null>, options?: LayoutOptions, limits?: LayoutRunOptions): Promise<Scene>;
  /** Terminates the worker and rejects pending requests; later calls to `layout` reject. */
  dispose(): Promise<void>;
}

/** How long one layout may take by default before it is stopped (see createLayoutWorker). */
export const DEFAULT_LAYOUT_TIME_LIMIT_MS = 30_000;

/**
 * The worker's stack, in MB: elkjs recurses once per hop of a long chain, and a chain of
 * 5,000 elements (the most a diagram may hold) needs more than the default 4 MB.
 */
const LAYOUT_STACK_MB = 32;

/**
 * How long after a slow layout the standby thread starts warming up: the drawing of that
 * layout goes first, and a one-off run (the CLI) has exited by then.
 */
const STANDBY_DELAY_MS = 1000;

/** A layout stopped because it took longer than its time limit. */
export class LayoutTimeoutError extends Error {
  constructor(readonly timeLimitMs: number) {
    super(`the layout took longer than ${timeLimitMs / 1000} s and was stopped; the diagram is too large or too dense to lay out in time`);
    this.name = 'LayoutTimeoutError';
  }
}

/** Where the bundled worker (`dist/layoutWorker.js`) is. */
export function defaultLayoutWorkerPath(): string {
  return bundledWorkerPath('layoutWorker.js');
}

/**
 * Persistent worker threads that run `layoutDiagram`, so large layouts leave the calling
 * thread's event loop free, and the layout engine stays warm between requests. With
 * `workers` above 1 (default 1) a layout goes to the thread with the fewest layouts in hand,
 * so one slow layout does not hold up another; a thread starts only once every running one
 * is busy. Each layout may take at most `timeLimitMs` (default
 * {@link DEFAULT_LAYOUT_TIME_LIMIT_MS}); a thread runs on a larger stack than the main thread,
 * so deep input that passes the language's limits (see DIAGRAM_LIMITS) lays out instead of
 * overflowing. Every thread gives the same scene for the same input.
 */
export function createLayoutWorker(
  options: {
    workerPath?: string;
    timeLimitMs?: number;
    workers?: number;
    /** Each thread's heap cap in MB: a layout past it fails with a WorkerCrashedError ('out-of-memory') and the thread is replaced. Default: Node's. */
    maxHeapMb?: number;
    /**
     * Keep a warm standby thread once a layout takes SLOW_LAYOUT_MS or more, so a stopped
     * stale layout is replaced by a warm thread (see WorkerClient.warmStandby). Costs one
     * more thread's memory and, after each slow layout that has none, one layout's work in
     * the background. Default: on for a single thread (the editor's preview), off for a pool.
     */
    standby?: boolean;
    observer?: WorkerObserver;
  } = {},
): LayoutWorker {
  const timeoutMs = options.timeLimitMs ?? DEFAULT_LAYOUT_TIME_LIMIT_MS;
  const count = options.workers ?? 1;
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`workers must be a whole number of at least 1, got ${count}`);
  const pool = Array.from({ length: count }, () => ({
    client: createWorkerClient<LayoutPayload, Scene>({
      workerPath: options.workerPath ?? defaultLayoutWorkerPath(),
      name: 'layout worker',
      stackSizeMb: LAYOUT_STACK_MB,
      maxHeapMb: options.maxHeapMb,
      observer: options.observer,
      toError: (e) => new Error(`layout failed in the worker: ${e.stack ?? e.message}`),
    }),
    inHand: 0,
  }));
  const standby = options.standby ?? count === 1;
  let standbyTimer: NodeJS.Timeout | undefined;
  const warmStandbyLater = (client: (typeof pool)[number]['client'], payload: LayoutPayload) => {
    clearTimeout(standbyTimer);
    standbyTimer = setTimeout(() => client.warmStandby(payload), STANDBY_DELAY_MS);
    standbyTimer.unref();
  };
  return {
    layout: async (model, icons, layoutOptions, limits) => {
      // The first of the least busy: a second thread starts only when the first is busy.
      const slot = pool.reduce((best, next) => (next.inHand < best.inHand ? next : best));
      slot.inHand++;
      try {
        const options = limits?.candidates ? { ...layoutOptions, candidates: limits.candidates } : layoutOptions;
        const payload: LayoutPayload = { model, icons, ...(options === undefined ? {} : { options }), ...(limits?.kept ? { kept: limits.kept } : {}) };
        const started = performance.now();
        const scene = await slot.client.request(payload, { timeoutMs, signal: limits?.signal });
        if (standby && performance.now() - started >= SLOW_LAYOUT_MS) warmStandbyLater(slot.client, payload);
        return scene;
      } catch (error) {
        throw error instanceof WorkerTimeoutError ? new LayoutTimeoutError(timeoutMs) : error;
      } finally {
        slot.inHand--;
      }
    },
    dispose: async () => {
      clearTimeout(standbyTimer);
      await Promise.all(pool.map((slot) => slot.client.dispose()));
    },
  };
}

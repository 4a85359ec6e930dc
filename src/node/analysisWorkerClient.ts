import type { AnalysisPayload, TextAnalysis } from '../protocol/workerMessages';
import { bundledWorkerPath, createWorkerClient, WorkerTimeoutError } from './workerClient';

export type { AnalysisPayload, TextAnalysis } from '../protocol/workerMessages';

/** Analyses text: `analyzeText` in-thread, or an analysis worker's `analyze` (see createAnalysisWorker). */
export type AnalyzeFunction = (text: string) => Promise<TextAnalysis>;

export interface AnalysisWorker {
  /**
   * Parses and counts `text` on the worker thread, with the bundled icon catalog; resolves
   * with the diagnostics and counts `analyzeText` gives in-thread. Rejects if the worker
   * crashes, once it is disposed, and with an error naming the time limit when one
   * analysis runs past it (the worker is then stopped; the next call starts a fresh one).
   */
  analyze: AnalyzeFunction;
  /** Terminates the worker and rejects pending requests; later calls reject. */
  dispose(): Promise<void>;
}

/** Where the bundled worker (`dist/analysisWorker.js`) is. */
export function defaultAnalysisWorkerPath(): string {
  return bundledWorkerPath('analysisWorker.js');
}

/** How long one analysis may take: the largest accepted text (1 MiB) parses in about a second. */
export const DEFAULT_ANALYSIS_TIME_LIMIT_MS = 30_000;

/** A worker with nothing to do ends after this long; the icon index is read again by the next. */
const ANALYSIS_IDLE_MS = 60_000;

/**
 * A worker thread that parses diagram text, so checking a large text (up to a second of CPU
 * for 1 MiB) leaves the calling thread free to answer other requests meanwhile.
 */
export function createAnalysisWorker(options: { workerPath?: string; timeLimitMs?: number } = {}): AnalysisWorker {
  const timeoutMs = options.timeLimitMs ?? DEFAULT_ANALYSIS_TIME_LIMIT_MS;
  const client = createWorkerClient<AnalysisPayload, TextAnalysis>({
    workerPath: options.workerPath ?? defaultAnalysisWorkerPath(),
    name: 'analysis worker',
    idleMs: ANALYSIS_IDLE_MS,
    toError: (e) => new Error(`the check failed in the worker: ${e.stack ?? e.message}`),
  });
  return {
    analyze: (text) =>
      client.request({ text }, { timeoutMs }).catch((error: unknown) => {
        throw error instanceof WorkerTimeoutError ? new Error(`the check took longer than ${timeoutMs / 1000} s and was stopped`) : error;
      }),
    dispose: () => client.dispose(),
  };
}

import type { LayoutFunction } from '../node/diagramPipeline';
import { createLayoutWorker, LayoutTimeoutError } from '../node/layoutWorkerClient';

/**
 * Runs `work` with a layout on a worker thread: its larger stack lays out deep diagrams the
 * main thread's would overflow on, and a layout past `timeLimitMs` is stopped (rejecting
 * with a LayoutTimeoutError). The worker is ended when `work` settles.
 */
export async function withLayoutWorker<T>(timeLimitMs: number, work: (layout: LayoutFunction) => Promise<T>): Promise<T> {
  const worker = createLayoutWorker({ timeLimitMs });
  try {
    return await work(worker.layout);
  } finally {
    await worker.dispose();
  }
}

/** What the CLI prints when a layout ran out of time, or undefined for any other error. */
export function layoutTimeoutMessage(error: unknown): string | undefined {
  if (!(error instanceof LayoutTimeoutError)) return undefined;
  return `archflow render: ${error.message}; split it, connect fewer pairs, or allow more time with --timeout SECONDS`;
}

import type { TaskQueue } from './fairQueue';

/**
 * Runs tasks one at a time, in the order they were queued. A task that throws or
 * rejects passes its failure to its own caller only; the next task starts regardless.
 */
export class SerialQueue implements TaskQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** How many tasks are queued or running. */
  get size(): number {
    return this.waiting;
  }

  /** Queues `task`; resolves or rejects with its outcome once it has run. */
  run<T>(task: () => Promise<T> | T): Promise<T> {
    this.waiting++;
    const result = this.tail.then(task);
    this.tail = result.then(
      () => this.waiting--,
      () => this.waiting--,
    );
    return result;
  }
}

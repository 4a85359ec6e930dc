/**
 * A one-producer, one-consumer queue exposed as an async iterable. Pushing never blocks:
 * events wait in memory until read, so a run goes on whether or not anyone listens. The
 * iterator ends after `close()` once every queued item has been read.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly queue: T[] = [];
  private waiting: ((r: IteratorResult<T>) => void) | undefined;
  private closed = false;
  private iterated = false;

  push(item: T): void {
    if (this.closed) return;
    const w = this.waiting;
    if (w) {
      this.waiting = undefined;
      w({ value: item, done: false });
    } else {
      this.queue.push(item);
    }
  }

  close(): void {
    this.closed = true;
    const w = this.waiting;
    this.waiting = undefined;
    w?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.iterated) throw new Error('The events of a run can be iterated only once.');
    this.iterated = true;
    return {
      next: () => {
        if (this.queue.length) return Promise.resolve({ value: this.queue.shift()!, done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.waiting = resolve));
      },
      return: () => {
        // A consumer that stops reading does not stop the run; it just stops listening.
        this.queue.length = 0;
        this.closed = true;
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}

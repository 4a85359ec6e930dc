/** Something that runs tasks handed to it: a {@link SerialQueue}, or one lane of a {@link FairQueue}. */
export interface TaskQueue {
  /** Resolves or rejects with `task`'s outcome once it has run. */
  run<T>(task: () => Promise<T> | T): Promise<T>;
}

interface Lane {
  tasks: Array<() => void>;
  running: boolean;
}

/**
 * Runs tasks from several lanes (one per client session), at most `concurrency` at once:
 * each lane runs its own tasks one at a time, in order, and when a slot frees the lanes
 * waiting take turns (round-robin), so one client's slow or many tasks never keep another
 * client's next task waiting behind all of them. A task that throws or rejects passes its
 * failure to its own caller only.
 */
export class FairQueue {
  /** Lanes with a task waiting and none running, in the order they take their turn. */
  private readonly turns: Lane[] = [];
  private active = 0;

  constructor(readonly concurrency = 1) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${concurrency}`);
  }

  /** A new lane: give each session its own. A lane without tasks holds nothing. */
  lane(): TaskQueue {
    const lane: Lane = { tasks: [], running: false };
    return {
      run: <T>(task: () => Promise<T> | T) =>
        new Promise<T>((resolve, reject) => {
          lane.tasks.push(() => {
            void (async () => task())().then(resolve, reject).finally(() => this.finished(lane));
          });
          if (!lane.running && lane.tasks.length === 1) this.turns.push(lane);
          this.startNext();
        }),
    };
  }

  private finished(lane: Lane): void {
    this.active--;
    lane.running = false;
    // Back of the line: the other lanes waiting go first.
    if (lane.tasks.length > 0) this.turns.push(lane);
    this.startNext();
  }

  private startNext(): void {
    while (this.active < this.concurrency && this.turns.length > 0) {
      const lane = this.turns.shift()!;
      const start = lane.tasks.shift()!;
      lane.running = true;
      this.active++;
      start();
    }
  }
}

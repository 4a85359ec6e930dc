/** Something that runs tasks handed to it: a {@link SerialQueue}, or one lane of a {@link FairQueue}. */
export interface TaskQueue {
  /** Resolves or rejects with `task`'s outcome once it has run. */
  run<T>(task: () => Promise<T> | T): Promise<T>;
}

/**
 * A task refused because the queue is full: its lane (one client) already has `limit` tasks
 * queued or running (`scope` 'lane'), or `limit` tasks of all lanes are waiting ('queue').
 */
export class QueueFullError extends Error {
  constructor(
    readonly scope: 'lane' | 'queue',
    readonly limit: number,
  ) {
    super(scope === 'lane' ? `this client already has ${limit} renders queued or running` : `${limit} renders are already waiting`);
    this.name = 'QueueFullError';
  }
}

export interface FairQueueLimits {
  /** Tasks one lane may have queued or running; more are refused with a QueueFullError. Default: no limit. */
  perLane?: number;
  /** Tasks of all lanes that may wait for a slot; more are refused with a QueueFullError. Default: no limit. */
  waiting?: number;
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
  private queued = 0;
  readonly perLane: number;
  readonly maxWaiting: number;

  constructor(
    readonly concurrency = 1,
    limits: FairQueueLimits = {},
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${concurrency}`);
    this.perLane = atLeastOne('perLane', limits.perLane);
    this.maxWaiting = atLeastOne('waiting', limits.waiting);
  }

  /** Tasks waiting for a slot, all lanes together. */
  get waiting(): number {
    return this.queued;
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** A new lane: give each session its own. A lane without tasks holds nothing. */
  lane(): TaskQueue {
    const lane: Lane = { tasks: [], running: false };
    return {
      run: <T>(task: () => Promise<T> | T) =>
        new Promise<T>((resolve, reject) => {
          // Refused at once, not queued: a client that piles up renders would otherwise hold
          // everyone's memory and make every later caller wait out its backlog.
          if (lane.tasks.length + (lane.running ? 1 : 0) >= this.perLane) return reject(new QueueFullError('lane', this.perLane));
          if (this.queued >= this.maxWaiting && (lane.running || this.active >= this.concurrency)) return reject(new QueueFullError('queue', this.maxWaiting));
          this.queued++;
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
      this.queued--;
      lane.running = true;
      this.active++;
      start();
    }
  }
}

function atLeastOne(name: string, value: number | undefined): number {
  if (value === undefined) return Infinity;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of at least 1, got ${value}`);
  return value;
}

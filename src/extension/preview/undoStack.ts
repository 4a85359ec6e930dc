/**
 * Undo and redo of steps (the preview's actions), each made of one or more parts (a picture
 * edit and the layout file write it led to are one step): a new step clears what could be
 * redone, and only the newest `limit` steps are kept. Free of VS Code, so its order is unit-tested.
 */
export class UndoStack<T> {
  readonly #done: T[][] = [];
  readonly #undone: T[][] = [];

  constructor(private readonly limit = 100) {}

  get canUndo(): boolean {
    return this.#done.length > 0;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  /** Starts a step with `part`; the returned step can be given to {@link join} later. */
  push(part: T): readonly T[] {
    const step = [part];
    this.#done.push(step);
    if (this.#done.length > this.limit) this.#done.shift();
    this.#undone.length = 0;
    return step;
  }

  /**
   * Adds `part` to `step` while `step` is still the newest one that can be undone (a later
   * action, or an undo, came first: then `part` is a step of its own).
   */
  join(step: readonly T[], part: T): void {
    if (this.#done.at(-1) === step) {
      (step as T[]).push(part);
      this.#undone.length = 0;
    } else {
      this.push(part);
    }
  }

  /** The parts of the step to take back, newest part first (the step is now redoable), or undefined. */
  undo(): readonly T[] | undefined {
    const step = this.#done.pop();
    if (step === undefined) return undefined;
    this.#undone.push(step);
    return [...step].reverse();
  }

  /** The parts of the step to take again, in the order they were made (now undoable), or undefined. */
  redo(): readonly T[] | undefined {
    const step = this.#undone.pop();
    if (step === undefined) return undefined;
    this.#done.push(step);
    return [...step];
  }

  clear(): void {
    this.#done.length = 0;
    this.#undone.length = 0;
  }
}

/**
 * Undo and redo of steps (the preview's moves): a new step clears what could be redone, and
 * only the newest `limit` steps are kept. Free of VS Code, so its order is unit-tested.
 */
export class UndoStack<T> {
  readonly #done: T[] = [];
  readonly #undone: T[] = [];

  constructor(private readonly limit = 100) {}

  get canUndo(): boolean {
    return this.#done.length > 0;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  push(step: T): void {
    this.#done.push(step);
    if (this.#done.length > this.limit) this.#done.shift();
    this.#undone.length = 0;
  }

  /** The step to take back (now redoable), or undefined when there is none. */
  undo(): T | undefined {
    const step = this.#done.pop();
    if (step !== undefined) this.#undone.push(step);
    return step;
  }

  /** The step to take again (now undoable), or undefined when there is none. */
  redo(): T | undefined {
    const step = this.#undone.pop();
    if (step !== undefined) this.#done.push(step);
    return step;
  }

  clear(): void {
    this.#done.length = 0;
    this.#undone.length = 0;
  }
}

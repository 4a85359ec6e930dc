/**
 * A layout whose document has since changed: nobody will show it, so it was stopped (or
 * dropped before its turn). Callers that redraw the newest version treat it as "try again".
 */
export class StaleLayoutError extends Error {
  constructor(
    readonly document: string,
    readonly version: number,
  ) {
    super(`the layout of ${document} v${version} was stopped: the document changed`);
    this.name = 'StaleLayoutError';
  }
}

/**
 * Layouts taking at least this long are stopped when their document changes, and the preview
 * waits for a pause in typing before starting the next one. Below it a layout is cheaper to
 * finish than to stop: stopping ends the layout thread, and the next layout then pays for a
 * fresh thread and for loading ELK again (hundreds of ms).
 */
export const SLOW_LAYOUT_MS = 1000;

interface Run {
  version: number;
  controller: AbortController;
}

/**
 * Which layouts of each document are running, and how long the document's last one took:
 * when a newer version of a document whose layouts are slow appears, the layouts of older
 * versions are aborted (their signal fires with a {@link StaleLayoutError}), so a burst of
 * edits to a large diagram leaves one layout running, the newest, instead of finishing a
 * layout per edit. Free of VS Code, so the rule is unit-tested.
 */
export class LayoutRuns {
  readonly #running = new Map<string, Run[]>();
  readonly #lastMs = new Map<string, number>();

  constructor(
    private readonly slowMs = SLOW_LAYOUT_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Registers a layout of `version` of `document` about to start. Returns the signal to hand
   * the engine, and `done`, to call when it settles (successful layouts time the document).
   */
  start(document: string, version: number): { signal: AbortSignal; done(succeeded: boolean): void } {
    const run: Run = { version, controller: new AbortController() };
    let list = this.#running.get(document);
    if (!list) this.#running.set(document, (list = []));
    list.push(run);
    const started = this.now();
    return {
      signal: run.controller.signal,
      done: (succeeded) => {
        const runs = this.#running.get(document);
        const at = runs?.indexOf(run) ?? -1;
        if (at >= 0) runs!.splice(at, 1);
        if (runs?.length === 0) this.#running.delete(document);
        if (succeeded && !run.controller.signal.aborted) this.#lastMs.set(document, this.now() - started);
      },
    };
  }

  /**
   * `version` is now the newest of `document`: aborts its running layouts of older versions
   * when its layouts are slow (see {@link SLOW_LAYOUT_MS}). Returns how many were aborted.
   */
  supersede(document: string, version: number): number {
    if (!this.isSlow(document)) return 0;
    let aborted = 0;
    for (const run of this.#running.get(document) ?? []) {
      if (run.version >= version || run.controller.signal.aborted) continue;
      run.controller.abort(new StaleLayoutError(document, run.version));
      aborted++;
    }
    return aborted;
  }

  /** True when the document's last finished layout took at least the slow threshold. */
  isSlow(document: string): boolean {
    return (this.#lastMs.get(document) ?? 0) >= this.slowMs;
  }

  /** How many layouts of the document are running (for tests and traces). */
  runningCount(document: string): number {
    return this.#running.get(document)?.length ?? 0;
  }

  forget(document: string): void {
    this.#lastMs.delete(document);
  }
}

/** Something that can be released; the same shape as VS Code's `Disposable`. */
export interface Disposable {
  dispose(): void;
}

/** Subscribes a listener; dispose the result to unsubscribe. */
export type Event<T> = (listener: (event: T) => void) => Disposable;

/**
 * A minimal event source in the style of VS Code's `EventEmitter`, so the extension can hand
 * these events straight to its own disposables. A listener that throws never stops the others.
 */
export class Emitter<T> {
  private readonly listeners = new Set<(event: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(event: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A faulty listener must not break the manager or the other listeners.
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}

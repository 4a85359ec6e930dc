import type * as vscode from 'vscode';

/** Disposes every item, continuing past failures; the first error is rethrown at the end. */
export function disposeAll(items: Iterable<vscode.Disposable>): void {
  let first: unknown;
  for (const item of items) {
    try {
      item.dispose();
    } catch (err) {
      first ??= err;
    }
  }
  if (first !== undefined) throw first;
}

/**
 * Base class for objects that own disposables. Everything passed to `register` is
 * disposed exactly once, in reverse registration order, when the owner is disposed;
 * registering after disposal disposes the item at once instead of leaking it.
 */
export abstract class Disposable implements vscode.Disposable {
  #disposed = false;
  readonly #owned: vscode.Disposable[] = [];

  protected get isDisposed(): boolean {
    return this.#disposed;
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    disposeAll(this.#owned.splice(0).reverse());
  }

  protected register<T extends vscode.Disposable>(item: T): T {
    if (this.#disposed) item.dispose();
    else this.#owned.push(item);
    return item;
  }
}

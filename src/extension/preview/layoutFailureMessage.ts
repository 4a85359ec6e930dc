import * as vscode from 'vscode';
import type { LayoutTimeoutError, WorkerCrashedError } from '../../node/layoutWorkerClient';

/**
 * What the preview's banner says when a version could not be laid out. The layout thread's
 * own errors are written for logs, in English; the ones a user can act on (the thread died,
 * ran out of memory, or ran out of time) are said in the display language, with what to do.
 * Told apart by name, not class: the web extension shares the preview but not Node's threads.
 */
export function layoutFailureMessage(err: unknown): string {
  if (isNamed<WorkerCrashedError>(err, 'WorkerCrashedError')) {
    return err.reason === 'out-of-memory'
      ? vscode.l10n.t('The layout ran out of memory. A fresh layout thread draws the next edit; if it happens again, split the diagram into smaller ones.')
      : vscode.l10n.t('The layout thread stopped unexpectedly. A fresh layout thread draws the next edit.');
  }
  if (isNamed<LayoutTimeoutError>(err, 'LayoutTimeoutError')) {
    return vscode.l10n.t('The layout took longer than {0} s and was stopped: the diagram is too large or too dense to lay out in time.', err.timeLimitMs / 1000);
  }
  return err instanceof Error ? err.message : String(err);
}

function isNamed<T extends Error>(err: unknown, name: string): err is T {
  return err instanceof Error && err.name === name;
}

// Which palette a pending block waits for, and how soon it asks again for a file not written yet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { retryDelay, shownVariant } from '../../../webview/markdownPreview/fillPending';

const classes = (...names: string[]) => ({ contains: (n: string) => names.includes(n) });

test('the dark palette in dark and high-contrast dark themes, the light one otherwise', () => {
  assert.equal(shownVariant(classes('vscode-light')), 'light');
  assert.equal(shownVariant(classes('vscode-dark')), 'dark');
  assert.equal(shownVariant(classes('vscode-high-contrast')), 'dark');
  assert.equal(shownVariant(classes('vscode-high-contrast', 'vscode-high-contrast-light')), 'light');
  assert.equal(shownVariant(classes()), 'light');
});

test('a missing file is asked for again soon, then less often, never less often than retryMs', () => {
  const options = { firstRetryMs: 20, retryMs: 120 };
  assert.deepEqual([1, 2, 3, 4, 5, 10].map((a) => retryDelay(a, options)), [20, 40, 80, 120, 120, 120]);
});

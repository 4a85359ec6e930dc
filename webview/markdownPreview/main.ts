// Runs inside VS Code's Markdown preview (contributed through `markdown.previewScripts`).
// A diagram fence whose drawing was not ready when the preview rendered arrives as a
// pending block carrying where its SVG files will be written (data-archflow-files, see
// src/core/markdown/fenceHtml.ts). This script shows the drawing from those files as soon as
// they exist, so the page is never reloaded for it and no other block is touched. The files
// are the core renderer's SVG, shown as images: they cannot run script.
import { fillPendingBlock, type FillOptions } from './fillPending';

// A drawing is usually written by the time its block arrives, or moments later: ask again soon, then every 120 ms.
const options: FillOptions = { firstRetryMs: 20, retryMs: 120, giveUpMs: 60_000 };

function scan(): void {
  for (const block of document.querySelectorAll<HTMLElement>('.archflow-md-pending[data-archflow-files]')) fillPendingBlock(block, options);
}

// The preview inserts its first content after load and later ones with a DOM diff: watch the body.
let queued = false;
new MutationObserver(() => {
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    scan();
  });
}).observe(document.documentElement, { childList: true, subtree: true });
window.addEventListener('vscode.markdown.updateContent', scan);
scan();

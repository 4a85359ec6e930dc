// The webviews' side of the soak's counts, taken by the runner that drives the browser (it
// alone can reach the webviews' frames), when the extension host asks for them:
// - the host logs `[webview-probe] <label>` and waits for `<label>.json` in the folder that
//   ARCHFLOW_WEBVIEW_PROBE_DIR names (requestWebviewCounts);
// - the runner sees the line in the extension host's console, forces a garbage collection in
//   the browser and, in each frame's main execution context that holds an ArchFlow webview
//   (the preview, the chat: their config element names them), counts the event listeners on
//   `window` and `document` with DevTools' DOMDebugger.getEventListeners and reads the JS
//   heap, then writes the file (answerWebviewProbes). The webviews' frames share the page's
//   DevTools session here, so they are reached by execution context, not by a session each.
// No hook in the webviews: what is counted is what the browser itself holds. Listeners on
// other nodes go with their nodes, so window and document are where a forgotten one stays.
// The timers are the exception: the host asks the runner to install a counter of its own in
// each webview (`timers:install`, after the warm-up's counts) and to read it (`timers:read`);
// see webviewTimers.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { COUNTER, READ, type WebviewTimers } from './webviewTimers';

export interface WebviewCounts {
  /** Which webview: its config element names it (`preview`, `chat`). */
  kind: string;
  windowListeners: number;
  documentListeners: number;
  /** Listeners on document and every node under it (the React Flow tree's among them). */
  treeListeners: number;
  /** Elements in the document: a drawing left behind in the DOM shows here. */
  elements: number;
  /** performance.memory.usedJSHeapSize after the collection (the renderer's heap: frames of one site share it). */
  heapBytes?: number;
  /** Pending timers since the counter's install, when asked to read them; 'missing' when the counter is gone (the webview was reloaded or recreated). */
  timers?: WebviewTimers | 'missing';
}

export interface WebviewProbe {
  webviews: WebviewCounts[];
  /** Every frame of the workbench page: webviews and the chat's app frames, so a frame left behind shows. */
  frames: number;
}

const LINE = /\[webview-probe\] (\S+)(?: timers:(install|read))?/;

/** What the runner does with the webviews' timer counters after counting the rest (webviewTimers.ts). */
export type TimersAction = 'install' | 'read';

/** Extension host side: asks the runner to count, and waits for its answer; undefined when no runner counts (ARCHFLOW_WEBVIEW_PROBE_DIR unset). */
export async function requestWebviewCounts(label: string, timers?: TimersAction, timeoutMs = 60_000): Promise<WebviewProbe | undefined> {
  const dir = process.env.ARCHFLOW_WEBVIEW_PROBE_DIR;
  if (!dir) return undefined;
  const file = join(dir, `${label}.json`);
  console.log(`[webview-probe] ${label}${timers ? ` timers:${timers}` : ''}`);
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`the runner did not count the webviews for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const answer = JSON.parse(readFileSync(file, 'utf8')) as WebviewProbe | { error: string };
  if ('error' in answer) throw new Error(`the runner could not count the webviews for ${label}: ${answer.error}`);
  return answer;
}

/** Runner side: called with each line of the extension host's console; counts when asked. */
export function answerWebviewProbes(page: Page, dir: string): (line: string) => void {
  let queue = Promise.resolve();
  return (line) => {
    const [, label, timers] = LINE.exec(line) ?? [];
    if (!label) return;
    queue = queue.then(async () => {
      let probe: WebviewProbe | { error: string };
      try {
        probe = await probeWebviews(page, timers as TimersAction | undefined);
      } catch (err) {
        probe = { error: String(err) };
      }
      writeFileSync(join(dir, `${label}.json`), JSON.stringify(probe));
    });
  };
}

async function probeWebviews(page: Page, timers: TimersAction | undefined): Promise<WebviewProbe> {
  const webviews: WebviewCounts[] = [];
  // The page's session reaches every frame of its renderer (webviews included: their frames
  // share the page's session, with one execution context each); a frame out of process has
  // a session of its own, which is the only kind newCDPSession accepts for a frame.
  const sessions: CDPSession[] = [await page.context().newCDPSession(page)];
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    const own = await page
      .context()
      .newCDPSession(frame)
      .catch(() => undefined);
    if (own) sessions.push(own);
  }
  try {
    for (const cdp of sessions) {
      await cdp.send('HeapProfiler.collectGarbage');
      for (const contextId of await defaultContexts(cdp)) {
        const kind = await evaluate(cdp, contextId, `(document.querySelector('meta[id^="archflow-"][id$="-config"]') || {}).id`);
        if (typeof kind !== 'string') continue;
        const counts = await countIn(cdp, kind.replace(/^archflow-|-config$/g, ''), contextId);
        // After the counts, so the install is not counted in them.
        if (timers === 'install' && (await evaluate(cdp, contextId, COUNTER)) !== true) throw new Error(`the timer counter could not be installed in the ${counts.kind} webview`);
        if (timers === 'read') counts.timers = (await evaluate(cdp, contextId, READ)) as WebviewTimers | 'missing';
        webviews.push(counts);
      }
    }
    return { webviews, frames: page.frames().length };
  } finally {
    for (const cdp of sessions) await cdp.detach().catch(() => undefined);
  }
}

/** The main execution context of each frame this session reaches (the frames' worlds, not the extensions' or utility worlds). */
async function defaultContexts(cdp: CDPSession): Promise<number[]> {
  const contexts: number[] = [];
  const created = ({ context }: { context: { id: number; auxData?: unknown } }) => {
    if ((context.auxData as { isDefault?: boolean } | undefined)?.isDefault) contexts.push(context.id);
  };
  cdp.on('Runtime.executionContextCreated', created);
  // Enabling reports every existing context before it answers.
  await cdp.send('Runtime.enable');
  cdp.off('Runtime.executionContextCreated', created);
  return contexts;
}

async function evaluate(cdp: CDPSession, contextId: number, expression: string): Promise<unknown> {
  // A frame may go away between the listing and the question: it then counts as no webview.
  const answer = await cdp.send('Runtime.evaluate', { expression, contextId, returnByValue: true }).catch(() => undefined);
  return answer?.result.value;
}

async function countIn(cdp: CDPSession, kind: string, contextId: number): Promise<WebviewCounts> {
  /** depth -1: the node's own listeners and those of every node under it, shadow roots included. */
  const listenersOn = async (expression: string, depth?: -1) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression, contextId, objectGroup: 'webview-probe' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId!, ...(depth ? { depth, pierce: true } : {}) });
    return listeners.length;
  };
  try {
    const heap = await evaluate(cdp, contextId, 'performance.memory ? performance.memory.usedJSHeapSize : undefined');
    return {
      kind,
      windowListeners: await listenersOn('window'),
      documentListeners: await listenersOn('document'),
      treeListeners: await listenersOn('document', -1),
      elements: Number(await evaluate(cdp, contextId, "document.getElementsByTagName('*').length")),
      ...(typeof heap === 'number' ? { heapBytes: heap } : {}),
    };
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'webview-probe' });
  }
}

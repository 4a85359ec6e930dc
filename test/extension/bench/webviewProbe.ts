// The webviews' side of the soak's counts, taken by the runner that drives the browser (it
// alone can reach the webviews' frames), when the extension host asks for them:
// - the host logs `[webview-probe] <label>` and waits for `<label>.json` in the folder that
//   ARCHFLOW_WEBVIEW_PROBE_DIR names (requestWebviewCounts);
// - the runner sees the line in the extension host's console, forces a garbage collection in
//   the browser and, in each ArchFlow webview (the preview, the chat), counts the event
//   listeners on `window` and `document` with DevTools' DOMDebugger.getEventListeners and
//   reads the JS heap, then writes the file (answerWebviewProbes).
// No hook in the webviews: what is counted is what the browser itself holds. Listeners on
// other nodes go with their nodes, so window and document are where a forgotten one stays.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Frame, Page } from 'playwright-core';

export interface WebviewCounts {
  /** Which webview: its config element names it (`preview`, `chat`). */
  kind: string;
  windowListeners: number;
  documentListeners: number;
  /** performance.memory.usedJSHeapSize after the collection (the renderer's heap: frames of one site share it). */
  heapBytes?: number;
}

export interface WebviewProbe {
  webviews: WebviewCounts[];
  /** Every frame of the workbench page: webviews and the chat's app frames, so a frame left behind shows. */
  frames: number;
}

const LINE = /\[webview-probe\] (\S+)/;

/** Extension host side: asks the runner to count, and waits for its answer; undefined when no runner counts (ARCHFLOW_WEBVIEW_PROBE_DIR unset). */
export async function requestWebviewCounts(label: string, timeoutMs = 60_000): Promise<WebviewProbe | undefined> {
  const dir = process.env.ARCHFLOW_WEBVIEW_PROBE_DIR;
  if (!dir) return undefined;
  const file = join(dir, `${label}.json`);
  console.log(`[webview-probe] ${label}`);
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`the runner did not count the webviews for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as WebviewProbe;
}

/** Runner side: called with each line of the extension host's console; counts when asked. */
export function answerWebviewProbes(page: Page, dir: string): (line: string) => void {
  let queue = Promise.resolve();
  return (line) => {
    const label = LINE.exec(line)?.[1];
    if (!label) return;
    queue = queue.then(async () => {
      let probe: WebviewProbe | { error: string };
      try {
        probe = await probeWebviews(page);
      } catch (err) {
        probe = { error: String(err) };
      }
      writeFileSync(join(dir, `${label}.json`), JSON.stringify(probe));
    });
  };
}

async function probeWebviews(page: Page): Promise<WebviewProbe> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // Frames in the page's process answer through its session; a frame in a process of its own through one of its own.
    const contexts = await defaultContexts(cdp);
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const frameIds = new Map<string, string>();
    const walk = (node: typeof frameTree) => {
      frameIds.set(node.frame.url, node.frame.id);
      for (const child of node.childFrames ?? []) walk(child);
    };
    walk(frameTree);
    await cdp.send('HeapProfiler.collectGarbage');
    const webviews: WebviewCounts[] = [];
    for (const frame of page.frames()) {
      const kind = await frame.evaluate(() => document.querySelector('meta[id^="archflow-"][id$="-config"]')?.id.replace(/^archflow-|-config$/g, '')).catch(() => undefined);
      if (!kind) continue;
      const contextId = contexts.get(frameIds.get(frame.url()) ?? '');
      webviews.push(contextId !== undefined ? await countIn(cdp, kind, contextId) : await countInOwnProcess(page, frame, kind));
    }
    return { webviews, frames: page.frames().length };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Each frame's main execution context in this session, by frame id. */
async function defaultContexts(cdp: CDPSession): Promise<Map<string, number>> {
  const contexts = new Map<string, number>();
  cdp.on('Runtime.executionContextCreated', ({ context }) => {
    const aux = context.auxData as { frameId?: string; isDefault?: boolean } | undefined;
    if (aux?.isDefault && aux.frameId) contexts.set(aux.frameId, context.id);
  });
  // Enabling reports every existing context before it answers.
  await cdp.send('Runtime.enable');
  return contexts;
}

async function countInOwnProcess(page: Page, frame: Frame, kind: string): Promise<WebviewCounts> {
  const own = await page.context().newCDPSession(frame);
  try {
    await own.send('HeapProfiler.collectGarbage');
    return await countIn(own, kind);
  } finally {
    await own.detach().catch(() => undefined);
  }
}

async function countIn(cdp: CDPSession, kind: string, contextId?: number): Promise<WebviewCounts> {
  const listenersOn = async (expression: string) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression, ...(contextId !== undefined ? { contextId } : {}), objectGroup: 'webview-probe' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.length;
  };
  try {
    const { result: heap } = await cdp.send('Runtime.evaluate', {
      expression: 'performance.memory ? performance.memory.usedJSHeapSize : undefined',
      returnByValue: true,
      ...(contextId !== undefined ? { contextId } : {}),
    });
    return {
      kind,
      windowListeners: await listenersOn('window'),
      documentListeners: await listenersOn('document'),
      ...(typeof heap.value === 'number' ? { heapBytes: heap.value } : {}),
    };
  } finally {
    await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'webview-probe' });
  }
}

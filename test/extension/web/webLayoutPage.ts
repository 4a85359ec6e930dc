// The page side of webLayoutBrowser.test.ts, bundled for the browser: what the test calls in
// the page, with the real createWebLayout and the same-thread engine it falls back to.
import { parseDiagram } from '../../../src/core/language/index';
import type { DiagramModel } from '../../../src/core/model';
import type { Scene } from '../../../src/core/scene';
import { createInThreadLayout } from '../../../src/extension/web/inThreadLayout';
import { createWebLayout, type WebWorkerLike } from '../../../src/extension/web/webLayout';

type Outcome = { scene?: Scene; error?: { name: string; message: string } };

async function settle(promise: Promise<Scene>): Promise<Outcome> {
  try {
    return { scene: await promise };
  } catch (error) {
    const e = error as Error;
    return { error: { name: e.name, message: e.message } };
  }
}

const page = {
  /** Lays `texts` out through createWebLayout (all requested at once), and each on this thread. */
  async layout(workerUrl: string, texts: string[], options: { document?: string; refuse?: string } = {}) {
    const logs: string[] = [];
    const engine = createWebLayout({
      workerUrl,
      log: { info: (line) => logs.push(line) },
      ...(options.refuse
        ? {
            createWorker: (): WebWorkerLike => {
              throw new Error(options.refuse);
            },
          }
        : {}),
    });
    const models = texts.map((text) => parseDiagram(text).model);
    const outcomes = await Promise.all(models.map((model) => settle(engine.layout(model, {}, { document: options.document }))));
    const where = engine.where;
    await engine.dispose();
    const inThread = createInThreadLayout();
    const expected = await Promise.all(models.map((model) => inThread.layout(model, {})));
    await inThread.dispose();
    return { outcomes, expected, where, logs };
  },
  /** A model the parser could never make, through createWebLayout. */
  async layoutBroken(workerUrl: string) {
    const logs: string[] = [];
    const engine = createWebLayout({ workerUrl, log: { info: (line) => logs.push(line) } });
    const broken = { direction: 'right', theme: 'light', elements: 5, roots: 'x', connections: null } as unknown as DiagramModel;
    const outcome = await settle(engine.layout(broken, {}));
    const where = engine.where;
    // The worker still serves after a bad request.
    const after = await settle(engine.layout(parseDiagram('diagram "T"\na = rectangle "A"\n').model, {}));
    await engine.dispose();
    return { outcome, after: after.scene ? after.scene.nodes.length : after.error, where, logs };
  },
  /** The worker protocol itself: what one raw request gets back. */
  raw(workerUrl: string, message: unknown): Promise<unknown> {
    return new Promise((resolve) => {
      const worker = new Worker(workerUrl);
      worker.addEventListener('message', (event) => {
        worker.terminate();
        resolve(event.data);
      });
      worker.addEventListener('error', (event) => resolve({ workerError: event.message }));
      worker.postMessage(message);
    });
  },
};

(globalThis as { archflowWebLayout?: typeof page }).archflowWebLayout = page;

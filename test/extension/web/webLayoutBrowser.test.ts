// The web layout worker in a real browser (Debian's Chromium): the worker bundle built as
// esbuild.mjs builds dist/web/layoutWorker.js, served over HTTP with a page that runs the real
// createWebLayout. The worker gives the same scene as the same-thread engine, a bad request
// an error (and the worker keeps serving), and a refused worker the same-thread fallback with
// one log line saying why.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { parseDiagram } from '../../../src/core/language/index';
import { layoutDiagram } from '../../../src/core/layout/index';
import { launchChromium } from '../../harness/browser';

const T = { timeout: 120_000 };
const root = join(__dirname, '..', '..', '..');
const TEXT = 'diagram "Shop"\nweb = rectangle "Web"\napi = rounded "API"\ndb = cylinder "Orders DB"\nweb -> api "HTTPS"\napi -> db "SQL"\n';
const OTHER = 'diagram "Other"\ndirection down\nq = queue "Jobs"\nw = rectangle "Worker"\nq -> w\n';
const FALLBACK = /^layout runs on the extension host's thread: /;

let browser: Browser;
let server: Server;
let origin = '';
const files = new Map<string, string>();

async function bundle(entry: string, options: esbuild.BuildOptions): Promise<string> {
  const result = await esbuild.build({ entryPoints: [join(root, entry)], absWorkingDir: root, bundle: true, write: false, platform: 'browser', target: 'es2022', format: 'iife', logLevel: 'silent', outdir: join(root, 'out/webLayoutTest'), ...options });
  return result.outputFiles!.find((f) => f.path.endsWith('.js'))!.text;
}

before(async () => {
  // The worker exactly as esbuild.mjs bundles it: a classic script that requires nothing.
  const worker = await bundle('src/extension/web/webLayoutWorkerMain.ts', {});
  assert.deepEqual([...worker.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]), []);
  files.set('/layoutWorker.js', worker);
  files.set('/page.js', await bundle('test/extension/web/webLayoutPage.ts', { define: { ARCHFLOW_VERSION: '"0.0.0"' } }));
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const js = files.get(url.pathname);
    if (js) return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js);
    if (url.pathname === '/' || url.pathname === '/refused') {
      // /refused is a page whose policy forbids workers: a host that will not start one.
      const csp = `default-src 'none'; script-src 'self'; worker-src ${url.pathname === '/refused' ? "'none'" : "'self'"}`;
      return void res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': csp }).end('<!DOCTYPE html><title>web layout</title><script src="/page.js"></script>');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => 'archflowWebLayout' in globalThis);
  return page;
}

/** What webLayoutPage.ts puts on the page (its answers as they cross into the test). */
type PageApi = {
  layout(workerUrl: string, texts: string[], options?: { document?: string; refuse?: string }): Promise<{ outcomes: Array<{ scene?: unknown; error?: { name: string; message: string } }>; expected: unknown[]; where: string; logs: string[] }>;
  layoutBroken(workerUrl: string): Promise<{ outcome: { scene?: unknown; error?: { name: string; message: string } }; after: unknown; where: string; logs: string[] }>;
  raw(workerUrl: string, message: unknown): Promise<unknown>;
};

function api(page: Page) {
  return {
    layout: (workerUrl: string, texts: string[], options?: { document?: string; refuse?: string }) =>
      page.evaluate(([u, t, o]) => (globalThis as unknown as { archflowWebLayout: PageApi }).archflowWebLayout.layout(u, t, o), [workerUrl, texts, options] as const),
    layoutBroken: (workerUrl: string) => page.evaluate((u) => (globalThis as unknown as { archflowWebLayout: PageApi }).archflowWebLayout.layoutBroken(u), workerUrl),
    raw: (workerUrl: string, message: unknown) => page.evaluate(([u, m]) => (globalThis as unknown as { archflowWebLayout: PageApi }).archflowWebLayout.raw(u, m), [workerUrl, message] as const),
  };
}

test('the web worker lays a diagram out as the same thread does, with no log line', T, async () => {
  const page = await open('/');
  const { outcomes, expected, where, logs } = await api(page).layout('/layoutWorker.js', [TEXT, OTHER]);
  assert.equal(where, 'worker');
  assert.deepEqual(logs, []);
  assert.deepEqual(outcomes.map((o) => o.error), [undefined, undefined]);
  assert.deepEqual(outcomes.map((o) => o.scene), expected);
  // And as layoutDiagram does in Node.
  assert.deepEqual(outcomes[0].scene, await layoutDiagram(parseDiagram(TEXT).model, {}));
  assert.equal((outcomes[1].scene as { nodes: unknown[] }).nodes.length, 2);
  await page.close();
});

test('a bad request gets an error answer, and the worker keeps serving', T, async () => {
  const page = await open('/');
  const { outcome, after: next, where, logs } = await api(page).layoutBroken('/layoutWorker.js');
  assert.equal(where, 'worker');
  assert.deepEqual(logs, []);
  assert.equal(outcome.scene, undefined);
  assert.match(outcome.error!.message, /^layout failed in the web worker: \S/);
  assert.equal(next, 1);
  // The protocol itself: an error under the request's id; a request without a model says so.
  const answer = (await api(page).raw('/layoutWorker.js', { id: 41, icons: {} })) as { id: number; error?: { name: string; message: string } };
  assert.deepEqual(answer, { id: 41, error: { name: 'TypeError', message: 'the layout request has no diagram model', stack: (answer.error as { stack?: string }).stack } });
  await page.close();
});

test('a newer layout of a document drops the older one still waiting', T, async () => {
  const page = await open('/');
  const { outcomes, expected, where } = await api(page).layout('/layoutWorker.js', [TEXT, OTHER, TEXT], { document: 'file:///a.diagram' });
  assert.equal(where, 'worker');
  // The first was already in the worker; the second waited and was superseded by the third.
  assert.deepEqual(outcomes[0].scene, expected[0]);
  assert.deepEqual(outcomes[1].error, { name: 'LayoutSupersededError', message: 'the layout of file:///a.diagram was superseded by a newer one' });
  assert.deepEqual(outcomes[2].scene, expected[2]);
  await page.close();
});

test('a worker the page forbids falls back to the same thread once, saying why', T, async () => {
  const page = await open('/refused');
  const { outcomes, expected, where, logs } = await api(page).layout('/layoutWorker.js', [TEXT, OTHER]);
  assert.equal(where, 'thread');
  assert.deepEqual(outcomes.map((o) => o.scene), expected);
  assert.equal(logs.length, 1, logs.join('\n'));
  assert.match(logs[0], FALLBACK);
  await page.close();
});

test('a worker the host refuses outright, or one whose script is missing, falls back the same way', T, async () => {
  const page = await open('/');
  const refused = await api(page).layout('/layoutWorker.js', [TEXT], { refuse: 'Creating workers from remote extensions is currently not supported.' });
  assert.equal(refused.where, 'thread');
  assert.deepEqual(refused.outcomes.map((o) => o.scene), refused.expected);
  assert.deepEqual(refused.logs, ["layout runs on the extension host's thread: the host refused a layout worker (Creating workers from remote extensions is currently not supported.)"]);
  const missing = await api(page).layout('/noSuchWorker.js', [TEXT, OTHER]);
  assert.equal(missing.where, 'thread');
  assert.deepEqual(missing.outcomes.map((o) => o.scene), missing.expected);
  assert.equal(missing.logs.length, 1);
  assert.match(missing.logs[0], /^layout runs on the extension host's thread: the layout worker did not start \(/);
  await page.close();
});

// The HTTP diagram server when things go wrong under load, through real SDK clients of both eras
// (v1 client: 2025 sessions; v2 client pinned to 2026-07-28: stateless requests) against the
// real HTTP server, wired as `archflow-mcp --http` wires it (shared fair queue, layout and
// analysis threads), with an observer on the layout threads so that stopped work is seen, not
// guessed from timings: a layout thread killed mid-render, a client that disconnects
// mid-render, one client's heavy render beside another's small calls, and the queue limits.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { createDiagramServer, FairQueue, RENDER_QUEUE_LIMITS, silentLogger, startHttpServer, type RunningHttpServer } from '../../src/mcpServer';
import { createAnalysisWorker, type AnalysisWorker } from '../../src/node/analysisWorkerClient';
import { createLayoutWorker, defaultLayoutWorkerPath, type LayoutWorker } from '../../src/node/layoutWorkerClient';
import { chainDiagram, tempDir, textOf } from './helpers';

const T = { timeout: 300_000 };
const side = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(', ');
/** A 300-node diagram whose layout takes seconds on this machine (a dense 15 × 15 block), within the language's limits. */
const HEAVY = `${chainDiagram(270, 'Heavy')}${side('a', 15)} -> ${side('b', 15)}\n`;
const SMALL = 'a = rect "A"\nb = rect "B"\na -> b\n';

/** What the layout threads did, as the observer saw it, with a way to wait for the next event. */
class ThreadLog {
  readonly started: Worker[] = [];
  readonly cancelled: Error[] = [];
  readonly crashed: Error[] = [];
  private waiters: Array<() => void> = [];
  readonly observer = {
    started: (thread: Worker) => this.note(() => this.started.push(thread)),
    cancelled: (reason: Error) => this.note(() => this.cancelled.push(reason)),
    crashed: (error: Error) => this.note(() => this.crashed.push(error)),
  };
  private note(record: () => void): void {
    record();
    for (const wake of this.waiters.splice(0)) wake();
  }
  /** Resolves once `condition` holds (checked after every event). */
  async until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}

interface Served {
  http: RunningHttpServer;
  threads: ThreadLog;
  close(): Promise<void>;
}

async function serve(root: string, queue: FairQueue): Promise<Served> {
  const threads = new ThreadLog();
  const layout: LayoutWorker = createLayoutWorker({ workers: queue.concurrency, timeLimitMs: 600_000, observer: threads.observer });
  const analysis: AnalysisWorker = createAnalysisWorker();
  const http = await startHttpServer({
    port: 0,
    logger: silentLogger,
    createServer: (era) => createDiagramServer({ era, roots: [root], clientRootsOnlyNarrow: true, renderQueue: queue, layout: layout.layout, analyze: analysis.analyze }),
  });
  return { http, threads, close: async () => void (await http.close(), await layout.dispose(), await analysis.dispose()) };
}

async function legacyClient(url: string): Promise<LegacyClient> {
  const client = new LegacyClient({ name: 'load-test-2025', version: '1.0.0' });
  await client.connect(new LegacyHttpTransport(new URL(url)));
  return client;
}

async function modernClient(url: string): Promise<Client> {
  const client = new Client({ name: 'load-test-2026', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

const render = (text: string, output: string) => ({ name: 'render_diagram', arguments: { text, output } });

/** A raw JSON-RPC POST whose connection the test can cut; resolves with the response head. */
function rawPost(url: string, headers: Record<string, string>, body: unknown) {
  const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } });
  const answered = new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: Promise<string> }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text: new Promise((done) => res.on('end', () => done(text)).on('close', () => done(text))) });
    });
    req.on('error', reject);
  });
  req.end(JSON.stringify(body));
  return { req, answered };
}

/** The first of `calls` to be refused (isError): refusals come back at once, accepted renders wait. */
function firstRefusal(calls: Array<Promise<CallToolResult>>): Promise<string> {
  return Promise.race(calls.map((call) => call.then((r) => (r.isError ? textOf(r) : new Promise<string>(() => undefined)))));
}

describe('the HTTP diagram server under load', T, () => {
  let root: string;
  let cleanup: () => Promise<void>;
  before(async () => {
    assert.ok(existsSync(defaultLayoutWorkerPath()), 'dist/layoutWorker.js is missing: run `node esbuild.mjs` first');
    ({ dir: root, cleanup } = await tempDir('archflow-load-'));
  });
  after(() => cleanup());

  test('a layout thread killed mid-render: the caller gets a clear message, nothing is written, and the next render runs on a fresh thread', async () => {
    const served = await serve(root, new FairQueue(1));
    const client = await legacyClient(served.http.url);
    try {
      const pending = client.callTool(render(HEAVY, 'killed.svg')) as Promise<CallToolResult>;
      await served.threads.until(() => served.threads.started.length === 1);
      // As an out-of-memory kill or a native crash would: the thread is gone without answering.
      await served.threads.started[0].terminate();
      const r = await pending;
      assert.equal(r.isError, true);
      assert.match(textOf(r), /^The layout thread stopped unexpectedly while drawing this diagram, and nothing was written\. A fresh layout thread serves the next render/);
      assert.equal(served.threads.crashed.length, 1);
      assert.equal(existsSync(join(root, 'killed.svg')), false);

      const next = (await client.callTool(render(SMALL, 'after-kill.svg'))) as CallToolResult;
      assert.notEqual(next.isError, true, textOf(next));
      assert.ok(existsSync(join(root, 'after-kill.svg')));
      assert.equal(served.threads.started.length, 2, 'a second thread served the next render');
    } finally {
      await client.close();
      await served.close();
    }
  });

  test('a 2025-era client that disconnects mid-render has its render cancelled: the layout thread is stopped and nothing is written', async () => {
    const served = await serve(root, new FairQueue(1));
    try {
      const init = rawPost(served.http.url, {}, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
      const opened = await init.answered;
      await opened.text;
      const sessionId = String(opened.headers['mcp-session-id']);
      const session = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
      await (await rawPost(served.http.url, session, { jsonrpc: '2.0', method: 'notifications/initialized' }).answered).text;

      const call = rawPost(served.http.url, session, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: render(HEAVY, 'gone.svg') });
      await served.threads.until(() => served.threads.started.length === 1);
      call.req.destroy();
      await served.threads.until(() => served.threads.cancelled.length === 1);
      assert.equal(served.threads.cancelled[0].name, 'AbortError');

      // The session itself lives on, and its next render runs on a fresh thread.
      const next = rawPost(served.http.url, session, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: render(SMALL, 'still-here.svg') });
      const answer = await next.answered;
      assert.equal(answer.status, 200);
      assert.match(await answer.text, /"id":3/);
      assert.ok(existsSync(join(root, 'still-here.svg')));
      assert.equal(existsSync(join(root, 'gone.svg')), false);
      assert.equal(served.threads.started.length, 2);
    } finally {
      await served.close();
    }
  });

  test('a 2026-07-28 client that goes away mid-render has its render cancelled the same way', async () => {
    const served = await serve(root, new FairQueue(1));
    const client = await modernClient(served.http.url);
    try {
      const controller = new AbortController();
      const pending = client.callTool(render(HEAVY, 'gone-2026.svg'), { signal: controller.signal });
      await served.threads.until(() => served.threads.started.length === 1);
      controller.abort(new Error('went away'));
      await assert.rejects(pending);
      await served.threads.until(() => served.threads.cancelled.length === 1);
      const next = (await client.callTool(render(SMALL, 'after-2026.svg'))) as CallToolResult;
      assert.notEqual(next.isError, true, textOf(next));
      assert.equal(existsSync(join(root, 'gone-2026.svg')), false);
    } finally {
      await client.close();
      await served.close();
    }
  });

  test("with one client's 300-node render in flight, other clients' checks and small renders finish first, in both eras", async () => {
    // One render slot, so that the small render can only pass the heavy client's second one by taking its turn.
    const served = await serve(root, new FairQueue(1, RENDER_QUEUE_LIMITS));
    const heavy = await legacyClient(served.http.url);
    const light = await modernClient(served.http.url);
    const light2025 = await legacyClient(served.http.url);
    const finished: string[] = [];
    const track = <R>(name: string, p: Promise<R>) => p.then((r) => (finished.push(name), r));
    try {
      const first = track('heavy render 1', heavy.callTool(render(HEAVY, 'heavy1.svg')) as Promise<CallToolResult>);
      const second = track('heavy render 2', heavy.callTool(render(HEAVY, 'heavy2.svg')) as Promise<CallToolResult>);
      await served.threads.until(() => served.threads.started.length === 1);
      const checks = [
        track('check 2026', light.callTool({ name: 'check_diagram', arguments: { text: SMALL } }) as Promise<CallToolResult>),
        track('check 2025', light2025.callTool({ name: 'check_diagram', arguments: { text: SMALL } }) as Promise<CallToolResult>),
      ];
      const small = track('small render', light.callTool(render(SMALL, 'light.svg')) as Promise<CallToolResult>);
      for (const r of await Promise.all([...checks, small, first, second])) assert.notEqual(r.isError, true, textOf(r));
      assert.deepEqual(finished.slice(0, 2).sort(), ['check 2025', 'check 2026'], `checks wait for no render: ${finished.join(', ')}`);
      // The one slot is busy with the first heavy render; the small one takes the next turn, before the heavy client's second.
      assert.deepEqual(finished.slice(2), ['heavy render 1', 'small render', 'heavy render 2']);
    } finally {
      for (const c of [heavy, light, light2025]) await c.close();
      await served.close();
    }
  });

  test('past the per-client and the server-wide queue limits, renders are refused at once with a clear message, and the rest are drawn', async () => {
    const served = await serve(root, new FairQueue(1, { perLane: 2, waiting: 2 }));
    const greedy = await legacyClient(served.http.url);
    const others = await Promise.all([modernClient(served.http.url), modernClient(served.http.url)]);
    try {
      const heavyRender = greedy.callTool(render(HEAVY, 'greedy0.svg')) as Promise<CallToolResult>;
      await served.threads.until(() => served.threads.started.length === 1);
      // Requests of one client may arrive in either order: whichever comes second is the one refused.
      const mine = [1, 2].map((i) => greedy.callTool(render(SMALL, `greedy${i}.svg`)) as Promise<CallToolResult>);
      assert.match(await firstRefusal(mine), /^Refused: you already have 2 renders queued or running; wait for one to finish/);
      // One of greedy's renders waits; one more may wait, and the next is refused for the whole server.
      const theirs = others.map((c, i) => c.callTool(render(SMALL, `other${i}.svg`)) as Promise<CallToolResult>);
      assert.match(await firstRefusal(theirs), /^The server is busy: 2 renders are already waiting\. Try again in a few seconds; nothing was written\.$/);
      const all = await Promise.all([heavyRender, ...mine, ...theirs]);
      assert.equal(all.filter((r) => r.isError).length, 2, 'only the two refused');
      const written = ['greedy0', 'greedy1', 'greedy2', 'other0', 'other1'].filter((f) => existsSync(join(root, `${f}.svg`)));
      assert.equal(written.length, 3, written.join(', '));
    } finally {
      await greedy.close();
      for (const c of others) await c.close();
      await served.close();
    }
  });
});

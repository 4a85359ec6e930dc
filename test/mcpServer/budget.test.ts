// Bounded work in the diagram server, through a real SDK Client over InMemoryTransport and the
// real layout worker (dist/layoutWorker.js): time limit, cancellation of queued and running
// renders, and a slow render that does not hold the queue for ever.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectInProcess, FairQueue, SerialQueue, type InProcessConnection } from '../../src/mcpServer';
import { createLayoutWorker, defaultLayoutWorkerPath, type LayoutWorker } from '../../src/node/layoutWorkerClient';
import { tempDir, textOf } from './helpers';

const T = { timeout: 300_000 };
const side = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(', ');
/** Seconds of layout work on this machine, yet within the language's density limit. */
const DENSE = `${side('a', 15)} -> ${side('b', 15)}\n`;
const SMALL = 'a = rect "A"\nb = rect "B"\na -> b\n';

describe('render_diagram under a layout budget', T, () => {
  let root: string;
  let cleanup: () => Promise<void>;
  before(async () => {
    assert.ok(existsSync(defaultLayoutWorkerPath()), 'dist/layoutWorker.js is missing: run `npm run build` first');
    ({ dir: root, cleanup } = await tempDir());
  });
  after(() => cleanup());

  async function withServer(worker: LayoutWorker, locale: 'en' | 'pt-BR', run: (conn: InProcessConnection) => Promise<void>): Promise<void> {
    const conn = await connectInProcess({ roots: [root], layout: worker.layout, renderQueue: new SerialQueue(), locale });
    try {
      await run(conn);
    } finally {
      await conn.close();
      await worker.dispose();
    }
  }

  test('a layout past its time limit is stopped, said so (en, pt-BR), nothing written, and the next render works', async () => {
    for (const locale of ['en', 'pt-BR'] as const) {
      await withServer(createLayoutWorker({ timeLimitMs: 1 }), locale, async ({ client }) => {
        const r = (await client.callTool({ name: 'render_diagram', arguments: { text: DENSE, output: `dense-${locale}.svg` } })) as CallToolResult;
        assert.equal(r.isError, true);
        assert.match(textOf(r), locale === 'en' ? /^The layout took longer than 0\.001 s and was stopped/ : /^O layout levou mais de 0\.001 s e foi interrompido/);
        assert.equal(existsSync(join(root, `dense-${locale}.svg`)), false);
      });
    }
  });

  test('cancelling a running render stops its layout, and the render queued behind it then runs', async () => {
    await withServer(createLayoutWorker({ timeLimitMs: 600_000 }), 'en', async ({ client }) => {
      const controller = new AbortController();
      const slow = client.callTool({ name: 'render_diagram', arguments: { text: DENSE, output: 'slow.svg' } }, undefined, { signal: controller.signal });
      const small = client.callTool({ name: 'render_diagram', arguments: { text: SMALL, output: 'small.svg' } });
      // Cancelled while its layout runs (or, on a slow start, while still queued): either way it must stop.
      setTimeout(() => controller.abort(new Error('user cancelled')), 200);
      await assert.rejects(slow, /user cancelled/);
      const r = (await small) as CallToolResult;
      assert.notEqual(r.isError, true, textOf(r));
      assert.ok(existsSync(join(root, 'small.svg')));
      // Give a stray render the chance to finish writing: it must not.
      await client.ping();
      assert.equal(existsSync(join(root, 'slow.svg')), false);
    });
  });

  test('a render cancelled while queued never starts', async () => {
    await withServer(createLayoutWorker({ timeLimitMs: 600_000 }), 'en', async ({ client }) => {
      const first = client.callTool({ name: 'render_diagram', arguments: { text: SMALL, output: 'first.svg' } });
      const controller = new AbortController();
      const queued = client.callTool({ name: 'render_diagram', arguments: { text: SMALL, output: 'queued.svg' } }, undefined, { signal: controller.signal });
      controller.abort(new Error('not wanted'));
      await assert.rejects(queued, /not wanted/);
      assert.notEqual(((await first) as CallToolResult).isError, true);
      await client.ping();
      assert.equal(existsSync(join(root, 'queued.svg')), false);
    });
  });
  test("one session's slow render does not hold up another session's small one, which draws the same bytes on either layout thread", async () => {
    // As archflow-mcp serves HTTP sessions: one fair queue and two layout threads shared by both servers.
    const worker = createLayoutWorker({ workers: 2, timeLimitMs: 600_000 });
    const queue = new FairQueue(2);
    const first = await connectInProcess({ roots: [root], layout: worker.layout, renderQueue: queue });
    const second = await connectInProcess({ roots: [root], layout: worker.layout, renderQueue: queue });
    try {
      const finished: string[] = [];
      const call = (conn: InProcessConnection, name: string, text: string) =>
        conn.client.callTool({ name: 'render_diagram', arguments: { text, output: `fair-${name}.svg` } }).then((r) => {
          finished.push(name);
          assert.notEqual((r as CallToolResult).isError, true, textOf(r as CallToolResult));
        });
      const slow = call(first, 'slow', DENSE);
      const small = call(second, 'small', SMALL);
      await Promise.all([slow, small]);
      assert.deepEqual(finished, ['small', 'slow']);
      // The small one went to the thread the slow one left free; the repeat, with both free, to the first.
      await call(first, 'small-again', SMALL);
      assert.equal(await readFile(join(root, 'fair-small-again.svg'), 'utf8'), await readFile(join(root, 'fair-small.svg'), 'utf8'));
    } finally {
      await Promise.all([first.close(), second.close()]);
      await worker.dispose();
    }
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { layoutDiagram } from '../../src/core/layout';
import type { Worker } from 'node:worker_threads';
import { createLayoutWorker, defaultLayoutWorkerPath, WorkerCrashedError } from '../../src/node/layoutWorkerClient';
import { diagram, generated } from '../core/layout/builders';
import { CANDIDATES_DISAGREE } from '../core/layout/candidateFixture';
import { parseDiagram } from '../../src/core/language';

const repo = resolve(__dirname, '../..');
const bundled = join(repo, 'dist/layoutWorker.js');

const small = diagram({
  direction: 'TB',
  elements: [{ id: 'a', icon: 'mdi:server' }, { group: 'g', direction: 'LR' }, { id: 'b', parent: 'g' }, { id: 'c', parent: 'g' }],
  edges: [['a', 'g', { label: 'deploys' }], ['b', 'c']],
});
const icons = { 'mdi:server': { body: '<path d="M0 0h24v24H0z"/>', width: 24, height: 24 } };

describe('createLayoutWorker', () => {
  before(() => {
    assert.ok(existsSync(bundled), `${bundled} is missing: run \`npm run build\` before these tests`);
  });

  it('finds the bundled worker in <repo>/dist when running from sources', () => {
    assert.equal(defaultLayoutWorkerPath(), bundled);
  });

  it('gives the same scenes as the in-thread layout, matching concurrent requests by id', { timeout: 120_000 }, async () => {
    const worker = createLayoutWorker();
    try {
      const models = [small, generated(30, 1), generated(60, 2), diagram({})];
      const results = await Promise.all(models.map((m, i) => worker.layout(m, i === 0 ? icons : {}, i === 1 ? { direction: 'BT' } : undefined)));
      for (const [i, m] of models.entries()) {
        const expected = await layoutDiagram(m, i === 0 ? icons : {}, i === 1 ? { direction: 'BT' } : undefined);
        assert.deepStrictEqual(results[i], expected, `model ${i}`);
      }
    } finally {
      await worker.dispose();
    }
  });

  it('weighs the candidates the caller asks for (one for a Markdown fence), as the in-thread layout does', { timeout: 120_000 }, async () => {
    const model = parseDiagram(CANDIDATES_DISAGREE).model;
    const worker = createLayoutWorker();
    try {
      const [first, best] = await Promise.all([worker.layout(model, {}, undefined, { candidates: 'first' }), worker.layout(model, {})]);
      assert.deepStrictEqual(first, await layoutDiagram(model, {}, { candidates: 'first' }));
      assert.deepStrictEqual(best, await layoutDiagram(model, {}));
      assert.notDeepStrictEqual(first, best);
    } finally {
      await worker.dispose();
    }
  });

  it("keeps the caller's event loop ticking during a big layout", { timeout: 120_000 }, async () => {
    const worker = createLayoutWorker();
    try {
      await worker.layout(small, {}); // start-up is not what is measured
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      try {
        const scene = await worker.layout(generated(300, 3), {});
        assert.equal(scene.nodes.length, 300);
      } finally {
        clearInterval(timer);
      }
      assert.ok(ticks >= 10, `the event loop ticked ${ticks} times during the layout`);
    } finally {
      await worker.dispose();
    }
  });

  it('a layout that runs the thread out of memory rejects, saying so, and the next layout runs on a fresh thread', { timeout: 180_000 }, async () => {
    const started: unknown[] = [];
    const crashed: WorkerCrashedError[] = [];
    // A real out-of-memory: a heap cap that a small diagram fits in and a 1,000-node one does not.
    const worker = createLayoutWorker({ maxHeapMb: 48, timeLimitMs: 600_000, observer: { started: (t) => started.push(t), crashed: (e) => crashed.push(e) } });
    try {
      await assert.rejects(worker.layout(generated(1000, 3), {}), (e: Error) => e instanceof WorkerCrashedError && e.reason === 'out-of-memory' && /^layout worker ran out of memory: .*; the next request starts a fresh one$/.test(e.message));
      assert.equal(crashed.length, 1);
      const scene = await worker.layout(small, icons);
      assert.deepStrictEqual(scene, await layoutDiagram(small, icons));
      assert.equal(started.length, 2, 'a fresh thread served the next layout');
    } finally {
      await worker.dispose();
    }
  });

  it('a thread terminated mid-layout (as a crash would) fails that layout only; the next runs on a fresh thread', { timeout: 120_000 }, async () => {
    const threads: Worker[] = [];
    let cancelled = 0;
    const worker = createLayoutWorker({ observer: { started: (t) => threads.push(t), cancelled: () => cancelled++ } });
    try {
      const pending = worker.layout(generated(300, 3), {});
      await threads[0].terminate();
      await assert.rejects(pending, (e: Error) => e instanceof WorkerCrashedError && e.reason === 'exited' && /layout worker exited unexpectedly \(exit code \d+\); the next request starts a fresh one/.test(e.message));
      assert.deepStrictEqual(await worker.layout(small, icons), await layoutDiagram(small, icons));
      assert.equal(threads.length, 2);
      assert.equal(cancelled, 0, 'a crash is not a cancel');
    } finally {
      await worker.dispose();
    }
  });
});

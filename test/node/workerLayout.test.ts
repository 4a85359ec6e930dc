import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { layoutDiagram } from '../../src/core/layout';
import { createLayoutWorker, defaultLayoutWorkerPath } from '../../src/node/workerLayout';
import { diagram, generated } from '../core/layout/builders';

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

  describe('after a crash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'archflow-worker-'));
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('rejects pending requests with a clear error and restarts on the next request', { timeout: 120_000 }, async () => {
      // A worker that dies on its first request, then (restarted) behaves like the real one.
      const fixture = join(dir, 'crashOnce.js');
      writeFileSync(
        fixture,
        `const fs = require('node:fs');
const marker = __filename + '.crashed';
if (fs.existsSync(marker)) require(${JSON.stringify(bundled)});
else {
  fs.writeFileSync(marker, '');
  require('node:worker_threads').parentPort.on('message', () => process.exit(7));
}
`,
      );
      const worker = createLayoutWorker({ workerPath: fixture });
      try {
        const results = await Promise.allSettled([worker.layout(small, icons), worker.layout(small, {})]);
        for (const r of results) {
          assert.equal(r.status, 'rejected');
          assert.match(String((r as PromiseRejectedResult).reason), /layout worker exited unexpectedly \(exit code 7\)/);
        }
        assert.deepStrictEqual(await worker.layout(small, icons), await layoutDiagram(small, icons));
      } finally {
        await worker.dispose();
      }
    });

    it('reports a worker that cannot start', { timeout: 60_000 }, async () => {
      const worker = createLayoutWorker({ workerPath: join(dir, 'missing.js') });
      try {
        await assert.rejects(worker.layout(small, {}), /layout worker crashed: .*missing\.js/);
      } finally {
        await worker.dispose();
      }
    });
  });

  it('rejects pending and later requests once disposed', { timeout: 60_000 }, async () => {
    const worker = createLayoutWorker();
    const pending = assert.rejects(worker.layout(generated(100, 4), {}), /layout worker disposed/);
    await worker.dispose();
    await pending;
    await assert.rejects(worker.layout(small, {}), /layout worker is disposed/);
  });

  it('does not keep the process alive while idle', { timeout: 60_000 }, () => {
    const script = `
      const { createLayoutWorker } = require(${JSON.stringify(join(repo, 'src/node/workerLayout.ts'))});
      const worker = createLayoutWorker();
      worker.layout({ direction: 'LR', theme: 'auto', elements: [], roots: [], connections: [] }, {})
        .then((scene) => console.log('scene', scene.width));
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: repo, encoding: 'utf8', timeout: 50_000 });
    assert.equal(child.error, undefined, 'the process exited by itself');
    assert.equal(child.status, 0, child.stderr);
    assert.match(child.stdout, /scene 48/);
  });
});

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { layoutDiagram } from '../../src/core/layout';
import { createLayoutWorker, defaultLayoutWorkerPath } from '../../src/node/layoutWorkerClient';
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
});

import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { analyzeText } from '../../src/core/analysis';
import { getIconCatalog } from '../../src/node/iconStore';
import { createAnalysisWorker, defaultAnalysisWorkerPath } from '../../src/node/analysisWorkerClient';
import { createLayoutWorker } from '../../src/node/layoutWorkerClient';
import { diagram } from '../core/layout/builders';

const repo = resolve(__dirname, '../..');
const bundled = join(repo, 'dist/analysisWorker.js');

describe('createAnalysisWorker', () => {
  before(() => {
    assert.ok(existsSync(bundled), `${bundled} is missing: run \`npm run build\` before these tests`);
  });

  it('finds the bundled worker in <repo>/dist when running from sources', () => {
    assert.equal(defaultAnalysisWorkerPath(), bundled);
  });

  it('gives the diagnostics and counts of the in-thread analysis with the bundled catalog, unknown icons included', { timeout: 120_000 }, async () => {
    const worker = createAnalysisWorker();
    try {
      const catalog = await getIconCatalog();
      const texts = ['a = rect "A" icon=logos:kafka\nb = rect icon=logos:kafkaa\na -> b\n', 'a -> \n', 'grupo g {\n  x -> y\n}\n'];
      const results = await Promise.all(texts.map((t) => worker.analyze(t)));
      for (const [i, text] of texts.entries()) {
        const { diagnostics, counts } = analyzeText(text, { catalog });
        assert.deepStrictEqual(results[i], { diagnostics, counts }, `text ${i}`);
      }
      assert.ok(results[0]!.diagnostics.some((d) => d.code === 'unknown-icon'), 'the unknown icon is reported');
    } finally {
      await worker.dispose();
    }
  });

  it('rejects once disposed', async () => {
    const worker = createAnalysisWorker();
    await worker.dispose();
    await assert.rejects(worker.analyze('a -> b'), /disposed/);
  });
});

describe('createLayoutWorker with two threads', () => {
  it('lays out side by side, each result the same as from one thread', { timeout: 120_000 }, async () => {
    const pool = createLayoutWorker({ workers: 2 });
    const single = createLayoutWorker();
    try {
      const model = diagram({ elements: [{ id: 'a' }, { id: 'b' }], edges: [['a', 'b']] });
      const [x, y] = await Promise.all([pool.layout(model, {}), pool.layout(model, {})]);
      const expected = await single.layout(model, {});
      assert.deepStrictEqual(x, expected);
      assert.deepStrictEqual(y, expected);
    } finally {
      await Promise.all([pool.dispose(), single.dispose()]);
    }
    assert.throws(() => createLayoutWorker({ workers: 0 }), RangeError);
  });
});

// The PNG worker runs the bundled dist/pngWorker.js (`node esbuild.mjs` first).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { renderSvg } from '../../src/core/render/index';
import { svgToPng, type PngBackendName, type PngOptions } from '../../src/node/png';
import { createPngWorker, defaultPngWorkerPath, type PngWorker } from '../../src/node/pngWorkerClient';
import { decodePng, labelScene, PNG_SIGNATURE } from './pngImage';

const repo = resolve(__dirname, '../..');
const bundled = join(repo, 'dist/pngWorker.js');
const T = { timeout: 60_000 };

const hello = renderSvg(labelScene(['Hello']), { animate: false });
const twoLines = renderSvg(labelScene(['Two', 'lines']), { theme: 'dark', animate: false });

/** The error `svgToPng` rejects with in-thread. */
async function inThreadError(svg: string, options: PngOptions): Promise<Error> {
  try {
    await svgToPng(svg, options);
  } catch (error) {
    return error as Error;
  }
  throw new Error('svgToPng was expected to reject');
}

/** Runs `run` with a fresh worker, disposed afterwards whatever happens. */
async function withWorker(options: Parameters<typeof createPngWorker>[0], run: (worker: PngWorker) => Promise<void>): Promise<void> {
  const worker = createPngWorker(options);
  try {
    await run(worker);
  } finally {
    await worker.dispose();
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}

describe('createPngWorker', () => {
  before(() => {
    assert.ok(existsSync(bundled), `${bundled} is missing: run \`node esbuild.mjs\` before these tests`);
  });

  it('finds the bundled worker in <repo>/dist when running from sources', () => {
    assert.equal(defaultPngWorkerPath(), bundled);
  });

  for (const backend of ['native', 'wasm'] as const satisfies PngBackendName[]) {
    it(`[${backend}] gives the same bytes as svgToPng in-thread`, T, async () => {
      await withWorker({}, async (worker) => {
      for (const options of [{}, { scale: 2 }, { scale: 0.5, background: '#ff000080' }]) {
        const png = await worker.render(hello, { ...options, backend });
        assert.ok(Buffer.isBuffer(png));
        assert.ok(png.subarray(0, 8).equals(PNG_SIGNATURE));
        assert.ok(png.equals(await svgToPng(hello, { ...options, backend })), JSON.stringify(options));
      }
      });
    });
  }

  it('rejects with the error class and message svgToPng throws in-thread', T, async () => {
    await withWorker({}, async (worker) => {
    const cases: [string, PngOptions][] = [
      [hello, { scale: 0 }],
      [hello, { scale: Number.NaN }],
      ['<svg', { backend: 'wasm' }],
      ['not svg at all', { backend: 'native' }],
      [hello, { background: 'no-such-colour', backend: 'wasm' }],
    ];
    for (const [svg, options] of cases) {
      const expected = await inThreadError(svg, options);
      await assert.rejects(worker.render(svg, options), (error: Error) => {
        assert.equal(error.constructor, expected.constructor, `${expected.message}: class`);
        assert.equal(error.message, expected.message);
        return true;
      });
    }
    // A failed request leaves the worker serving the next one.
    assert.ok((await worker.render(hello)).equals(await svgToPng(hello)));
    });
  });

  it('answers concurrent requests each with its own image', T, async () => {
    await withWorker({}, async (worker) => {
    const requests: [string, PngOptions][] = [
      [hello, { scale: 1, backend: 'wasm' }],
      [twoLines, { scale: 2, backend: 'native' }],
      [hello, { scale: 3, backend: 'native' }],
      [twoLines, { scale: 0.5, backend: 'wasm' }],
      [hello, { scale: -1 }],
      [twoLines, {}],
    ];
    const results = await Promise.allSettled(requests.map(([svg, options]) => worker.render(svg, options)));
    for (const [i, [svg, options]] of requests.entries()) {
      const result = results[i]!;
      if (i === 4) {
        assert.equal(result.status, 'rejected');
        assert.equal((result as PromiseRejectedResult).reason.message, 'scale must be a positive number, got -1');
        continue;
      }
      assert.equal(result.status, 'fulfilled', `request ${i}`);
      const png = (result as PromiseFulfilledResult<Buffer>).value;
      assert.ok(png.equals(await svgToPng(svg, options)), `request ${i}`);
      assert.equal(decodePng(png).width, Math.round(240 * (options.scale ?? 1)));
    }
    });
  });

  it('returns its memory: the worker ends idleMs after the last answer, and comes back on demand', T, async () => {
    await withWorker({ idleMs: 50 }, async (worker) => {
    assert.equal(worker.running, false, 'no thread before the first request');
    await worker.render(hello, { backend: 'wasm' });
    await until(() => !worker.running);
    assert.ok((await worker.render(twoLines, { backend: 'wasm' })).equals(await svgToPng(twoLines, { backend: 'wasm' })));
    });
  });
});

// The two rasterisers behind svgToPng: the native resvg and its WebAssembly build give the
// same pictures and the same errors, and the choice between them follows ARCHFLOW_PNG_BACKEND.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { renderSvg } from '../../src/core/render/index';
import { renderText } from '../../src/node/diagramPipeline';
import { getIconCatalog } from '../../src/node/iconStore';
import { PNG_BACKEND_ENV, resolvePngBackend, svgToPng, type PngBackendName } from '../../src/node/png';
import { defaultResvgWasmPath } from '../../src/node/resvgWasm';
import { decodePng, inkIn, LABEL_BOX, labelScene, LIGHT_CANVAS, pixelDifference } from './pngImage';

const root = join(__dirname, '..', '..');
const T = { timeout: 60_000 };

async function withEnv<R>(value: string | undefined, fn: () => Promise<R>): Promise<R> {
  const saved = process.env[PNG_BACKEND_ENV];
  if (value === undefined) delete process.env[PNG_BACKEND_ENV];
  else process.env[PNG_BACKEND_ENV] = value;
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env[PNG_BACKEND_ENV];
    else process.env[PNG_BACKEND_ENV] = saved;
  }
}

// First in the file, so the module is not yet instantiated: initWasm may run only once.
test('the WebAssembly module is instantiated once, however many calls come first', T, async () => {
  const svg = renderSvg(labelScene(['Hello']), { animate: false });
  const pngs = await Promise.all(Array.from({ length: 4 }, () => svgToPng(svg, { backend: 'wasm' })));
  pngs.push(await svgToPng(svg, { backend: 'wasm' }));
  for (const png of pngs) assert.ok(png.equals(pngs[0]!));
  assert.ok(inkIn(decodePng(pngs[0]!), LABEL_BOX, LIGHT_CANVAS) > 80, 'text drawn');
});

test('a whole example diagram, icons and labels included, looks the same from both rasterisers', T, async () => {
  const result = await renderText(readFileSync(join(root, 'examples', 'microservices.diagram'), 'utf8'), { catalog: await getIconCatalog() });
  assert.ok(result.ok);
  const svg = renderSvg(result.scene, { animate: false, theme: 'dark' });
  for (const scale of [1, 1.5]) {
    const native = decodePng(await svgToPng(svg, { backend: 'native', scale }));
    const wasm = decodePng(await svgToPng(svg, { backend: 'wasm', scale }));
    const svgWidth = Number(/width="([\d.]+)"/.exec(svg)![1]);
    assert.equal(wasm.width, Math.round(svgWidth * scale));
    // pixelDifference checks the sizes match; antialiasing may differ by a hair between builds.
    const diff = pixelDifference(native, wasm);
    assert.ok(diff.maxChannel <= 8, `max channel difference ${diff.maxChannel}`);
    assert.ok(diff.differingPixels <= native.width * native.height * 0.005, `${diff.differingPixels} pixels differ`);
  }
});

test('both rasterisers reject the same inputs with the same error', T, async () => {
  const good = renderSvg(labelScene(['x']), { animate: false });
  const cases: Array<{ svg: string; scale?: number; background?: string }> = [
    { svg: 'not svg' },
    { svg: '' },
    { svg: '<svg xmlns="http://www.w3.org/2000/svg"' },
    { svg: '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"/>' },
    { svg: good, background: 'not-a-colour' },
    { svg: good, scale: 0 },
    { svg: good, scale: -1 },
    { svg: good, scale: Number.POSITIVE_INFINITY },
  ];
  const outcome = async (backend: PngBackendName, c: (typeof cases)[number]) => {
    try {
      await svgToPng(c.svg, { scale: c.scale, background: c.background, backend });
      return 'resolved';
    } catch (err) {
      const e = err as Error & { code?: unknown };
      return { type: e.constructor.name, message: e.message, code: e.code };
    }
  };
  for (const c of cases) {
    const native = await outcome('native', c);
    assert.notEqual(native, 'resolved', JSON.stringify(c).slice(0, 80));
    assert.deepEqual(await outcome('wasm', c), native, JSON.stringify(c).slice(0, 80));
  }
  const unparsable = await outcome('wasm', cases[0]!);
  assert.match(typeof unparsable === 'string' ? unparsable : unparsable.message, /SVG data parsing failed/);
});

test(`${PNG_BACKEND_ENV} forces a rasteriser, the backend option overrides it, auto prefers the native one`, T, async () => {
  const nativeLoads = await import('../../src/node/resvgNative').then(
    () => true,
    () => false,
  );
  assert.equal(await withEnv(undefined, () => resolvePngBackend()), nativeLoads ? 'native' : 'wasm');
  assert.equal(await withEnv('auto', () => resolvePngBackend()), nativeLoads ? 'native' : 'wasm');
  assert.equal(await withEnv('wasm', () => resolvePngBackend()), 'wasm');
  assert.equal(await withEnv(' WASM ', () => resolvePngBackend()), 'wasm');
  assert.equal(await withEnv('wasm', () => resolvePngBackend('native')), 'native');
  await withEnv('gpu', async () => {
    await assert.rejects(resolvePngBackend(), (err: Error) => err instanceof RangeError && /ARCHFLOW_PNG_BACKEND must be native, wasm or auto, got 'gpu'/.test(err.message));
    await assert.rejects(svgToPng(renderSvg(labelScene(['x']), { animate: false })), RangeError);
  });
  const png = await withEnv('wasm', () => svgToPng(renderSvg(labelScene(['Hello']), { animate: false })));
  assert.equal(decodePng(png).width, 240);
});

test('from the sources the wasm module is the one in node_modules', () => {
  const path = defaultResvgWasmPath();
  assert.equal(basename(path), 'index_bg.wasm');
  assert.ok(path.startsWith(join(root, 'node_modules', '@resvg', 'resvg-wasm')), path);
  assert.ok(existsSync(path));
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { renderSvg } from '../../src/core/render/index';
import { fontFiles, fontsDir } from '../../src/node/fonts';
import { svgToPng, type PngBackendName } from '../../src/node/png';
import { decodePng, inkIn, LABEL_BOX, labelScene, LIGHT_CANVAS, PNG_SIGNATURE } from './pngImage';

// Every behaviour holds for both rasterisers: the native resvg and its WebAssembly build.
for (const backend of ['native', 'wasm'] as const satisfies PngBackendName[]) {
  const png = (svg: string, options: { scale?: number; background?: string } = {}) => svgToPng(svg, { ...options, backend });

  test(`[${backend}] svgToPng writes a PNG of the SVG size, scaled on request`, { timeout: 20_000 }, async () => {
    const svg = renderSvg(labelScene(['Hello']), { animate: false });
    const one = await png(svg);
    assert.ok(one.subarray(0, 8).equals(PNG_SIGNATURE));
    const img = decodePng(one);
    assert.equal(img.width, 240);
    assert.equal(img.height, 100);
    const two = decodePng(await png(svg, { scale: 2 }));
    assert.equal(two.width, 480);
    assert.equal(two.height, 200);
    const half = decodePng(await png(svg, { scale: 0.5 }));
    assert.equal(half.width, 120);
    assert.equal(half.height, 50);
    await assert.rejects(png(svg, { scale: 0 }), RangeError);
    await assert.rejects(png(svg, { scale: Number.NaN }), RangeError);
  });

  test(`[${backend}] labels are drawn with the shipped font (text pixels present in the label box)`, { timeout: 20_000 }, async () => {
    const withText = decodePng(await png(renderSvg(labelScene(['Hello']), { animate: false })));
    const empty = decodePng(await png(renderSvg(labelScene(['']), { animate: false })));
    assert.equal(inkIn(empty, LABEL_BOX, LIGHT_CANVAS), 0, 'nothing drawn without text');
    const ink = inkIn(withText, LABEL_BOX, LIGHT_CANVAS);
    assert.ok(ink > 80, `expected glyph pixels, found ${ink}`);
    // Outside the label box the canvas is untouched.
    assert.equal(inkIn(withText, { x: 0, y: 0, width: 50, height: 30 }, LIGHT_CANVAS), 0);
  });

  test(`[${backend}] a transparent SVG background takes the background option`, { timeout: 20_000 }, async () => {
    const svg = renderSvg(labelScene(['']), { animate: false, background: 'transparent' });
    const clear = decodePng(await png(svg));
    assert.equal(clear.pixels[3], 0, 'transparent corner');
    const filled = decodePng(await png(svg, { background: '#ff0000' }));
    assert.deepEqual([...filled.pixels.subarray(0, 4)], [255, 0, 0, 255]);
  });

  test(`[${backend}] a whole diagram rasterises without the (0,0) packet artefact in the static frame`, { timeout: 20_000 }, async () => {
    const scene = labelScene(['']);
    scene.edges.push({ id: 'c0', source: 'a', target: 'b', points: [{ x: 100, y: 90 }, { x: 220, y: 90 }], heads: 'end', anim: 'packets', speed: 1, style: 'solid', line: 1 });
    const img = decodePng(await png(renderSvg(scene, { animate: false })));
    assert.equal(inkIn(img, { x: 0, y: 0, width: 8, height: 8 }, LIGHT_CANVAS), 0);
    assert.ok(inkIn(img, { x: 100, y: 88, width: 110, height: 4 }, LIGHT_CANVAS) > 100, 'the edge itself is drawn');
  });

  test(`[${backend}] content outside the scene does not abort resvg`, { timeout: 20_000 }, async () => {
    const scene = labelScene(['x']);
    scene.icons = { 'i:x': { body: '<path fill="currentColor" d="M0 0h24v24H0z"/>', width: 24, height: 24 } };
    scene.nodes.push({ ...scene.nodes[0]!, id: 'far', shape: 'rectangle', x: 5000, y: 5000, icon: 'i:x', iconBox: { x: 5000, y: 5000, size: 24 } });
    scene.nodes.push({ ...scene.nodes[0]!, id: 'stray', shape: 'rectangle', icon: 'i:x', iconBox: { x: 900, y: 3000, size: 24 } });
    scene.edges.push({ id: 'c0', source: 'a', target: 'b', points: [{ x: 4000, y: 90 }, { x: 4200, y: 90 }], heads: 'both', anim: 'none', speed: 1, style: 'solid', line: 1 });
    const img = decodePng(await png(renderSvg(scene, { animate: false })));
    assert.equal(img.width, 240);
  });
}

test('fonts are found by walking up from any folder below the package', () => {
  const root = resolve(__dirname, '..', '..');
  assert.equal(fontsDir(join(root, 'dist', 'webview', 'deep')), join(root, 'media', 'fonts'));
  assert.deepEqual(fontFiles(join(root, 'test', 'node')), [join(root, 'media', 'fonts', 'Inter-Regular.ttf'), join(root, 'media', 'fonts', 'Inter-SemiBold.ttf')]);
  const outside = mkdtempSync(join(tmpdir(), 'archflow-nofonts-'));
  try {
    assert.throws(() => fontsDir(outside), /fonts not found/);
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { renderSvg } from '../../src/core/render/index';
import { fontFiles, fontsDir } from '../../src/node/fonts';
import { svgToPng } from '../../src/node/png';
import type { Scene } from '../../src/core/scene';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Image {
  width: number;
  height: number;
  /** RGBA, row-major. */
  pixels: Buffer;
}

/** Decodes the 8-bit RGBA, non-interlaced PNGs resvg writes (enough to inspect pixels). */
function decodePng(png: Buffer): Image {
  assert.ok(png.subarray(0, 8).equals(SIGNATURE), 'PNG signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert.equal(body[8], 8, 'bit depth');
      assert.equal(body[9], 6, 'colour type RGBA');
      assert.equal(body[12], 0, 'not interlaced');
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter]!;
      pixels[y * stride + x] = (v + predictor) & 255;
    }
  }
  return { width, height, pixels };
}

/** Pixels in the box that differ from `rgb` by more than a little. */
function inkIn(img: Image, box: { x: number; y: number; width: number; height: number }, rgb: [number, number, number]): number {
  let count = 0;
  for (let y = Math.floor(box.y); y < Math.ceil(box.y + box.height); y++) {
    for (let x = Math.floor(box.x); x < Math.ceil(box.x + box.width); x++) {
      const i = (y * img.width + x) * 4;
      const d = Math.abs(img.pixels[i]! - rgb[0]) + Math.abs(img.pixels[i + 1]! - rgb[1]) + Math.abs(img.pixels[i + 2]! - rgb[2]);
      if (d > 60) count++;
    }
  }
  return count;
}

function labelScene(lines: string[]): Scene {
  const label = { lines, fontSize: 20, fontWeight: 600 as const, width: 120, height: 27, lineHeight: 27 };
  return {
    direction: 'LR',
    theme: 'light',
    width: 240,
    height: 100,
    groups: [],
    nodes: [{ id: 't', shape: 'text', size: 'medium', x: 40, y: 30, width: 160, height: 40, label, labelPosition: { x: 60, y: 36 }, line: 1 }],
    edges: [],
    icons: {},
  };
}

test('svgToPng writes a PNG of the SVG size, scaled on request', { timeout: 20_000 }, () => {
  const svg = renderSvg(labelScene(['Hello']), { animate: false });
  const one = svgToPng(svg);
  assert.ok(one.subarray(0, 8).equals(SIGNATURE));
  const img = decodePng(one);
  assert.equal(img.width, 240);
  assert.equal(img.height, 100);
  const two = decodePng(svgToPng(svg, { scale: 2 }));
  assert.equal(two.width, 480);
  assert.equal(two.height, 200);
  const half = decodePng(svgToPng(svg, { scale: 0.5 }));
  assert.equal(half.width, 120);
  assert.equal(half.height, 50);
  assert.throws(() => svgToPng(svg, { scale: 0 }), RangeError);
  assert.throws(() => svgToPng(svg, { scale: Number.NaN }), RangeError);
});

test('labels are drawn with the shipped font (text pixels present in the label box)', { timeout: 20_000 }, () => {
  const box = { x: 60, y: 36, width: 120, height: 27 };
  const canvas: [number, number, number] = [0xf8, 0xfa, 0xfc];
  const withText = decodePng(svgToPng(renderSvg(labelScene(['Hello']), { animate: false })));
  const empty = decodePng(svgToPng(renderSvg(labelScene(['']), { animate: false })));
  assert.equal(inkIn(empty, box, canvas), 0, 'nothing drawn without text');
  const ink = inkIn(withText, box, canvas);
  assert.ok(ink > 80, `expected glyph pixels, found ${ink}`);
  // Outside the label box the canvas is untouched.
  assert.equal(inkIn(withText, { x: 0, y: 0, width: 50, height: 30 }, canvas), 0);
});

test('a transparent SVG background takes the background option', { timeout: 20_000 }, () => {
  const svg = renderSvg(labelScene(['']), { animate: false, background: 'transparent' });
  const clear = decodePng(svgToPng(svg));
  assert.equal(clear.pixels[3], 0, 'transparent corner');
  const filled = decodePng(svgToPng(svg, { background: '#ff0000' }));
  assert.deepEqual([...filled.pixels.subarray(0, 4)], [255, 0, 0, 255]);
});

test('a whole diagram rasterises without the (0,0) packet artefact in the static frame', { timeout: 20_000 }, () => {
  const scene = labelScene(['']);
  scene.edges.push({ id: 'c0', source: 'a', target: 'b', points: [{ x: 100, y: 90 }, { x: 220, y: 90 }], heads: 'end', anim: 'packets', speed: 1, style: 'solid', line: 1 });
  const img = decodePng(svgToPng(renderSvg(scene, { animate: false })));
  assert.equal(inkIn(img, { x: 0, y: 0, width: 8, height: 8 }, [0xf8, 0xfa, 0xfc]), 0);
  assert.ok(inkIn(img, { x: 100, y: 88, width: 110, height: 4 }, [0xf8, 0xfa, 0xfc]) > 100, 'the edge itself is drawn');
});

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

test('content outside the scene does not abort resvg', { timeout: 20_000 }, () => {
  const scene = labelScene(['x']);
  scene.icons = { 'i:x': { body: '<path fill="currentColor" d="M0 0h24v24H0z"/>', width: 24, height: 24 } };
  scene.nodes.push({ ...scene.nodes[0]!, id: 'far', shape: 'rectangle', x: 5000, y: 5000, icon: 'i:x', iconBox: { x: 5000, y: 5000, size: 24 } });
  scene.nodes.push({ ...scene.nodes[0]!, id: 'stray', shape: 'rectangle', icon: 'i:x', iconBox: { x: 900, y: 3000, size: 24 } });
  scene.edges.push({ id: 'c0', source: 'a', target: 'b', points: [{ x: 4000, y: 90 }, { x: 4200, y: 90 }], heads: 'both', anim: 'none', speed: 1, style: 'solid', line: 1 });
  const img = decodePng(svgToPng(renderSvg(scene, { animate: false })));
  assert.equal(img.width, 240);
});

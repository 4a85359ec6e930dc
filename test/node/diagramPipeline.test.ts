import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeText, iconIdsOf, MAX_PNG_PIXELS, renderPng, renderPreviewPng, renderText } from '../../src/node/diagramPipeline';
import { getIconCatalog } from '../../src/node/iconStore';
import { layoutDiagram } from '../../src/core/layout';

const T = { timeout: 120_000 };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const TEXT = `diagram "Shop"
web = rectangle "Web" icon=logos:react
api = rectangle "API" icon=logos:nodejs-icon
db = cylinder "DB" icon=logos:postgresql
cache = rectangle "Cache" icon=logos:nodejs-icon
web -> api "HTTPS" anim=packets
api -> db, cache
`;

test('analyzeText counts elements, connections and problems; icons are checked only with a catalog', T, async () => {
  const plain = analyzeText('a = rectangle icon=logos:nope-nope\na -> b\n= oops\n');
  assert.deepEqual(plain.counts, { elements: 2, connections: 1, errors: 1, warnings: 1 });
  assert.deepEqual(plain.diagnostics.map((d) => d.code).sort(), ['expected-id', 'undeclared-id']);
  assert.ok(!plain.diagnostics.some((d) => d.code === 'unknown-icon'));
  const withIcons = analyzeText('a = rectangle icon=logos:nope-nope\n', { catalog: await getIconCatalog() });
  assert.deepEqual(withIcons.diagnostics.map((d) => d.code), ['unknown-icon']);
  assert.equal(withIcons.counts.warnings, 1);
});

test('renderText draws a standalone SVG with the icons inlined, byte-identical from run to run', T, async () => {
  const catalog = await getIconCatalog();
  const first = await renderText(TEXT, { catalog });
  const second = await renderText(TEXT, { catalog });
  assert.ok(first.ok && second.ok);
  assert.equal(first.svg, second.svg);
  assert.match(first.svg, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.equal((first.svg.match(/<symbol\b/g) ?? []).length, 3);
  assert.deepEqual([first.counts.elements, first.counts.connections], [4, 3]);
  assert.deepEqual(Object.keys(first.scene.icons).sort(), ['logos:nodejs-icon', 'logos:postgresql', 'logos:react']);
});

test('renderText honours theme, animation and a custom layout function', T, async () => {
  const catalog = await getIconCatalog();
  let laidOut = 0;
  const result = await renderText(TEXT, {
    catalog,
    theme: 'dark',
    animate: false,
    layout: (model, icons) => {
      laidOut++;
      return layoutDiagram(model, icons);
    },
  });
  assert.ok(result.ok);
  assert.equal(laidOut, 1);
  const animated = await renderText(TEXT, { catalog, theme: 'dark' });
  assert.ok(animated.ok);
  assert.notEqual(result.svg, animated.svg);
  const light = await renderText(TEXT, { catalog, theme: 'light' });
  assert.ok(light.ok);
  assert.notEqual(light.svg, animated.svg);
});

test('renderText with errors lays nothing out and returns the diagnostics', T, async () => {
  let laidOut = 0;
  const result = await renderText('a = retangolo\n', {
    catalog: await getIconCatalog(),
    layout: async () => {
      laidOut++;
      throw new Error('must not be called');
    },
  });
  assert.equal(result.ok, false);
  assert.equal(laidOut, 0);
  assert.equal(result.diagnostics[0].code, 'unknown-shape');
  assert.ok(!('svg' in result));
});

test('renderPreviewPng fits the width limit and draws small diagrams at up to 2x', T, async () => {
  const catalog = await getIconCatalog();
  const small = await renderText('a = rectangle\n', { catalog });
  assert.ok(small.ok);
  const smallPng = await renderPreviewPng(small.scene);
  assert.deepEqual(smallPng.png.subarray(0, 8), PNG_SIGNATURE);
  assert.equal(smallPng.png.readUInt32BE(16), smallPng.width);
  const svgWidth = Number(/width="([\d.]+)"/.exec(small.svg)![1]);
  assert.equal(smallPng.width, Math.round(svgWidth * 2));

  const wide = await renderText(Array.from({ length: 30 }, (_, i) => (i ? `n${i - 1} -> n${i}` : 'n0 = rectangle')).join('\n'), { catalog });
  assert.ok(wide.ok);
  const widePng = await renderPreviewPng(wide.scene, { maxWidth: 800 });
  assert.ok(widePng.width <= 800 && widePng.width >= 799, String(widePng.width));
  assert.equal(widePng.png.readUInt32BE(16), widePng.width);
});

test('a tall drawing is scaled down to the pixel cap, and says so; one under the cap is not', T, async () => {
  const catalog = await getIconCatalog();
  // A top-down chain: narrow and very tall, the shape whose preview only a width cap let through.
  const tall = await renderText(`direction TB\n${Array.from({ length: 60 }, (_, i) => `c${i} -> c${i + 1}`).join('\n')}`, { catalog });
  assert.ok(tall.ok);
  const preview = await renderPreviewPng(tall.scene, { maxPixels: 200_000 });
  assert.equal(preview.scaledDown, true);
  const [w, h] = [preview.png.readUInt32BE(16), preview.png.readUInt32BE(20)];
  assert.deepEqual([w, h], [preview.width, preview.height]);
  assert.ok(w * h <= 200_000 * 1.01, `${w} x ${h}`);
  const full = await renderPng(tall.scene, { scale: 1, maxPixels: MAX_PNG_PIXELS });
  assert.equal(full.scaledDown, false);
  assert.equal(full.png.readUInt32BE(20), full.height);
  assert.ok(full.height > preview.height * 2);
});

test('iconIdsOf lists each icon once, in declaration order', () => {
  const { model } = analyzeText(TEXT);
  assert.deepEqual(iconIdsOf(model), ['logos:react', 'logos:nodejs-icon', 'logos:postgresql']);
});

// PNG from the built bundles (`node esbuild.mjs` first): dist/ carries resvg's wasm, and the
// bundled CLI rasterises with it, including where no native binary can be found, as in the
// platform-neutral .vsix.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePng, pixelDifference } from './pngImage';

const root = join(__dirname, '..', '..');
const dist = join(root, 'dist');
const example = join(root, 'examples', 'load-balancer.diagram');
const T = { timeout: 120_000 };
let dir: string;

function cli(cliPath: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
    timeout: 60_000,
  });
  return { code: r.status, stderr: r.stderr };
}

before(() => {
  assert.ok(existsSync(join(dist, 'cli.js')), 'dist/cli.js is missing: run `node esbuild.mjs` first');
  dir = mkdtempSync(join(tmpdir(), 'archflow-pngdist-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('the build puts resvg.wasm, byte for byte, and its licence next to the bundles', () => {
  const shipped = readFileSync(join(dist, 'resvg.wasm'));
  const installed = readFileSync(createRequire(__filename).resolve('@resvg/resvg-wasm/index_bg.wasm'));
  assert.ok(shipped.equals(installed));
  assert.match(readFileSync(join(dist, 'resvg.wasm.LICENSE.txt'), 'utf8'), /Mozilla Public License Version 2\.0/);
});

test('the bundled CLI renders a PNG with ARCHFLOW_PNG_BACKEND=wasm, matching the native one', T, async () => {
  const cliPath = join(dist, 'cli.js');
  const wasm = cli(cliPath, ['render', example, '-o', 'wasm.svg', '--png', 'wasm.png', '--scale', '2'], { ARCHFLOW_PNG_BACKEND: 'wasm' });
  assert.equal(wasm.code, 0, wasm.stderr);
  const native = cli(cliPath, ['render', example, '-o', 'native.svg', '--png', 'native.png', '--scale', '2'], { ARCHFLOW_PNG_BACKEND: 'native' });
  assert.equal(native.code, 0, native.stderr);
  const svgWidth = Number(/width="([\d.]+)"/.exec(readFileSync(join(dir, 'wasm.svg'), 'utf8'))![1]);
  const a = decodePng(readFileSync(join(dir, 'wasm.png')));
  const b = decodePng(readFileSync(join(dir, 'native.png')));
  assert.equal(a.width, Math.round(svgWidth * 2));
  const diff = pixelDifference(a, b);
  assert.ok(diff.maxChannel <= 8, `max channel difference ${diff.maxChannel}`);
  assert.ok(diff.differingPixels <= a.width * a.height * 0.005, `${diff.differingPixels} pixels differ`);
});

test('where no native binary can be found, the CLI falls back to the wasm beside it', T, async () => {
  // An install with no node_modules anywhere above it, as the .vsix lays the extension out
  // (the CLI lays out on its worker thread, bundled beside it).
  const install = join(dir, 'install');
  mkdirSync(join(install, 'dist'), { recursive: true });
  for (const file of ['cli.js', 'layoutWorker.js', 'resvg.wasm']) copyFileSync(join(dist, file), join(install, 'dist', file));
  cpSync(join(root, 'media', 'fonts'), join(install, 'media', 'fonts'), { recursive: true });
  const cliPath = join(install, 'dist', 'cli.js');
  const env = { ARCHFLOW_ICONS_DIR: join(dist, 'icons') };

  const forcedNative = cli(cliPath, ['render', example, '-o', 'n.svg', '--png', 'n.png'], { ...env, ARCHFLOW_PNG_BACKEND: 'native' });
  assert.equal(forcedNative.code, 2);
  assert.match(forcedNative.stderr, /cannot draw the PNG: the native resvg \(@resvg\/resvg-js\) cannot load/);
  assert.ok(!existsSync(join(dir, 'n.svg')), 'nothing written when the PNG cannot be drawn');

  const auto = cli(cliPath, ['render', example, '-o', 'auto.svg', '--png', 'auto.png'], env);
  assert.equal(auto.code, 0, auto.stderr);
  const img = decodePng(readFileSync(join(dir, 'auto.png')));
  const svgWidth = Number(/width="([\d.]+)"/.exec(readFileSync(join(dir, 'auto.svg'), 'utf8'))![1]);
  assert.equal(img.width, Math.round(svgWidth));

  rmSync(join(install, 'dist', 'resvg.wasm'));
  const none = cli(cliPath, ['render', example, '-o', 'none.svg', '--png', 'none.png'], env);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no PNG rasteriser could load: native: .*; wasm: cannot load the resvg WebAssembly module: no .*resvg\.wasm and no @resvg\/resvg-wasm package/);
});

#!/usr/bin/env node
// Compiles the extension's integration suite (test/extension/suite/*.ts) to
// out/test/extension/suite/*.js, one CommonJS file per test file plus the mocha entry
// `index.js` that the extension host loads, and the benchmark (test/extension/bench) to
// out/test/extension/bench/index.js. `vscode` and mocha stay external: the extension host
// provides the first, node_modules the second.
// Usage: node test/extension/build.mjs
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const suiteDir = join(root, 'test/extension/suite');
const outdir = join(root, 'out/test/extension/suite');
const benchOut = join(root, 'out/test/extension/bench');

const entries = readdirSync(suiteDir)
  .filter((f) => f === 'index.ts' || f.endsWith('.test.ts'))
  .map((f) => join(suiteDir, f));

const options = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  logLevel: 'warning',
  external: ['vscode', 'mocha', 'mocha/*', '@resvg/resvg-js'],
};
rmSync(outdir, { recursive: true, force: true });
rmSync(benchOut, { recursive: true, force: true });
await esbuild.build({ ...options, entryPoints: entries, outdir });
await esbuild.build({ ...options, entryPoints: [join(root, 'test/extension/bench/index.ts')], outdir: benchOut });

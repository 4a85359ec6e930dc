// Bundles every runtime of ArchFlow. Each entry is built only when its source exists,
// so the build stays green while the layers land one by one.
// Usage: node esbuild.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Node bundles: the CLI, the MCP server, the layout and PNG workers, and the extension. */
const nodeEntries = [
  { in: 'src/bin/cli.ts', out: 'cli', shebang: true },
  { in: 'src/bin/mcp.ts', out: 'mcp', shebang: true },
  { in: 'src/node/layoutWorker.ts', out: 'layoutWorker' },
  { in: 'src/node/pngWorker.ts', out: 'pngWorker' },
  { in: 'src/extension/extension.ts', out: 'extension', external: ['vscode'] },
];
/** Browser bundles for webviews. */
const webEntries = [
  { in: 'webview/preview/main.tsx', out: 'webview/preview' },
  { in: 'webview/chat/main.tsx', out: 'webview/chat' },
  // Loaded by VS Code's Markdown preview (markdown.previewScripts): fills in diagram fences drawn late.
  { in: 'webview/markdownPreview/main.ts', out: 'webview/markdownPreview' },
];

// Generated data the bundles read at run time (icon shards, font metrics).
for (const script of ['scripts/buildIcons.mjs']) {
  if (!existsSync(script)) continue;
  const r = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// resvg's WebAssembly build rasterises PNG on every platform: the bundles load it from
// dist/resvg.wasm (see src/node/resvgWasm.ts), with the licence it ships under.
const require = createRequire(import.meta.url);
mkdirSync('dist', { recursive: true });
copyFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm'), 'dist/resvg.wasm');
// Same project and licence (MPL-2.0) as resvg-js; the wasm package ships no licence file of its own.
copyFileSync(require.resolve('@resvg/resvg-js/LICENSE'), 'dist/resvg.wasm.LICENSE.txt');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  legalComments: 'linked',
};

const contexts = [];
for (const e of nodeEntries.filter((e) => existsSync(e.in))) {
  contexts.push(
    await esbuild.context({
      ...common,
      entryPoints: [{ in: e.in, out: e.out }],
      outdir: 'dist',
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      // Native and data-heavy packages stay outside the bundle and load from node_modules.
      external: ['@resvg/resvg-js', ...(e.external ?? [])],
      banner: e.shebang ? { js: '#!/usr/bin/env node' } : undefined,
      define: { ARCHFLOW_VERSION: JSON.stringify(version) },
    }),
  );
}
for (const e of webEntries.filter((e) => existsSync(e.in))) {
  contexts.push(
    await esbuild.context({
      ...common,
      entryPoints: [{ in: e.in, out: e.out }],
      outdir: 'dist',
      platform: 'browser',
      target: 'es2022',
      format: 'iife',
      loader: { '.css': 'css' },
    }),
  );
}

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
  console.error('[esbuild] watching');
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}

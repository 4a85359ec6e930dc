// Bundles every runtime of ArchFlow. Each entry is built only when its source exists,
// so the build stays green while the layers land one by one.
// Usage: node esbuild.mjs [--watch] [--production]
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** Node bundles: the CLI, the MCP server, the layout and PNG workers, and the extension. */
const nodeEntries = [
  { in: 'src/bin/cli.ts', out: 'cli', shebang: true },
  { in: 'src/bin/archflowMcp.ts', out: 'mcp', shebang: true },
  // The language server alone (no CLI, no SDKs): `node dist/lsp.js --stdio`.
  { in: 'src/lsp/lsp.ts', out: 'lsp', shebang: true },
  { in: 'src/node/layoutWorkerMain.ts', out: 'layoutWorker' },
  { in: 'src/node/pngWorkerMain.ts', out: 'pngWorker' },
  { in: 'src/node/analysisWorkerMain.ts', out: 'analysisWorker' },
  { in: 'src/extension/extension.ts', out: 'extension', external: ['vscode'] },
  // The chat (Anthropic and MCP SDKs, the diagram server): loaded by the extension on first use.
  { in: 'src/extension/chat/chatServices.ts', out: 'chat', external: ['vscode'] },
  // Claude on the cloud platforms: each SDK (about 1 MB with its AWS or Google libraries) is
  // read only when its provider is chosen (see cloudProvidersApart()).
  { in: 'src/agent/backends/cloud/bedrock.ts', out: 'cloud-bedrock' },
  { in: 'src/agent/backends/cloud/vertex.ts', out: 'cloud-vertex' },
  { in: 'src/agent/backends/cloud/foundry.ts', out: 'cloud-foundry' },
];
/** Browser bundles for webviews. */
const webEntries = [
  { in: 'webview/preview/main.tsx', out: 'webview/preview' },
  { in: 'webview/chat/main.tsx', out: 'webview/chat' },
  // Loaded by VS Code's Markdown preview (markdown.previewScripts): fills in diagram fences drawn late.
  { in: 'webview/markdownPreview/main.ts', out: 'webview/markdownPreview' },
  // The MCP Apps bridge, loaded by the chat only when a tool card shows an app.
  { in: 'webview/chat/apps/bridgeEntry.ts', out: 'webview/chatApps' },
];

/**
 * The diagram server's MCP App: one self-contained HTML file (script and styles inline;
 * hosts load it into a sandbox with no origin to fetch from), always minified and in
 * React's production build, because hosts refuse or fail on large documents.
 */
const appEntry = { in: 'webview/mcpApp/main.tsx', template: 'webview/mcpApp/index.html', out: 'dist/mcpApp/diagram.html' };

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
// The codicon font the chat bundles (CC-BY-4.0), with its licence.
mkdirSync('dist/webview', { recursive: true });
copyFileSync(require.resolve('@vscode/codicons/LICENSE'), 'dist/webview/codicon.LICENSE.txt');

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
      plugins: [cloudProvidersApart()],
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
      // The chat's icons are VS Code's own codicon font, served next to the bundle (CSP `font-src`).
      loader: { '.css': 'css', '.ttf': 'file' },
      assetNames: 'webview/[name]',
      // ext-apps' AppBridge (the chat's MCP Apps) brings zod along.
      plugins: [zodEnglishOnly()],
    }),
  );
}

/** A bundle for the browser that may require only `allowed` (checked by the onlyRequired guard). */
async function browserBundle(entry, format, allowed, extra = {}) {
  if (!existsSync(entry.in)) return;
  contexts.push(
    await esbuild.context({
      ...common,
      entryPoints: [entry],
      outdir: 'dist',
      platform: 'browser',
      target: 'es2022',
      format,
      external: allowed,
      metafile: true,
      plugins: [onlyRequired(allowed)],
      ...extra,
    }),
  );
}
// VS Code for the Web (package.json `browser`): the extension in a web worker, where only
// `require('vscode')` exists. `platform: 'browser'` refuses Node built-ins at build time, and
// the guard fails the build if the bundle still requires anything else.
await browserBundle({ in: 'src/extension/web/extension.ts', out: 'web/extension' }, 'cjs', ['vscode'], {
  define: { ARCHFLOW_VERSION: JSON.stringify(version) },
});
// Its layout worker (see createWebLayout): a classic script, because VS Code for the Web starts
// an extension's worker with `importScripts`; it may require nothing at all.
await browserBundle({ in: 'src/extension/web/webLayoutWorkerMain.ts', out: 'web/layoutWorker' }, 'iife', []);

if (existsSync(appEntry.in)) {
  contexts.push(
    await esbuild.context({
      entryPoints: [appEntry.in],
      outdir: dirname(appEntry.out),
      bundle: true,
      write: false,
      minify: true,
      sourcemap: false,
      legalComments: 'eof',
      logLevel: 'warning',
      platform: 'browser',
      target: 'es2022',
      format: 'iife',
      loader: { '.css': 'css' },
      define: { 'process.env.NODE_ENV': '"production"', ARCHFLOW_VERSION: JSON.stringify(version) },
      plugins: [zodEnglishOnly(), inlineIntoHtml(appEntry.template, appEntry.out)],
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

/**
 * `import('./cloud/bedrock')` (and vertex, foundry) in the provider factory stays a
 * `require('./cloud-bedrock.js')` of the bundle built from that file, next to the bundle
 * that needs it, instead of being inlined.
 */
function cloudProvidersApart() {
  return {
    name: 'cloud-providers-apart',
    setup(build) {
      build.onResolve({ filter: /^\.\/cloud\/(bedrock|vertex|foundry)$/ }, (args) => {
        if (!/[\\/]agent[\\/]backends[\\/]index\.ts$/.test(args.importer)) return undefined;
        return { path: `./cloud-${args.path.split('/').pop()}.js`, external: true };
      });
    },
  };
}

/** Fails the build when a bundle requires any module but `allowed` (a web worker has no other). */
function onlyRequired(allowed) {
  return {
    name: 'only-required',
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length) return;
        for (const file of Object.keys(result.metafile?.outputs ?? {}).filter((f) => f.endsWith('.js'))) {
          const others = [...readFileSync(file, 'utf8').matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]).filter((m) => !allowed.includes(m));
          if (others.length) return { errors: [{ text: `${file} requires ${[...new Set(others)].join(', ')}: a web worker offers ${allowed.length ? allowed.map((m) => `only '${m}'`).join(', ') : 'no module'}` }] };
        }
      });
    },
  };
}

/**
 * Zod's `z` namespace (which ext-apps' App imports whole) re-exports every locale, about
 * 250 KB minified that tree-shaking cannot drop (ext-apps#649): only English is kept.
 */
function zodEnglishOnly() {
  return {
    name: 'zod-english-only',
    setup(build) {
      build.onResolve({ filter: /[\\/]locales[\\/]index\.js$/ }, (args) => {
        if (!/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)) return undefined;
        return { path: resolve(dirname(args.importer), args.path), namespace: 'zod-locales' };
      });
      build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
        contents: `export { default as en } from ${JSON.stringify(resolve(dirname(args.path), 'en.js'))};`,
        resolveDir: dirname(args.path),
      }));
    },
  };
}

/** Writes `out`: `template` with the build's script and stylesheet inlined where its placeholders are. */
function inlineIntoHtml(template, out) {
  return {
    name: 'inline-into-html',
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length || !result.outputFiles) return;
        const text = (ext) => result.outputFiles.filter((f) => f.path.endsWith(ext)).map((f) => f.text).join('\n');
        // Neither may end its element early: `<\/` means `</` in both JavaScript and CSS.
        const js = text('.js').replace(/<\/(script)/gi, '<\\/$1');
        const css = text('.css').replace(/<\/(style)/gi, '<\\/$1');
        const html = readFileSync(template, 'utf8')
          .replace('/*ARCHFLOW_CSS*/', () => css)
          .replace('/*ARCHFLOW_JS*/', () => js);
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, html);
      });
    },
  };
}

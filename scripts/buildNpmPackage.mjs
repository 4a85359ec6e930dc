#!/usr/bin/env node
// Writes the npm package `archflow` (the CLI, the MCP server and the language server) into
// out/npm/: the production bundles and the files they read at run time, with a manifest of
// its own. The repository's package.json stays the extension's manifest and the workspace's
// (every dev and bundled dependency, `private`); see docs/decisions/0007-npm-package.md.
// Usage: node scripts/buildNpmPackage.mjs [--out DIR] [--no-build] [--pack]
//   --no-build  use dist/ as it is (it must be a production build)
//   --pack      also run `npm pack` in the output folder and print the tarball's path
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');

/**
 * What the bundles load at run time, beside them or above them (see src/node/fonts.ts,
 * iconStore.ts, resvgWasm.ts, workerClient.ts and src/mcpServer/diagramApp.ts, resources.ts).
 * The extension's bundles (extension.js, chat.js, web/, webview/) are not here: they need VS Code.
 */
export const NPM_FILES = [
  // Entry points: `archflow` (lsp included) and `archflow-mcp`.
  'dist/cli.js',
  'dist/mcp.js',
  // Worker threads the CLI and the server start by file name.
  'dist/layoutWorker.js',
  'dist/pngWorker.js',
  'dist/analysisWorker.js',
  // `archflow ask --provider bedrock|vertex|foundry` loads these with import('./cloud-*.js').
  'dist/cloud-bedrock.js',
  'dist/cloud-vertex.js',
  'dist/cloud-foundry.js',
  // PNG on every platform (the native resvg is used only if the user installs it).
  'dist/resvg.wasm',
  'dist/resvg.wasm.LICENSE.txt',
  // The MCP App render_diagram's results point to.
  'dist/mcpApp/diagram.html',
  // The icon catalog (index and shards).
  'dist/icons',
  // Label measurement and PNG text.
  'media/fonts/Inter-Regular.ttf',
  'media/fonts/Inter-SemiBold.ttf',
  'media/fonts/LICENSE-Inter.txt',
  // The archflow://examples/{name} resources of the MCP server.
  'examples',
  'LICENSE',
  'CHANGELOG.md',
];

/** The bundles whose licence notices (esbuild's `legalComments: 'linked'`) travel with them. */
const LEGAL = ['cli', 'mcp', 'layoutWorker', 'pngWorker', 'analysisWorker', 'cloud-bedrock', 'cloud-vertex', 'cloud-foundry'].map((b) => `dist/${b}.js.LEGAL.txt`);

/** The package's manifest: no dependencies, everything it runs is bundled. */
export function npmManifest(extension) {
  return {
    name: 'archflow',
    version: extension.version,
    description: 'Architecture diagrams from text: a CLI (check, render to SVG and PNG, format, layout), an MCP server for Claude and other AI assistants, and a language server.',
    keywords: ['architecture', 'diagram', 'diagrams-as-code', 'mcp', 'mcp-server', 'model context protocol', 'claude', 'svg', 'png', 'cli', 'language server', 'lsp'],
    license: extension.license,
    author: extension.author,
    repository: extension.repository,
    homepage: extension.homepage,
    bugs: extension.bugs,
    engines: { node: extension.engines.node },
    bin: { archflow: 'dist/cli.js', 'archflow-mcp': 'dist/mcp.js' },
    // Bundles are CommonJS; the folder holds nothing else to run.
    type: 'commonjs',
  };
}

function run(cmd, argv, options = {}) {
  const r = spawnSync(cmd, argv, { cwd: root, stdio: 'inherit', ...options });
  if (r.status !== 0) process.exit(r.status ?? 1);
  return r;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = resolve(root, outAt >= 0 ? args[outAt + 1] : 'out/npm');
  if (!args.includes('--no-build')) run(process.execPath, ['esbuild.mjs', '--production']);

  for (const file of [...NPM_FILES, 'docs/npm-readme.md']) {
    if (!existsSync(join(root, file))) {
      console.error(`[npm] ${file} is missing; run \`node esbuild.mjs --production\` first`);
      process.exit(1);
    }
  }
  // A development build points at source maps the package leaves out, and is four times larger.
  const cli = readFileSync(join(root, 'dist/cli.js'), 'utf8');
  if (/\/\/# sourceMappingURL=/.test(cli.slice(-200))) {
    console.error('[npm] dist/ is a development build (source maps); run `node esbuild.mjs --production` or drop --no-build');
    process.exit(1);
  }

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const file of [...NPM_FILES, ...LEGAL.filter((f) => existsSync(join(root, f)))]) {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    cpSync(join(root, file), join(out, file), { recursive: true });
  }
  copyFileSync(join(root, 'docs/npm-readme.md'), join(out, 'README.md'));
  for (const bin of ['dist/cli.js', 'dist/mcp.js']) chmodSync(join(out, bin), 0o755);
  const extension = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(npmManifest(extension), null, 2)}\n`);
  console.error(`[npm] wrote ${out}`);

  if (args.includes('--pack')) {
    const r = spawnSync('npm', ['pack', '--json', '--pack-destination', dirname(out)], { cwd: out, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (r.status !== 0) process.exit(r.status ?? 1);
    const [info] = JSON.parse(r.stdout);
    console.log(join(dirname(out), info.filename));
    console.error(`[npm] ${info.filename}: ${(info.size / 1024 / 1024).toFixed(2)} MB packed, ${(info.unpackedSize / 1024 / 1024).toFixed(2)} MB unpacked, ${info.entryCount} files`);
  }
}

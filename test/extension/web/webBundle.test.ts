// The web extension (package.json `browser`) as VS Code for the Web loads it: one bundle in a
// web worker, where only `require('vscode')` is shimmed and no Node.js module or global exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..', '..');

test('the browser entry bundles for a web worker and requires nothing but vscode', { timeout: 120_000 }, async () => {
  // The same options as esbuild.mjs: `platform: 'browser'` refuses Node built-ins outright.
  const result = await esbuild.build({
    entryPoints: [join(root, 'src/extension/web/extension.ts')],
    absWorkingDir: root,
    outfile: join(root, 'out/webBundleTest/extension.js'),
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    define: { ARCHFLOW_VERSION: '"0.0.0"' },
    metafile: true,
    logLevel: 'silent',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const required = new Set([...js.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]));
  assert.deepEqual([...required], ['vscode']);
  const inputs = Object.keys(result.metafile.inputs);
  // Nothing of the Node adapters but their Node-free parts, nothing of the chat, the MCP client
  // or server (src/extension/config.ts reads the chat's price table and the MCP protocol
  // setting's values, plain data).
  assert.deepEqual(inputs.filter((i) => i.startsWith('src/node/')).sort(), ['src/node/fontNames.ts', 'src/node/layoutRuns.ts', 'src/node/resvgBackend.ts', 'src/node/resvgWasmRender.ts']);
  assert.deepEqual(inputs.filter((i) => /^src\/(bin|lsp)\/|^src\/extension\/(chat|mcp)\//.test(i)), []);
  assert.deepEqual(inputs.filter((i) => /^src\/(agent|mcpClient|mcpServer|editorTools)\//.test(i)).sort(), ['src/agent/modelIds.ts', 'src/agent/pricing.ts', 'src/mcpClient/protocolSetting.ts']);
  // The layout engine and resvg's wasm glue are inside; the icons and the .wasm are read at run time.
  assert.ok(inputs.some((i) => i.includes('elkjs/lib/elk.bundled.js')));
  assert.ok(inputs.some((i) => i.includes('@resvg/resvg-wasm')));
});

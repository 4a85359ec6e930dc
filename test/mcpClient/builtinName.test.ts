// README tells users to register ArchFlow's server as `archflow`, the built-in server's name
// (and the repository's own .mcp.json does). Such an entry never takes the other servers
// down, from whichever source it comes: one that runs our own server is skipped with an
// info line, another program is kept under a free name and the user is told.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ask } from '../../src/bin/commands/index';
import type { CliIo } from '../../src/bin/cliIo';
import { runMcpCommand } from '../../src/bin/commands/mcp';
import { claudeDesktopConfigPath, McpClientManager, workspaceConfigSources, type McpConfigSource } from '../../src/mcpClient/index';
import { runsOwnServer } from '../../src/mcpClient/ownServer';
import { startFakeAnthropic } from '../fakeAnthropic';
import { fixture, repoRoot, tinyBuiltin } from './helpers';

const scratch = mkdtempSync(join(tmpdir(), 'archflow-builtin-name-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const node = process.execPath;

test('recognises the ways to run our own server, and nothing else', () => {
  const stdio = (command: string, ...args: string[]) => ({ type: 'stdio' as const, command, args });
  for (const own of [
    stdio('node', 'dist/mcp.js'),
    stdio('/usr/local/bin/node', '/path/to/archflow/dist/mcp.js', '--root', '/Users/me/diagrams'),
    stdio('C:\\Program Files\\nodejs\\node.exe', 'C:\\src\\archflow\\dist\\mcp.js'),
    stdio('node', '--no-warnings', 'node_modules/archflow/dist/mcp.js'),
    stdio('archflow-mcp'),
    stdio('/home/me/.npm-global/bin/archflow-mcp', '--http', '--port', '3333'),
    stdio('archflow-mcp.cmd'),
    stdio('npx', 'archflow-mcp'),
    stdio('npx', '-y', 'archflow-mcp@0.1.0'),
    stdio('npx.cmd', '--yes', 'archflow-mcp'),
    stdio('npx', 'archflow', 'mcp'),
    stdio('bunx', 'archflow-mcp'),
    stdio('pnpm', 'dlx', 'archflow-mcp'),
    stdio('archflow', 'mcp'),
  ]) {
    assert.equal(runsOwnServer(own), true, `${own.command} ${own.args.join(' ')}`);
  }
  for (const other of [
    stdio('node', 'server.js'),
    stdio('node', 'dist/index.js'),
    stdio('npx', '-y', '@modelcontextprotocol/server-memory'),
    stdio('npx', 'archflow', 'render'),
    stdio('archflow', 'render', 'x.diagram'),
    stdio('python3', 'archflow.py'),
    stdio('uvx', 'archflow-mcp-python'),
    { type: 'http' as const, url: 'http://127.0.0.1:3333/mcp' },
  ]) {
    assert.equal(runsOwnServer(other), false, JSON.stringify(other));
  }
});

/** The repository's own entry, and another program (a real stdio server) under the same name. */
const OWN = { type: 'stdio', command: 'node', args: ['dist/mcp.js'] };
const OTHER = { type: 'stdio', command: node, args: [fixture('toolbox.mjs')] };

/**
 * The sources, built the way the extension's McpService builds them (Claude Desktop's file
 * first, then each folder's .mcp.json and .vscode/mcp.json, then the settings), holding one
 * `archflow` entry in `where` next to a server of its own.
 */
function sourcesWith(where: 'mcp.json' | 'vscode' | 'claudeDesktop' | 'settings', entry: object, folder: string): McpConfigSource[] {
  mkdirSync(folder, { recursive: true });
  const servers = { archflow: entry, [`toolbox-${where}`]: OTHER };
  const desktop = claudeDesktopConfigPath('linux', folder, { XDG_CONFIG_HOME: join(folder, 'config') });
  const write = (path: string, value: object) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(value));
  };
  if (where === 'mcp.json') write(join(folder, '.mcp.json'), { mcpServers: servers });
  if (where === 'vscode') write(join(folder, '.vscode', 'mcp.json'), { servers });
  if (where === 'claudeDesktop') write(desktop, { mcpServers: servers });
  return [
    { kind: 'file', path: desktop, optional: true },
    ...workspaceConfigSources(folder),
    ...(where === 'settings' ? [{ kind: 'object' as const, config: { servers }, label: 'settings: archflow.mcp.servers' }] : []),
  ];
}

for (const where of ['mcp.json', 'vscode', 'claudeDesktop', 'settings'] as const) {
  test(`${where}: an 'archflow' entry that runs our server is skipped with an info line; another program is kept as 'archflow-2'; the other servers load`, async () => {
    for (const [entry, kind] of [[OWN, 'own'], [OTHER, 'other']] as const) {
      const folder = join(scratch, `${where}-${kind}`);
      // The user agrees to start the project's servers (a repository's files need consent, issue 22).
      const manager = new McpClientManager({ sources: sourcesWith(where, entry, folder), workspaceFolder: folder, shell: false, consent: async () => true, builtinServers: [{ name: 'archflow', createServer: tinyBuiltin }] });
      try {
        await manager.loadConfiguration();
        const statuses = await manager.connectAll();
        const byName = new Map(statuses.map((s) => [s.name, s]));
        assert.equal(manager.diagnostics.filter((d) => d.severity === 'error').length, 0, JSON.stringify(manager.diagnostics));
        // The built-in server is there and the source's other server runs.
        assert.equal(byName.get('archflow')?.builtin, true);
        assert.equal(byName.get('archflow')?.state, 'running');
        assert.equal(byName.get(`toolbox-${where}`)?.state, 'running', byName.get(`toolbox-${where}`)?.error);
        assert.equal(manager.diagnostics.length, 1, JSON.stringify(manager.diagnostics));
        const [d] = manager.diagnostics;
        assert.equal(d!.server, 'archflow');
        if (kind === 'own') {
          assert.equal(d!.severity, 'info');
          assert.match(d!.message, /^'archflow' runs ArchFlow's own MCP server, which is built in here: this entry is skipped$/);
          assert.deepEqual([...byName.keys()].sort(), ['archflow', `toolbox-${where}`]);
        } else {
          assert.equal(d!.severity, 'warning');
          assert.match(d!.message, /^the name 'archflow' belongs to the built-in server: this entry is kept as 'archflow-2'/);
          assert.equal(byName.get('archflow-2')?.state, 'running', byName.get('archflow-2')?.error);
          assert.equal(byName.get('archflow-2')?.builtin, false);
          assert.ok((await manager.listServerTools('archflow-2')).some((t) => t.tool.name === 'echo'), 'the renamed entry is the other program');
        }
      } finally {
        await manager.dispose();
      }
    }
  });
}

test("a free name is found when 'archflow-2' is taken", async () => {
  const folder = join(scratch, 'taken');
  mkdirSync(folder);
  writeFileSync(join(folder, '.mcp.json'), JSON.stringify({ mcpServers: { 'archflow-2': OTHER, archflow: OTHER } }));
  const manager = new McpClientManager({ sources: workspaceConfigSources(folder), workspaceFolder: folder, shell: false, builtinServers: [{ name: 'archflow', createServer: tinyBuiltin }] });
  try {
    await manager.loadConfiguration();
    assert.deepEqual((await manager.serverNames()).sort(), ['archflow', 'archflow-2', 'archflow-3']);
  } finally {
    await manager.dispose();
  }
});

function memoryIo(cwd: string, env: Record<string, string | undefined> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), readStdin: async () => '', cwd, env: { ...process.env, SHELL: '/bin/sh', ...env }, isTty: false };
  return { io, stdout: () => stdout, stderr: () => stderr };
}

test("in a folder with the repository's own .mcp.json, `archflow mcp list` lists the built-in server and exits 0", async () => {
  const folder = join(scratch, 'repo-like');
  mkdirSync(folder);
  writeFileSync(join(folder, '.mcp.json'), readFileSync(join(repoRoot, '.mcp.json')));
  const m = memoryIo(folder);
  const code = await runMcpCommand(['list'], m.io, { builtinServers: [{ name: 'archflow', createServer: tinyBuiltin }], managerOptions: { shell: false } });
  assert.equal(code, 0, m.stderr());
  assert.match(m.stdout(), /^archflow +running +memory +2025-11-25 \(legacy\) +1 .* built-in$/m);
  assert.match(m.stderr(), /\.mcp\.json: info: 'archflow' runs ArchFlow's own MCP server, which is built in here: this entry is skipped/);
});

test("in a folder with the repository's own .mcp.json, `archflow ask` runs with the built-in server's tools", { timeout: 30_000 }, async () => {
  const folder = join(scratch, 'ask');
  mkdirSync(folder);
  writeFileSync(join(folder, '.mcp.json'), readFileSync(join(repoRoot, '.mcp.json')));
  const fake = await startFakeAnthropic();
  try {
    fake.script({ content: [{ type: 'text', text: 'Done.' }], stopReason: 'end_turn' });
    const m = memoryIo(folder, { ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url });
    const code = await ask(['Draw a web app'], m.io);
    assert.equal(code, 0, m.stderr());
    assert.match(m.stderr(), /archflow ask: .*\.mcp\.json: info: 'archflow' runs ArchFlow's own MCP server/);
    assert.doesNotMatch(m.stderr(), /could not load the MCP servers/);
    // The model was offered the built-in diagram server's tools.
    const tools = (fake.requests[0]!.body.tools as { name: string }[]).map((t) => t.name);
    assert.ok(tools.some((t) => t.startsWith('archflow__')), tools.join(', '));
  } finally {
    await fake.close();
  }
});

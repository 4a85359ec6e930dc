import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfigObject, parseConfigText } from '../../src/mcpClient/configFile';
import { loadConfigSources, workspaceConfigSources } from '../../src/mcpClient/configLoader';
import { formatConfigDiagnostic } from '../../src/mcpClient/serverConfig';
import { substituteVariables, type VariableContext } from '../../src/mcpClient/variables';

test('VS Code mcp.json with comments, trailing commas, inputs and every transport type', () => {
  const text = `{
  // servers for this workspace
  "inputs": [
    { "type": "promptString", "id": "gh-token", "description": "GitHub token", "password": true },
  ],
  "servers": {
    "github": { "type": "http", "url": "https://api.example.com/mcp", "headers": { "Authorization": "Bearer \${input:gh-token}" } },
    "legacy": { "type": "sse", "url": "http://localhost:3001/sse" },
    "fs": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "\${workspaceFolder}"], "env": { "DEBUG": 1, "UNSET": null }, },
  },
}`;
  const parsed = parseConfigText(text, '/ws/.vscode/mcp.json');
  assert.deepEqual(parsed.diagnostics, []);
  assert.deepEqual(parsed.servers.map((s) => [s.name, s.config.type, s.format, s.baseDir]), [
    ['github', 'http', 'vscode', '/ws'],
    ['legacy', 'sse', 'vscode', '/ws'],
    ['fs', 'stdio', 'vscode', '/ws'],
  ]);
  assert.equal(parsed.servers[0].inputs.get('gh-token')?.password, true);
  assert.deepEqual(parsed.servers[2].config, { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${workspaceFolder}'], env: { DEBUG: 1, UNSET: null } });
});

test('.mcp.json / Claude Desktop format (mcpServers), type inferred, aliases accepted', () => {
  const parsed = parseConfigText(
    JSON.stringify({ mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] }, remote: { type: 'streamableHttp', url: 'http://x/mcp' } } }),
    '/home/u/.config/Claude/claude_desktop_config.json',
  );
  assert.deepEqual(parsed.diagnostics, []);
  assert.deepEqual(parsed.servers.map((s) => [s.name, s.config.type, s.format]), [
    ['memory', 'stdio', 'mcpServers'],
    ['remote', 'http', 'mcpServers'],
  ]);
});

test('a syntax error is reported with file, line, column and what is wrong; the other servers survive', () => {
  const text = ['{', '  "servers": {', '    "good": { "command": "node" },', '    "bad": { "command": "node" "args": [] },', '    "alsoGood": { "url": "http://localhost:1/mcp" }', '  }', '}'].join('\n');
  const parsed = parseConfigText(text, '/ws/.vscode/mcp.json');
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  assert.equal(errors.length, 1);
  assert.deepEqual({ line: errors[0].line, column: errors[0].column, message: errors[0].message }, { line: 4, column: 32, message: "expected ','" });
  assert.equal(formatConfigDiagnostic(errors[0]), "/ws/.vscode/mcp.json:4:32: error: expected ','");
  assert.deepEqual(parsed.servers.map((s) => s.name), ['good', 'alsoGood']);
  assert.ok(parsed.diagnostics.some((d) => d.server === 'bad' && /skipped/.test(d.message)));
});

test('schema problems point at the offending value; only that server is skipped', () => {
  const text = ['{', '  "servers": {', '    "a": { "command": 42 },', '    "b": { "type": "websocket", "url": "ws://x" },', '    "c": { "args": ["x"] },', '    "d": { "command": "ok" }', '  }', '}'].join('\n');
  const parsed = parseConfigText(text, 'mcp.json');
  assert.deepEqual(parsed.servers.map((s) => s.name), ['d']);
  const byServer = Object.fromEntries(parsed.diagnostics.map((d) => [d.server, d]));
  assert.equal(byServer.a.line, 3);
  assert.match(byServer.a.message, /server 'a': 'command' .*string/i);
  assert.equal(byServer.b.line, 4);
  assert.match(byServer.b.message, /unknown type 'websocket'; expected stdio, http or sse/);
  assert.equal(byServer.c.line, 5);
  assert.match(byServer.c.message, /needs either "command".*or "url"/);
});

test('a file that is not an object, or has no servers, says so', () => {
  assert.match(parseConfigText('[1,2]', 'x.json').diagnostics[0].message, /expected an object/);
  assert.match(parseConfigText('{"foo": 1}', 'x.json').diagnostics[0].message, /no "servers".*"mcpServers"/);
  assert.equal(parseConfigText('', 'x.json').diagnostics[0].severity, 'error');
});

test('object sources (extension settings) use the same rules without positions', () => {
  const parsed = parseConfigObject({ servers: { x: { command: 'node' }, y: { type: 'stdio' } } }, 'settings', '/ws');
  assert.deepEqual(parsed.servers.map((s) => s.name), ['x']);
  assert.equal(parsed.diagnostics[0].line, undefined);
  assert.match(parsed.diagnostics[0].message, /"command" is required/);
});

test('loading: missing optional files are silent, later sources win a name, a built-in name is given to another program under a free name', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'archflow-mcp-config-'));
  try {
    mkdirSync(join(dir, '.vscode'));
    writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { shared: { command: 'from-dot-mcp' }, archflow: { command: 'x' } } }));
    writeFileSync(join(dir, '.vscode', 'mcp.json'), '{ "servers": { "shared": { "command": "from-vscode" }, } }');
    const loaded = await loadConfigSources([...workspaceConfigSources(dir), { kind: 'file', path: join(dir, 'nope.json'), optional: true }], {
      defaultBaseDir: dir,
      reservedNames: new Set(['archflow']),
    });
    assert.deepEqual(loaded.servers.map((s) => [s.name, s.config.type === 'stdio' && s.config.command]), [['archflow-2', 'x'], ['shared', 'from-vscode']]);
    assert.ok(loaded.diagnostics.some((d) => d.severity === 'warning' && /belongs to the built-in server: this entry is kept as 'archflow-2'/.test(d.message)));
    assert.ok(loaded.diagnostics.some((d) => d.severity === 'warning' && /replaces the one defined in .*\.mcp\.json/.test(d.message)));
    const missing = await loadConfigSources([{ kind: 'file', path: join(dir, 'given.json') }], { defaultBaseDir: dir });
    assert.equal(missing.diagnostics[0].message, 'file not found');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('variables: workspaceFolder, userHome, env, input, and unknown ones left as written', async () => {
  const asked: string[] = [];
  const ctx: VariableContext = {
    workspaceFolder: '/ws/project',
    userHome: '/home/ada',
    env: { TOKEN: 'abc', EMPTY: '' },
    format: 'vscode',
    input: async (id) => {
      asked.push(id);
      return `value-of-${id}`;
    },
  };
  const unknown: string[] = [];
  const out = await substituteVariables('${workspaceFolder}/x ${workspaceFolderBasename} ${userHome} ${env:TOKEN}|${env:MISSING}| ${input:key} ${TOKEN} ${foo}', ctx, (n) => unknown.push(n));
  assert.equal(out, '/ws/project/x project /home/ada abc|| value-of-key ${TOKEN} ${foo}');
  assert.deepEqual(asked, ['key']);
  assert.deepEqual(unknown, ['TOKEN', 'foo']);
  await assert.rejects(substituteVariables('${workspaceFolder}', { ...ctx, workspaceFolder: undefined }), /no workspace folder is open/);
});

test('variables: .mcp.json files also expand ${NAME} and ${NAME:-default} from the environment', async () => {
  const ctx: VariableContext = { userHome: '/h', env: { TOKEN: 'abc' }, format: 'mcpServers', input: async () => '' };
  assert.equal(await substituteVariables('${TOKEN} ${MISSING:-fallback} ${userHome}', ctx), 'abc fallback /h');
});

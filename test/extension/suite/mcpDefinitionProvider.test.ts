// ArchFlow in VS Code's own chat: the definition the extension gives VS Code starts the
// bundled diagram server on the editor's runtime. The server is spawned here exactly as VS
// Code spawns a stdio definition (its command, arguments and working directory; the
// extension host's environment with the definition's variables over it, `null` removing
// one) and spoken to by a real SDK client.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { api, EXTENSION_ID, workspaceRoot } from './helpers';

/** The environment VS Code gives a stdio server: its own, with the definition's variables set or (null) removed. */
function launchEnv(extra: Record<string, string | number | null>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  for (const [k, v] of Object.entries(extra)) {
    if (v === null) delete env[k];
    else env[k] = String(v);
  }
  return env;
}

suite('ArchFlow in VS Code\'s own chat', () => {
  test('the provider gives one stdio definition that runs the bundled server on the editor\'s runtime', async () => {
    const ext = await api();
    const definitions = (await ext.mcpServers.provideMcpServerDefinitions()) ?? [];
    assert.equal(definitions.length, 1);
    const [definition] = definitions;
    assert.ok(definition instanceof vscode.McpStdioServerDefinition);
    assert.equal(definition.label, 'ArchFlow');
    assert.equal(definition.command, process.execPath, 'the runtime VS Code already has, not a Node the user must install');
    const script = join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'mcp.js');
    assert.deepEqual(definition.args, [script, '--locale', 'en']);
    assert.equal(definition.env.ELECTRON_RUN_AS_NODE, process.versions.electron ? '1' : undefined, 'Electron runs the script as Node; Node needs nothing');
    assert.equal(definition.env.ANTHROPIC_API_KEY, null, 'the model key is removed from the server\'s environment');
    assert.equal(definition.version, vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.version);
    assert.equal(definition.cwd?.fsPath, workspaceRoot().fsPath);
  });

  test('started as VS Code starts it, the server answers tools/list and draws into the workspace', async function () {
    this.timeout(60_000);
    const ext = await api();
    const [definition] = (await ext.mcpServers.provideMcpServerDefinitions()) ?? [];
    assert.ok(definition);
    const stderr: string[] = [];
    const transport = new StdioClientTransport({
      command: definition.command,
      args: definition.args,
      env: launchEnv(definition.env),
      ...(definition.cwd ? { cwd: definition.cwd.fsPath } : {}),
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const client = new Client({ name: 'vscode-like', version: '1.0.0' });
    const output = join(workspaceRoot().fsPath, 'from-copilot.svg');
    try {
      await client.connect(transport);
      assert.equal(client.getServerVersion()?.name, 'archflow');
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name).sort();
      for (const name of ['check_diagram', 'render_diagram', 'search_icons', 'syntax_help']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
      const checked = (await client.callTool({ name: 'check_diagram', arguments: { text: 'a = rectangel "A"' } })) as CallToolResult;
      assert.equal(checked.isError, true);
      assert.match((checked.content[0] as { text: string }).text, /diagrama:1:5: error: .*rectangel/);
      const rendered = (await client.callTool({ name: 'render_diagram', arguments: { text: 'web = rectangle "Web"\napi = rectangle "API"\nweb -> api', output: 'from-copilot.svg' } })) as CallToolResult;
      assert.equal(rendered.isError, undefined, JSON.stringify(rendered));
      assert.match(readFileSync(output, 'utf8'), /^<svg/, 'written in the workspace folder (the definition\'s working directory)');
    } finally {
      await client.close();
      rmSync(output, { force: true });
    }
    assert.ok(!existsSync(output));
    assert.ok(!stderr.join('').includes('Error:'), stderr.join(''));
  });
});

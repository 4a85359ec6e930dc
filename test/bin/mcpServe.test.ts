// `archflow mcp` as the diagram server: what an MCP host runs from `npx -y archflow mcp`.
// The real CLI bundle, spawned with pipes the way a host spawns it, and the real SDK client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');

for (const args of [['mcp'], ['mcp', 'serve']]) {
  test(`archflow ${args.join(' ')} with piped stdin is the diagram server: tools listed, a diagram checked`, async () => {
    const client = new Client({ name: 'mcp-serve-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, ...args], cwd: root, stderr: 'ignore' }));
    try {
      assert.equal(client.getServerVersion()?.name, 'archflow');
      const names = (await client.listTools()).tools.map((t) => t.name);
      for (const tool of ['syntax_help', 'check_diagram', 'search_icons', 'render_diagram']) assert.ok(names.includes(tool), `${tool} in ${names.join(', ')}`);
      const result = await client.callTool({ name: 'check_diagram', arguments: { text: 'a -> b' } });
      assert.equal(result.isError ?? false, false);
    } finally {
      await client.close();
    }
  });
}

test('archflow mcp serve --help is the server usage; archflow mcp --help lists serve beside the client commands', () => {
  const serve = spawnSync(process.execPath, [cli, 'mcp', 'serve', '--help'], { encoding: 'utf8' });
  assert.equal(serve.status, 0);
  assert.match(serve.stdout, /--http/);
  const help = spawnSync(process.execPath, [cli, 'mcp', '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /archflow mcp \[serve\]/);
  assert.match(help.stdout, /archflow mcp list/);
});

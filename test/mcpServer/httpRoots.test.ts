// `archflow-mcp --http` against clients it cannot trust: roots that try to widen where it
// writes, a tokenless bind on every interface, a LAN peer spoofing a loopback Host.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { chainDiagram, requireBuiltServer, tempDir, textOf } from './helpers';

const T = { timeout: 120_000 };

interface Started {
  child: ChildProcessWithoutNullStreams;
  port: number;
  stderr: () => string;
}

async function start(args: string[], cwd: string): Promise<Started> {
  const env = { ...process.env };
  delete env.ARCHFLOW_MCP_TOKEN;
  const child = spawn(process.execPath, [requireBuiltServer(), '--http', '--port', '0', ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  let match: RegExpExecArray | null;
  while (!(match = /listening on http:\/\/[^:]+:(\d+)\/mcp/.exec(stderr))) {
    const [exitCode] = await Promise.race([once(child.stderr, 'data').then(() => [undefined]), once(child, 'exit')]);
    if (exitCode !== undefined) throw new Error(`archflow-mcp exited (${exitCode}): ${stderr}`);
  }
  return { child, port: Number(match[1]), stderr: () => stderr };
}

async function stop(server: Started | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}

/** An SDK client that answers `roots/list` with the given directories. */
async function clientWithRoots(port: number, roots: string[]): Promise<Client> {
  const client = new Client({ name: 'roots-claimer', version: '1.0.0' }, { capabilities: { roots: {} } });
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((r) => ({ uri: r.startsWith('file:') ? r : pathToFileURL(r).href, name: 'root' })) }));
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  return client;
}

const render = async (client: Client, output: string) =>
  (await client.callTool({ name: 'render_diagram', arguments: { text: chainDiagram(2), output } })) as CallToolResult;

test('over HTTP, a client declaring file:/// as its root cannot write outside the start directory', T, async () => {
  const { dir, cleanup } = await tempDir();
  const startDir = join(dir, 'project');
  const outside = join(dir, 'elsewhere');
  await mkdir(startDir);
  await mkdir(outside);
  const server = await start([], startDir);
  try {
    const client = await clientWithRoots(server.port, ['file:///']);
    const refused = await render(client, join(outside, 'written-by-remote-client.svg'));
    assert.equal(refused.isError, true, textOf(refused));
    assert.ok(textOf(refused).endsWith(`Allowed roots: ${startDir}`), textOf(refused));
    assert.equal(existsSync(join(outside, 'written-by-remote-client.svg')), false);
    assert.equal((await render(client, 'inside.svg')).isError, undefined, 'the start directory is still the root');
    assert.deepEqual(await readdir(startDir), ['inside.svg']);
    await client.close();
    assert.match(server.stderr(), /ignoring root \/: a file-system root|ignoring the client's root/);
  } finally {
    await stop(server);
    await cleanup();
  }
});

test("over HTTP, a client's roots narrow the start directory and --root folders, and never widen them", T, async () => {
  const { dir, cleanup } = await tempDir();
  const startDir = join(dir, 'project');
  const sub = join(startDir, 'docs');
  const extra = join(dir, 'extra');
  const outside = join(dir, 'elsewhere');
  for (const d of [startDir, sub, extra, outside]) await mkdir(d);
  const server = await start(['--root', extra], startDir);
  try {
    const client = await clientWithRoots(server.port, [sub, outside]);
    assert.equal((await render(client, 'a.svg')).isError, undefined);
    assert.deepEqual(await readdir(sub), ['a.svg'], 'relative paths resolve in the narrowed root');
    for (const target of [join(startDir, 'b.svg'), join(extra, 'c.svg'), join(outside, 'd.svg')]) {
      const r = await render(client, target);
      assert.equal(r.isError, true, `${target}: ${textOf(r)}`);
      assert.ok(textOf(r).endsWith(`Allowed roots: ${sub}`), textOf(r));
    }
    assert.deepEqual(await readdir(outside), []);
    await client.close();
  } finally {
    await stop(server);
    await cleanup();
  }
});

test('a bind on every interface without a token refuses to start, and says why', T, async () => {
  const { dir, cleanup } = await tempDir();
  try {
    const env = { ...process.env };
    delete env.ARCHFLOW_MCP_TOKEN;
    const child = spawn(process.execPath, [requireBuiltServer(), '--http', '--port', '0', '--host', '0.0.0.0'], { cwd: dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const [code] = (await once(child, 'exit')) as [number];
    assert.equal(code, 2, stderr);
    assert.match(stderr, /--host 0\.0\.0\.0 needs --token \(or ARCHFLOW_MCP_TOKEN\)/);
    assert.doesNotMatch(stderr, /listening on/);
  } finally {
    await cleanup();
  }
});

/** The machine's address on its network (what a LAN peer connects to), else loopback. */
function lanAddress(): string {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return '127.0.0.1';
}

test('a LAN peer that spoofs Host: 127.0.0.1 is still refused, as the token is required off loopback', T, async () => {
  const { dir, cleanup } = await tempDir();
  const server = await start(['--host', '0.0.0.0', '--token', 'lan-secret-token'], dir);
  try {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'lan-peer', version: '1' } } });
    const post = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: lanAddress(), port: server.port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    assert.equal(await post({ host: `127.0.0.1:${server.port}` }), 401, 'a spoofed loopback Host without the token');
    assert.equal(await post({ host: `${lanAddress()}:${server.port}` }), 403, 'an honest Host that is not loopback');
    assert.equal(await post({ host: `127.0.0.1:${server.port}`, authorization: 'Bearer lan-secret-token' }), 200, 'the token holder gets in');
  } finally {
    await stop(server);
    await cleanup();
  }
});

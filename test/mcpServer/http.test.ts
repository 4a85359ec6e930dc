// `archflow-mcp --http`: Streamable HTTP sessions, DNS-rebinding protection, the bearer token.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { readdir } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { chainDiagram, requireBuiltServer, tempDir, textOf } from './helpers';

const T = { timeout: 120_000 };

interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  url: URL;
  stderr: () => string;
}

async function startServer(args: string[], cwd: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [requireBuiltServer(), '--http', '--port', '0', ...args], { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  let match: RegExpExecArray | null;
  while (!(match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr))) {
    const [exitCode] = await Promise.race([once(child.stderr, 'data').then(() => [undefined]), once(child, 'exit')]);
    if (exitCode !== undefined) throw new Error(`archflow-mcp exited (${exitCode}): ${stderr}`);
  }
  return { child, url: new URL(match[1]), stderr: () => stderr };
}

async function stopServer(server: RunningServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}

/** A raw request, so the test controls Host (which fetch will not let it set). */
function rawPost(url: URL, headers: Record<string, string>, body: unknown = initializeBody): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const initializeBody = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

async function connect(url: URL, headers: Record<string, string> = {}): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

describe('archflow-mcp --http', T, () => {
  let server: RunningServer;
  let cwd: string;
  let cleanup: () => Promise<void>;
  const clients: Client[] = [];

  before(async () => {
    ({ dir: cwd, cleanup } = await tempDir());
    server = await startServer([], cwd);
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await stopServer(server);
    await cleanup?.();
  });

  test('two clients get their own sessions and use every tool', async () => {
    const a = await connect(server.url);
    const b = await connect(server.url);
    clients.push(a.client, b.client);
    assert.ok(a.transport.sessionId && b.transport.sessionId);
    assert.notEqual(a.transport.sessionId, b.transport.sessionId);
    const [ra, rb] = await Promise.all([
      a.client.callTool({ name: 'render_diagram', arguments: { text: chainDiagram(2), output: 'a.svg' } }),
      b.client.callTool({ name: 'render_diagram', arguments: { text: chainDiagram(3), output: 'b.svg' } }),
    ]);
    assert.match(textOf(ra as CallToolResult), /-> a\.svg$/);
    assert.match(textOf(rb as CallToolResult), /-> b\.svg$/);
    assert.deepEqual((await readdir(cwd)).sort(), ['a.svg', 'b.svg']);
    const check = (await b.client.callTool({ name: 'check_diagram', arguments: { text: 'a -> ' } })) as CallToolResult;
    assert.equal(check.isError, true);
    assert.equal((await a.client.listTools()).tools.length, 4);
  });

  test('a closed session is gone: its id then gets 404', async () => {
    const c = await connect(server.url);
    const id = c.transport.sessionId!;
    await c.transport.terminateSession();
    await c.client.close();
    const res = await rawPost(server.url, { host: server.url.host, 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    assert.equal(res.status, 404);
  });

  test('DNS rebinding: foreign Host or Origin is refused with 403; the real ones are accepted', async () => {
    const host = server.url.host;
    const cases: Array<[Record<string, string>, number]> = [
      [{ host: 'evil.example.com' }, 403],
      [{ host: 'evil.example.com', origin: 'http://evil.example.com' }, 403],
      [{ host, origin: 'http://evil.example.com' }, 403],
      [{ host, origin: `http://${host.replace(/:\d+$/, ':1')}` }, 403],
      [{ host, origin: `http://${host}` }, 200],
      [{ host: `localhost:${server.url.port}`, origin: `http://localhost:${server.url.port}` }, 200],
    ];
    for (const [headers, status] of cases) {
      const res = await rawPost(server.url, headers);
      assert.equal(res.status, status, JSON.stringify(headers));
      if (status === 403) assert.equal((JSON.parse(res.body) as { error: { code: number } }).error.code, -32000);
      const session = res.headers['mcp-session-id'];
      if (typeof session === 'string') await rawDelete(server.url, host, session);
    }
  });

  test('requests that cannot start a session are refused', async () => {
    const host = server.url.host;
    assert.equal((await rawPost(server.url, { host }, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status, 400);
    assert.equal((await rawPost(server.url, { host }, 'not json{')).status, 400);
    assert.equal((await rawPost(new URL('/other', server.url), { host })).status, 404);
    assert.equal((await rawPost(server.url, { host, 'mcp-session-id': 'no-such-session' }, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status, 404);
  });
});

function rawDelete(url: URL, host: string, session: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'DELETE', headers: { host, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end();
  });
}

describe('archflow-mcp --http with a bearer token', T, () => {
  const token = 'tok-3f9a7c1e5b2d';
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  const clients: Client[] = [];

  before(async () => {
    const d = await tempDir();
    cleanup = d.cleanup;
    server = await startServer([], d.dir, { ARCHFLOW_MCP_TOKEN: token });
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await stopServer(server);
    await cleanup?.();
  });

  test('without the token: 401 with WWW-Authenticate; with a wrong one: 401', async () => {
    const host = server.url.host;
    const none = await rawPost(server.url, { host });
    assert.equal(none.status, 401);
    assert.match(String(none.headers['www-authenticate']), /^Bearer/);
    assert.equal((await rawPost(server.url, { host, authorization: 'Bearer wrong' })).status, 401);
    await assert.rejects(connect(server.url));
  });

  test('with the token the client works; the token never reaches the log', async () => {
    const c = await connect(server.url, { Authorization: `Bearer ${token}` });
    clients.push(c.client);
    assert.equal((await c.client.listTools()).tools.length, 4);
    assert.match(server.stderr(), /bearer token required/);
    assert.ok(!server.stderr().includes(token));
  });

  test('Host and Origin are still checked first (403 even with the token)', async () => {
    const res = await rawPost(server.url, { host: 'evil.example.com', authorization: `Bearer ${token}` });
    assert.equal(res.status, 403);
  });
});

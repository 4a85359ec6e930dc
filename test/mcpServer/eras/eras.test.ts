// Both MCP protocol eras against our servers on the v2 SDK, through real SDK clients: a v2
// client pinned to 2026-07-28 lists and calls every tool of the built `dist/mcp.js` (stdio and
// HTTP) and of the editor server, and reads the app resource; a v2 client in `auto` mode
// reaches the modern era; the v1 client (SDK 1.32.2) sees what it saw of the v1 servers.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { DIAGRAM_VIEW_META_KEY } from '../../../src/protocol/mcpAppMessages';
import { createEditorServer } from '../../../src/editorTools';
import { silentLogger, startMcpCli, type RunningMcpCli } from '../../../src/mcpServer';
import { MemoryWorkspace } from '../../editorTools/memoryWorkspace';
import { requireBuiltServer, tempDir } from '../helpers';
import { BAD, GOOD, snapshot } from './snapshot';

const MODERN = '2026-07-28';
const APP_URI = 'ui://archflow/diagram';
const T = { timeout: 120_000 };

function pinned(): Client {
  // The object form: a bare string `versionNegotiation: '2026-07-28'` is ignored at runtime.
  return new Client({ name: 'eras-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } } });
}

function dataOf(result: CallToolResult): Record<string, unknown> {
  return (result.structuredContent ?? {}) as Record<string, unknown>;
}

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** Lists and calls every diagram-server tool, reads the app; asserts what each answers. */
async function exerciseDiagramServer(client: Client, dir: string): Promise<void> {
  const tools = (await client.listTools()).tools.map((t) => t.name).sort();
  assert.deepEqual(tools, ['check_diagram', 'render_diagram', 'search_icons', 'select_diagram_element', 'syntax_help']);
  const select = (await client.listTools()).tools.find((t) => t.name === 'select_diagram_element');
  assert.deepEqual((select?._meta?.ui as { visibility?: string[] }).visibility, ['app'], 'listed to every client, marked app-only');

  assert.match(textOf((await client.callTool({ name: 'syntax_help', arguments: {} })) as CallToolResult), /diagram/);
  const good = (await client.callTool({ name: 'check_diagram', arguments: { text: GOOD } })) as CallToolResult;
  assert.equal(good.isError, undefined);
  assert.deepEqual({ valid: dataOf(good).valid, elements: dataOf(good).elements }, { valid: true, elements: 2 });
  const bad = (await client.callTool({ name: 'check_diagram', arguments: { text: BAD } })) as CallToolResult;
  assert.equal(bad.isError, true);
  assert.match(textOf(bad), /diagrama:2:\d+: error/);
  const wrong = (await client.callTool({ name: 'check_diagram', arguments: { text: 3 } })) as CallToolResult;
  assert.equal(wrong.isError, true);
  assert.match(textOf(wrong), /Input validation error/);
  const icons = (await client.callTool({ name: 'search_icons', arguments: { query: 'kafka', limit: 3 } })) as CallToolResult;
  assert.ok((dataOf(icons).matches as unknown[]).length > 0, textOf(icons));
  const render = (await client.callTool({ name: 'render_diagram', arguments: { text: GOOD, output: 'eras.svg' } })) as CallToolResult;
  assert.equal(render.isError, undefined, textOf(render));
  assert.match(await readFile(join(dir, 'eras.svg'), 'utf8'), /^<svg/);
  // (2026-07-28 results also carry the SDK's `io.modelcontextprotocol/serverInfo` in `_meta`.)
  assert.ok(render._meta && DIAGRAM_VIEW_META_KEY in render._meta, 'the drawing for the view rides in _meta');
  // path: the .diagram file in the root is read, and the layout file beside it keeps a moved box.
  const scene = (render._meta[DIAGRAM_VIEW_META_KEY] as { scene: { nodes: Array<{ id: string; x: number; y: number; width: number; height: number }> } }).scene;
  const boxes = Object.fromEntries(scene.nodes.map((n) => [n.id, { x: Math.round(n.x), y: Math.round(n.y), width: Math.round(n.width), height: Math.round(n.height) }]));
  boxes.api!.y += 200;
  await writeFile(join(dir, 'eras.diagram'), GOOD);
  await writeFile(join(dir, 'eras.diagram.layout.json'), JSON.stringify({ format: 'archflow-layout-file/1', direction: 'LR', nodes: boxes }));
  const fromPath = (await client.callTool({ name: 'render_diagram', arguments: { path: 'eras.diagram', output: 'eras-path.svg' } })) as CallToolResult;
  assert.equal(fromPath.isError, undefined, textOf(fromPath));
  const kept = (fromPath._meta![DIAGRAM_VIEW_META_KEY] as { scene: typeof scene }).scene;
  assert.equal(kept.nodes.find((n) => n.id === 'api')!.y, boxes.api!.y);
  const picked = (await client.callTool({ name: 'select_diagram_element', arguments: { kind: 'node', id: 'api', label: 'API' } })) as CallToolResult;
  assert.equal(picked.isError, undefined, textOf(picked));
  assert.equal(dataOf(picked).id, 'api');

  const app = await client.readResource({ uri: APP_URI });
  assert.equal(app.contents[0]?.mimeType, 'text/html;profile=mcp-app');
  assert.match(String((app.contents[0] as { text?: string }).text), /<html/i);
  await assert.rejects(client.readResource({ uri: 'archflow://examples/no-such-example' }), (err: Error & { code?: number }) => err.code === -32602);
}

describe('the 2025 era: a v1 client sees what it saw of the v1 servers', T, () => {
  test('lists, server info, instructions and call results match the snapshot taken from the v1 servers', async () => {
    const before = JSON.parse(await readFile(join(__dirname, 'legacySnapshot.json'), 'utf8')) as unknown;
    const now = JSON.parse(JSON.stringify(await snapshot())) as unknown;
    // The three differences the v2 SDK brings, the same for every MCP server built on it:
    // schemas declare JSON Schema 2020-12 (MCP's default dialect) instead of draft-07; tools no
    // longer carry `execution: { taskSupport: 'forbidden' }` (absent means the same); and the
    // input-validation message is worded differently. Everything else must be identical.
    const normalise = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value), (key, v: unknown) => {
        if (key === '$schema') return 'dialect';
        if (key === 'execution') return undefined;
        if (typeof v === 'string' && v.includes('Input validation error')) return 'Input validation error';
        return v;
      });
    assert.deepEqual(normalise(now), normalise(before));
  });
});

describe('the 2026-07-28 era over stdio: the built archflow-mcp', T, () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  before(async () => ({ dir, cleanup } = await tempDir()));
  after(() => cleanup());

  test('a client pinned to 2026-07-28 lists and calls every tool and reads the app', async () => {
    const client = pinned();
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [requireBuiltServer()], cwd: dir, stderr: 'ignore' }));
    try {
      assert.equal(client.getProtocolEra(), 'modern');
      assert.equal(client.getNegotiatedProtocolVersion(), MODERN);
      await exerciseDiagramServer(client, dir);
    } finally {
      await client.close();
    }
  });

  test('a client in auto mode reaches 2026-07-28; in legacy mode the 2025 handshake, with the app-only tool hidden from a client without apps', async () => {
    const auto = new Client({ name: 'eras-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await auto.connect(new StdioClientTransport({ command: process.execPath, args: [requireBuiltServer()], cwd: dir, stderr: 'ignore' }));
    try {
      assert.equal(auto.getProtocolEra(), 'modern');
      assert.equal(dataOf((await auto.callTool({ name: 'check_diagram', arguments: { text: GOOD } })) as CallToolResult).valid, true);
    } finally {
      await auto.close();
    }
    const legacy = new Client({ name: 'eras-test', version: '1.0.0' });
    await legacy.connect(new StdioClientTransport({ command: process.execPath, args: [requireBuiltServer()], cwd: dir, stderr: 'ignore' }));
    try {
      assert.equal(legacy.getProtocolEra(), 'legacy');
      assert.deepEqual((await legacy.listTools()).tools.map((t) => t.name).sort(), ['check_diagram', 'render_diagram', 'search_icons', 'syntax_help']);
    } finally {
      await legacy.close();
    }
  });
});

describe('the 2026-07-28 era over HTTP', T, () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let running: RunningMcpCli;
  before(async () => {
    ({ dir, cleanup } = await tempDir());
    running = await startMcpCli({ mode: 'http', host: '127.0.0.1', port: 0, roots: [], locale: 'en' }, { cwd: dir, logger: silentLogger, stdin: process.stdin, stdout: process.stdout });
  });
  after(async () => {
    await running.close();
    await cleanup();
  });

  test('a client pinned to 2026-07-28 lists and calls every tool and reads the app, without a session', async () => {
    const client = pinned();
    const transport = new StreamableHTTPClientTransport(new URL(running.url!));
    await client.connect(transport);
    try {
      assert.equal(client.getProtocolEra(), 'modern');
      assert.equal(transport.sessionId, undefined);
      await exerciseDiagramServer(client, dir);
    } finally {
      await client.close();
    }
  });

  test('a client in auto mode reaches 2026-07-28; in legacy mode it gets a 2025 session', async () => {
    const auto = new Client({ name: 'eras-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await auto.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
    assert.equal(auto.getProtocolEra(), 'modern');
    await auto.close();
    const legacy = new Client({ name: 'eras-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(running.url!));
    await legacy.connect(transport);
    assert.equal(legacy.getProtocolEra(), 'legacy');
    assert.ok(transport.sessionId, 'the 2025 era keeps its session');
    await legacy.close();
  });

  test('a 2026-07-28 request from a foreign Origin is refused before it reaches the server', async () => {
    const response = await fetch(running.url!, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Origin: 'http://evil.example' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } } }),
    });
    assert.equal(response.status, 403);
  });
});

describe('the editor server in the 2026-07-28 era', T, () => {
  test('a pinned client lists and calls its tools and reads the app', async () => {
    const { dir, cleanup } = await tempDir();
    const handler = createMcpHandler(({ era }) => createEditorServer({ workspace: new MemoryWorkspace([dir]), era }), { legacy: 'reject' });
    const client = pinned();
    await client.connect(new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
    try {
      assert.equal(client.getProtocolEra(), 'modern');
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      assert.deepEqual(tools, ['read_diagram', 'select_diagram_element', 'show_diagram', 'write_diagram']);
      const written = (await client.callTool({ name: 'write_diagram', arguments: { path: 'eras.diagram', text: GOOD } })) as CallToolResult;
      assert.equal(written.isError, undefined, textOf(written));
      const read = (await client.callTool({ name: 'read_diagram', arguments: { path: 'eras.diagram' } })) as CallToolResult;
      assert.equal(dataOf(read).text, GOOD);
      const shown = (await client.callTool({ name: 'show_diagram', arguments: { path: 'eras.diagram' } })) as CallToolResult;
      assert.equal(shown.isError, undefined, textOf(shown));
      const picked = (await client.callTool({ name: 'select_diagram_element', arguments: { kind: 'node', id: 'web', label: 'Web' } })) as CallToolResult;
      assert.equal(dataOf(picked).id, 'web');
      assert.equal((await client.readResource({ uri: APP_URI })).contents[0]?.mimeType, 'text/html;profile=mcp-app');
    } finally {
      await client.close();
      await handler.close();
      await cleanup();
    }
  });
});

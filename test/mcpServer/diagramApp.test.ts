// The diagram server as an MCP Apps server, through real SDK Clients over InMemoryTransport:
// what a chat that shows apps sees, and that a chat that does not loses nothing.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DIAGRAM_VIEW_META_KEY, isDrawn, SELECT_ELEMENT_TOOL, type DiagramViewData } from '../../src/protocol/mcpAppMessages';
import { renderSvg } from '../../src/core/render/index';
import { createDiagramServer, type DiagramServerOptions } from '../../src/mcpServer';
import { locateDiagramApp } from '../../src/mcpServer/diagramApp';
import { parseDiagramView } from '../../src/protocol/index';
import { repoRoot, tempDir, textOf } from './helpers';

const T = { timeout: 120_000 };
const APP_URI = 'ui://archflow/diagram';
const APP_MIME = 'text/html;profile=mcp-app';
export const APPS_CAPABILITY = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME] } } };

const DIAGRAM = `diagram "Shop"
edge = group "Edge" {
  web = rectangle "Web" icon=logos:nginx
}
api = rounded "API\\nv2"
db = cylinder "Orders"
web -> api "HTTPS" anim=packets
api -> db anim=flow
`;

async function connect(options: DiagramServerOptions, capabilities: object = {}): Promise<{ client: Client; listChanged: () => number; close: () => Promise<void> }> {
  const server = createDiagramServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test-chat', version: '1.0.0' }, { capabilities });
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
  await client.connect(clientSide);
  return { client, listChanged: () => changes, close: () => Promise.all([client.close(), server.close()]).then(() => undefined) };
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe('the diagram server as an MCP Apps server', T, () => {
  let root: string;
  const cleanups: Array<() => Promise<void>> = [];
  before(async () => {
    const r = await tempDir();
    cleanups.push(r.cleanup);
    root = r.dir;
  });
  after(async () => {
    for (const c of cleanups) await c();
  });

  test('render_diagram points to ui://archflow/diagram (and the legacy flat key); the view is served as an MCP App', async () => {
    const { client, close } = await connect({ roots: [root] });
    try {
      const render = (await client.listTools()).tools.find((t) => t.name === 'render_diagram')!;
      assert.deepEqual(render._meta, { ui: { resourceUri: APP_URI }, 'ui/resourceUri': APP_URI });
      const listed = (await client.listResources()).resources.find((r) => r.uri === APP_URI);
      assert.equal(listed?.mimeType, APP_MIME);
      const read = await client.readResource({ uri: APP_URI });
      assert.equal(read.contents.length, 1);
      const [content] = read.contents;
      assert.equal(content!.mimeType, APP_MIME);
      assert.deepEqual(content!._meta, { ui: { prefersBorder: true } });
      assert.equal('text' in content! ? content.text : undefined, await readFile(join(repoRoot, 'dist', 'mcpApp', 'diagram.html'), 'utf8'));
    } finally {
      await close();
    }
  });

  test('a written diagram carries, in _meta only, the very scene its SVG was rendered from', async () => {
    const { client, close } = await connect({ roots: [root] });
    try {
      const result = await call(client, 'render_diagram', { text: DIAGRAM, output: 'docs/shop.svg' });
      assert.equal(result.isError, undefined, textOf(result));
      // What a model reads is unchanged: one short line, no structured content.
      assert.equal(result.content.length, 1);
      assert.match(textOf(result), /^4 elements, 2 connections, \d+ KB -> docs\/shop\.svg$/);
      assert.equal(result.structuredContent, undefined);
      assert.deepEqual(Object.keys(result._meta ?? {}), [DIAGRAM_VIEW_META_KEY]);

      const parsed = parseDiagramView(result._meta![DIAGRAM_VIEW_META_KEY]);
      assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
      assert.ok(isDrawn(parsed.value), 'a drawing, not problems');
      const view: DiagramViewData = parsed.value;
      assert.equal(view.source, undefined, 'render_diagram draws text, not a document');
      const file = join(root, 'docs', 'shop.svg');
      assert.deepEqual(view.output, { path: file, display: 'docs/shop.svg', bytes: (await stat(file)).size });
      // As sent (key order included: the SVG's id prefix hashes the scene's JSON).
      const sent = result._meta![DIAGRAM_VIEW_META_KEY] as DiagramViewData;
      assert.equal(renderSvg(sent.scene, { animate: true }), await readFile(file, 'utf8'));

      const check = (await call(client, 'check_diagram', { text: DIAGRAM })).structuredContent as { elements: number; connections: number };
      assert.equal(view.scene.nodes.length + view.scene.groups.length, check.elements);
      assert.equal(view.scene.edges.length, check.connections);
      assert.ok(view.scene.icons['logos:nginx'], 'the icons travel with the scene: the view fetches nothing');
    } finally {
      await close();
    }
  });

  test('a refused render carries no drawing', async () => {
    const { client, close } = await connect({ roots: [root] });
    try {
      for (const args of [{ text: 'a -> ', output: 'x.svg' }, { text: DIAGRAM, output: 'x.png' }, { text: DIAGRAM, output: '../out.svg' }]) {
        const result = await call(client, 'render_diagram', args);
        assert.equal(result.isError, true);
        assert.equal(result._meta, undefined, JSON.stringify(args));
      }
    } finally {
      await close();
    }
  });

  test('a client that does not show apps is not offered the app-only tool, and cannot call it', async () => {
    const { client, close } = await connect({ roots: [root] });
    try {
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      assert.deepEqual(names, ['check_diagram', 'render_diagram', 'search_icons', 'syntax_help']);
      const refused = await client.callTool({ name: SELECT_ELEMENT_TOOL, arguments: { kind: 'node', id: 'api', label: 'API' } }).then(
        (r) => textOf(r as CallToolResult),
        (err: Error) => err.message,
      );
      assert.match(refused, /disabled|not found/i);
    } finally {
      await close();
    }
  });

  test('a client that shows apps gets select_diagram_element, visible to the app only, without a list change', async () => {
    const { client, listChanged, close } = await connect({ roots: [root] }, APPS_CAPABILITY);
    try {
      const tool = (await client.listTools()).tools.find((t) => t.name === SELECT_ELEMENT_TOOL);
      assert.ok(tool, 'offered');
      assert.deepEqual(tool._meta?.ui, { resourceUri: APP_URI, visibility: ['app'] });
      assert.equal(tool.annotations?.readOnlyHint, true);
      assert.ok(tool.outputSchema?.properties?.id);

      const result = await call(client, SELECT_ELEMENT_TOOL, { kind: 'node', id: 'api', label: 'API\nv2', line: 5, diagram: 'Shop', output: 'docs/shop.svg' });
      assert.equal(result.isError, undefined);
      assert.equal(textOf(result), 'The user selected the node api ("API v2", line 5) in the ArchFlow diagram "Shop" written to docs/shop.svg. When they say "this" or "it", they probably mean it.');
      assert.deepEqual(result.structuredContent, { kind: 'node', id: 'api', label: 'API v2', line: 5, diagram: 'Shop', output: 'docs/shop.svg' });

      const edge = await call(client, SELECT_ELEMENT_TOOL, { kind: 'connection', id: 'web->api', label: 'x'.repeat(500) });
      assert.match(textOf(edge), /^The user selected the connection web->api \("x{199}…"\) in the ArchFlow diagram\./);
      assert.equal(listChanged(), 0);
    } finally {
      await close();
    }
  });

  test('the selection sentence follows the server locale', async () => {
    const { client, close } = await connect({ roots: [root], locale: 'pt-BR' }, APPS_CAPABILITY);
    try {
      const result = await call(client, SELECT_ELEMENT_TOOL, { kind: 'group', id: 'edge', label: 'Edge', line: 2 });
      assert.match(textOf(result), /^O usuário selecionou o grupo edge \("Edge", linha 2\) no diagrama do ArchFlow\./);
    } finally {
      await close();
    }
  });

  test('a missing view is a clear error naming the build, and the tools keep working', async () => {
    const { client, close } = await connect({ roots: [root], appHtml: () => Promise.reject(new Error('ENOENT')) });
    try {
      await assert.rejects(client.readResource({ uri: APP_URI }), /diagram view is not built .*npm run build/);
      assert.equal((await call(client, 'render_diagram', { text: DIAGRAM, output: 'again.svg' })).isError, undefined);
    } finally {
      await close();
    }
  });

  test('the view is found next to the bundle, in the repository, or where ARCHFLOW_MCP_APP says', () => {
    assert.equal(locateDiagramApp({ ARCHFLOW_MCP_APP: '/opt/view.html' }), '/opt/view.html');
    assert.equal(locateDiagramApp({}, join(repoRoot, 'dist')), join(repoRoot, 'dist', 'mcpApp', 'diagram.html'));
    assert.equal(locateDiagramApp({}, join(repoRoot, 'src', 'mcpServer')), join(repoRoot, 'dist', 'mcpApp', 'diagram.html'));
  });
});

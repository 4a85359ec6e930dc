// The host's app rules against real servers: the built-in diagram server in memory and the app
// fixture over stdio, through the real MCP client manager announcing MCP Apps.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAppCsp } from '../../../../src/extension/chat/apps/appCsp';
import { AppResourceCache, appResourceFrom } from '../../../../src/extension/chat/apps/appResources';
import { decideAppToolCall } from '../../../../src/extension/chat/apps/appRules';
import { toApiTools } from '../../../../src/agent/toolSchema';
import { McpClientManager, uiResourceUri } from '../../../../src/mcpClient/index';
import { createDiagramServer } from '../../../../src/mcpServer/index';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'archflow-apps-'));
const server = (script: string) => ({ type: 'stdio', command: process.execPath, args: [join(root, 'test/fixtures/mcp-servers', script)] });
let manager: McpClientManager;

before(async () => {
  manager = new McpClientManager({
    sources: [{ kind: 'object', label: 'test', config: { servers: { fixture: server('appFixture.mjs'), toolbox: server('toolbox.mjs') } } }],
    builtinServers: [{ name: 'archflow', createServer: () => createDiagramServer({ roots: [scratch] }) }],
    roots: [scratch],
    showsApps: true,
    shell: false,
  });
  await manager.connectAll();
});
after(async () => {
  await manager.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

test('tools whose view is an app are known by their definition; app-only tools never reach the model', async () => {
  const tools = await manager.listTools();
  const byName = new Map(tools.map((t) => [t.qualifiedName, t.tool]));
  assert.equal(uiResourceUri(byName.get('archflow__render_diagram')?._meta), 'ui://archflow/diagram');
  assert.equal(uiResourceUri(byName.get('fixture__show_app')?._meta), 'ui://fixture/app');
  assert.equal(uiResourceUri(byName.get('toolbox__echo')?._meta), undefined);
  // Offered because the client announced MCP Apps, and hidden from the model because they are the apps'.
  assert.ok(byName.has('archflow__select_diagram_element') && byName.has('fixture__app_ping'));
  const offered = toApiTools(tools).tools.map((t) => t.name);
  assert.ok(!offered.includes('archflow__select_diagram_element') && !offered.includes('fixture__app_ping'), offered.join(', '));
  assert.ok(offered.includes('archflow__render_diagram') && offered.includes('fixture__model_only'));
});

test("an app's calls are decided against its own server's list: its tools open to apps pass, the rest are refused", async () => {
  const fixtureTools = (await manager.listServerTools('fixture')).map((q) => q.tool);
  const ping = decideAppToolCall('fixture', 'app_ping', fixtureTools);
  assert.equal(ping.ok, true);
  const result = await manager.callServerTool('fixture', 'app_ping', {});
  assert.match(JSON.stringify(result.content), /pong/);
  assert.equal(decideAppToolCall('fixture', 'echo', fixtureTools).ok, false, "the toolbox's tool, asked by the fixture's app");
  assert.equal(decideAppToolCall('fixture', 'toolbox__echo', fixtureTools).ok, false);
  assert.equal(decideAppToolCall('fixture', 'model_only', fixtureTools).ok, false);
  const archflowTools = (await manager.listServerTools('archflow')).map((q) => q.tool);
  assert.equal(decideAppToolCall('archflow', 'select_diagram_element', archflowTools).ok, true);
  assert.equal(decideAppToolCall('archflow', 'app_ping', archflowTools).ok, false, "the fixture's tool, asked by the diagram's app");
});

test("the apps' documents: read from their own server, checked, with their CSP declarations", async () => {
  const cache = new AppResourceCache(() => manager);
  const diagram = await cache.get('archflow', 'ui://archflow/diagram');
  assert.match(diagram.html, /^<!DOCTYPE html>/i);
  assert.equal(diagram.prefersBorder, true);
  assert.equal(buildAppCsp(diagram.csp).refused.length, 0);
  assert.equal(await cache.get('archflow', 'ui://archflow/diagram'), diagram, 'read once');
  const fixture = await cache.get('fixture', 'ui://fixture/app');
  const csp = buildAppCsp(fixture.csp);
  assert.deepEqual(csp.accepted.connectDomains, ['https://api.example.test']);
  assert.equal(csp.refused.length, 4);
  await assert.rejects(cache.get('fixture', 'ui://fixture/missing'));
  await assert.rejects(cache.get('toolbox', 'ui://fixture/app'), 'another server does not serve it');
  cache.invalidate('archflow');
  assert.notEqual(await cache.get('archflow', 'ui://archflow/diagram'), diagram, 'read again after invalidation');
});

test('a resource that is not an app document is refused with why', () => {
  const uri = 'ui://x/app';
  assert.throws(() => appResourceFrom(uri, { contents: [] }), /no content/);
  assert.throws(() => appResourceFrom(uri, { contents: [{ uri, mimeType: 'text/html', text: '<p>x</p>' }] }), /of type text\/html, not text\/html;profile=mcp-app/);
  assert.throws(() => appResourceFrom(uri, { contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: '   ' }] }), /empty/);
  assert.throws(() => appResourceFrom(uri, { contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: 'x'.repeat(5 * 1024 * 1024 + 1) }] }), /over the 5 MB/);
  const blob = appResourceFrom(uri, { contents: [{ uri, mimeType: 'Text/HTML; profile=mcp-app', blob: Buffer.from('<p>é</p>').toString('base64'), _meta: { ui: { csp: { connectDomains: ['https://a.example.com'] }, permissions: { clipboardWrite: {} } } } }] });
  assert.equal(blob.html, '<p>é</p>');
  assert.deepEqual(blob.csp, { connectDomains: ['https://a.example.com'] });
  assert.deepEqual(blob.permissions, { clipboardWrite: {} });
  const listed = appResourceFrom(uri, { contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: '<p>x</p>' }] }, { _meta: { ui: { prefersBorder: false } } });
  assert.equal(listed.prefersBorder, false, '_meta.ui from the resource list when the content has none');
});

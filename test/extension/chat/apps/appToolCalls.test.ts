// An app's tools/call against real servers (security review, finding 6): the app fixture over
// stdio, once as configured (untrusted) and once marked trusted, and the built-in diagram server,
// through the real MCP client manager and the model's real approval policy. The user's answer
// is the only thing simulated: `ask` records each question and answers as the test says.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { callToolForApp, type AppToolCallPorts } from '../../../../src/extension/chat/apps/appToolCalls';
import type { ApprovalRequest } from '../../../../src/agent/index';
import { McpClientManager } from '../../../../src/mcpClient/index';
import { createDiagramServer } from '../../../../src/mcpServer/index';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'archflow-app-calls-'));
const fixture = (trusted: boolean) => ({ type: 'stdio', command: process.execPath, args: [join(root, 'test/fixtures/mcp-servers/appFixture.mjs')], ...(trusted ? { trusted: true } : {}) });
let manager: McpClientManager;

before(async () => {
  manager = new McpClientManager({
    sources: [{ kind: 'object', label: 'test', config: { servers: { fixture: fixture(false), trustedFixture: fixture(true) } } }],
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

/** The host's ports on the real manager, with a user who answers `answers` in turn (and records each question). */
function user(...answers: boolean[]): { ports: AppToolCallPorts; asked: ApprovalRequest[]; logged: string[] } {
  return userWith(true, ...answers);
}

/** {@link user}, with `archflow.chat.autoApproveReadOnly` as given. */
function userWith(autoApproveTrustedReadOnly: boolean, ...answers: boolean[]): { ports: AppToolCallPorts; asked: ApprovalRequest[]; logged: string[] } {
  const asked: ApprovalRequest[] = [];
  const logged: string[] = [];
  const ports: AppToolCallPorts = {
    listServerTools: (server) => manager.listServerTools(server),
    callServerTool: (server, name, args) => manager.callServerTool(server, name, args),
    ask: async (request) => {
      asked.push(request);
      const answer = answers.shift();
      assert.notEqual(answer, undefined, `asked more often than the test expected (${request.tool})`);
      return answer!;
    },
    log: { info: (line) => logged.push(line), warn: (line) => logged.push(line) },
    autoApproveTrustedReadOnly,
  };
  return { ports, asked, logged };
}

const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ');

test("an app's call to a destructive tool of its untrusted server runs only when the user allows it, and is asked about every time", async () => {
  const app = { server: 'fixture', tool: 'show_app' };
  // The attack: the app calls the destructive tool; the user says no.
  const denied = user(false);
  const refused = await callToolForApp(denied.ports, app, 'app_erase', { what: 'everything' });
  assert.equal(refused.isError, true);
  assert.match(textOf(refused), /The user did not allow the call to app_erase/);
  assert.equal(denied.asked.length, 1, 'the user was asked');
  assert.equal(denied.asked[0]!.server, 'fixture');
  assert.equal(denied.asked[0]!.tool, 'app_erase');
  assert.deepEqual(denied.asked[0]!.arguments, { what: 'everything' }, 'the question shows the arguments');
  assert.equal(denied.asked[0]!.trusted, false);
  // Just denied: asked again, not run silently.
  const again = user(false);
  assert.equal((await callToolForApp(again.ports, app, 'app_erase', {})).isError, true);
  assert.equal(again.asked.length, 1);
  // Allowed: it runs, and its count shows that neither denied call reached the server.
  const allowed = user(true);
  assert.equal(textOf(await callToolForApp(allowed.ports, app, 'app_erase', {})), 'erased 1');
  assert.equal(allowed.asked.length, 1);
  // Allowed once only: the next call asks again.
  const later = user(false);
  assert.equal((await callToolForApp(later.ports, app, 'app_erase', {})).isError, true);
  assert.equal(later.asked.length, 1);
});

test("an untrusted server's read-only hint is not believed: its app's call asks too", async () => {
  const denied = user(false);
  const result = await callToolForApp(denied.ports, { server: 'fixture', tool: 'show_app' }, 'app_ping', {});
  assert.equal(result.isError, true);
  assert.equal(denied.asked.length, 1);
  assert.equal(denied.asked[0]!.annotations?.readOnlyHint, true);
  const allowed = user(true);
  assert.match(textOf(await callToolForApp(allowed.ports, { server: 'fixture', tool: 'show_app' }, 'app_ping', {})), /^pong \d+$/);
});

test("read-only tools of trusted and built-in servers run without asking; a trusted server's destructive tool still asks", async () => {
  const app = { server: 'trustedFixture', tool: 'show_app' };
  const silent = user();
  assert.match(textOf(await callToolForApp(silent.ports, app, 'app_ping', {})), /^pong \d+$/);
  const selected = await callToolForApp(silent.ports, { server: 'archflow', tool: 'render_diagram' }, 'select_diagram_element', { kind: 'node', id: 'api', label: 'API' });
  assert.notEqual(selected.isError, true, textOf(selected));
  assert.match(textOf(selected), /api/i);
  assert.equal(silent.asked.length, 0);

  const denied = user(false);
  assert.equal((await callToolForApp(denied.ports, app, 'app_erase', {})).isError, true);
  assert.equal(denied.asked.length, 1);
  assert.equal(denied.asked[0]!.trusted, true);
  const allowed = user(true);
  assert.equal(textOf(await callToolForApp(allowed.ports, app, 'app_erase', {})), 'erased 1', 'the denied call never reached the trusted server either');
});

test('with archflow.chat.autoApproveReadOnly off, even a trusted read-only tool asks, as for the model', async () => {
  const denied = userWith(false, false);
  assert.equal((await callToolForApp(denied.ports, { server: 'trustedFixture', tool: 'show_app' }, 'app_ping', {})).isError, true);
  assert.equal(denied.asked.length, 1);
});

test("calls outside the app's own server's app tools are refused before anyone is asked", async () => {
  const nobody = user();
  await assert.rejects(callToolForApp(nobody.ports, { server: 'fixture', tool: 'show_app' }, 'model_only', {}), /for the model only/);
  await assert.rejects(callToolForApp(nobody.ports, { server: 'fixture', tool: 'show_app' }, 'select_diagram_element', {}), /may call only that server's tools/);
  assert.equal(nobody.asked.length, 0);
  assert.equal(nobody.logged.length, 2);
});

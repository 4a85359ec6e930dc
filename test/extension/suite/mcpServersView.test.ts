// The MCP servers view in the real extension host: its rows as VS Code gets them from the
// tree provider, its commands as the menus run them, real servers (the built-in ones in
// process, fixture servers as child processes) and real edits of .vscode/mcp.json picked up
// by the file watcher.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { parse } from 'jsonc-parser/lib/esm/main.js';
import type { ChatServices } from '../../../src/extension/chat/chatServices';
import type { McpServersView, ServerTreeNode } from '../../../src/extension/chat/mcp/serversView';
import { api, EXTENSION_ID, waitFor, workspaceRoot } from './helpers';

let chat: ChatServices;
let view: McpServersView;
const repo = () => vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
const fixtureServer = (name: string) => ({ type: 'stdio', command: process.execPath, args: [join(repo(), 'test/fixtures/mcp-servers', name)] });
const configPath = () => join(workspaceRoot().fsPath, '.vscode', 'mcp.json');

function writeMcpConfig(servers: Record<string, unknown>): void {
  mkdirSync(join(workspaceRoot().fsPath, '.vscode'), { recursive: true });
  writeFileSync(configPath(), `${JSON.stringify({ servers }, null, 2)}\n`);
}

async function rows(node?: ServerTreeNode): Promise<{ node: ServerTreeNode; item: vscode.TreeItem }[]> {
  return (await view.getChildren(node)).map((n) => ({ node: n, item: view.getTreeItem(n) }));
}

async function server(name: string) {
  const row = (await rows()).find((r) => r.node.kind === 'server' && r.node.status.name === name);
  assert.ok(row, `no row for ${name}`);
  return row;
}

async function child(parent: ServerTreeNode, label: string) {
  const row = (await rows(parent)).find((r) => r.item.label === label);
  assert.ok(row, `no row ${label} under ${JSON.stringify(view.getTreeItem(parent).label)}`);
  return row;
}

async function pidOf(name: string): Promise<number | undefined> {
  return (await chat.mcp.manager!.getStatus(name)).pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function itemDescription(item: vscode.TreeItem): string {
  return typeof item.description === 'string' ? item.description : '';
}

suite('MCP servers view', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    await vscode.workspace.getConfiguration('archflow.mcp').update('claudeDesktop', false, vscode.ConfigurationTarget.Global);
    writeMcpConfig({ toolbox: fixtureServer('toolbox.mjs'), broken: fixtureServer('crashAtStart.mjs') });
    const ext = await api();
    chat = await ext.chat.services();
    view = chat.servers;
    await chat.mcp.manager!.reloadConfiguration();
    // The workspace's own servers start only once approved (VS Code refuses modals in tests).
    await chat.mcp.approveWorkspaceServers();
    await vscode.commands.executeCommand('archflow.mcpServers.focus');
  });

  suiteTeardown(async () => {
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(join(workspaceRoot().fsPath, '.vscode'), { recursive: true, force: true });
    await chat.mcp.manager!.reloadConfiguration();
    await vscode.workspace.getConfiguration('archflow.mcp').update('claudeDesktop', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
  });

  test('lists every server, started or not, with its state, source and transport', async () => {
    const names = (await rows()).map((r) => r.item.label);
    assert.deepEqual(names, ['archflow', 'editor', 'toolbox', 'broken']);
    await vscode.commands.executeCommand('archflow.startMcpServer', (await server('toolbox')).node);
    const toolbox = await waitFor(async () => {
      const r = await server('toolbox');
      return itemDescription(r.item) === 'running' ? r : undefined;
    }, 'toolbox to run');
    assert.equal(toolbox.item.contextValue, 'mcpServer;state=running;source=file');
    const [source, transport] = await rows(toolbox.node);
    assert.deepEqual([source!.item.label, itemDescription(source!.item)], ['Source', '.vscode/mcp.json']);
    assert.equal(source!.item.command?.command, 'archflow.openMcpServerConfig');
    assert.equal(transport!.item.label, 'Transport');
    assert.match(itemDescription(transport!.item), /^stdio · .*toolbox\.mjs/);
    assert.equal(itemDescription((await child(toolbox.node, 'Protocol')).item), '2025-11-25 · legacy era', 'the 2025 handshake by default');
    assert.equal(itemDescription((await child((await server('broken')).node, 'Protocol')).item), 'set to legacy', 'before a connection: what it is set to');
    const builtin = await server('archflow');
    assert.equal((await child(builtin.node, 'Source')).item.description, 'built into ArchFlow');
    assert.match(builtin.item.contextValue ?? '', /source=builtin$/);
  });

  test('archflow.mcp.protocol restarts the servers it changes, and the Protocol row shows the negotiated era', async () => {
    const manager = chat.mcp.manager!;
    await vscode.workspace.getConfiguration('archflow.mcp').update('protocol', 'auto', vscode.ConfigurationTarget.Global);
    try {
      await waitFor(async () => ((await manager.getStatus('toolbox')).protocolSetting === 'auto' ? true : undefined), 'the setting to reach the manager');
      await manager.connect('toolbox');
      const toolbox = await waitFor(async () => {
        const r = await server('toolbox');
        return itemDescription(r.item) === 'running' ? r : undefined;
      }, 'toolbox to run');
      // toolbox is an SDK 1.x server: the probe finds the 2025 era.
      assert.equal(itemDescription((await child(toolbox.node, 'Protocol')).item), '2025-11-25 · legacy era · negotiated (auto)');
      assert.equal((await manager.getStatus('archflow')).protocolSetting, 'legacy', 'the built-in servers stay on the 2025 handshake');
    } finally {
      await vscode.workspace.getConfiguration('archflow.mcp').update('protocol', undefined, vscode.ConfigurationTarget.Global);
      await waitFor(async () => ((await manager.getStatus('toolbox')).protocolSetting === 'legacy' ? true : undefined), 'the setting to be reset');
    }
  });

  test('a running server lists its tools, resources and prompts', async () => {
    await chat.mcp.manager!.connect('archflow');
    const archflow = await server('archflow');
    const tools = await rows((await child(archflow.node, 'Tools')).node);
    // The chat shows MCP Apps, so the server also offers the app-only tool its view's clicks call: listed, and marked.
    assert.deepEqual(tools.map((t) => t.item.label).sort(), ['check_diagram', 'render_diagram', 'search_icons', 'select_diagram_element', 'syntax_help']);
    assert.match(itemDescription(tools.find((t) => t.item.label === 'check_diagram')!.item), /^read-only$/);
    assert.match(itemDescription(tools.find((t) => t.item.label === 'select_diagram_element')!.item), /^for its app only · read-only$/);
    const resources = await rows((await child(archflow.node, 'Resources')).node);
    assert.ok(resources.some((r) => r.item.description === 'archflow://syntax'), JSON.stringify(resources.map((r) => r.item.description)));
    assert.ok(resources.some((r) => r.item.description === 'archflow://icons/{prefix}/{name}' && r.item.contextValue === 'mcpResource;template'));
    const prompts = await rows((await child(archflow.node, 'Prompts')).node);
    assert.deepEqual(prompts.map((p) => [p.item.label, p.item.description]), [['/draw_architecture', 'focus']]);
  });

  test('a broken server shows its error, and Show Server Log opens the log with what it printed', async () => {
    await vscode.commands.executeCommand('archflow.startMcpServer', 'broken');
    const broken = await waitFor(async () => {
      const r = await server('broken');
      return itemDescription(r.item).startsWith('failed') ? r : undefined;
    }, 'the broken server to fail');
    assert.match(itemDescription(broken.item), /^failed: .*exited with code 3/);
    assert.equal(broken.item.contextValue, 'mcpServer;state=failed;source=file');
    const error = (await rows(broken.node))[0]!;
    assert.equal((error.node as { id: string }).id, 'error');
    assert.match(String(error.item.tooltip), /missing API token/);
    assert.equal(error.item.command?.command, 'archflow.showMcpServerLog', 'clicking the error shows the log');
    await vscode.commands.executeCommand('archflow.showMcpServerLog', broken.node);
    const log = await waitFor(
      () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'output' && d.getText().includes('fatal: missing API token')),
      'the server log in the Output panel',
    );
    assert.match(decodeURIComponent(log.uri.toString()), /ArchFlow MCP:? broken/, 'the log of that server');
  });

  test('restart gives a running server a new process; stop stops it; start starts it again', async () => {
    await chat.mcp.manager!.connect('toolbox');
    const before = await pidOf('toolbox');
    assert.ok(before);
    await vscode.commands.executeCommand('archflow.restartMcpServer', (await server('toolbox')).node);
    const after = await waitFor(async () => {
      const pid = await pidOf('toolbox');
      return pid !== undefined && pid !== before && (await chat.mcp.manager!.getStatus('toolbox')).state === 'running' ? pid : undefined;
    }, 'a new toolbox process');
    await waitFor(() => !alive(before), 'the old process to end');
    await vscode.commands.executeCommand('archflow.stopMcpServer', (await server('toolbox')).node);
    assert.equal(itemDescription((await server('toolbox')).item), 'stopped');
    await waitFor(() => !alive(after), 'stopping to end its process');
    await vscode.commands.executeCommand('archflow.startMcpServer', (await server('toolbox')).node);
    assert.equal(itemDescription((await server('toolbox')).item), 'running');
  });

  test('editing .vscode/mcp.json adds a server without restarting the others', async function () {
    this.timeout(60_000);
    await chat.mcp.manager!.connect('toolbox');
    const toolboxPid = await pidOf('toolbox');
    assert.ok(toolboxPid);
    const changed = new Promise<void>((resolve) => {
      const sub = view.onDidChangeTreeData(() => {
        sub.dispose();
        resolve();
      });
    });
    // Only the file changes: the extension's watcher must notice it.
    writeMcpConfig({ toolbox: fixtureServer('toolbox.mjs'), broken: fixtureServer('crashAtStart.mjs'), second: fixtureServer('toolbox.mjs') });
    await waitFor(async () => (await rows()).some((r) => r.item.label === 'second'), 'the new server in the view', 30_000);
    await changed;
    // A new server of the file asks first; the chat may have tried it already and been refused (no modals in tests).
    await chat.mcp.approveWorkspaceServers();
    if ((await chat.mcp.manager!.getStatus('second')).state === 'failed') await chat.mcp.manager!.restartServer('second');
    assert.equal(await pidOf('toolbox'), toolboxPid, 'toolbox kept its process');
    assert.equal((await chat.mcp.manager!.getStatus('toolbox')).state, 'running');
    await chat.mcp.manager!.connect('second');
    assert.notEqual(await pidOf('second'), toolboxPid);
    // Changing one entry restarts that server only.
    const secondPid = await pidOf('second');
    writeMcpConfig({ toolbox: fixtureServer('toolbox.mjs'), broken: fixtureServer('crashAtStart.mjs'), second: { ...fixtureServer('toolbox.mjs'), env: { CHANGED: '1' } } });
    // The changed entry needs a new approval before it starts again.
    await waitFor(async () => (await chat.mcp.manager!.consentRequests()).some((r) => r.settings.includes('CHANGED')), 'the changed entry to be read', 30_000);
    await chat.mcp.approveWorkspaceServers();
    if ((await chat.mcp.manager!.getStatus('second')).state === 'failed') await chat.mcp.manager!.restartServer('second');
    await chat.mcp.manager!.connect('second');
    await waitFor(async () => (await chat.mcp.manager!.getStatus('second')).pid !== secondPid, 'the changed server to be replaced', 30_000);
    assert.equal(await pidOf('toolbox'), toolboxPid, 'toolbox still kept its process');
  });

  test('a server written to the file a moment ago is approved at once, before the file watcher has read it', async () => {
    const servers = { toolbox: fixtureServer('toolbox.mjs'), broken: fixtureServer('crashAtStart.mjs'), second: { ...fixtureServer('toolbox.mjs'), env: { CHANGED: '1' } } };
    writeMcpConfig({ ...servers, fresh: fixtureServer('toolbox.mjs') });
    // No waiting for the watcher: approval reads the file as it is now.
    await chat.mcp.approveWorkspaceServers();
    assert.equal((await chat.mcp.manager!.connect('fresh')).state, 'running');
    writeMcpConfig(servers);
    await waitFor(async () => !(await chat.mcp.manager!.serverNames()).includes('fresh'), 'the removed server to be gone', 30_000);
  });

  test("Open Server Configuration opens the file at the server's entry", async () => {
    await vscode.commands.executeCommand('archflow.openMcpServerConfig', (await server('broken')).node);
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.fsPath === configPath() ? vscode.window.activeTextEditor : undefined), 'mcp.json in the editor');
    const line = editor.document.lineAt(editor.selection.active.line).text;
    assert.match(line, /^\s*"broken": \{/);
  });

  test('Add MCP Server inserts a snippet that keeps the file valid, creating .vscode/mcp.json when missing', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const saved = readFileSync(configPath(), 'utf8');
    await vscode.commands.executeCommand('archflow.addMcpServer', { kind: 'http' });
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.fsPath === configPath() ? vscode.window.activeTextEditor : undefined), 'mcp.json in the editor');
    await waitFor(() => editor.document.getText().includes('"my-server"'), 'the snippet');
    const withSnippet = parse(editor.document.getText()) as { servers: Record<string, { type?: string; url?: string }> };
    assert.deepEqual(Object.keys(withSnippet.servers), ['toolbox', 'broken', 'second', 'my-server']);
    assert.deepEqual(withSnippet.servers['my-server'], { type: 'http', url: 'https://example.com/mcp' });
    assert.equal(editor.document.getText(editor.selection), 'my-server', 'the name is the first thing to type');
    assert.equal(readFileSync(configPath(), 'utf8'), saved, 'nothing is saved for the user');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

    await vscode.workspace.fs.delete(vscode.Uri.file(configPath()));
    await vscode.commands.executeCommand('archflow.addMcpServer', { kind: 'stdio' });
    const created = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.fsPath === configPath() ? vscode.window.activeTextEditor : undefined), 'a new mcp.json');
    await waitFor(() => created.document.getText().includes('"my-server"'), 'the snippet in the new file');
    assert.deepEqual(parse(created.document.getText()), { servers: { 'my-server': { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } } });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    writeFileSync(configPath(), saved);
    await waitFor(async () => (await rows()).some((r) => r.item.label === 'toolbox'), 'the servers back in the view', 30_000);
  });

  test('"always allow" of a tool shows on its row and is revoked from there', async () => {
    await chat.mcp.manager!.connect('toolbox');
    const echo = chat.mcp.manager!.findTool('toolbox__echo');
    assert.ok(echo);
    await chat.approvals.approve('toolbox__echo', echo.fingerprint, 'always');
    const toolbox = await server('toolbox');
    const row = (await rows((await child(toolbox.node, 'Tools')).node)).find((r) => r.item.label === 'echo')!;
    assert.equal(row.item.contextValue, 'mcpTool;always');
    assert.match(itemDescription(row.item), /always allowed/);
    await vscode.commands.executeCommand('archflow.revokeMcpToolApproval', row.node);
    assert.ok(!chat.approvals.alwaysAllowed().includes('toolbox__echo'));
    const again = (await rows((await child((await server('toolbox')).node, 'Tools')).node)).find((r) => r.item.label === 'echo')!;
    assert.equal(again.item.contextValue, 'mcpTool');
  });

  test("a repository's server is neither expanded nor contacted before consent, and its 'trusted' is ignored", async function () {
    this.timeout(60_000);
    const seen: string[] = [];
    const listener = createServer((req, res) => {
      seen.push(`${req.url} ${req.headers.authorization ?? ''}`);
      req.resume();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as { port: number }).port;
    const before = readFileSync(configPath(), 'utf8');
    try {
      const servers = { ...JSON.parse(before).servers, repo: { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: 'token ${env:HOME}' }, trusted: true } };
      writeMcpConfig(servers);
      await chat.mcp.manager!.reloadConfiguration();
      // VS Code refuses modals in tests: the question goes unanswered, which is a no.
      await assert.rejects(chat.mcp.manager!.connect('repo'), /server 'repo' \(defined by the project in .*mcp\.json\) was not started: it needs your approval first/);
      assert.deepEqual(seen, [], 'nothing reached the listener');
      const [request] = (await chat.mcp.manager!.consentRequests()).filter((r) => r.server === 'repo');
      assert.equal(request.launch, `http://127.0.0.1:${port}/mcp`);
      assert.deepEqual(request.variables, ['${env:HOME}']);
      assert.equal(request.asksToBeTrusted, true);
      await chat.mcp.approveWorkspaceServers();
      await chat.mcp.manager!.restartServer('repo').catch(() => {});
      await waitFor(() => seen.length > 0, 'the approved server to be contacted', 30_000);
      assert.ok(seen.every((s) => s === `/mcp token ${process.env.HOME}`));
      assert.equal((await chat.mcp.manager!.getStatus('repo')).trusted, false);
    } finally {
      writeFileSync(configPath(), before);
      await chat.mcp.manager!.reloadConfiguration();
      listener.close();
    }
  });
});

import { isAbsolute } from 'node:path';
import * as vscode from 'vscode';
import type { McpServerState, McpServerStatus } from '../../../mcpClient/index';
import { EMPTY_MCP_JSON, locateServerEntry, serverSnippet, type ServerSnippetKind } from '../../../mcpClient/configEdit';
import { visibleToModel } from '../../../mcpClient/toolUi';
import { Disposable } from '../../util/dispose';
import type { McpService } from './mcpService';
import type { WorkspaceApprovalStore } from '../workspaceApprovals';

/** Where a server is configured: a file, the settings, or ArchFlow itself. */
type SourceKind = 'file' | 'settings' | 'builtin';

/** One row of the MCP servers view. */
export type ServerTreeNode =
  | { kind: 'server'; status: McpServerStatus }
  | { kind: 'detail'; server: string; id: string; label: string; description?: string; icon: string; tooltip?: string; color?: string; command?: vscode.Command }
  | { kind: 'group'; server: string; group: 'tools' | 'resources' | 'prompts'; count: number }
  | { kind: 'tool'; server: string; name: string; qualifiedName: string; description?: string; readOnly: boolean; always: boolean; appOnly: boolean }
  | { kind: 'resource'; server: string; uri: string; name: string; description?: string; template: boolean }
  | { kind: 'prompt'; server: string; name: string; description?: string; args: string[] };

export interface McpServersViewDeps {
  mcp: McpService;
  approvals: WorkspaceApprovalStore;
  log: vscode.LogOutputChannel;
}

/** A server as the view's actions receive it: a row, or (from other callers) its name. */
export type ServerArg = ServerTreeNode | string | undefined;

function serverName(arg: ServerArg): string | undefined {
  if (typeof arg === 'string') return arg;
  if (!arg) return undefined;
  return arg.kind === 'server' ? arg.status.name : arg.server;
}

function sourceKind(status: McpServerStatus): SourceKind {
  if (status.builtin) return 'builtin';
  return isAbsolute(status.source) ? 'file' : 'settings';
}

function stateLabel(state: McpServerState): string {
  switch (state) {
    case 'idle':
      return vscode.l10n.t('not started');
    case 'starting':
      return vscode.l10n.t('starting');
    case 'running':
      return vscode.l10n.t('running');
    case 'restarting':
      return vscode.l10n.t('restarting');
    case 'failed':
      return vscode.l10n.t('failed');
    case 'stopped':
      return vscode.l10n.t('stopped');
    case 'disabled':
      return vscode.l10n.t('disabled');
  }
}

function stateIcon(state: McpServerState): vscode.ThemeIcon {
  switch (state) {
    case 'running':
      return new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed'));
    case 'starting':
    case 'restarting':
      return new vscode.ThemeIcon('loading~spin');
    case 'failed':
      return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
    case 'stopped':
      return new vscode.ThemeIcon('debug-stop');
    case 'disabled':
      return new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
    case 'idle':
      return new vscode.ThemeIcon('circle-large-outline');
  }
}

function firstLine(text: string, max = 120): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The MCP servers view: every server of the window's manager (built-in and configured) with
 * its state, source and transport, its error when it failed, and, while it runs, its tools,
 * resources and prompts; and the view's actions (start, restart, stop, show log, open the
 * configuration at the server's entry, add a server, revoke "always allow" of a tool). It
 * draws what the manager says, redrawn whenever a server's state or tools change; listing
 * the view never starts a server.
 */
export class McpServersView extends Disposable implements vscode.TreeDataProvider<ServerTreeNode> {
  readonly #onDidChangeTreeData = this.register(new vscode.EventEmitter<ServerTreeNode | undefined>());
  readonly onDidChangeTreeData = this.#onDidChangeTreeData.event;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Shown above the tree (untrusted workspace); undefined when there is nothing to say. */
  message: string | undefined;
  readonly #onDidChangeMessage = this.register(new vscode.EventEmitter<string | undefined>());
  readonly onDidChangeMessage = this.#onDidChangeMessage.event;

  constructor(private readonly deps: McpServersViewDeps) {
    super();
    this.register(deps.mcp.onDidChange(() => this.refresh()));
    this.register({ dispose: () => clearTimeout(this.#timer) });
  }

  /** Redraws the view soon (changes that come in a burst are drawn once). */
  refresh(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#onDidChangeTreeData.fire(undefined), 50);
  }

  async getChildren(node?: ServerTreeNode): Promise<ServerTreeNode[]> {
    const manager = this.deps.mcp.manager;
    this.#setMessage(manager ? undefined : vscode.l10n.t('MCP servers start once this workspace is trusted.'));
    if (!manager) return [];
    try {
      if (!node) return (await manager.getStatuses()).map((status) => ({ kind: 'server', status }));
      if (node.kind === 'server') return this.#details(node.status);
      if (node.kind === 'group') return await this.#members(node);
    } catch (err) {
      this.deps.log.warn(`MCP servers view: ${err instanceof Error ? err.message : String(err)}`);
    }
    return [];
  }

  getTreeItem(node: ServerTreeNode): vscode.TreeItem {
    switch (node.kind) {
      case 'server':
        return this.#serverItem(node.status);
      case 'detail': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.id = `${node.server}/${node.id}`;
        item.description = node.description;
        item.tooltip = node.tooltip;
        item.iconPath = new vscode.ThemeIcon(node.icon, node.color ? new vscode.ThemeColor(node.color) : undefined);
        item.contextValue = `mcpDetail;${node.id}`;
        if (node.command) item.command = node.command;
        return item;
      }
      case 'group': {
        const label = node.group === 'tools' ? vscode.l10n.t('Tools') : node.group === 'resources' ? vscode.l10n.t('Resources') : vscode.l10n.t('Prompts');
        const item = new vscode.TreeItem(label, node.count > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        item.id = `${node.server}/${node.group}`;
        item.description = String(node.count);
        item.iconPath = new vscode.ThemeIcon(node.group === 'tools' ? 'tools' : node.group === 'resources' ? 'files' : 'comment-discussion');
        item.contextValue = `mcpGroup;${node.group}`;
        return item;
      }
      case 'tool': {
        const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
        item.id = `${node.server}/tool/${node.name}`;
        // An app-only tool (MCP Apps' visibility ["app"]) is listed, but the model never sees it: said so.
        const notes = [node.appOnly ? vscode.l10n.t('for its app only') : undefined, node.always ? vscode.l10n.t('always allowed') : undefined, node.readOnly ? vscode.l10n.t('read-only') : undefined].filter(Boolean);
        item.description = notes.join(' · ');
        item.tooltip = plainTooltip(node.description ?? node.name, node.qualifiedName);
        item.iconPath = new vscode.ThemeIcon('tools');
        item.contextValue = node.always ? 'mcpTool;always' : 'mcpTool';
        return item;
      }
      case 'resource': {
        const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
        item.id = `${node.server}/resource/${node.uri}`;
        item.description = node.uri;
        item.tooltip = plainTooltip(node.description ?? node.name, node.uri);
        item.iconPath = new vscode.ThemeIcon(node.template ? 'file-code' : 'file');
        item.contextValue = node.template ? 'mcpResource;template' : 'mcpResource';
        return item;
      }
      case 'prompt': {
        const item = new vscode.TreeItem(`/${node.name}`, vscode.TreeItemCollapsibleState.None);
        item.id = `${node.server}/prompt/${node.name}`;
        item.description = node.args.join(', ');
        item.tooltip = plainTooltip(node.description ?? node.name, node.server);
        item.iconPath = new vscode.ThemeIcon('comment');
        item.contextValue = 'mcpPrompt';
        return item;
      }
    }
  }

  #serverItem(status: McpServerStatus): vscode.TreeItem {
    const item = new vscode.TreeItem(status.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `server/${status.name}`;
    const state = stateLabel(status.state);
    item.description = status.error && (status.state === 'failed' || status.state === 'restarting') ? `${state}: ${firstLine(status.error)}` : state;
    item.iconPath = stateIcon(status.state);
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown('**').appendText(status.name).appendMarkdown('**: ').appendText(state).appendMarkdown('\n\n');
    tooltip.appendText(vscode.l10n.t('Source: {0}', this.#sourceText(status))).appendMarkdown('  \n');
    tooltip.appendText(vscode.l10n.t('Transport: {0}', status.transport)).appendMarkdown('  \n');
    tooltip.appendText(vscode.l10n.t('Protocol: {0}', protocolText(status))).appendMarkdown('  \n');
    if (status.description) tooltip.appendText(status.description).appendMarkdown('  \n');
    if (status.serverInfo) tooltip.appendText(`${status.serverInfo.name} ${status.serverInfo.version}`).appendMarkdown('  \n');
    if (status.pid !== undefined) tooltip.appendText(vscode.l10n.t('Process {0}', String(status.pid))).appendMarkdown('  \n');
    if (status.error) tooltip.appendMarkdown('\n').appendText(status.error);
    item.tooltip = tooltip;
    item.contextValue = `mcpServer;state=${status.state};source=${sourceKind(status)}`;
    return item;
  }

  #sourceText(status: McpServerStatus): string {
    switch (sourceKind(status)) {
      case 'builtin':
        return vscode.l10n.t('built into ArchFlow');
      case 'file':
        return vscode.workspace.asRelativePath(vscode.Uri.file(status.source), (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
      case 'settings':
        return status.source;
    }
  }

  #details(status: McpServerStatus): ServerTreeNode[] {
    const server = status.name;
    const rows: ServerTreeNode[] = [];
    if (status.error) {
      rows.push({ kind: 'detail', server, id: 'error', label: firstLine(status.error), tooltip: status.error, icon: 'error', color: 'testing.iconFailed', command: { title: '', command: 'archflow.showMcpServerLog', arguments: [server] } });
    }
    const kind = sourceKind(status);
    rows.push({
      kind: 'detail',
      server,
      id: 'source',
      label: vscode.l10n.t('Source'),
      description: this.#sourceText(status),
      icon: kind === 'builtin' ? 'package' : kind === 'file' ? 'json' : 'settings-gear',
      ...(kind === 'builtin' ? {} : { command: { title: '', command: 'archflow.openMcpServerConfig', arguments: [server] } }),
    });
    rows.push({ kind: 'detail', server, id: 'transport', label: vscode.l10n.t('Transport'), description: status.description ? `${status.transport} · ${status.description}` : status.transport, tooltip: status.description, icon: 'plug' });
    rows.push({ kind: 'detail', server, id: 'protocol', label: vscode.l10n.t('Protocol'), description: protocolText(status), tooltip: protocolTooltip(status), icon: 'symbol-interface' });
    if (status.state === 'running' && status.counts) {
      rows.push({ kind: 'group', server, group: 'tools', count: status.counts.tools });
      rows.push({ kind: 'group', server, group: 'resources', count: status.counts.resources + status.counts.resourceTemplates });
      rows.push({ kind: 'group', server, group: 'prompts', count: status.counts.prompts });
    }
    return rows;
  }

  async #members(node: Extract<ServerTreeNode, { kind: 'group' }>): Promise<ServerTreeNode[]> {
    const manager = this.deps.mcp.manager;
    const server = node.server;
    if (!manager || (await manager.getStatus(server)).state !== 'running') return [];
    if (node.group === 'tools') {
      const always = new Set(this.deps.approvals.alwaysAllowed());
      return (await manager.listServerTools(server)).map((t) => ({
        kind: 'tool',
        server,
        name: t.tool.name,
        qualifiedName: t.qualifiedName,
        ...(t.tool.description ? { description: t.tool.description } : {}),
        readOnly: t.tool.annotations?.readOnlyHint === true,
        always: always.has(t.qualifiedName),
        appOnly: !visibleToModel(t.tool),
      }));
    }
    if (node.group === 'resources') {
      const [resources, templates] = await Promise.all([manager.listResources(server), manager.listResourceTemplates(server)]);
      return [
        ...resources.map((r): ServerTreeNode => ({ kind: 'resource', server, uri: r.uri, name: r.title ?? r.name, ...(r.description ? { description: r.description } : {}), template: false })),
        ...templates.map((r): ServerTreeNode => ({ kind: 'resource', server, uri: r.uriTemplate, name: r.title ?? r.name, ...(r.description ? { description: r.description } : {}), template: true })),
      ];
    }
    return (await manager.listPrompts(server)).map((p) => ({ kind: 'prompt', server, name: p.name, ...(p.description ? { description: p.description } : {}), args: (p.arguments ?? []).map((a) => a.name) }));
  }

  #setMessage(message: string | undefined): void {
    if (message === this.message) return;
    this.message = message;
    this.#onDidChangeMessage.fire(message);
  }

  // --- actions

  /** Starts a server that is not running, or restarts one that is. Failures show in the view and the server's log. */
  async restart(arg: ServerArg): Promise<void> {
    const name = await this.#pick(arg);
    if (!name) return;
    await this.deps.mcp.manager?.restartServer(name).catch((err: unknown) => this.deps.log.warn(`MCP: ${name} did not start: ${err instanceof Error ? err.message : String(err)}`));
    this.refresh();
  }

  async stop(arg: ServerArg): Promise<void> {
    const name = await this.#pick(arg);
    if (!name) return;
    await this.deps.mcp.manager?.stopServer(name);
    this.refresh();
  }

  async showLog(arg: ServerArg): Promise<void> {
    const name = await this.#pick(arg);
    if (name) this.deps.mcp.channel(name).show(true);
  }

  /** Opens the file (or settings) that configures the server, with its entry selected. */
  async openConfig(arg: ServerArg): Promise<void> {
    const name = await this.#pick(arg);
    const status = name ? (await this.deps.mcp.statuses()).find((s) => s.name === name) : undefined;
    if (!status) return;
    const kind = sourceKind(status);
    if (kind === 'builtin') {
      void vscode.window.showInformationMessage(vscode.l10n.t('{0} is built into ArchFlow: it has no configuration to open.', status.name));
      return;
    }
    if (kind === 'settings') {
      await vscode.commands.executeCommand('workbench.action.openSettingsJson', { revealSetting: { key: 'archflow.mcp.servers', edit: true } });
      return;
    }
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(status.source));
    const span = locateServerEntry(doc.getText(), status.name);
    const range = span ? new vscode.Range(doc.positionAt(span.offset), doc.positionAt(span.offset)) : undefined;
    const editor = await vscode.window.showTextDocument(doc, { preview: false, ...(range ? { selection: range } : {}) });
    if (range) editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  /**
   * Opens the workspace folder's `.vscode/mcp.json` (created when missing) with a new server
   * entry inserted as a snippet to fill in. `options` (for automation) skips the questions.
   */
  async addServer(options?: { folder?: vscode.Uri; kind?: ServerSnippetKind }): Promise<void> {
    const folder = options?.folder ?? (await this.#pickFolder());
    if (!folder) return;
    const kind = options?.kind ?? (await this.#pickKind());
    if (!kind) return;
    const uri = vscode.Uri.joinPath(folder, '.vscode', 'mcp.json');
    // Through the editor's own file operations, so that a document VS Code still holds for a deleted file is refreshed.
    const create = new vscode.WorkspaceEdit();
    create.createFile(uri, { contents: new TextEncoder().encode(EMPTY_MCP_JSON), ignoreIfExists: true });
    await vscode.workspace.applyEdit(create);
    const doc = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(doc, { preview: false });
    const snippet = serverSnippet(doc.getText(), kind);
    if (!snippet) {
      void vscode.window.showWarningMessage(vscode.l10n.t('{0} is not a valid JSON object; repair it, then add the server again.', vscode.workspace.asRelativePath(uri)));
      return;
    }
    await editor.insertSnippet(new vscode.SnippetString(snippet.snippet), doc.positionAt(snippet.offset), { undoStopBefore: true, undoStopAfter: true, keepWhitespace: true });
  }

  /** Takes back "always allow" of a tool (it asks again next time). */
  async revokeApproval(arg: ServerTreeNode | string | undefined): Promise<void> {
    const qualifiedName = typeof arg === 'string' ? arg : arg?.kind === 'tool' ? arg.qualifiedName : undefined;
    if (!qualifiedName) return;
    await this.deps.approvals.revoke(qualifiedName);
    this.refresh();
  }

  async #pick(arg: ServerArg): Promise<string | undefined> {
    const given = serverName(arg);
    if (given) return given;
    const statuses = await this.deps.mcp.statuses();
    const picked = await vscode.window.showQuickPick(
      statuses.map((s) => ({ label: s.name, description: stateLabel(s.state) })),
      { title: vscode.l10n.t('MCP server') },
    );
    return picked?.label;
  }

  async #pickFolder(): Promise<vscode.Uri | undefined> {
    const folders = vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file') ?? [];
    if (folders.length <= 1) {
      if (!folders[0]) void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder first: MCP servers are added to its .vscode/mcp.json.'));
      return folders[0]?.uri;
    }
    return (await vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Add the server to which folder?') }))?.uri;
  }

  async #pickKind(): Promise<ServerSnippetKind | undefined> {
    const picked = await vscode.window.showQuickPick(
      [
        { label: vscode.l10n.t('Command (stdio)'), detail: vscode.l10n.t('A program this computer runs, e.g. npx, uvx, docker or node.'), transport: 'stdio' as const },
        { label: vscode.l10n.t('HTTP'), detail: vscode.l10n.t('A server at a URL (Streamable HTTP, or SSE).'), transport: 'http' as const },
      ],
      { title: vscode.l10n.t('Add an MCP server') },
    );
    return picked?.transport;
  }
}

function plainTooltip(text: string, detail: string): vscode.MarkdownString {
  return new vscode.MarkdownString().appendText(text).appendMarkdown('\n\n').appendText(detail);
}

/**
 * The era a connection speaks (`2025-11-25 · legacy era`), with `auto` when it was negotiated;
 * before a connection, what it is set to.
 */
function protocolText(status: McpServerStatus): string {
  const protocol = status.protocol;
  if (!protocol) return vscode.l10n.t('set to {0}', status.protocolSetting);
  const era = protocol.era === 'modern' ? vscode.l10n.t('modern era') : vscode.l10n.t('legacy era');
  const parts = [protocol.version ?? '', era, status.protocolSetting === 'auto' ? vscode.l10n.t('negotiated (auto)') : ''];
  return parts.filter(Boolean).join(' · ');
}

function protocolTooltip(status: McpServerStatus): string {
  return status.protocol?.era === 'modern'
    ? vscode.l10n.t('MCP 2026-07-28 and later: no initialize, every request carries its protocol version and capabilities.')
    : vscode.l10n.t('The 2025 MCP handshake (initialize), which every MCP server speaks. Set "protocol" in the server\'s entry, or archflow.mcp.protocol, to "auto" or "2026-07-28" to use the modern era.');
}

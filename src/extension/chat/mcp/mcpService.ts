import { basename, dirname } from 'node:path';
import * as vscode from 'vscode';
import {
  McpClientManager,
  claudeDesktopConfigPath,
  storedInputResolver,
  rememberedConsent,
  consentMemoryKey,
  formatConfigDiagnostic,
  workspaceConfigSources,
  type McpBuiltinServer,
  type McpConfigSource,
  type McpInputSpec,
  type McpInputTarget,
  type McpServerConsentRequest,
  type McpLogEntry,
  type McpServerStatus,
  type ToolApprovalStore,
  type EraVerdictStore,
  type StoredEraVerdict,
} from '../../../mcpClient/index';
import { mcpConfig } from '../../config';
import { Disposable } from '../../util/dispose';

export interface McpServiceOptions {
  /** The diagram server (and later others) that run in this process. */
  builtinServers: () => McpBuiltinServer[];
  approvals: ToolApprovalStore;
  secrets: vscode.SecretStorage;
  /** Where approvals of the workspace's own servers are remembered (the workspace state). */
  consents: vscode.Memento;
  /** Where the era verdicts of `auto` servers are kept across windows (the global state). */
  eras: vscode.Memento;
  log: vscode.LogOutputChannel;
}

/**
 * The window's one MCP client manager, shared by the chat and anything else that talks to MCP
 * servers. It reads the same files as `archflow mcp` (`.mcp.json` and `.vscode/mcp.json` of
 * every workspace folder), Claude Desktop's configuration (`archflow.mcp.claudeDesktop`) and
 * `archflow.mcp.servers`, and reloads when they change (servers whose entry did not change keep
 * running). `${input:…}` values are asked once and kept in SecretStorage, each for the source,
 * server and URL or command it was typed for: another server naming the same input id is asked
 * again, with its name and URL in the question.
 *
 * In an untrusted workspace there is no manager at all: no server starts (the built-in one
 * included) until the workspace is trusted. Each server's log goes to an output channel of
 * its own, created when it first logs.
 */
export class McpService extends Disposable {
  #manager: McpClientManager | undefined;
  readonly #channels = new Map<string, vscode.LogOutputChannel>();
  readonly #onDidChange = this.register(new vscode.EventEmitter<void>());
  /** The manager appeared (trust granted), or a server's state or tools changed. */
  readonly onDidChange = this.#onDidChange.event;

  constructor(private readonly options: McpServiceOptions) {
    super();
    this.register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.#onDidChange.fire()));
    const reload = () => void this.#manager?.reloadConfiguration();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher('**/{.mcp.json,.vscode/mcp.json}'));
    this.register(watcher.onDidCreate(reload));
    this.register(watcher.onDidChange(reload));
    this.register(watcher.onDidDelete(reload));
    const desktop = claudeDesktopConfigPath();
    const desktopWatcher = this.register(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(dirname(desktop)), basename(desktop))));
    this.register(desktopWatcher.onDidChange(reload));
    this.register(desktopWatcher.onDidCreate(reload));
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('archflow.mcp')) reload();
      }),
    );
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => void this.#manager?.setRoots(folderPaths())));
    this.register({ dispose: () => void this.#manager?.dispose() });
  }

  /** The manager, created on first use; undefined in an untrusted workspace. */
  get manager(): McpClientManager | undefined {
    if (!vscode.workspace.isTrusted || this.isDisposed) return undefined;
    this.#manager ??= this.#create();
    return this.#manager;
  }

  /** The output channel of one server (created on first use). */
  channel(server: string): vscode.LogOutputChannel {
    let channel = this.#channels.get(server);
    if (!channel) {
      channel = this.register(vscode.window.createOutputChannel(`ArchFlow MCP: ${server}`, { log: true }));
      this.#channels.set(server, channel);
    }
    return channel;
  }

  #create(): McpClientManager {
    const folders = folderPaths();
    const manager = new McpClientManager({
      sources: () => this.#sources(),
      ...(folders[0] ? { workspaceFolder: folders[0] } : {}),
      roots: folders,
      builtinServers: this.options.builtinServers(),
      approvals: this.options.approvals,
      clientInfo: { name: 'archflow-vscode', version: '0.1.0' },
      // The chat shows MCP Apps in its tool cards (src/extension/chat/apps).
      showsApps: true,
      consent: rememberedConsent(this.options.consents, (request) =>
        askConsent(request).catch((err: unknown) => {
          this.options.log.warn(`MCP: could not ask whether '${request.server}' may start: ${(err as Error).message}`);
          return false;
        }),
      ),
      resolveInput: storedInputResolver(this.options.secrets, (id, spec, target) => askInput(id, spec, target)),
      logger: (entry) => this.#log(entry),
      protocol: () => mcpConfig().protocol,
      eraStore: mementoEraStore(this.options.eras),
    });
    this.register(manager.onDidChangeStatus(() => this.#onDidChange.fire()));
    this.register(manager.onDidChangeTools(() => this.#onDidChange.fire()));
    void manager.loadConfiguration().then(() => {
      for (const d of manager.diagnostics) this.options.log[d.severity === 'warning' ? 'warn' : d.severity](`MCP configuration: ${formatConfigDiagnostic(d)}`);
      this.#onDidChange.fire();
    });
    return manager;
  }

  #sources(): McpConfigSource[] {
    const config = mcpConfig();
    const sources = vscode.workspace.workspaceFolders?.flatMap((f) => (f.uri.scheme === 'file' ? workspaceConfigSources(f.uri.fsPath) : [])) ?? [];
    if (config.claudeDesktop) sources.unshift({ kind: 'file', path: claudeDesktopConfigPath(), optional: true });
    if (Object.keys(config.servers).length > 0) sources.push({ kind: 'object', config: { servers: config.servers }, label: 'settings: archflow.mcp.servers' });
    if (Object.keys(config.workspaceServers).length > 0) {
      sources.push({ kind: 'object', config: { servers: config.workspaceServers }, label: 'workspace settings: archflow.mcp.servers', project: true });
    }
    return sources;
  }

  #log(entry: McpLogEntry): void {
    const channel = entry.server ? this.channel(entry.server) : this.options.log;
    const text = entry.server ? entry.message : `MCP: ${entry.message}`;
    switch (entry.level) {
      case 'error':
        channel.error(text);
        break;
      case 'warning':
        channel.warn(text);
        break;
      case 'debug':
        channel.debug(text);
        break;
      default:
        channel.info(text);
    }
  }

  /**
   * Approves every server the workspace's own files define, as they are written now, without
   * asking (for a caller that asked the user already, and tests, where VS Code refuses modals),
   * and starts them.
   */
  async approveWorkspaceServers(): Promise<void> {
    const manager = this.manager;
    if (!manager) return;
    // "As they are written now": a file written a moment ago may not have reached the file
    // watcher yet (seconds on a loaded machine), and the cached reading would approve nothing.
    await manager.reloadConfiguration();
    const requests = await manager.consentRequests();
    for (const request of requests) await this.options.consents.update(consentMemoryKey(request), true);
    // A start already under way asked before the approval was kept, and was refused: once it
    // has settled, start such a server again.
    await Promise.all(
      requests.map(async ({ server }) => {
        const status = await manager.connect(server).catch(() => manager.getStatus(server));
        if (status.state === 'failed' && /needs your approval/.test(status.error ?? '')) await manager.restartServer(server).catch(() => undefined);
      }),
    );
  }

  /** Statuses of every server, without starting any; empty when untrusted. */
  async statuses(): Promise<McpServerStatus[]> {
    return (await this.manager?.getStatuses()) ?? [];
  }
}

/**
 * Asks whether a server the workspace's own files define may start, showing what it runs or
 * reaches and what it reads, as written (nothing is expanded before the answer).
 */
async function askConsent(request: McpServerConsentRequest): Promise<boolean> {
  const start = vscode.l10n.t('Start Server');
  const lines = [
    request.transport === 'stdio' ? vscode.l10n.t('It runs: {0}', request.launch) : vscode.l10n.t('It connects to: {0}', request.launch),
    ...(request.variables.length ? [vscode.l10n.t('It reads: {0}', request.variables.join(', '))] : []),
    ...(request.settings.length ? [vscode.l10n.t('It sets: {0}', request.settings.join(', '))] : []),
    ...(request.asksToBeTrusted ? [vscode.l10n.t('The file marks it "trusted"; that is ignored, and its tools are asked about like any other.')] : []),
    vscode.l10n.t('Defined in {0}. Start it only if you trust this repository.', request.source),
  ];
  const choice = await vscode.window.showWarningMessage(vscode.l10n.t("Start the MCP server '{0}' that this workspace defines?", request.server), { modal: true, detail: lines.join('\n') }, start);
  return choice === start;
}

/** The question for one input; it names the server and where the value will go. */
function askInput(id: string, spec: McpInputSpec, target: McpInputTarget): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: vscode.l10n.t("MCP server input '{0}' for server '{1}'", id, target.server),
    prompt: vscode.l10n.t('{0} The value goes to {1} (configured in {2}).', spec.description ?? vscode.l10n.t('A value an MCP server configuration asks for.'), target.destination, target.source),
    password: spec.password === true,
    value: spec.default ?? '',
    ignoreFocusOut: true,
  });
}

function folderPaths(): string[] {
  return vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath) ?? [];
}

const ERA_VERDICTS_KEY = 'archflow.mcp.protocolEras';

/** Era verdicts in a memento: a window that opens tomorrow connects an `auto` server without probing it. */
function mementoEraStore(memento: vscode.Memento): EraVerdictStore {
  return {
    load: () => memento.get<Record<string, StoredEraVerdict>>(ERA_VERDICTS_KEY) ?? {},
    save: (all) => void memento.update(ERA_VERDICTS_KEY, all),
  };
}

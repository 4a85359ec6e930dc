import { homedir } from 'node:os';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  CallToolResult,
  CompleteRequest,
  CompleteResult,
  CreateMessageResult,
  ElicitResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Root,
} from '@modelcontextprotocol/sdk/types.js';
import { approvalStateOf, MemoryApprovalStore, type ToolApprovalState, type ToolApprovalStore } from './approvalStore';
import type { McpElicitationRequest, McpSamplingRequest } from './clientFactory';
import { CommandResolver } from './commandResolver';
import { loadConfigSources, workspaceConfigSources } from './configLoader';
import { Emitter, type Event } from './emitter';
import { McpServerError } from './errors';
import { toolFingerprint } from './fingerprint';
import { EraCache, type EraVerdictStore } from './eraCache';
import { DEFAULT_MCP_PROTOCOL, type McpProtocolSetting } from './protocolSetting';
import { withoutWithheld } from './withheldEnv';
import { inputTargetOf, prepareLaunch, type LaunchContext, type McpInputTarget } from './launch';
import { consentRequestOf, type McpServerConsent, type McpServerConsentRequest } from './serverConsent';
import type { McpConfigDiagnostic, McpConfigSource, McpConfiguredServer, McpInputSpec } from './serverConfig';
import {
  ServerConnection,
  type ConnectionHost,
  type McpLogEntry,
  type McpServerStatus,
  type RestartPolicy,
  type ServerDefinition,
} from './serverConnection';
import type { ConnectableServer } from './sessionOpener';
import { qualifyToolNames } from './toolNames';
import type { QualifiedTool, ToolCallOptions, ToolProvider } from './types';

/** A server that lives in this process (ArchFlow's own diagram server), reached in memory. */
export interface McpBuiltinServer {
  name: string;
  /** A new server for each connection, e.g. an SDK `McpServer`. */
  createServer: () => ConnectableServer;
  /** Default true: the user need not approve its tools one by one. */
  trusted?: boolean;
}

/** A folder the servers may work in: a path, or an MCP root (`file://` URI and name). */
export type McpRootInput = string | Root;

export interface McpClientManagerOptions {
  /**
   * Where servers are configured; default the workspace's `.mcp.json` and `.vscode/mcp.json`.
   * A function is asked again on every (re)load, for sources that change (settings).
   */
  sources?: McpConfigSource[] | (() => McpConfigSource[]);
  /** For `${workspaceFolder}`, relative paths, and the default roots and sources. */
  workspaceFolder?: string;
  /** Offered to servers as MCP roots; default the workspace folder. */
  roots?: McpRootInput[];
  /**
   * Supplies `${input:ID}` values: the extension asks the user (keeping secrets in
   * SecretStorage, see `StoredInputs`); the CLI prompts on a terminal. `undefined` means the
   * user declined. Each id is asked once per manager and target: a value given for one
   * server (its source, name and URL or command) is never handed to another.
   */
  resolveInput?: (id: string, input: McpInputSpec, target: McpInputTarget) => Promise<string | undefined>;
  /**
   * Asked before a server that a project's files define starts (see `McpConfiguredServer.project`),
   * with the entry as written; nothing of it is expanded, asked, run or contacted before a yes.
   * Without it, such servers do not start, and say so.
   */
  consent?: McpServerConsent;
  /** Answers servers' elicitation (form mode). Without it, servers are told it is unsupported. */
  elicit?: (request: McpElicitationRequest) => Promise<ElicitResult>;
  /** Answers servers' sampling requests. Without it, sampling is not offered. */
  sample?: (request: McpSamplingRequest) => Promise<CreateMessageResult>;
  /** The host shows MCP Apps: clients announce the extension (see `createMcpClient`). */
  showsApps?: boolean;
  /** Servers in this process; each is always listed, and its name cannot be configured. */
  builtinServers?: McpBuiltinServer[];
  /** Shared with the agent loop; default an in-memory store. */
  approvals?: ToolApprovalStore;
  /** Every log line: the manager's, servers' stderr (as `[stderr] ...`) and their MCP log messages. */
  logger?: (entry: McpLogEntry) => void;
  /** Defaults for servers that do not set their own. */
  defaults?: {
    timeoutMs?: number;
    maxTotalTimeoutMs?: number;
    startupTimeoutMs?: number;
    maxStartupMs?: number;
  };
  restart?: Partial<RestartPolicy>;
  clientInfo?: { name: string; version: string };
  /** For `${env:NAME}` and finding commands; default `process.env`. The variables in `WITHHELD_ENV` are never read. */
  env?: Readonly<Record<string, string | undefined>>;
  userHome?: string;
  /** The login shell that resolves commands; `false` to search PATH only. Default `$SHELL`. */
  shell?: string | false;
  /** When the login shell's PATH is searched (see `CommandResolver`); default `first`. */
  loginShell?: 'first' | 'fallback';
  /** Share one resolver (and its cached login-shell PATH) between managers. */
  commandResolver?: CommandResolver;
  /** The largest message a stdio server may send (default 64 MB). */
  maxMessageBytes?: number;
  /**
   * The era servers speak unless they set `protocol` (default `legacy`); a function is asked
   * again on every (re)load (a setting), and a server whose era changes is restarted.
   */
  protocol?: McpProtocolSetting | (() => McpProtocolSetting);
  /** Where `auto` servers' era verdicts are kept between runs; default this process's memory only. */
  eraStore?: EraVerdictStore;
}

/** A resource, template or prompt with the server that offers it. */
export type FromServer<T> = T & { server: string };

interface QualifiedEntry {
  qualifiedName: string;
  server: string;
  tool: QualifiedTool['tool'];
  fingerprint: string;
  trusted: boolean;
}

const DEFAULTS = { timeoutMs: 60_000, maxTotalTimeoutMs: 600_000, startupTimeoutMs: 30_000, maxStartupMs: 300_000 };
const DEFAULT_RESTART: RestartPolicy = { initialDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 5, stableAfterMs: 60_000 };
const BUILTIN_SOURCE = 'built-in';

/**
 * Connects to every MCP server the user configured plus the built-in ones, and offers their
 * tools to models under collision-free names. Plain Node, no `vscode`: the extension, the CLI
 * and the tests use exactly this.
 *
 * Guarantees: servers start on demand and in parallel; one server's failure never affects
 * another; every failure has a message that names the server and why; tools are addressed by
 * qualified name through an explicit map, never parsed; a tool whose fingerprint differs from
 * the approved one reads `changed`. `dispose()` stops every process it started.
 */
export class McpClientManager implements ToolProvider {
  private readonly connections = new Map<string, ServerConnection>();
  private readonly builtinNames: Set<string>;
  private readonly approvals: ToolApprovalStore;
  private readonly resolver: CommandResolver;
  private readonly inputs = new Map<string, Promise<string>>();
  private readonly consents = new Map<string, Promise<boolean>>();
  private readonly closing = new Set<Promise<void>>();
  private readonly host: ConnectionHost;
  private readonly env: Readonly<Record<string, string | undefined>>;
  private roots: Root[];
  private diagnosticList: McpConfigDiagnostic[] = [];
  private configured = new Map<string, string>();
  private projectServers: McpConfiguredServer[] = [];
  /** Each configured server's command line or URL as written: approvals are bound to it. */
  private launches = new Map<string, string>();
  private loading?: Promise<void>;
  private byQualifiedName = new Map<string, QualifiedEntry>();
  private readonly fingerprints = new WeakMap<object, string>();
  private disposed = false;
  private defaultProtocol: McpProtocolSetting = DEFAULT_MCP_PROTOCOL;

  private readonly statusEmitter = new Emitter<McpServerStatus>();
  private readonly toolsEmitter = new Emitter<{ server: string }>();
  private readonly resourceEmitter = new Emitter<{ server: string; uri: string }>();
  private readonly logEmitter = new Emitter<McpLogEntry>();

  /** Every change of a server's state, counts or error. */
  readonly onDidChangeStatus: Event<McpServerStatus> = this.statusEmitter.event;
  /** A server's tools changed (listed, refetched after `list_changed`, or gone with it). */
  readonly onDidChangeTools: Event<{ server: string }> = this.toolsEmitter.event;
  /** A subscribed resource changed on its server. */
  readonly onDidUpdateResource: Event<{ server: string; uri: string }> = this.resourceEmitter.event;
  readonly onDidLog: Event<McpLogEntry> = this.logEmitter.event;

  constructor(private readonly options: McpClientManagerOptions = {}) {
    // `${env:…}` and command lookup see everything but the model's credentials, so no
    // configuration can hand them to a server.
    this.env = withoutWithheld(options.env ?? process.env);
    this.approvals = options.approvals ?? new MemoryApprovalStore();
    this.resolver =
      options.commandResolver ??
      new CommandResolver({ env: this.env, ...(options.shell !== undefined ? { shell: options.shell } : {}), ...(options.loginShell ? { loginShell: options.loginShell } : {}) });
    this.roots = toRoots(options.roots ?? (options.workspaceFolder ? [options.workspaceFolder] : []));
    this.builtinNames = new Set((options.builtinServers ?? []).map((b) => b.name));
    this.host = {
      clientOptions: {
        clientInfo: options.clientInfo ?? { name: 'archflow', version: '0.1.0' },
        roots: () => this.roots,
        ...(options.elicit ? { elicit: options.elicit } : {}),
        ...(options.sample ? { sample: options.sample } : {}),
        ...(options.showsApps ? { showsApps: true } : {}),
      },
      restart: { ...DEFAULT_RESTART, ...options.restart },
      maxMessageBytes: options.maxMessageBytes ?? 64 * 1024 * 1024,
      eras: new EraCache(options.eraStore),
      statusChanged: (status) => this.statusEmitter.fire(status),
      toolsChanged: (server) => {
        this.rebuildNames();
        this.toolsEmitter.fire({ server });
      },
      resourceUpdated: (server, uri) => this.resourceEmitter.fire({ server, uri }),
      log: (entry) => {
        this.options.logger?.(entry);
        this.logEmitter.fire(entry);
      },
      track: (closing) => {
        this.closing.add(closing);
        void closing.finally(() => this.closing.delete(closing));
      },
    };
    for (const builtin of options.builtinServers ?? []) {
      this.connections.set(builtin.name, new ServerConnection(this.builtinDefinition(builtin), this.host));
    }
  }

  /** Problems found in configuration (malformed files, unknown types, reserved names). */
  get diagnostics(): readonly McpConfigDiagnostic[] {
    return this.diagnosticList;
  }

  /** Reads configuration once; later calls wait for the same read. Never rejects. */
  loadConfiguration(): Promise<void> {
    this.loading ??= this.readConfiguration();
    return this.loading;
  }

  /**
   * Reads configuration again. Servers whose settings changed are stopped (and start again on
   * demand), removed ones are stopped, unchanged ones keep running.
   */
  async reloadConfiguration(): Promise<void> {
    await this.loading;
    this.loading = this.readConfiguration();
    return this.loading;
  }

  private async readConfiguration(): Promise<void> {
    if (this.disposed) return;
    const base = this.options.workspaceFolder ?? process.cwd();
    const given = typeof this.options.sources === 'function' ? this.options.sources() : this.options.sources;
    const sources = given ?? (this.options.workspaceFolder ? workspaceConfigSources(this.options.workspaceFolder) : []);
    const loaded = await loadConfigSources(sources, { defaultBaseDir: base, reservedNames: this.builtinNames });
    this.diagnosticList = loaded.diagnostics;
    // A login shell can take seconds: ask it while the rest of start-up goes on.
    if (this.options.loginShell !== 'fallback' && loaded.servers.some((s) => s.config.type === 'stdio' && !s.config.disabled)) this.resolver.warmUp();
    for (const d of loaded.diagnostics) this.host.log({ level: d.severity, message: `${d.source}${d.line ? `:${d.line}:${d.column}` : ''}: ${d.message}`, time: Date.now() });
    this.defaultProtocol = (typeof this.options.protocol === 'function' ? this.options.protocol() : this.options.protocol) ?? DEFAULT_MCP_PROTOCOL;
    const next = new Map(loaded.servers.map((s) => [s.name, JSON.stringify([s.config, s.source, [...s.inputs.values()], this.protocolOf(s)])]));
    const stopping: Promise<void>[] = [];
    for (const [name, key] of this.configured) {
      if (next.get(name) === key) continue;
      const old = this.connections.get(name);
      this.connections.delete(name);
      if (old) stopping.push(old.stop());
    }
    for (const server of loaded.servers) {
      if (this.connections.has(server.name)) continue;
      this.connections.set(server.name, new ServerConnection(this.configuredDefinition(server), this.host));
      this.host.statusChanged(this.connections.get(server.name)!.status());
    }
    this.configured = next;
    this.projectServers = loaded.servers.filter((s) => s.project);
    this.launches = new Map(loaded.servers.map((s) => [s.name, inputTargetOf(s).destination]));
    await Promise.all(stopping);
    this.rebuildNames();
  }

  private builtinDefinition(builtin: McpBuiltinServer): ServerDefinition {
    return {
      name: builtin.name,
      source: BUILTIN_SOURCE,
      transport: 'memory',
      builtin: true,
      trusted: builtin.trusted ?? true,
      disabled: false,
      // In process, the era makes no difference to speed or features; stay where every host is.
      protocol: 'legacy',
      ...this.timeouts(),
      prepare: async () => ({ kind: 'memory', createServer: builtin.createServer }),
    };
  }

  private configuredDefinition(server: McpConfiguredServer): ServerDefinition {
    const context: LaunchContext = {
      ...(this.options.workspaceFolder !== undefined ? { workspaceFolder: this.options.workspaceFolder } : {}),
      userHome: this.options.userHome ?? homedir(),
      env: this.env,
      resolver: this.resolver,
      input: (id, spec, target) => this.input(id, spec, target),
    };
    return {
      name: server.name,
      source: server.source,
      transport: server.config.type,
      builtin: false,
      // A project's file cannot vouch for its own servers.
      trusted: !server.project && (server.config.trusted ?? false),
      disabled: server.config.disabled ?? false,
      protocol: this.protocolOf(server),
      ...this.timeouts(server.config),
      prepare: async () => {
        if (server.project) await this.consentTo(server);
        return prepareLaunch(server, context);
      },
    };
  }

  private protocolOf(server: McpConfiguredServer): McpProtocolSetting {
    return server.config.protocol ?? this.defaultProtocol;
  }

  private async consentTo(server: McpConfiguredServer): Promise<void> {
    const request = consentRequestOf(server);
    const consent = this.options.consent;
    let answer = this.consents.get(request.key);
    if (!answer) {
      answer = consent ? consent(request) : Promise.resolve(false);
      this.consents.set(request.key, answer);
      // Ask again next time after a refusal or a failure to ask.
      void answer.then((yes) => yes || this.consents.delete(request.key), () => this.consents.delete(request.key));
    }
    if (!(await answer.catch(() => false))) {
      throw new McpServerError(server.name, `server '${server.name}' (defined by the project in ${server.source}) was not started: it needs your approval first`);
    }
  }

  private timeouts(config: { timeoutMs?: number; maxTotalTimeoutMs?: number; startupTimeoutMs?: number } = {}) {
    const d = { ...DEFAULTS, ...this.options.defaults };
    return {
      timeoutMs: config.timeoutMs ?? d.timeoutMs,
      maxTotalTimeoutMs: config.maxTotalTimeoutMs ?? d.maxTotalTimeoutMs,
      startupTimeoutMs: config.startupTimeoutMs ?? d.startupTimeoutMs,
      maxStartupMs: Math.max(d.maxStartupMs, config.startupTimeoutMs ?? 0),
    };
  }

  private input(id: string, spec: McpInputSpec, target: McpInputTarget): Promise<string> {
    const key = JSON.stringify([target.source, target.server, target.destination, id]);
    const cached = this.inputs.get(key);
    if (cached) return cached;
    const ask = this.options.resolveInput;
    const server = target.server;
    const label = `'${id}'${spec.description ? ` (${spec.description})` : ''}`;
    if (!ask) return Promise.reject(new Error(`server '${server}' needs the input ${label}, and nothing here can ask for it`));
    const value = (async () => {
      const answer = await ask(id, spec, target);
      if (answer === undefined) throw new Error(`server '${server}' needs the input ${label}, which was not given`);
      return answer;
    })();
    this.inputs.set(key, value);
    value.catch(() => this.inputs.delete(key));
    return value;
  }

  /** What the user would be asked about each server a project's files define, as configured now. */
  async consentRequests(): Promise<McpServerConsentRequest[]> {
    await this.loadConfiguration();
    return this.projectServers.map(consentRequestOf);
  }

  /** Names of every server: built-in first, then configured, in configuration order. */
  async serverNames(): Promise<string[]> {
    await this.loadConfiguration();
    return [...this.connections.keys()];
  }

  /** The status of every server, without starting any. */
  async getStatuses(): Promise<McpServerStatus[]> {
    await this.loadConfiguration();
    return [...this.connections.values()].map((c) => c.status());
  }

  async getStatus(server: string): Promise<McpServerStatus> {
    return (await this.connection(server)).status();
  }

  /** The last log lines of one server (stderr, MCP log messages, lifecycle). */
  async getServerLog(server: string): Promise<readonly McpLogEntry[]> {
    return (await this.connection(server)).logs();
  }

  /** Starts one server if needed. Rejects with `McpServerError` (why it failed) or for an unknown name. */
  async connect(server: string): Promise<McpServerStatus> {
    const connection = await this.connection(server);
    await connection.ensureConnected();
    return connection.status();
  }

  /** Starts every enabled server in parallel; resolves when each is running or has failed. */
  async connectAll(): Promise<McpServerStatus[]> {
    await this.loadConfiguration();
    await Promise.allSettled([...this.connections.values()].map((c) => c.ensureConnected()));
    return [...this.connections.values()].map((c) => c.status());
  }

  async restartServer(server: string): Promise<void> {
    await (await this.connection(server)).restart();
  }

  async stopServer(server: string): Promise<void> {
    await (await this.connection(server)).stop();
  }

  private async connection(server: string): Promise<ServerConnection> {
    await this.loadConfiguration();
    const connection = this.connections.get(server);
    if (!connection) {
      const known = [...this.connections.keys()];
      throw new McpServerError(server, `no server named '${server}'${known.length ? `; known: ${known.join(', ')}` : ''}`);
    }
    return connection;
  }

  private rebuildNames(): void {
    const running = [...this.connections.values()].filter((c) => c.isRunning);
    const keys = running.flatMap((c) => c.tools.map((tool) => ({ server: c.name, tool: tool.name, entry: tool, trusted: c.definition.trusted })));
    const names = qualifyToolNames(keys);
    this.byQualifiedName = new Map(
      keys.map((k, i) => [names[i], { qualifiedName: names[i], server: k.server, tool: k.entry, fingerprint: this.fingerprintOf(k.entry, k.server), trusted: k.trusted }]),
    );
  }

  private fingerprintOf(tool: QualifiedTool['tool'], server: string): string {
    // Tool objects are replaced on every refetch (and a server whose launch changed is a new
    // connection with new objects), so identity is a safe cache key.
    let fingerprint = this.fingerprints.get(tool);
    if (!fingerprint) {
      fingerprint = toolFingerprint(tool, this.launches.get(server) ?? BUILTIN_SOURCE);
      this.fingerprints.set(tool, fingerprint);
    }
    return fingerprint;
  }

  private toQualified(entry: QualifiedEntry): QualifiedTool {
    return { ...entry, approval: approvalStateOf(this.approvals, entry.qualifiedName, entry.fingerprint) };
  }

  /** Every running server's tools, starting servers as needed; failed servers are left out. */
  async listTools(): Promise<QualifiedTool[]> {
    await this.connectAll();
    this.rebuildNames();
    return [...this.byQualifiedName.values()].map((e) => this.toQualified(e));
  }

  /** One server's tools; rejects with the reason when that server fails. */
  async listServerTools(server: string): Promise<QualifiedTool[]> {
    await this.connect(server);
    return [...this.byQualifiedName.values()].filter((e) => e.server === server).map((e) => this.toQualified(e));
  }

  /**
   * Calls a tool by qualified name (see `ToolProvider`). An unknown name comes back as an
   * `isError` result listing nothing secret, so a model can correct itself.
   */
  async callTool(qualifiedName: string, args: Record<string, unknown>, options?: ToolCallOptions): Promise<CallToolResult> {
    let entry = this.byQualifiedName.get(qualifiedName);
    if (!entry) {
      await this.connectAll();
      this.rebuildNames();
      entry = this.byQualifiedName.get(qualifiedName);
    }
    if (!entry) return { isError: true, content: [{ type: 'text', text: `There is no tool named '${qualifiedName}'. List the tools again and use one of their names.` }] };
    return this.connections.get(entry.server)!.callTool(entry.tool.name, args, options);
  }

  /** Calls a tool by its server's own name for it (the CLI's `mcp call SERVER TOOL`). */
  async callServerTool(server: string, tool: string, args: Record<string, unknown>, options?: ToolCallOptions): Promise<CallToolResult> {
    const connection = await this.connection(server);
    return connection.callTool(tool, args, options);
  }

  /** The qualified tool behind a name, without starting anything. */
  findTool(qualifiedName: string): QualifiedTool | undefined {
    const entry = this.byQualifiedName.get(qualifiedName);
    return entry && this.toQualified(entry);
  }

  /** Records the user's approval of a tool as it is listed now. Rejects for an unknown name. */
  async approveTool(qualifiedName: string): Promise<void> {
    const entry = this.byQualifiedName.get(qualifiedName);
    if (!entry) throw new Error(`no tool named '${qualifiedName}'`);
    await this.approvals.approve(qualifiedName, entry.fingerprint);
  }

  /** `approved`, `changed` (approved before, differs now: ask again) or `new`; undefined when unknown. */
  getApprovalState(qualifiedName: string): ToolApprovalState | undefined {
    const entry = this.byQualifiedName.get(qualifiedName);
    return entry && approvalStateOf(this.approvals, qualifiedName, entry.fingerprint);
  }

  private async gather<T>(server: string | undefined, pick: (c: ServerConnection) => T[]): Promise<FromServer<T>[]> {
    if (server !== undefined) {
      const connection = await this.connection(server);
      await connection.ensureConnected();
      return pick(connection).map((item) => ({ ...item, server }));
    }
    await this.connectAll();
    return [...this.connections.values()].filter((c) => c.isRunning).flatMap((c) => pick(c).map((item) => ({ ...item, server: c.name })));
  }

  /** Resources of one server, or of every running server. */
  listResources(server?: string): Promise<FromServer<Resource>[]> {
    return this.gather(server, (c) => c.resources);
  }

  listResourceTemplates(server?: string): Promise<FromServer<ResourceTemplate>[]> {
    return this.gather(server, (c) => c.resourceTemplates);
  }

  listPrompts(server?: string): Promise<FromServer<Prompt>[]> {
    return this.gather(server, (c) => c.prompts);
  }

  async readResource(server: string, uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    return (await this.connection(server)).readResource(uri, signal);
  }

  async getPrompt(server: string, name: string, args: Record<string, string> = {}, signal?: AbortSignal): Promise<GetPromptResult> {
    return (await this.connection(server)).getPrompt(name, args, signal);
  }

  /** Argument completion for a prompt or resource template. */
  async complete(server: string, params: CompleteRequest['params'], signal?: AbortSignal): Promise<CompleteResult> {
    return (await this.connection(server)).complete(params, signal);
  }

  /** Asks the server to announce changes of `uri` (see `onDidUpdateResource`). */
  async subscribeResource(server: string, uri: string): Promise<void> {
    await (await this.connection(server)).subscribe(uri);
  }

  async unsubscribeResource(server: string, uri: string): Promise<void> {
    await (await this.connection(server)).unsubscribe(uri);
  }

  /** Replaces the roots and tells every running server. */
  async setRoots(roots: McpRootInput[]): Promise<void> {
    this.roots = toRoots(roots);
    await Promise.all([...this.connections.values()].map((c) => c.rootsChanged()));
  }

  getRoots(): readonly Root[] {
    return this.roots;
  }

  /** The same as `dispose()`, for callers that close providers (the `ask` command). */
  close(): Promise<void> {
    return this.dispose();
  }

  /** Stops every server and waits until every process it started has ended. Idempotent. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.loading?.catch(() => {});
    await Promise.all([...this.connections.values()].map((c) => c.stop()));
    while (this.closing.size) await Promise.all([...this.closing]);
    this.statusEmitter.dispose();
    this.toolsEmitter.dispose();
    this.resourceEmitter.dispose();
    this.logEmitter.dispose();
  }
}

function toRoots(inputs: readonly McpRootInput[]): Root[] {
  return inputs.map((r) => (typeof r === 'string' ? { uri: pathToFileURL(r).href, name: basename(r) || r } : r));
}

import { ProtocolError, SdkError, SdkErrorCode, type Client, type PriorDiscovery, type RequestOptions } from '@modelcontextprotocol/client';
import type {
  CallToolResult,
  CompleteRequest,
  CompleteResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { createMcpClient, type ClientFactoryOptions, type McpListKind, type McpLogLevel } from './clientFactory';
import { launchFingerprint } from './fingerprint';
import { errorText, McpCancelledError, McpServerError, McpTimeoutError, seconds } from './errors';
import type { EraCache } from './eraCache';
import { redact, type Launch } from './launch';
import type { McpProtocolEra, McpProtocolSetting } from './protocolSetting';
import type { McpTransportKind } from './serverConfig';
import { openSession, stderrBlock, type MemoryLaunch, type OpenedSession } from './sessionOpener';
import type { ToolCallOptions } from './types';

/**
 * Where a server is in its life. `idle`: configured, not started (servers start on demand).
 * `restarting`: it crashed and waits for its back-off delay. `failed`: start-up failed or it
 * crashed too often; it stays so until restarted. `disabled`: configured with `disabled: true`.
 */
export type McpServerState = 'idle' | 'starting' | 'running' | 'restarting' | 'failed' | 'stopped' | 'disabled';

export interface McpServerCounts {
  tools: number;
  resources: number;
  resourceTemplates: number;
  prompts: number;
}

/** A snapshot of one server, as the MCP view and `archflow mcp list` show it. */
export interface McpServerStatus {
  name: string;
  state: McpServerState;
  /** The transport in use (`sse` once an `http` server fell back to it), or configured. */
  transport: McpTransportKind;
  /** File path, settings label, or `built-in`. */
  source: string;
  trusted: boolean;
  builtin: boolean;
  /** Why it failed or last crashed. */
  error?: string;
  /** The command line or URL (secrets hidden), once known. */
  description?: string;
  pid?: number;
  /** Restarts after crashes since it was last started by hand. */
  restarts: number;
  /** Present while running. */
  counts?: McpServerCounts;
  serverInfo?: { name: string; version: string };
  instructions?: string;
  /** The era the connection speaks (present while connected) and the revision agreed on. */
  protocol?: { era: McpProtocolEra; version?: string };
  /** What was asked for: the server's `protocol`, else the host's default. */
  protocolSetting: McpProtocolSetting;
}

export interface McpLogEntry {
  level: McpLogLevel;
  /** Which server, or undefined for the manager itself. */
  server?: string;
  message: string;
  time: number;
}

export interface RestartPolicy {
  /** First delay after a crash; doubled after each crash in a row. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Crashes in a row after which the server is left `failed`. */
  maxAttempts: number;
  /** A connection that lived this long resets the count of crashes in a row. */
  stableAfterMs: number;
}

/** What a server definition resolves to; one per configured or built-in server. */
export interface ServerDefinition {
  name: string;
  source: string;
  transport: McpTransportKind;
  builtin: boolean;
  trusted: boolean;
  disabled: boolean;
  timeoutMs: number;
  maxTotalTimeoutMs: number;
  startupTimeoutMs: number;
  maxStartupMs: number;
  /** The era to speak (see `McpProtocolSetting`). */
  protocol: McpProtocolSetting;
  /** Resolves variables and inputs, finds the command; called for every start. */
  prepare(): Promise<Launch | MemoryLaunch>;
}

/** What a connection needs from its manager. */
export interface ConnectionHost {
  clientOptions: ClientFactoryOptions;
  restart: RestartPolicy;
  maxMessageBytes: number;
  /** Era verdicts of `auto` servers, so a stdio server is not started twice to probe it. */
  eras: EraCache;
  statusChanged(status: McpServerStatus): void;
  toolsChanged(server: string): void;
  resourceUpdated(server: string, uri: string): void;
  log(entry: McpLogEntry): void;
  track(closing: Promise<void>): void;
}

type ListState = { running?: Promise<void>; again: boolean };

const MAX_PAGES = 1000;
const LOG_LIMIT = 500;

/**
 * One server's connection: starts it on demand, discovers what it offers (following
 * pagination, refetching on `list_changed`), restarts it with back-off after a crash, and
 * translates failures into messages that name the server and the reason.
 */
export class ServerConnection {
  private session?: OpenedSession;
  private state: McpServerState;
  private error?: string;
  private restarts = 0;
  private crashesInARow = 0;
  private recovering = false;
  private connectedAt = 0;
  private generation = 0;
  private pending?: Promise<void>;
  private restartTimer?: NodeJS.Timeout;
  private cancelPending?: (error: Error) => void;
  private abortStart?: AbortController;
  private lastCloseReason?: string;
  /** Input values of the current launch, kept out of logs. */
  private secrets: readonly string[] = [];
  private readonly lists = new Map<McpListKind, ListState>();
  private readonly logEntries: McpLogEntry[] = [];
  tools: Tool[] = [];
  resources: Resource[] = [];
  resourceTemplates: ResourceTemplate[] = [];
  prompts: Prompt[] = [];

  constructor(
    readonly definition: ServerDefinition,
    private readonly host: ConnectionHost,
  ) {
    this.state = definition.disabled ? 'disabled' : 'idle';
  }

  get name(): string {
    return this.definition.name;
  }

  get isRunning(): boolean {
    return this.state === 'running' && this.session !== undefined;
  }

  status(): McpServerStatus {
    const session = this.session;
    const serverInfo = session?.client.getServerVersion();
    const instructions = session?.client.getInstructions();
    return {
      name: this.name,
      state: this.state,
      transport: session?.kind ?? this.definition.transport,
      source: this.definition.source,
      trusted: this.definition.trusted,
      builtin: this.definition.builtin,
      restarts: this.restarts,
      ...(this.error !== undefined ? { error: this.error } : {}),
      ...(session ? { description: session.description } : {}),
      ...(session?.pid !== undefined ? { pid: session.pid } : {}),
      ...(this.state === 'running'
        ? { counts: { tools: this.tools.length, resources: this.resources.length, resourceTemplates: this.resourceTemplates.length, prompts: this.prompts.length } }
        : {}),
      ...(serverInfo ? { serverInfo: { name: serverInfo.name, version: serverInfo.version } } : {}),
      ...(instructions ? { instructions } : {}),
      ...(session ? { protocol: { era: session.era, ...(session.protocolVersion ? { version: session.protocolVersion } : {}) } } : {}),
      protocolSetting: this.definition.protocol,
    };
  }

  logs(): readonly McpLogEntry[] {
    return this.logEntries;
  }

  /**
   * Resolves once the server is running: starts it when idle, waits for a start or restart in
   * progress. Rejects with an `McpServerError` saying why when it is failed, disabled or stopped.
   */
  ensureConnected(): Promise<void> {
    switch (this.state) {
      case 'running':
        if (this.session) return Promise.resolve();
        return this.start();
      case 'starting':
      case 'restarting':
        return this.pending ?? this.start();
      case 'idle':
        return this.start();
      case 'failed':
        return Promise.reject(new McpServerError(this.name, this.error ?? `server '${this.name}' failed`));
      case 'disabled':
        return Promise.reject(new McpServerError(this.name, `server '${this.name}' is disabled in ${this.definition.source}`));
      case 'stopped':
        return Promise.reject(new McpServerError(this.name, `server '${this.name}' has been stopped`));
    }
  }

  /** Stops whatever runs and starts again, forgetting earlier crashes. */
  async restart(): Promise<void> {
    await this.stop('idle');
    this.crashesInARow = 0;
    this.restarts = 0;
    this.error = undefined;
    return this.start();
  }

  /**
   * Stops the server: cancels a start or a pending restart, then closes the session (for stdio:
   * closes stdin, then SIGTERM, then SIGKILL). Never rejects.
   */
  async stop(finalState: 'stopped' | 'idle' = 'stopped'): Promise<void> {
    this.generation++;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    this.abortStart?.abort();
    this.cancelPending?.(new McpServerError(this.name, `server '${this.name}' has been stopped`));
    const inFlight = this.pending;
    this.pending = undefined;
    const session = this.session;
    this.session = undefined;
    const hadTools = this.tools.length > 0;
    this.clearLists();
    this.recovering = false;
    this.setState(finalState === 'idle' && this.definition.disabled ? 'disabled' : finalState);
    if (hadTools) this.host.toolsChanged(this.name);
    // An aborted start ends at once, tracking its process's close; but a start that waits
    // for the user (an input prompt) must not hold the shutdown hostage.
    if (inFlight) await Promise.race([inFlight.catch(() => {}), new Promise((r) => setTimeout(r, 2000).unref())]);
    if (session) await session.close();
  }

  private start(): Promise<void> {
    if (this.pending) return this.pending;
    // Deferred a tick so that `pending` is set before any status listener can run; a stop in
    // that tick wins.
    const scheduled = this.generation;
    const run = Promise.resolve().then(() => {
      if (scheduled !== this.generation) throw new McpServerError(this.name, `server '${this.name}' has been stopped`);
      return this.attempt();
    });
    this.pending = run;
    run.catch(() => {});
    return run;
  }

  private async attempt(): Promise<void> {
    const generation = ++this.generation;
    const abort = new AbortController();
    this.abortStart = abort;
    this.setState('starting');
    const stopped = () => new McpServerError(this.name, `server '${this.name}' has been stopped`);
    let session: OpenedSession | undefined;
    try {
      const launch = await this.definition.prepare();
      if (generation !== this.generation) throw stopped();
      this.secrets = 'secrets' in launch ? launch.secrets : [];
      for (const name of 'unknownVariables' in launch ? launch.unknownVariables : []) {
        this.log('warning', `\${${name}} is not a known variable; it was left as written`);
      }
      // Only `auto` probes; a pinned or legacy server has nothing to remember.
      const eraKey = this.definition.protocol === 'auto' && launch.kind !== 'memory' ? eraKeyOf(launch) : undefined;
      const prior = eraKey ? this.host.eras.get(eraKey) : undefined;
      if (prior) this.log('debug', `connecting in the ${prior.kind} era remembered for this server`);
      session = await openSession(launch, {
        server: this.name,
        createClient: () => this.createClient(),
        ...(prior ? { prior } : {}),
        startupTimeoutMs: this.definition.startupTimeoutMs,
        maxStartupMs: this.definition.maxStartupMs,
        maxMessageBytes: this.host.maxMessageBytes,
        onStderrLine: (line) => this.log('info', line, 'stderr'),
        log: (level, message) => this.log(level, message),
        track: (closing) => this.host.track(closing),
        signal: abort.signal,
      }).catch((error: unknown) => {
        // A remembered verdict may be stale (the server was upgraded or downgraded): probe next time.
        if (eraKey && prior) this.host.eras.forget(eraKey);
        throw error;
      });
      if (eraKey && !prior) this.host.eras.set(eraKey, verdictOf(session));
      if (generation !== this.generation) {
        this.host.track(session.close());
        throw stopped();
      }
      this.session = session;
      this.connectedAt = Date.now();
      await this.discover(session);
      if (this.session !== session) throw new McpServerError(this.name, this.error ?? `server '${this.name}' stopped during start-up`);
      this.error = undefined;
      this.recovering = false;
      this.pending = undefined;
      this.setState('running');
      this.host.toolsChanged(this.name);
    } catch (error) {
      if (generation !== this.generation) throw error instanceof McpServerError ? error : stopped();
      if (session && this.session === session) {
        this.session = undefined;
        this.host.track(session.close());
      }
      const message = withEraHint(error instanceof McpServerError ? error.message : `server '${this.name}' failed to start: ${errorText(error)}`, this.definition.protocol);
      this.error = message;
      this.pending = undefined;
      this.log('error', message);
      if (this.recovering) {
        this.crashesInARow++;
        if (this.scheduleRestartOrGiveUp()) throw new McpServerError(this.name, message);
      }
      this.setState('failed');
      throw new McpServerError(this.name, this.error);
    } finally {
      if (this.abortStart === abort) this.abortStart = undefined;
    }
  }

  private createClient(): Client {
    let client: Client | undefined;
    client = createMcpClient(this.name, this.host.clientOptions, {
      onListChanged: (kind) => {
        if (client && this.session?.client === client) void this.refresh(kind, this.session);
      },
      onResourceUpdated: (uri) => this.host.resourceUpdated(this.name, uri),
      onLog: (level, message) => this.log(level, message),
    }, this.definition.protocol);
    client.onclose = () => {
      if (client) this.onClientClosed(client);
    };
    return client;
  }

  /** A session ended without us closing it: the server crashed or the connection dropped. */
  private onClientClosed(client: Client): void {
    const session = this.session;
    if (!session || session.client !== client) return;
    this.session = undefined;
    const exit = session.exit();
    const how = exit ? (exit.signal ? `the process was killed by ${exit.signal}` : `the process exited with code ${exit.code}`) : 'the connection closed';
    this.lastCloseReason = `${how}${stderrBlock(session.stderrTail())}`;
    this.error = `server '${this.name}' stopped unexpectedly: ${this.lastCloseReason}`;
    this.log('error', this.error);
    const hadTools = this.tools.length > 0;
    this.clearLists();
    if (hadTools) this.host.toolsChanged(this.name);
    if (Date.now() - this.connectedAt >= this.host.restart.stableAfterMs) this.crashesInARow = 0;
    this.crashesInARow++;
    this.recovering = true;
    if (!this.scheduleRestartOrGiveUp()) {
      this.setState('failed');
    }
  }

  /** Schedules the next restart after a crash; false when there have been too many. */
  private scheduleRestartOrGiveUp(): boolean {
    const policy = this.host.restart;
    if (this.crashesInARow > policy.maxAttempts) {
      this.error = `${this.error ?? `server '${this.name}' crashed`}\n  It failed ${this.crashesInARow} times in a row, so it is not restarted again; restart it by hand once fixed.`;
      this.recovering = false;
      return false;
    }
    const delay = Math.min(policy.initialDelayMs * 2 ** (this.crashesInARow - 1), policy.maxDelayMs);
    this.restarts++;
    this.log('info', `restarting in ${seconds(delay)} (attempt ${this.crashesInARow} of ${policy.maxAttempts})`);
    const generation = this.generation;
    this.pending = new Promise<void>((resolve, reject) => {
      this.cancelPending = reject;
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        this.cancelPending = undefined;
        if (generation !== this.generation) return reject(new McpServerError(this.name, `server '${this.name}' has been stopped`));
        this.attempt().then(resolve, reject);
      }, delay);
    });
    this.pending.catch(() => {});
    this.setState('restarting');
    return true;
  }

  private setState(state: McpServerState): void {
    this.state = state;
    this.host.statusChanged(this.status());
  }

  private clearLists(): void {
    this.tools = [];
    this.resources = [];
    this.resourceTemplates = [];
    this.prompts = [];
  }

  private log(level: McpLogLevel, message: string, origin?: 'stderr'): void {
    const text = redact(origin === 'stderr' ? `[stderr] ${message}` : message, this.secrets);
    const entry: McpLogEntry = { level, server: this.name, message: text, time: Date.now() };
    this.logEntries.push(entry);
    if (this.logEntries.length > LOG_LIMIT) this.logEntries.shift();
    this.host.log(entry);
  }

  private requestOptions(signal?: AbortSignal, timeoutMs?: number): RequestOptions {
    return {
      timeout: timeoutMs ?? this.definition.timeoutMs,
      resetTimeoutOnProgress: true,
      maxTotalTimeout: this.definition.maxTotalTimeoutMs,
      ...(signal ? { signal } : {}),
    };
  }

  private async discover(session: OpenedSession): Promise<void> {
    await Promise.all((['tools', 'resources', 'prompts'] as const).map((kind) => this.refresh(kind, session, false)));
  }

  /**
   * Refetches one kind of list, every page. Refreshes of the same kind never overlap: a
   * `list_changed` during a fetch fetches again once it ends.
   */
  private refresh(kind: McpListKind, session: OpenedSession, announce = true): Promise<void> {
    const state = this.lists.get(kind) ?? { again: false };
    this.lists.set(kind, state);
    if (state.running) {
      state.again = true;
      return state.running;
    }
    state.running = (async () => {
      do {
        state.again = false;
        try {
          await this.fetchList(kind, session);
        } catch (error) {
          if (this.session === session) this.log('warning', `could not list ${kind}: ${errorText(error)}`);
        }
      } while (state.again && this.session === session);
      state.running = undefined;
      if (announce && this.session === session) {
        if (kind === 'tools') this.host.toolsChanged(this.name);
        this.host.statusChanged(this.status());
      }
    })();
    return state.running;
  }

  private async fetchList(kind: McpListKind, session: OpenedSession): Promise<void> {
    const client = session.client;
    const caps = client.getServerCapabilities() ?? {};
    // We list only when told the list changed (or at start): a cached page would be stale.
    const options = { ...this.requestOptions(), cache: 'refresh' as const };
    if (kind === 'tools') {
      // The v2 SDK types JSON Schema values more narrowly than the v1 types the agent and the chat share; the wire shape is the same.
      const tools = caps.tools ? await listAll((cursor) => client.listTools(cursor ? { cursor } : {}, options).then((r) => [r.tools as Tool[], r.nextCursor]), (t) => t.name) : [];
      if (this.session === session) this.tools = tools;
    } else if (kind === 'prompts') {
      const prompts = caps.prompts ? await listAll((cursor) => client.listPrompts(cursor ? { cursor } : {}, options).then((r) => [r.prompts, r.nextCursor]), (p) => p.name) : [];
      if (this.session === session) this.prompts = prompts;
    } else {
      const [resources, templates] = caps.resources
        ? await Promise.all([
            listAll((cursor) => client.listResources(cursor ? { cursor } : {}, options).then((r) => [r.resources, r.nextCursor]), (r) => r.uri),
            listAll((cursor) => client.listResourceTemplates(cursor ? { cursor } : {}, options).then((r) => [r.resourceTemplates, r.nextCursor]), (t) => t.uriTemplate).catch(() => []),
          ])
        : [[], []];
      if (this.session === session) {
        this.resources = resources;
        this.resourceTemplates = templates;
      }
    }
  }

  /**
   * Calls a tool with progress, cancellation and timeouts. A tool error, or a protocol error
   * the server answers with, comes back as an `isError` result; a timeout, a cancellation or a
   * server that is down rejects (`McpTimeoutError`, `McpCancelledError`, `McpServerError`).
   */
  async callTool(name: string, args: Record<string, unknown>, options: ToolCallOptions = {}): Promise<CallToolResult> {
    const session = await this.connectedSession(options.signal);
    const what = `tool '${name}' on server '${this.name}'`;
    const requestOptions: RequestOptions = {
      ...this.requestOptions(options.signal, options.timeoutMs),
      // Always ask for progress: a server that reports it keeps a long call alive.
      onprogress: (p) => options.onProgress?.({ progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message !== undefined ? { message: p.message } : {}) }),
    };
    try {
      return (await session.client.callTool({ name, arguments: args }, requestOptions)) as CallToolResult;
    } catch (error) {
      const failure = this.translate(error, what, requestOptions, options.signal);
      if (failure) throw failure;
      return { isError: true, content: [{ type: 'text', text: errorText(error) }] };
    }
  }

  async readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    return this.request(`reading ${uri} from server '${this.name}'`, signal, (client, options) => client.readResource({ uri }, options));
  }

  async getPrompt(name: string, args: Record<string, string>, signal?: AbortSignal): Promise<GetPromptResult> {
    return this.request(`prompt '${name}' of server '${this.name}'`, signal, (client, options) => client.getPrompt({ name, arguments: args }, options));
  }

  async complete(params: CompleteRequest['params'], signal?: AbortSignal): Promise<CompleteResult> {
    return this.request(`completion from server '${this.name}'`, signal, (client, options) => client.complete(params, options));
  }

  async subscribe(uri: string): Promise<void> {
    await this.request(`subscribing to ${uri} on server '${this.name}'`, undefined, (client, options) => client.subscribeResource({ uri }, options));
  }

  async unsubscribe(uri: string): Promise<void> {
    await this.request(`unsubscribing from ${uri} on server '${this.name}'`, undefined, (client, options) => client.unsubscribeResource({ uri }, options));
  }

  /** Tells a running server that the roots changed; never starts one. */
  async rootsChanged(): Promise<void> {
    await this.session?.client.sendRootsListChanged().catch((error) => this.log('warning', `could not announce new roots: ${errorText(error)}`));
  }

  private async connectedSession(signal?: AbortSignal): Promise<OpenedSession> {
    const cancelled = () => new McpCancelledError(this.name, `request to server '${this.name}' was cancelled`);
    if (signal?.aborted) throw cancelled();
    if (!this.isRunning) {
      if (signal) {
        let onAbort = () => {};
        const aborted = new Promise<never>((_, reject) => {
          onAbort = () => reject(cancelled());
          signal.addEventListener('abort', onAbort, { once: true });
        });
        try {
          await Promise.race([this.ensureConnected(), aborted]);
        } finally {
          signal.removeEventListener('abort', onAbort);
        }
      } else {
        await this.ensureConnected();
      }
    }
    const session = this.session;
    if (!session) throw new McpServerError(this.name, this.error ?? `server '${this.name}' is not running`);
    return session;
  }

  private async request<T>(what: string, signal: AbortSignal | undefined, run: (client: Client, options: RequestOptions) => Promise<T>): Promise<T> {
    const session = await this.connectedSession(signal);
    const options = this.requestOptions(signal);
    try {
      return await run(session.client, options);
    } catch (error) {
      throw this.translate(error, what, options, signal) ?? new Error(`${what} failed: ${errorText(error)}`);
    }
  }

  /** The error to reject with, or undefined for an error the server answered with. */
  private translate(error: unknown, what: string, options: RequestOptions, signal?: AbortSignal): Error | undefined {
    if (signal?.aborted) return new McpCancelledError(this.name, `${what} was cancelled`);
    if (error instanceof SdkError) {
      if (error.code === SdkErrorCode.RequestTimeout) {
        return /total timeout/i.test(error.message)
          ? new McpTimeoutError(this.name, `${what} ran past its total limit of ${seconds(options.maxTotalTimeout ?? 0)}`)
          : new McpTimeoutError(this.name, `${what} timed out: no answer and no progress for ${seconds(options.timeout ?? 0)}`);
      }
      if (error.code === SdkErrorCode.ConnectionClosed) {
        return new McpServerError(this.name, `${what} failed: ${this.lastCloseReason ?? 'the connection closed'}`);
      }
      return new McpServerError(this.name, `${what} failed: ${errorText(error)}`);
    }
    if (error instanceof ProtocolError) return undefined;
    return new McpServerError(this.name, `${what} failed: ${errorText(error)}`);
  }
}

/** A legacy client turned away by a server of a newer revision only: say what to change. */
function withEraHint(message: string, protocol: McpProtocolSetting): string {
  if (protocol !== 'legacy' || !/unsupported protocol version/i.test(message)) return message;
  return `${message}\n  The server speaks only a newer MCP revision (2026-07-28 or later) and this connection asked for the 2025 handshake: set "protocol": "auto" (or "2026-07-28") in the server's entry, or the archflow.mcp.protocol setting.`;
}

/** What identifies a server for its era verdict: how it is launched, not what it is called. */
function eraKeyOf(launch: Launch): string {
  return launch.kind === 'stdio'
    ? launchFingerprint({ kind: 'stdio', command: launch.resolvedCommand, args: launch.args, cwd: launch.cwd ?? '', env: launch.env })
    : launchFingerprint({ kind: 'http', url: launch.url.href, headers: launch.headers });
}

function verdictOf(session: OpenedSession): PriorDiscovery {
  return session.era === 'modern' && session.discover ? { kind: 'modern', discover: session.discover } : { kind: 'legacy' };
}

/** Follows `nextCursor` until the end; drops duplicates; stops on a repeated cursor. */
async function listAll<T>(page: (cursor?: string) => Promise<[T[], string | undefined]>, key: (item: T) => string): Promise<T[]> {
  const seen = new Set<string>();
  const cursors = new Set<string>();
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const [items, next] = await page(cursor);
    for (const item of items) {
      const k = key(item);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(item);
    }
    if (!next || cursors.has(next)) break;
    cursors.add(next);
    cursor = next;
  }
  return out;
}

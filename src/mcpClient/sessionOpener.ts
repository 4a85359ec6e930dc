import type { ChildProcess } from 'node:child_process';
import {
  InMemoryTransport,
  ProtocolError,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Client,
  type ConnectOptions,
  type DiscoverResult,
  type PriorDiscovery,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { errorText, McpServerError, seconds } from './errors';
import { commandLine, redact, type HttpLaunch, type StdioLaunch } from './launch';
import { LineTail } from './lineTail';
import { StdoutGarbageWatch } from './stdoutGarbage';
import type { McpProtocolEra } from './protocolSetting';
import type { McpTransportKind } from './serverConfig';

/** What the built-in server gives: an SDK `McpServer` (or anything that connects to a transport). */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
  close?(): Promise<void>;
}

export interface MemoryLaunch {
  kind: 'memory';
  createServer: () => ConnectableServer;
}

/** How a stdio server process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A connected, initialised session with one server. */
export interface OpenedSession {
  client: Client;
  kind: McpTransportKind;
  /** The era the connection speaks: the 2025 handshake, or 2026-07-28 and later. */
  era: McpProtocolEra;
  /** The revision agreed on (`2025-11-25`, `2026-07-28`...). */
  protocolVersion?: string;
  /** What `server/discover` answered (modern era only): a verdict to reuse next time. */
  discover?: DiscoverResult;
  /** The command line or URL, for messages. */
  description: string;
  pid?: number;
  /** How the process ended, once it has (stdio only). */
  exit(): ProcessExit | undefined;
  /** The last lines the server wrote to stderr (stdio only). */
  stderrTail(count?: number): string[];
  /** Closes politely, then SIGTERM, then SIGKILL (stdio); ends the session (HTTP). Never rejects. */
  close(): Promise<void>;
}

export interface OpenOptions {
  server: string;
  /** A fresh SDK client with handlers installed; called once per attempt. */
  createClient: () => Client;
  /** A cached era verdict: connect in that era without probing (see `EraCache`). */
  prior?: PriorDiscovery;
  /** Give up after this long without an answer and without any stderr output. */
  startupTimeoutMs: number;
  /** Give up after this long in any case. */
  maxStartupMs: number;
  /** Largest message accepted from a stdio server. */
  maxMessageBytes: number;
  onStderrLine(line: string): void;
  log(level: 'debug' | 'info' | 'warning', message: string): void;
  /** Called with every close that is still running, so shutdown can wait for it. */
  track(closing: Promise<void>): void;
  /** Aborting gives up the start at once (the server is being stopped). */
  signal?: AbortSignal;
}

/** Rejects when `signal` aborts; never settles otherwise. */
function abortion(signal: AbortSignal | undefined, server: string): Promise<never> {
  return new Promise<never>((_, reject) => {
    const stop = () => reject(new McpServerError(server, `server '${server}' has been stopped`));
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Connects to a server and runs MCP initialisation. Rejects with an `McpServerError` whose
 * message says why (exit code, last stderr lines, the resolved command, or the HTTP status),
 * after making sure nothing is left running.
 */
export function openSession(launch: StdioLaunch | HttpLaunch | MemoryLaunch, options: OpenOptions): Promise<OpenedSession> {
  switch (launch.kind) {
    case 'stdio':
      return openStdio(launch, options);
    case 'memory':
      return openMemory(launch, options);
    default:
      return openHttp(launch, options);
  }
}

function connectOptions(options: OpenOptions, timeout: number): ConnectOptions {
  return { timeout, ...(options.prior ? { prior: options.prior } : {}) };
}

/** The era facts of a connected client, for `OpenedSession`. */
function eraOf(client: Client): Pick<OpenedSession, 'era' | 'protocolVersion' | 'discover'> {
  const version = client.getNegotiatedProtocolVersion();
  const discover = client.getDiscoverResult();
  return {
    era: client.getProtocolEra() === 'modern' ? 'modern' : 'legacy',
    ...(version ? { protocolVersion: version } : {}),
    ...(discover ? { discover } : {}),
  };
}

function exitText(exit: ProcessExit): string {
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

/** The lines shown under a failure; empty when there are none. */
export function stderrBlock(lines: readonly string[]): string {
  const kept = lines.filter((l) => l.trim() !== '').slice(-10);
  return kept.length ? `\n  last stderr lines:\n${kept.map((l) => `    ${l}`).join('\n')}` : '\n  (nothing on stderr)';
}

async function openStdio(launch: StdioLaunch, options: OpenOptions): Promise<OpenedSession> {
  const tail = new LineTail(50);
  const description = redact(commandLine(launch.resolvedCommand, launch.args), launch.secrets);
  const transport = new StdioClientTransport({
    command: launch.resolvedCommand,
    args: launch.args,
    env: launch.env,
    cwd: launch.cwd,
    stderr: 'pipe',
    maxBufferSize: options.maxMessageBytes,
  });
  let exit: ProcessExit | undefined;
  let child: ChildProcess | undefined;
  // The SDK transport keeps its child private and drops the exit code, which is exactly what a
  // user needs when a server dies; read it from the child that start() creates synchronously.
  const start = transport.start.bind(transport);
  transport.start = () => {
    const started = start();
    child = (transport as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code, signal) => {
      exit = { code, signal };
    });
    const garbage = new StdoutGarbageWatch((line) =>
      options.log('warning', `the server wrote something that is not MCP to stdout (servers must log to stderr): ${redact(line, launch.secrets)}`),
    );
    child?.stdout?.on('data', (chunk: Buffer) => garbage.push(chunk));
    return started;
  };
  let activity = () => {};
  transport.stderr?.on('data', (chunk: Buffer) => {
    activity();
    for (const line of tail.push(chunk)) options.onStderrLine(redact(line, launch.secrets));
  });

  const client = options.createClient();
  let idleTimer: NodeJS.Timeout | undefined;
  let capTimer: NodeJS.Timeout | undefined;
  const watchdog = new Promise<never>((_, reject) => {
    const idle = () =>
      reject(new Error(`no answer to initialize and no output on stderr for ${seconds(options.startupTimeoutMs)}; stopped it`));
    idleTimer = setTimeout(idle, options.startupTimeoutMs);
    activity = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(idle, options.startupTimeoutMs);
    };
    capTimer = setTimeout(() => reject(new Error(`no answer to initialize within ${seconds(options.maxStartupMs)}; stopped it`)), options.maxStartupMs);
  });
  try {
    await Promise.race([client.connect(transport, connectOptions(options, options.maxStartupMs)), watchdog, abortion(options.signal, options.server)]);
  } catch (error) {
    options.track(
      client
        .close()
        .catch(() => {})
        .then(() => (child && exit === undefined ? waitForExit(child, 2000) : undefined)),
    );
    if (options.signal?.aborted) throw error;
    // Let the last stderr chunks and the exit event arrive before describing the failure.
    await new Promise((r) => setTimeout(r, exit ? 10 : 50));
    // A server that answered (an error such as an unsupported protocol version) is then closed
    // by us: its exit is ours, not the reason.
    const reason = exit && !(error instanceof ProtocolError) ? `the process ${exitText(exit)} before answering initialize` : errorText(error);
    throw new McpServerError(options.server, redact(`server '${options.server}' failed to start: ${reason}\n  command: ${description}${stderrBlock(tail.snapshot())}`, launch.secrets));
  } finally {
    clearTimeout(idleTimer);
    clearTimeout(capTimer);
    activity = () => {};
  }
  return {
    client,
    kind: 'stdio',
    ...eraOf(client),
    description,
    ...(transport.pid ? { pid: transport.pid } : {}),
    exit: () => exit,
    stderrTail: (count) => tail.snapshot(count),
    close: async () => {
      await client.close().catch(() => {});
      // The SDK sends SIGKILL last without waiting; wait until the process is really gone.
      if (child && exit === undefined) await waitForExit(child, 2000);
    },
  };
}

function waitForExit(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

async function openHttp(launch: HttpLaunch, options: OpenOptions): Promise<OpenedSession> {
  const description = redact(launch.url.href, launch.secrets);
  const requestInit: RequestInit = { headers: launch.headers };
  const attempt = async (kind: 'http' | 'sse') => {
    const client = options.createClient();
    const transport =
      kind === 'http'
        ? new StreamableHTTPClientTransport(launch.url, { requestInit })
        : new SSEClientTransport(launch.url, { requestInit });
    try {
      await Promise.race([
        withTimeout(client.connect(transport, connectOptions(options, options.startupTimeoutMs)), options.startupTimeoutMs + 1000, `no answer within ${seconds(options.startupTimeoutMs)}`),
        abortion(options.signal, options.server),
      ]);
    } catch (error) {
      options.track(client.close().catch(() => {}));
      throw error;
    }
    return { client, transport };
  };
  const fail = (reason: string) => new McpServerError(options.server, redact(`server '${options.server}' failed to connect to ${description}: ${reason}`, launch.secrets));

  let opened: Awaited<ReturnType<typeof attempt>>;
  let kind: 'http' | 'sse' = launch.kind;
  try {
    opened = await attempt(kind);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const status = error instanceof SdkHttpError ? error.status : undefined;
    // The SDK's advice for servers of the older protocol: a 4xx to the Streamable HTTP POST
    // means "try SSE". Authorization failures would fail the same way over SSE.
    const fallBack = kind === 'http' && status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403;
    if (!fallBack) throw fail(errorText(error));
    options.log('info', `no Streamable HTTP at ${description} (HTTP ${status}); trying SSE`);
    kind = 'sse';
    try {
      opened = await attempt(kind);
    } catch (sseError) {
      if (options.signal?.aborted) throw sseError;
      throw fail(`Streamable HTTP answered HTTP ${status}, and SSE failed too: ${errorText(sseError)}`);
    }
  }
  const { client, transport } = opened;
  return {
    client,
    kind,
    ...eraOf(client),
    description,
    exit: () => undefined,
    stderrTail: () => [],
    close: async () => {
      if (transport instanceof StreamableHTTPClientTransport) {
        await withTimeout(transport.terminateSession(), 1000, 'timeout').catch(() => {});
      }
      await client.close().catch(() => {});
    },
  };
}

async function openMemory(launch: MemoryLaunch, options: OpenOptions): Promise<OpenedSession> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = launch.createServer();
  const client = options.createClient();
  try {
    await server.connect(serverSide);
    await withTimeout(client.connect(clientSide, { timeout: options.startupTimeoutMs }), options.startupTimeoutMs + 1000, `no answer within ${seconds(options.startupTimeoutMs)}`);
  } catch (error) {
    options.track(Promise.allSettled([client.close(), server.close?.()]).then(() => {}));
    throw new McpServerError(options.server, `built-in server '${options.server}' failed to start: ${errorText(error)}`);
  }
  return {
    client,
    kind: 'memory',
    ...eraOf(client),
    description: 'built in (in memory)',
    exit: () => undefined,
    stderrTail: () => [],
    close: async () => {
      await client.close().catch(() => {});
      await server.close?.().catch(() => {});
    },
  };
}

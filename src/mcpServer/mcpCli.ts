import { parse as parsePath } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { localeFromEnv, parseLocale } from '../core/locale';
import { getIconCatalog } from '../node/iconStore';
import { createAnalysisWorker } from '../node/analysisWorkerClient';
import { createLayoutWorker } from '../node/layoutWorkerClient';
import { createPngWorker } from '../node/pngWorkerClient';
import type { Locale } from '../core/model';
import { createDiagramServer, SERVER_VERSION } from './createDiagramServer';
import { startHttpServer } from './httpServer';
import type { ServerLogger } from './logger';
import { FairQueue } from './fairQueue';
import { LineTransport } from './lineTransport';
import { TrackedTransport } from './trackedTransport';

/** A mistake in the command line: print the message and exit with status 2. */
export class McpUsageError extends Error {}

export interface McpCliOptions {
  mode: 'stdio' | 'http' | 'help' | 'version';
  host: string;
  port: number;
  /** From `--token`, else `ARCHFLOW_MCP_TOKEN`; never logged. */
  token?: string;
  /** Every `--root`, in order. */
  roots: string[];
  locale: Locale;
}

export const DEFAULT_HTTP_PORT = 3333;

export const MCP_SERVER_USAGE = `Usage: archflow-mcp [--http [--port N] [--host 127.0.0.1] [--token T]] [--root DIR]... [--locale en|pt-BR]

The ArchFlow diagram MCP server: tools syntax_help, check_diagram, search_icons,
render_diagram; resources archflow://syntax, archflow://examples/{name},
archflow://icons/{prefix}/{name}; prompt draw_architecture.

Speaks MCP 2025-11-25 (initialize) and 2026-07-28 (server/discover), as the client asks.

  (default)      speak MCP over stdin/stdout (for Claude Code, Claude Desktop, VS Code)
  --http         serve Streamable HTTP at http://HOST:PORT/mcp instead
  --port N       HTTP port (default ${DEFAULT_HTTP_PORT}; 0 picks a free one)
  --host ADDR    HTTP bind address (default 127.0.0.1); any other than loopback
                 needs a token
  --token T      require "Authorization: Bearer T" (or set ARCHFLOW_MCP_TOKEN)
  --root DIR     also allow render_diagram to write inside DIR (repeatable); by default
                 it writes inside the client's MCP roots, else the start directory
                 (never the file-system root); over HTTP the client's roots only
                 narrow the start directory and --root folders
  --locale L     en or pt-BR (default: from LC_ALL / LANG)
  --help, --version
`;

/**
 * Reads `archflow-mcp`'s arguments. The locale is `--locale`, else Portuguese when
 * `LC_ALL` or `LANG` starts with `pt`, else English. Throws McpUsageError for unknown
 * options, bad values, or HTTP-only options without `--http`.
 */
export function parseMcpArgs(argv: readonly string[], env: Record<string, string | undefined>): McpCliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        http: { type: 'boolean' },
        port: { type: 'string' },
        host: { type: 'string' },
        token: { type: 'string' },
        root: { type: 'string', multiple: true },
        locale: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (err) {
    throw new McpUsageError(`archflow-mcp: ${(err as Error).message}`);
  }
  let locale = localeFromEnv(env);
  if (values.locale !== undefined) {
    const parsed = parseLocale(values.locale);
    if (!parsed) throw new McpUsageError(`archflow-mcp: unknown locale '${values.locale}'; use en or pt-BR`);
    locale = parsed;
  }
  if (!values.http) {
    for (const option of ['port', 'host', 'token'] as const) {
      if (values[option] !== undefined) throw new McpUsageError(`archflow-mcp: --${option} needs --http`);
    }
  }
  let port = DEFAULT_HTTP_PORT;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) throw new McpUsageError(`archflow-mcp: --port must be a number from 0 to 65535, got '${values.port}'`);
  }
  if (values.token !== undefined && values.token.length === 0) throw new McpUsageError('archflow-mcp: --token is empty');
  const token = values.token ?? (values.http ? env.ARCHFLOW_MCP_TOKEN || undefined : undefined);
  if (values.host !== undefined && !isLoopbackHost(values.host) && token === undefined) {
    throw new McpUsageError(
      `archflow-mcp: --host ${values.host} needs --token (or ARCHFLOW_MCP_TOKEN): without one, anyone who can reach that address could write SVG files, and a Host header is no proof of where a request comes from`,
    );
  }
  const mode = values.help ? 'help' : values.version ? 'version' : values.http ? 'http' : 'stdio';
  return { mode, host: values.host ?? '127.0.0.1', port, token, roots: values.root ?? [], locale };
}

/** Renders (and layout threads) at once: two, so one slow render never holds up all the others. */
const RENDERS_AT_ONCE = 2;

/**
 * How many renders may pile up over HTTP (docs/mcp-server-limits.md has the figures behind them):
 * one 2025-era session may have 4 queued or running, and 16 of all clients may
 * wait. With 32 waiting, 50 busy clients on 2 shared cores saw renders wait 40 to 64 s, past an
 * SDK client's default 60 s request timeout: an answer that comes after the caller gave up is
 * work for nobody. More are refused at once with a message that says to retry.
 */
export const RENDER_QUEUE_LIMITS = { perLane: 4, waiting: 16 } as const;

export interface McpCliContext {
  cwd: string;
  logger: ServerLogger;
  stdin: Readable;
  stdout: Writable;
}

export interface RunningMcpCli {
  /** The HTTP endpoint, in HTTP mode. */
  url?: string;
  /** Resolves when no request is being answered (stdio), or after `timeoutMs`. */
  drain(timeoutMs: number): Promise<void>;
  /** Closes the transport(s) and server(s); safe to call more than once. */
  close(): Promise<void>;
}

/**
 * Starts `archflow-mcp` in stdio or HTTP mode (not help/version). Stdout carries only
 * JSON-RPC in stdio mode; every log line goes to the context's logger. Rejects when the
 * HTTP port cannot be bound.
 */
export async function startMcpCli(options: McpCliOptions, context: McpCliContext): Promise<RunningMcpCli> {
  const { logger } = context;
  // Sessions take turns, two renders at a time, each laying out on its own worker thread:
  // one client's slow render (up to the time limit) leaves the other slot to everyone else.
  // The limits protect HTTP clients from each other; a stdio connection has the server to itself.
  const renderQueue = new FairQueue(RENDERS_AT_ONCE, options.mode === 'http' ? RENDER_QUEUE_LIMITS : {});
  // Layout runs on worker threads so that a large render never stalls other requests.
  const worker = createLayoutWorker({ workers: RENDERS_AT_ONCE });
  // So does rasterising a preview (seconds for a big one); that thread ends when idle.
  const png = createPngWorker();
  // And parsing for check_diagram (about a second for 1 MiB), so pings and other sessions are answered meanwhile.
  const analysis = createAnalysisWorker();
  const disposeWorkers = () => Promise.all([worker.dispose(), png.dispose(), analysis.dispose()]);
  // GUI hosts (Claude Desktop) may start servers in `/`: that must not make the whole disk writable.
  const startIsFsRoot = parsePath(context.cwd).root === context.cwd;
  if (startIsFsRoot) logger.warn(`started in ${context.cwd}, which is not used as an output root; pass --root DIR (or use a client that sends MCP roots)`);
  const serverOptions = {
    locale: options.locale,
    roots: startIsFsRoot ? [] : [context.cwd],
    extraRoots: options.roots,
    logger,
    renderQueue,
    layout: worker.layout,
    rasterize: png.render,
    analyze: analysis.analyze,
  };
  if (options.mode === 'http') {
    if (!isLoopbackHost(options.host) && options.token === undefined) {
      await disposeWorkers();
      throw new McpUsageError(`archflow-mcp: refusing to listen on ${options.host} without a token`);
    }
    const http = await startHttpServer({
      host: options.host,
      port: options.port,
      token: options.token,
      logger,
      // Over HTTP the client is whoever reaches the port: its roots may narrow, never widen.
      createServer: (era) => createDiagramServer({ ...serverOptions, clientRootsOnlyNarrow: true, era }),
    });
    logger.info(`archflow-mcp ${SERVER_VERSION} listening on ${http.url}${options.token ? ' (bearer token required)' : ''}`);
    warmUp(logger);
    return { url: http.url, drain: async () => undefined, close: once(() => http.close().finally(disposeWorkers)) };
  }
  const transport = new TrackedTransport(new LineTransport(context.stdin, context.stdout));
  // The opening message picks the era: `initialize` pins a 2025 server for the connection,
  // as before the v2 SDK; `server/discover` or a request with its protocol version in `_meta`
  // is served 2026-07-28. One factory serves both.
  const served = serveStdio(({ era }) => createDiagramServer({ ...serverOptions, era }), {
    legacy: 'serve',
    transport,
    onerror: (err) => logger.warn(`protocol: ${err.message}`),
  });
  logger.info(`archflow-mcp ${SERVER_VERSION} ready on stdio (MCP 2025-11-25 and 2026-07-28)`);
  warmUp(logger);
  return { drain: (timeoutMs) => transport.idle(timeoutMs), close: once(() => served.close().finally(disposeWorkers)) };
}

function isLoopbackHost(host: string): boolean {
  return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host.toLowerCase());
}

/** Loads the icon index while the client is still starting up, so the first call does not wait for it. */
function warmUp(logger: ServerLogger): void {
  setImmediate(() => getIconCatalog().catch((err: unknown) => logger.warn(`icon catalog: ${(err as Error).message}`)));
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest, isLegacyRequest, type McpServer } from '@modelcontextprotocol/server';
import type { ProtocolEraName } from './eras';
import { guardRequest } from './httpGuard';
import type { ServerLogger } from './logger';

export interface HttpServerOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 3333; 0 picks a free port (see {@link RunningHttpServer.port}). */
  port?: number;
  /** Bearer token every request must carry; none when undefined. */
  token?: string;
  /** Makes the MCP server of one new 2025-era session, or of one 2026-07-28 request. */
  createServer: (era: ProtocolEraName) => McpServer;
  logger: ServerLogger;
  /** Largest request body read, in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Sessions open at once; more initialize requests get 503. Default 64. */
  maxSessions?: number;
  /** A session idle this long is closed. Default 1 hour. */
  idleSessionMs?: number;
}

export interface RunningHttpServer {
  /** `http://HOST:PORT/mcp` */
  url: string;
  port: number;
  /** Closes every session and the listener; resolves when all are closed. */
  close(): Promise<void>;
}

interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  lastActive: number;
}

export const MCP_PATH = '/mcp';

/**
 * Serves MCP over Streamable HTTP at `/mcp` in both protocol eras. Every request passes
 * {@link guardRequest} first (Host and Origin against DNS rebinding, then the bearer token).
 * 2025-era traffic (the `initialize` handshake) gets one stateful session (and one McpServer
 * from `createServer('legacy')`) per client, as before the v2 SDK: a new session starts only
 * with an `initialize` request; unknown session ids get 404. 2026-07-28 requests (protocol
 * version in `_meta`, no session) are served statelessly by the SDK's `createMcpHandler`, one
 * McpServer from `createServer('modern')` per request. Listens on 127.0.0.1 unless told
 * otherwise. Logs to the given logger, never the token.
 */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const maxSessions = options.maxSessions ?? 64;
  const idleSessionMs = options.idleSessionMs ?? 60 * 60 * 1000;
  const { logger } = options;
  const sessions = new Map<string, Session>();
  let port = options.port ?? 3333;
  const modern = createMcpHandler(() => options.createServer('modern'), {
    legacy: 'reject',
    maxRequestBodySize: maxBodyBytes,
    onerror: (err) => logger.warn(`2026-07-28 request: ${err.message}`),
  });
  const serveModern = toNodeHandler(modern, { maxRequestBodySize: maxBodyBytes, onerror: (err) => logger.error(`2026-07-28 request failed: ${err.message}`) });

  const closeSession = async (id: string) => {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    await s.server.close().catch((err: unknown) => logger.warn(`closing session ${id}: ${(err as Error).message}`));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const refusal = guardRequest(req.headers, { host, port, token: options.token });
    if (refusal) {
      logger.warn(`${refusal.status} ${req.method} from Host '${req.headers.host ?? ''}' Origin '${req.headers.origin ?? ''}'`);
      return sendJsonError(res, refusal.status, -32000, refusal.message, refusal.headers);
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== MCP_PATH) return sendJsonError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`);

    const sessionId = headerValue(req.headers['mcp-session-id']);
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session) return sendJsonError(res, 404, -32001, 'Session not found; initialize a new one');
      session.lastActive = Date.now();
      if (req.method !== 'POST') return session.transport.handleRequest(req, res);
      const read = await readJson(req, res, maxBodyBytes);
      if (!read.ok) return;
      cancelOnDisconnect(session.transport, res, read.body, logger);
      return session.transport.handleRequest(req, res, read.body);
    }

    if (req.method !== 'POST') return sendJsonError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id header');
    const read = await readJson(req, res, maxBodyBytes);
    if (!read.ok) return;
    const { body } = read;
    if (!(await isLegacyRequest(await toWebRequest(req, body), body, { maxRequestBodySize: maxBodyBytes }))) return serveModern(req, res, body);
    if (!isInitializeRequest(body)) return sendJsonError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id header and not an initialize request');
    if (sessions.size >= maxSessions) return sendJsonError(res, 503, -32000, `Too many open sessions (${maxSessions})`);

    const server = options.createServer('legacy');
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: maxBodyBytes,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, lastActive: Date.now() });
        logger.info(`session ${id.slice(0, 8)} opened (${sessions.size} open)`);
      },
      onsessionclosed: (id) => {
        logger.info(`session ${id.slice(0, 8)} closed by the client`);
      },
    });
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && sessions.has(id)) void closeSession(id);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logger.error(`request failed: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) sendJsonError(res, 500, -32603, 'Internal server error');
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, s] of sessions) if (now - s.lastActive > idleSessionMs) void closeSession(id);
    },
    Math.min(idleSessionMs, 60_000),
  );
  sweep.unref();

  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    port,
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.keys()].map(closeSession));
      await modern.close().catch((err: unknown) => logger.warn(`closing the 2026-07-28 handler: ${(err as Error).message}`));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        // Open SSE streams would otherwise keep close() waiting forever.
        http.closeAllConnections();
      });
    },
  };
}

class BodyTooLargeError extends Error {}

/** The parsed body, or an error answer already sent (413 over the limit, 400 not JSON). */
async function readJson(req: IncomingMessage, res: ServerResponse, limit: number): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: JSON.parse(await readBody(req, limit)) };
  } catch (err) {
    if (err instanceof BodyTooLargeError) sendJsonError(res, 413, -32000, err.message, { Connection: 'close' });
    else sendJsonError(res, 400, -32700, 'Parse error: the body is not JSON');
    return { ok: false };
  }
}

/**
 * A 2025-era session keeps its handlers running when the POST that asked goes away (the SDK
 * leaves room for resumable streams, which this server does not offer), so a client that
 * disconnects mid-render would leave its layout running for nobody. When the response closes
 * unfinished, each request of the body is cancelled as if the client had sent
 * `notifications/cancelled`: its handler's signal aborts, which stops a queued or running
 * render. (2026-07-28 requests need nothing: the SDK closes their one-request server.)
 */
function cancelOnDisconnect(transport: NodeStreamableHTTPServerTransport, res: ServerResponse, body: unknown, logger: ServerLogger): void {
  const ids = (Array.isArray(body) ? body : [body]).flatMap((m: unknown) => {
    const message = m as { id?: unknown; method?: unknown } | null;
    return message && typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number') ? [message.id] : [];
  });
  if (ids.length === 0) return;
  res.once('close', () => {
    if (res.writableFinished) return;
    for (const requestId of ids) {
      logger.info(`request ${String(requestId)} cancelled: the client disconnected`);
      transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'the client disconnected' } });
    }
  });
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLargeError(`Request body over ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function sendJsonError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

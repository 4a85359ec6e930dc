import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface HttpGuardOptions {
  /** The port the server listens on; Host and Origin must carry it. */
  port: number;
  /** The address the server was asked to bind; a non-wildcard one is also accepted as a Host. */
  host: string;
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token?: string;
}

/** Why a request was turned away. */
export interface GuardRefusal {
  status: 401 | 403;
  message: string;
  headers?: Record<string, string>;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Checks one request against DNS rebinding and, when a token is configured, for the
 * bearer token. Host must be a loopback name (`localhost`, `127.0.0.1`, `[::1]`, or the
 * bind address when it is not a wildcard) with the server's port; an `Origin`, when
 * present, must be `http(s)://` one of those names with that port. Host and Origin are
 * checked first (403) so a rebinding page learns nothing about the token (401). The token
 * is compared in constant time and never appears in a refusal message.
 */
export function guardRequest(headers: IncomingHttpHeaders, options: HttpGuardOptions): GuardRefusal | undefined {
  const names = allowedHostnames(options.host);
  const host = headers.host;
  if (!host || !isAllowedAuthority(host, names, options.port)) {
    return { status: 403, message: `Forbidden: Host '${host ?? ''}' is not this local server` };
  }
  const origin = headers.origin;
  if (origin !== undefined && !isAllowedOrigin(origin, names, options.port)) {
    return { status: 403, message: `Forbidden: Origin '${origin}' is not this local server` };
  }
  if (options.token !== undefined && !bearerMatches(headers.authorization, options.token)) {
    return { status: 401, message: 'Unauthorized: send Authorization: Bearer <token>', headers: { 'WWW-Authenticate': 'Bearer realm="archflow-mcp"' } };
  }
  return undefined;
}

function allowedHostnames(bindHost: string): string[] {
  const names = [...LOOPBACK_NAMES];
  const h = bindHost.toLowerCase();
  if (h !== '0.0.0.0' && h !== '::' && h !== '') names.push(h.includes(':') && !h.startsWith('[') ? `[${h}]` : h);
  return names;
}

function isAllowedAuthority(authority: string, names: readonly string[], port: number): boolean {
  let url: URL;
  try {
    url = new URL(`http://${authority}`);
  } catch {
    return false;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return false;
  return names.includes(url.hostname.toLowerCase()) && (url.port === String(port) || (url.port === '' && port === 80));
}

function isAllowedOrigin(origin: string, names: readonly string[], port: number): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const defaultPort = url.protocol === 'http:' ? 80 : 443;
  const actual = url.port === '' ? defaultPort : Number(url.port);
  return names.includes(url.hostname.toLowerCase()) && actual === port;
}

function bearerMatches(authorization: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!m) return false;
  // Hashing first gives equal lengths, so timingSafeEqual cannot leak the token's length.
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(m[1].trim()), digest(token));
}

// Plain Node (no `vscode`): unit-tested in test/extension/chat/apps.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Bytes of documents kept at most; the least recently asked for go first. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

interface Entry {
  body: Buffer;
  csp: string;
  token: string;
}

/**
 * Serves MCP App documents to the chat webview, each under a path of its own with the
 * `Content-Security-Policy` header the host built for it.
 *
 * Why a server: Chromium gives `srcdoc`, `blob:` and `data:` frames their parent's CSP, and a
 * VS Code webview's resource URLs reach only that webview's own fetches (its service worker
 * does not see a nested frame's navigation), so the only way to give an app a document whose
 * policy is its own, not the chat's, is a URL that a real server answers. (VS Code's Simple
 * Browser and Live Preview frame local servers the same way.)
 *
 * Guarantees: listens on 127.0.0.1 only, on a port the system picks; answers `GET` and `HEAD`
 * of a published path and nothing else (404; 405 for other methods); a path is 32 random bytes
 * in hex, so nothing can guess one; a request whose `Host` is not `127.0.0.1:<port>`,
 * `localhost:<port>` or an allowed forwarded authority gets 403; the same document and policy published twice get the same
 * path (they are cached); each response carries the policy, `nosniff`, `no-referrer` and no
 * other origin's resources.
 */
export class AppDocumentServer {
  readonly #byToken = new Map<string, Entry>();
  readonly #byContent = new Map<string, Entry>();
  #bytes = 0;
  #server: Server | undefined;
  #listening: Promise<number> | undefined;
  #port = 0;
  readonly #authorities = new Set<string>();

  constructor(private readonly maxBytes = MAX_DOCUMENT_BYTES) {}

  /** Starts listening (once); resolves with the port. */
  start(): Promise<number> {
    this.#listening ??= new Promise<number>((resolve, reject) => {
      const server = createServer((req, res) => this.#answer(req, res));
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        this.#port = (server.address() as AddressInfo).port;
        resolve(this.#port);
      });
      // Nothing waits on it: the extension host may exit while it listens.
      server.unref();
      this.#server = server;
    });
    return this.#listening;
  }

  /**
   * Makes `html` available with policy `csp`; returns its path (`/<token>`), to resolve
   * against the server's external URL.
   */
  publish(html: string, csp: string): string {
    const key = createHash('sha256').update(csp).update('\0').update(html).digest('hex');
    let entry = this.#byContent.get(key);
    if (entry) {
      // Most recently used last.
      this.#byContent.delete(key);
      this.#byContent.set(key, entry);
      return `/${entry.token}`;
    }
    entry = { body: Buffer.from(html, 'utf8'), csp, token: randomBytes(32).toString('hex') };
    this.#byContent.set(key, entry);
    this.#byToken.set(entry.token, entry);
    this.#bytes += entry.body.length;
    for (const [k, old] of this.#byContent) {
      if (this.#bytes <= this.maxBytes || old === entry) break;
      this.#byContent.delete(k);
      this.#byToken.delete(old.token);
      this.#bytes -= old.body.length;
    }
    return `/${entry.token}`;
  }

  /**
   * Also answers requests whose `Host` is `authority` (`host:port`): the forwarded URL's, when
   * VS Code reaches the server through a proxy that keeps the browser's Host.
   */
  allowAuthority(authority: string): void {
    this.#authorities.add(authority.toLowerCase());
  }

  /** Documents held now. */
  get size(): number {
    return this.#byToken.size;
  }

  dispose(): void {
    this.#server?.close();
    this.#server?.closeAllConnections();
    this.#byToken.clear();
    this.#byContent.clear();
    this.#bytes = 0;
  }

  #answer(req: IncomingMessage, res: ServerResponse): void {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    // DNS rebinding: a page whose own name resolves to 127.0.0.1 sends its name as Host.
    const host = (req.headers.host ?? '').toLowerCase();
    if (host !== `127.0.0.1:${this.#port}` && host !== `localhost:${this.#port}` && !this.#authorities.has(host)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': "default-src 'none'" }).end('forbidden');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('method not allowed');
      return;
    }
    const path = (req.url ?? '').split(/[?#]/, 1)[0] ?? '';
    const entry = /^\/[0-9a-f]{64}$/.test(path) ? this.#byToken.get(path.slice(1)) : undefined;
    if (!entry) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': "default-src 'none'", 'Cache-Control': 'no-store' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': entry.body.length,
      'Content-Security-Policy': entry.csp,
      // A path always serves the same bytes: a card scrolled back into view loads from the cache.
      'Cache-Control': 'private, max-age=86400, immutable',
    });
    res.end(req.method === 'HEAD' ? undefined : entry.body);
  }
}

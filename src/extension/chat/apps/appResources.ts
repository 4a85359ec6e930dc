// Plain Node (no `vscode`): unit-tested in test/extension/chat/apps.
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { MCP_APP_MIME_TYPE } from '../../../mcpClient/clientFactory';
import type { DeclaredAppCsp } from './appCsp';

/** The largest app document shown (hosts refuse far less; this only bounds memory). */
export const MAX_APP_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** An MCP App's document and what its resource declares in `_meta.ui`. */
export interface AppResource {
  html: string;
  csp?: DeclaredAppCsp;
  /** `_meta.ui.permissions` (camera, microphone, geolocation, clipboardWrite). */
  permissions: Record<string, unknown>;
  prefersBorder?: boolean;
}

/** How the host reads a server's resources (the MCP client manager). */
export interface AppResourceReader {
  readResource(server: string, uri: string): Promise<ReadResourceResult>;
  listResources(server?: string): Promise<(Resource & { server: string })[]>;
}

function uiMeta(meta: unknown): Record<string, unknown> | undefined {
  if (!meta || typeof meta !== 'object') return undefined;
  const ui = (meta as Record<string, unknown>).ui;
  return ui && typeof ui === 'object' && !Array.isArray(ui) ? (ui as Record<string, unknown>) : undefined;
}

/** `text/html;profile=mcp-app`, however a server spaces or capitalises it. */
export function isAppMimeType(mime: unknown): boolean {
  return typeof mime === 'string' && mime.toLowerCase().replace(/\s+/g, '') === MCP_APP_MIME_TYPE;
}

/**
 * The app document in a `resources/read` answer for `uri`: its one HTML content (text, or a
 * base64 blob) of type `text/html;profile=mcp-app`, at most {@link MAX_APP_DOCUMENT_BYTES},
 * with `_meta.ui` from the content (else from `listed`, the resource as the server lists it).
 * Throws an Error that says what is wrong with it.
 */
export function appResourceFrom(uri: string, result: ReadResourceResult, listed?: { _meta?: unknown }): AppResource {
  const contents = Array.isArray(result.contents) ? result.contents : [];
  const content = contents.find((c) => c.uri === uri) ?? contents[0];
  if (!content) throw new Error(`the server returned no content for ${uri}`);
  if (!isAppMimeType(content.mimeType)) throw new Error(`${uri} is ${content.mimeType ? `of type ${content.mimeType}` : 'of no type'}, not ${MCP_APP_MIME_TYPE}`);
  let html: string;
  if ('text' in content && typeof content.text === 'string') html = content.text;
  else if ('blob' in content && typeof content.blob === 'string') html = Buffer.from(content.blob, 'base64').toString('utf8');
  else throw new Error(`${uri} has neither text nor a blob`);
  const bytes = Buffer.byteLength(html, 'utf8');
  if (bytes > MAX_APP_DOCUMENT_BYTES) throw new Error(`${uri} is ${(bytes / 1024 / 1024).toFixed(1)} MB, over the ${MAX_APP_DOCUMENT_BYTES / 1024 / 1024} MB an app may be`);
  if (!/\S/.test(html)) throw new Error(`${uri} is empty`);
  const ui = uiMeta(content._meta) ?? uiMeta(listed?._meta) ?? {};
  const csp = ui.csp && typeof ui.csp === 'object' && !Array.isArray(ui.csp) ? (ui.csp as DeclaredAppCsp) : undefined;
  const permissions = ui.permissions && typeof ui.permissions === 'object' && !Array.isArray(ui.permissions) ? (ui.permissions as Record<string, unknown>) : {};
  return { html, ...(csp ? { csp } : {}), permissions, ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}) };
}

/**
 * The apps' documents, read once per server and URI and kept until that server restarts or
 * changes its resources ({@link invalidate}). A failed read is not kept, so asking again
 * (Retry) reads again.
 */
export class AppResourceCache {
  readonly #entries = new Map<string, Promise<AppResource>>();

  constructor(private readonly reader: () => AppResourceReader | undefined) {}

  get(server: string, uri: string): Promise<AppResource> {
    const key = JSON.stringify([server, uri]);
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = this.#read(server, uri);
      this.#entries.set(key, entry);
      entry.catch(() => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      });
    }
    return entry;
  }

  /** Forgets what was read from `server` (all servers when omitted). */
  invalidate(server?: string): void {
    if (server === undefined) this.#entries.clear();
    else for (const key of [...this.#entries.keys()]) if ((JSON.parse(key) as string[])[0] === server) this.#entries.delete(key);
  }

  async #read(server: string, uri: string): Promise<AppResource> {
    const reader = this.reader();
    if (!reader) throw new Error('no MCP server runs in this workspace (it is not trusted)');
    const result = await reader.readResource(server, uri);
    const first = Array.isArray(result.contents) ? result.contents[0] : undefined;
    const listed = uiMeta(first?._meta) ? undefined : (await reader.listResources(server).catch(() => [])).find((r) => r.uri === uri);
    return appResourceFrom(uri, result, listed);
  }
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { getUiCapability, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { isArchflowRoot } from './resources';

/** The `ui://` resource of the diagram view that `render_diagram` results point to. */
export const DIAGRAM_APP_URI = 'ui://archflow/diagram';

/** MIME type of an MCP App document (`text/html;profile=mcp-app`). */
export const DIAGRAM_APP_MIME_TYPE = RESOURCE_MIME_TYPE;

const APP_FILE = join('mcpApp', 'diagram.html');

/**
 * Where `esbuild.mjs` wrote the view (one self-contained HTML file): next to the running
 * bundle (`dist/mcp.js`, `dist/extension.js`), else under the nearest ancestor holding the
 * `archflow` package.json (running from sources). `ARCHFLOW_MCP_APP` overrides both.
 * The path is returned even when the file is missing, for the error to name it.
 */
export function locateDiagramApp(env: Record<string, string | undefined> = process.env, from: string = __dirname): string {
  if (env.ARCHFLOW_MCP_APP) return env.ARCHFLOW_MCP_APP;
  const besideBundle = join(from, APP_FILE);
  if (existsSync(besideBundle)) return besideBundle;
  for (let dir = from; ; dir = dirname(dir)) {
    if (isArchflowRoot(dir)) return join(dir, 'dist', APP_FILE);
    if (dirname(dir) === dir) return besideBundle;
  }
}

let shared: Promise<string> | undefined;

/**
 * The view's HTML, read once per process on first use (it is about 0.8 MB and never
 * changes while the server runs). A failed read is not remembered, so building and
 * asking again succeeds. Rejects with an error naming the missing file.
 */
export function loadDiagramApp(): Promise<string> {
  if (!shared) {
    const path = locateDiagramApp();
    const attempt = readFile(path, 'utf8');
    attempt.catch(() => {
      if (shared === attempt) shared = undefined;
    });
    shared = attempt;
  }
  return shared;
}

/** True when the client announced that it shows MCP Apps (the `io.modelcontextprotocol/ui` extension with our MIME type). */
export function clientShowsApps(capabilities: ClientCapabilities | undefined): boolean {
  const mimeTypes: unknown = getUiCapability(capabilities)?.mimeTypes;
  return Array.isArray(mimeTypes) && mimeTypes.includes(DIAGRAM_APP_MIME_TYPE);
}

/**
 * The `_meta` of a tool whose results the view at `resourceUri` shows, in both spellings
 * MCP Apps hosts read (`ui.resourceUri` and the older flat `ui/resourceUri`), as ext-apps'
 * `registerAppTool` writes them: for tools registered with the server's own `registerTool`.
 */
export function appToolMeta(resourceUri: string, visibility?: Array<'model' | 'app'>): Record<string, unknown> {
  return { ui: visibility ? { resourceUri, visibility } : { resourceUri }, [RESOURCE_URI_META_KEY]: resourceUri };
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { isArchflowRoot } from './resources';

// The MCP Apps constants, as ext-apps 1.7.5 exports them from `ext-apps/server`: written here
// because that module loads the v1 SDK, which the servers (on the v2 SDK) no longer need.
// test/mcp/eras checks that they still equal ext-apps' own.
/** The MCP Apps extension's id in client capabilities. */
export const APPS_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The flat `_meta` key older MCP Apps hosts read the view of a tool from. */
export const RESOURCE_URI_META_KEY = 'ui/resourceUri';

/** The `ui://` resource of the diagram view that `render_diagram` results point to. */
export const DIAGRAM_APP_URI = 'ui://archflow/diagram';

/** MIME type of an MCP App document (`text/html;profile=mcp-app`). */
export const DIAGRAM_APP_MIME_TYPE = 'text/html;profile=mcp-app';

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
  const ui = capabilities?.extensions?.[APPS_EXTENSION_ID] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(DIAGRAM_APP_MIME_TYPE);
}

/**
 * The `_meta` of a tool whose results the view at `resourceUri` shows, in both spellings
 * MCP Apps hosts read (`ui.resourceUri` and the older flat `ui/resourceUri`), as ext-apps'
 * `registerAppTool` writes them (inlined: ext-apps 1.x is typed against the v1 SDK's server).
 */
export function appToolMeta(resourceUri: string, visibility?: Array<'model' | 'app'>): Record<string, unknown> {
  return { ui: visibility ? { resourceUri, visibility } : { resourceUri }, [RESOURCE_URI_META_KEY]: resourceUri };
}

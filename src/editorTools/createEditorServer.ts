import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Locale } from '../core/model';
import { appToolMeta, DIAGRAM_APP_URI, loadDiagramApp } from '../mcpServer/diagramApp';
import type { ProtocolEraName } from '../mcpServer/eras';
import { silentLogger, type ServerLogger } from '../mcpServer/logger';
import { MAX_PATH_BYTES } from '../mcpServer/pathSafety';
import { registerDiagramApp } from '../mcpServer/registerDiagramApp';
import { toCallToolResult as toResult } from '../mcpServer/toolResult';
import { DEFAULT_MAX_TEXT_BYTES } from '../mcpServer/tools/outcome';
import type { DiagramWorkspace } from './diagramWorkspace';
import { EditorTools } from './editorTools';

export const EDITOR_SERVER_NAME = 'editor';

export interface EditorServerOptions {
  workspace: DiagramWorkspace;
  /** Language of the answers. Default `en`. */
  locale?: Locale;
  /** Largest diagram text accepted, in UTF-8 bytes. Default 1 MiB. */
  maxTextBytes?: number;
  logger?: ServerLogger;
  /** The diagram view's HTML; default the one `npm run build` writes (see locateDiagramApp). */
  appHtml?: () => Promise<string>;
  /** The protocol era this instance serves; default `legacy` (see DiagramServerOptions.era). */
  era?: ProtocolEraName;
}

/**
 * The `editor` MCP server: `read_diagram`, `write_diagram` and `show_diagram` over the
 * documents of an editor (see {@link EditorTools} for what they guarantee). Reads and showing
 * are annotated read-only, writing is not, so the chat asks before a write unless the user
 * allowed it. It serves the diagram server's MCP App too: `write_diagram` and `show_diagram`
 * point to `ui://archflow/diagram`, and their results carry the drawing of the document as it
 * was at that call (or the problems that kept it from being drawn) in `_meta`, so each tool
 * card shows its own version; clients that show apps also get `select_diagram_element`. Not
 * connected; one server per client. Inputs are validated by their schemas before any work;
 * failures come back as `isError` results, never as protocol errors.
 */
export function createEditorServer(options: EditorServerOptions): McpServer {
  const maxTextBytes = options.maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES;
  const locale = options.locale ?? 'en';
  const tools = new EditorTools({ workspace: options.workspace, locale, maxTextBytes });
  const server = new McpServer(
    { name: EDITOR_SERVER_NAME, title: 'ArchFlow editor', version: '0.1.0' },
    {
      instructions: [
        'The .diagram files the user has in VS Code, as the editor shows them.',
        'Loop: read_diagram (or syntax_help for a new diagram); write_diagram with the whole text; read the problems in its answer;',
        'fix them and write again with the version it answered (baseVersion) until there are none; then show_diagram.',
      ].join(' '),
    },
  );
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  const path = z
    .string()
    .min(1)
    .max(MAX_PATH_BYTES)
    .describe('A .diagram file: relative to the workspace folder (e.g. "docs/checkout.diagram") or absolute inside a workspace folder.');

  server.registerTool(
    'read_diagram',
    {
      title: 'Read a diagram in the editor',
      description:
        'Reads a .diagram file as the user sees it in VS Code, unsaved edits included: its text, its version (pass it as baseVersion to write_diagram), the ids of its elements and every problem (line, column, message, suggested fixes). Without path, reads the diagram of the active editor.',
      inputSchema: z.object({ path: path.optional() }),
      outputSchema: z.object({ ...stateShape, text: z.string().describe('The whole text, as the editor holds it.') }),
      annotations: readOnly,
    },
    async ({ path }) => toResult(await tools.read(path === undefined ? {} : { path })),
  );

  server.registerTool(
    'write_diagram',
    {
      title: 'Write a diagram in the editor',
      description:
        'Creates a .diagram file in the workspace, or replaces the whole text of one, through the editor: the user sees the change at once in the editor, the Problems panel and the preview, and undoes it in one step. Answers with the new version and every problem of the new text (line, column, message, suggested fixes): fix them and write again with baseVersion set to that version. To replace an existing file, pass the version you last read or wrote as baseVersion; if the file changed since (the user typed in it), nothing is written and the answer holds its current text to make your change to. Only .diagram files inside the workspace folders. Chats that show MCP Apps also show the user the drawing of the version written, live (pan, zoom, click).',
      inputSchema: z.object({
        path,
        text: z.string().describe(`The complete .diagram text (not a diff), at most ${Math.floor(maxTextBytes / 1024)} KB.`),
        baseVersion: z.number().int().min(0).optional().describe('The version of the file your text is based on (from read_diagram or the last write_diagram). Omit it only to create a new file.'),
      }),
      outputSchema: z.object({
        ...stateShape,
        created: z.boolean().describe('True when the file was created by this call.'),
        saved: z.boolean().describe('True when the file on disk holds the new text; false when the editor had unsaved changes of the user, which stay unsaved.'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      _meta: appToolMeta(DIAGRAM_APP_URI),
    },
    async (input) => toResult(await tools.write(input)),
  );

  server.registerTool(
    'show_diagram',
    {
      title: 'Show a diagram',
      description:
        "Opens the live preview of a .diagram file beside its editor, so the user sees the drawing; with select, selects that element (by id) in the editor and centres the preview on it. Call it when the diagram has no errors, or to point the user at a part of it. Chats that show MCP Apps also show the drawing in the conversation.",
      inputSchema: z.object({
        path,
        select: z.string().min(1).max(200).optional().describe('The id of an element to select and centre, e.g. "api".'),
      }),
      annotations: readOnly,
      _meta: appToolMeta(DIAGRAM_APP_URI),
    },
    async (input) => toResult(await tools.show(input)),
  );

  registerDiagramApp(server, {
    locale,
    logger: options.logger ?? silentLogger,
    appHtml: options.appHtml ?? loadDiagramApp,
    shows: 'write_diagram and show_diagram',
    era: options.era ?? 'legacy',
  });

  return server;
}

const stateShape = {
  path: z.string().describe('The file as you should name it (relative to the workspace folder when inside the first one).'),
  uri: z.string().optional().describe('Its file: URI (absent for an untitled document).'),
  version: z.number().int().describe('The editor version of the document; pass it as baseVersion to replace the text.'),
  dirty: z.boolean().describe('The editor holds changes that are not saved.'),
  elements: z.array(z.object({ id: z.string(), kind: z.enum(['node', 'group']), label: z.string() })).describe('Every node and group, in declaration order.'),
  connections: z.number().int().describe('Connections after chains and lists are expanded.'),
  errors: z.number().int(),
  warnings: z.number().int(),
  diagnostics: z
    .array(
      z.object({
        severity: z.enum(['error', 'warning']),
        code: z.string(),
        line: z.number().int(),
        column: z.number().int(),
        endLine: z.number().int(),
        endColumn: z.number().int(),
        message: z.string(),
        suggestions: z.array(z.string()),
      }),
    )
    .describe('Every problem, in source order.'),
};

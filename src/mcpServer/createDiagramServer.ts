import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { syntaxHelp } from '../core/language';
import type { IconCatalog } from '../core/icons';
import type { Locale } from '../core/model';
import type { LayoutFunction, RasterizeFunction } from '../node/diagramPipeline';
import { getIconCatalog } from '../node/iconStore';
import type { AnalyzeFunction } from '../node/analysisWorkerClient';
import { AllowedRoots, type RootsInput } from './allowedRoots';
import { appToolMeta, DIAGRAM_APP_URI, loadDiagramApp } from './diagramApp';
import type { ProtocolEraName } from './eras';
import { resourceNotFound } from './resourceNotFound';
import { silentLogger, type ServerLogger } from './logger';
import { serverMessages } from './serverMessages';
import { MAX_PATH_BYTES } from './pathSafety';
import { listExamples, locateExamplesDir, readExample, readIconSvg } from './resources';
import { registerDiagramApp } from './registerDiagramApp';
import { FairQueue } from './fairQueue';
import { SerialQueue } from './serialQueue';
import { toCallToolResult } from './toolResult';
import { checkDiagram, checkDiagramWith } from './tools/checkDiagram';
import { DEFAULT_MAX_TEXT_BYTES } from './tools/outcome';
import { renderDiagram } from './tools/renderDiagram';
import { DEFAULT_ICON_LIMIT, MAX_ICON_LIMIT, searchIcons } from './tools/searchIcons';
import { syntaxHelpTool } from './tools/syntaxHelp';

export const SERVER_NAME = 'archflow';
export const SERVER_VERSION = '0.1.0';

export interface DiagramServerOptions {
  /** Language of diagnostics, summaries, the cheat sheet and the prompt. Default `en`. */
  locale?: Locale;
  /**
   * Where `render_diagram` may write when the client announces no MCP roots: a list, or a
   * function asked on every render (the extension's workspace folders). Default: the
   * process's working directory.
   */
  roots?: RootsInput;
  /** Always allowed in addition to the client's roots or `roots` (`archflow-mcp --root`). */
  extraRoots?: readonly string[];
  /** Ask a client that offers MCP `roots` for them (re-read on `roots/list_changed`). Default true. */
  useClientRoots?: boolean;
  /** The client's roots only narrow `roots` and `extraRoots` (HTTP: the client is whoever reaches the port). */
  clientRootsOnlyNarrow?: boolean;
  /** Largest diagram text accepted, in UTF-8 bytes. Default 1 MiB. */
  maxTextBytes?: number;
  logger?: ServerLogger;
  /** The icon catalog; default the process-wide one built from `dist/icons`. */
  catalog?: () => Promise<IconCatalog>;
  /** The bundled examples; default found next to the package (see locateExamplesDir). */
  examplesDir?: string;
  /** How diagrams are laid out; default in-thread (`archflow-mcp` passes a worker's). */
  layout?: LayoutFunction;
  /** How `check_diagram` parses; default in-thread with `catalog` (`archflow-mcp` passes a worker's, which reads the bundled catalog). */
  analyze?: AnalyzeFunction;
  /** How previews are rasterised; default in-thread (`archflow-mcp` passes a worker's). */
  rasterize?: RasterizeFunction;
  /**
   * Renders of every server given the same queue wait for each other: a SerialQueue runs them
   * one at a time; a FairQueue (HTTP sessions share one) gives each server its own lane, so
   * sessions take turns and may run side by side. Default: a queue of this server's own.
   */
  renderQueue?: SerialQueue | FairQueue;
  /** The diagram view's HTML; default the one `npm run build` writes (see locateDiagramApp). */
  appHtml?: () => Promise<string>;
  /**
   * The protocol era this instance serves (the v2 SDK's serving entries say which). Default
   * `legacy`: the 2025 handshake, client roots and the app-only tool for clients that show apps.
   * `modern` (2026-07-28): no server-to-client requests, so no client roots; the app-only tool
   * always listed; 2026 error codes; cache hints on list results.
   */
  era?: ProtocolEraName;
}

/**
 * The ArchFlow diagram MCP server: tools `syntax_help`, `check_diagram`, `search_icons`,
 * `render_diagram`; resources `archflow://syntax`, `archflow://examples/{name}`,
 * `archflow://icons/{prefix}/{name}`; prompt `draw_architecture`. It is also an MCP Apps
 * server: `render_diagram` points to the view `ui://archflow/diagram` and its results
 * carry the drawn scene in `_meta` for it; the app-only tool `select_diagram_element` (the
 * view's clicks) is listed to 2025-era clients that announce MCP Apps and to every
 * 2026-07-28 client (see `era`). Built on the v2 SDK: serve it with `serveStdio` or
 * `createMcpHandler` (both eras, one instance per connection or request), or `connect()` it
 * to any transport for the 2025 era. One server serves one client; make one per session. Inputs are validated by zod schemas before any work;
 * tool failures come back as results with `isError: true`, never as protocol errors.
 * Nothing is written anywhere but the checked `render_diagram` output, and nothing is
 * printed: logs go to `logger`.
 */
export function createDiagramServer(options: DiagramServerOptions = {}): McpServer {
  const locale = options.locale ?? 'en';
  const messages = serverMessages(locale);
  const logger = options.logger ?? silentLogger;
  const maxTextBytes = options.maxTextBytes ?? DEFAULT_MAX_TEXT_BYTES;
  const loadCatalog = options.catalog ?? getIconCatalog;
  const examplesDir = options.examplesDir ?? locateExamplesDir();
  const queue = options.renderQueue instanceof FairQueue ? options.renderQueue.lane() : (options.renderQueue ?? new SerialQueue());
  const appHtml = options.appHtml ?? loadDiagramApp;
  const era = options.era ?? 'legacy';

  const server = new McpServer(
    { name: SERVER_NAME, title: 'ArchFlow diagrams', version: SERVER_VERSION },
    {
      instructions: [
        'ArchFlow draws architecture diagrams from a small text language (.diagram).',
        'Workflow: call syntax_help once; write the diagram text; call check_diagram and fix every error it reports;',
        'use search_icons to find real icon ids (never guess them); then render_diagram to write an .svg file',
        '(preview: true returns a PNG so you can look at the drawing and improve it).',
      ].join(' '),
      cacheHints: LIST_CACHE_HINTS,
    },
  );
  server.server.onerror = (err) => logger.warn(`protocol: ${err.message}`);
  const roots = new AllowedRoots(server.server, {
    fallback: options.roots ?? [process.cwd()],
    extra: options.extraRoots ?? [],
    // The 2026-07-28 era has no server-to-client requests (roots are deprecated there).
    useClientRoots: era === 'legacy' && (options.useClientRoots ?? true),
    clientRootsOnlyNarrow: options.clientRootsOnlyNarrow ?? false,
    logger,
  });

  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

  server.registerTool(
    'syntax_help',
    {
      title: 'ArchFlow syntax help',
      description:
        'Returns the cheat sheet of the ArchFlow .diagram language (Markdown): statements, shapes, attributes, arrows, animations and a complete example. Call it once before writing your first diagram.',
      annotations: readOnly,
    },
    async () => toCallToolResult(syntaxHelpTool(locale, (await optionalCatalog())?.sets())),
  );

  server.registerTool(
    'check_diagram',
    {
      title: 'Check an ArchFlow diagram',
      description:
        'Checks .diagram text without drawing it. Returns every problem as `diagrama:LINE:COL: error|warning: message`, each followed by suggested fixes, and the number of elements and connections; structuredContent holds the same data. isError is true when there is at least one error. Use it after every edit until it reports no errors, before render_diagram.',
      inputSchema: z.object({ text: diagramText(maxTextBytes) }),
      outputSchema: checkOutputShape,
      annotations: readOnly,
    },
    async ({ text }) => toCallToolResult(options.analyze ? await checkOffThread(options.analyze, text) : checkDiagram({ text }, { locale, maxTextBytes, catalog: await optionalCatalog() })),
  );

  server.registerTool(
    'search_icons',
    {
      title: 'Search ArchFlow icons',
      description:
        'Finds icon ids for a word or product name (e.g. "kafka", "postgres", "aws lambda", "user") in the bundled offline icon sets (logos, simple-icons, mdi, lucide, tabler, ph, Font Awesome). Returns the best matches first, one `prefix:name (Set name)` per line, then a line saying how many names and icons were searched; exact and prefix matches rank above fuzzy ones. Use the returned id in `icon=prefix:name` or `id = icon prefix:name`; never invent icon ids.',
      inputSchema: z.object({
        query: z.string().min(1).max(200).describe('What the icon should show: a product, technology or concept, e.g. "kafka", "database", "aws s3". A `prefix:name` id also works.'),
        limit: z.number().int().min(1).max(MAX_ICON_LIMIT).optional().describe(`How many matches to return, 1-${MAX_ICON_LIMIT} (default ${DEFAULT_ICON_LIMIT}).`),
        prefix: z
          .string()
          .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
          .optional()
          .describe('Search only this icon set, by its Iconify prefix, e.g. "logos" (brand logos in colour), "mdi", "lucide", "simple-icons".'),
      }),
      outputSchema: searchOutputShape,
      annotations: readOnly,
    },
    async (input) => toCallToolResult(searchIcons(input, { locale, catalog: await loadCatalog() })),
  );

  server.registerTool(
    'render_diagram',
    {
      title: 'Render an ArchFlow diagram to SVG',
      description:
        'Draws .diagram text (or the .diagram file at path) and writes it as a standalone animated SVG file. Answers with a one-line summary (elements, connections, file size, path), never the SVG itself; with preview: true it also returns a PNG of the drawing so you can see it and improve the layout. On errors nothing is written and isError is true with every problem and its line. Writes only .svg files inside the allowed roots (the workspace); the error message names them. Chats that show MCP Apps also show the result as a live diagram the user can pan, zoom and click.',
      inputSchema: z.object({
        text: diagramText(maxTextBytes).optional(),
        path: z
          .string()
          .min(1)
          .max(MAX_PATH_BYTES)
          .optional()
          .describe(
            'Instead of text: a .diagram file inside the allowed roots (relative to the workspace root or absolute inside it) to read and draw; its layout file beside it (NAME.diagram.layout.json) keeps the positions the user chose. Give text or path, not both.',
          ),
        output: z
          .string()
          .min(1)
          .max(MAX_PATH_BYTES)
          .describe('Where to write the SVG: a path ending in .svg, relative to the workspace root (e.g. "docs/architecture.svg") or absolute inside it. Missing folders are created.'),
        preview: z.boolean().optional().describe('Also return a PNG image of the drawing (at most 1600 px wide) to look at. Default false.'),
        theme: z.enum(['light', 'dark']).optional().describe("Colour palette; default: the diagram's own `theme` statement, light when it is auto."),
        background: z.string().min(1).max(64).optional().describe('Canvas colour: a CSS colour such as "#ffffff" or "white", or "transparent". Default: the palette\'s canvas.'),
        layout: z
          .string()
          .max(maxTextBytes * 4)
          .optional()
          .describe(
            "The content of the diagram's layout file (NAME.diagram.layout.json, beside the .diagram) when it has one: its boxes keep their positions and new elements are placed beside them. Pass it unchanged; leave it out for a fresh layout (with path, the file beside it is read for you).",
          ),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      _meta: appToolMeta(DIAGRAM_APP_URI),
    },
    async (input, ctx) =>
      toCallToolResult(
        await renderDiagram(input, {
          signal: ctx.mcpReq.signal,
          locale,
          catalog: await loadCatalog(),
          roots: () => roots.current(),
          maxTextBytes,
          queue,
          layout: options.layout,
          rasterize: options.rasterize,
        }),
      ),
  );

  registerDiagramApp(server, { locale, logger, appHtml, shows: 'render_diagram', era });

  server.registerResource(
    'syntax',
    'archflow://syntax',
    { title: 'ArchFlow syntax', description: 'Cheat sheet of the .diagram language, with a complete example.', mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: syntaxHelp(locale, (await optionalCatalog())?.sets()) }] }),
  );

  server.registerResource(
    'examples',
    new ResourceTemplate('archflow://examples/{name}', {
      list: async () => ({
        resources: (await listExamples(examplesDir)).map((name) => ({
          uri: `archflow://examples/${name}`,
          name,
          title: `Example: ${name}`,
          mimeType: 'text/plain',
        })),
      }),
      complete: { name: async (value) => (await listExamples(examplesDir)).filter((n) => n.startsWith(value)) },
    }),
    { title: 'ArchFlow examples', description: 'The bundled example diagrams (.diagram source text).', mimeType: 'text/plain' },
    async (uri, { name }) => {
      const text = await readExample(examplesDir, String(name));
      if (text === undefined) throw resourceNotFound(era, uri.href, `No example named '${String(name)}'`);
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text }] };
    },
  );

  server.registerResource(
    'icon',
    new ResourceTemplate('archflow://icons/{prefix}/{name}', {
      // Tens of thousands of icons: listing them would help no one; completion does.
      list: undefined,
      complete: {
        prefix: async (value) => (await loadCatalog()).sets().map((s) => s.prefix).filter((p) => p.startsWith(value)),
        name: async (value, context) => {
          const prefix = context?.arguments?.prefix || undefined;
          if (!value) return [];
          const names = (await loadCatalog()).search(value, { limit: 20, prefix }).map((m) => m.name);
          return [...new Set(names)];
        },
      },
    }),
    { title: 'ArchFlow icon', description: 'One icon of the bundled sets as an SVG image, e.g. archflow://icons/logos/kafka.', mimeType: 'image/svg+xml' },
    async (uri, { prefix, name }) => {
      const svg = await readIconSvg(await loadCatalog(), String(prefix), String(name));
      if (svg === undefined) throw resourceNotFound(era, uri.href, `No icon ${String(prefix)}:${String(name)}`);
      return { contents: [{ uri: uri.href, mimeType: 'image/svg+xml', text: svg }] };
    },
  );

  server.registerPrompt(
    'draw_architecture',
    {
      title: 'Draw the architecture',
      description: 'Asks the model to read the workspace and draw its architecture as a .diagram, checking and rendering it with the ArchFlow tools.',
      argsSchema: z.object({ focus: z.string().max(500).optional().describe('What to concentrate on, e.g. "the payment flow" or "deployment on AWS". Default: the whole system.') }),
    },
    ({ focus }) => ({
      description: 'Draw the architecture of this workspace with ArchFlow',
      messages: [{ role: 'user', content: { type: 'text', text: messages.drawArchitecture(focus?.trim() || undefined) } }],
    }),
  );

  return server;

  async function checkOffThread(analyze: AnalyzeFunction, text: string) {
    return checkDiagramWith(
      async (t) => {
        const analysis = await analyze(t);
        if (analysis.catalogError !== undefined) logger.warn(`icon catalog unavailable, icons are not checked: ${analysis.catalogError}`);
        return analysis;
      },
      { text },
      { locale, maxTextBytes },
    );
  }

  async function optionalCatalog(): Promise<IconCatalog | undefined> {
    try {
      return await loadCatalog();
    } catch (err) {
      // Checking and the cheat sheet work without icons: only unknown-icon warnings and the icon sets are lost.
      logger.warn(`icon catalog unavailable, icons are not checked or listed: ${(err as Error).message}`);
      return undefined;
    }
  }
}

function diagramText(maxTextBytes: number) {
  return z
    .string()
    .describe(`The complete .diagram source text (not a file path), at most ${Math.floor(maxTextBytes / 1024)} KB. Call syntax_help for the language.`);
}

const diagnosticShape = z.object({
  severity: z.enum(['error', 'warning']).describe('error: nothing is drawn until fixed; warning: drawn, but probably not what was meant.'),
  code: z.string().describe('Stable diagnostic code, e.g. "unknown-shape".'),
  line: z.number().int().describe('1-based line of the start.'),
  column: z.number().int().describe('1-based column of the start (UTF-16 units).'),
  endLine: z.number().int().describe('1-based line of the end.'),
  endColumn: z.number().int().describe('1-based column just past the end.'),
  message: z.string().describe('What is wrong, in the server locale.'),
  suggestions: z.array(z.string()).describe('Replacement texts for the range that fix it, best first.'),
});

const checkOutputShape = z.object({
  valid: z.boolean().describe('True when there is no error (warnings allowed).'),
  elements: z.number().int().describe('Nodes and groups, implicit nodes included.'),
  connections: z.number().int().describe('Connections after chains and lists are expanded.'),
  errors: z.number().int().describe('Number of errors.'),
  warnings: z.number().int().describe('Number of warnings.'),
  diagnostics: z.array(diagnosticShape).describe('Every problem, in source order.'),
});

const searchOutputShape = z.object({
  query: z.string().describe('The query as searched (trimmed).'),
  matches: z
    .array(
      z.object({
        id: z.string().describe('Icon id to use in a diagram: prefix:name.'),
        prefix: z.string().describe('Icon set prefix.'),
        name: z.string().describe('Icon name within the set.'),
        set: z.string().describe('Human name of the icon set.'),
      }),
    )
    .describe('Best first.'),
  searched: z
    .object({
      sets: z.number().int().describe('Icon sets searched.'),
      icons: z.number().int().describe('Icons in them (deprecated ones left out).'),
      names: z.number().int().describe('Names that find those icons, aliases included.'),
    })
    .describe('What was searched, counted as `archflow icons sets` counts.'),
});

/**
 * How long a 2026-07-28 client may keep our lists: they change only with a new server version,
 * and they are the same for every client (`public`). The 2025 era's results carry no cache fields.
 */
const LIST_CACHE_HINTS = {
  'tools/list': { ttlMs: 3_600_000, cacheScope: 'public' },
  'prompts/list': { ttlMs: 3_600_000, cacheScope: 'public' },
  'resources/templates/list': { ttlMs: 3_600_000, cacheScope: 'public' },
} as const;

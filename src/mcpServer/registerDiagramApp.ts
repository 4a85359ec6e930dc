import { registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import { ProtocolError, ProtocolErrorCode, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SELECT_ELEMENT_TOOL } from '../protocol/mcpAppMessages';
import type { Locale } from '../core/model';
import { clientShowsApps, DIAGRAM_APP_MIME_TYPE, DIAGRAM_APP_URI, locateDiagramApp } from './diagramApp';
import type { ProtocolEraName } from './eras';
import type { ServerLogger } from './logger';
import { serverMessages } from './serverMessages';
import { MAX_PATH_BYTES } from './pathSafety';
import { toCallToolResult } from './toolResult';
import { selectElement } from './tools/selectElement';

export interface DiagramAppOptions {
  locale: Locale;
  logger: ServerLogger;
  /** The view's HTML (see loadDiagramApp). */
  appHtml: () => Promise<string>;
  /** What the view is said to show, in the resource's description (whose results it draws). */
  shows: string;
  /** The protocol era the server instance serves (see {@link registerDiagramApp}). */
  era: ProtocolEraName;
}

const selectionShape = z.object({
  kind: z.enum(['node', 'group', 'connection']),
  id: z.string(),
  label: z.string().describe('Flattened to one line and shortened.'),
  line: z.number().int().optional(),
  diagram: z.string().optional(),
  output: z.string().optional(),
  file: z.string().optional(),
});

/**
 * Makes `server` serve the ArchFlow diagram view (an MCP App): the resource
 * `ui://archflow/diagram` and the app-only tool `select_diagram_element` its clicks call. The
 * diagram server and the editor server both serve it, so a drawing in either's tool card
 * behaves the same. In the 2025 era the tool is offered only to clients that announce MCP
 * Apps, decided when the client has initialized (this takes `server.server.oninitialized`);
 * the 2026-07-28 era has no `initialize` and its `tools/list` must not vary per client, so
 * there it is always listed, marked app-only (`visibility: ['app']`) for hosts to keep from
 * the model. A missing view is a protocol error naming the file to build, logged as a warning.
 */
export function registerDiagramApp(server: McpServer, options: DiagramAppOptions): void {
  const { locale, logger, appHtml } = options;
  const select = registerAppTool(
    server,
    SELECT_ELEMENT_TOOL,
    {
      title: 'Select an element of the diagram view',
      description:
        'Called by the ArchFlow diagram view (not by the model) when the user clicks an element: answers with the sentence that tells the model which element the user means.',
      inputSchema: z.object({
        kind: z.enum(['node', 'group', 'connection']).describe('What was clicked.'),
        id: z.string().min(1).max(1024).describe('The element id in the diagram text; for a connection "source -> target".'),
        label: z.string().max(4096).describe('The text the drawing shows for it (may be empty).'),
        line: z.number().int().min(0).optional().describe('1-based line of its declaration; 0 for implicit nodes.'),
        diagram: z.string().max(4096).optional().describe("The diagram's title."),
        output: z.string().max(MAX_PATH_BYTES).optional().describe('Where the diagram was written, as the render summary showed it.'),
        file: z.string().max(MAX_PATH_BYTES).optional().describe('The .diagram file it was drawn from, as the editor tools named it.'),
      }),
      outputSchema: selectionShape,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      // registerAppTool adds the flat `ui/resourceUri` older hosts read.
      _meta: { ui: { resourceUri: DIAGRAM_APP_URI, visibility: ['app'] } },
    },
    (input) => {
      logger.info(`the view selected ${input.kind} ${input.id}`);
      return toCallToolResult(selectElement(input, { locale }));
    },
  );
  if (options.era === 'legacy') {
    // Offered only to clients that show apps: any other client would list it to its model as
    // one more tool it cannot use. Decided before the client's first tools/list (the
    // initialized notification precedes it), so no list_changed is needed.
    select.enabled = false;
    server.server.oninitialized = () => {
      select.enabled = clientShowsApps(server.server.getClientCapabilities());
    };
  }

  registerAppResource(
    server,
    'ArchFlow diagram',
    DIAGRAM_APP_URI,
    {
      title: 'ArchFlow diagram view',
      description: `The live diagram that ${options.shows} results are shown in (an MCP App): pan, zoom, animated connections, click to tell the model.`,
      _meta: { ui: { prefersBorder: true } },
    },
    async (uri) => {
      let text: string;
      try {
        text = await appHtml();
      } catch (err) {
        logger.warn(`diagram view unavailable: ${(err as Error).message}`);
        throw new ProtocolError(ProtocolErrorCode.InternalError, serverMessages(locale).diagramAppMissing(locateDiagramApp()), { uri: uri.href });
      }
      return { contents: [{ uri: uri.href, mimeType: DIAGRAM_APP_MIME_TYPE, text, _meta: { ui: { prefersBorder: true } } }] };
    },
  );
}

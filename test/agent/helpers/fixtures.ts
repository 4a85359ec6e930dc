// Small real MCP servers for the agent tests, connected with the SDK's own Client over
// InMemoryTransport, and a ToolProvider over them.
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type GetPromptResult,
  type ReadResourceResult,
  type Tool,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import type { QualifiedTool, ToolCallOptions, ToolProvider } from '../../../src/mcpClient/types';
import type { ContextSource } from '../../../src/agent';

export interface FixtureTool {
  name: string;
  description?: string;
  inputSchema?: Tool['inputSchema'];
  annotations?: ToolAnnotations;
  handler: (args: Record<string, unknown>, extra: { signal: AbortSignal; progress: (p: number, total?: number) => Promise<void> }) => Promise<CallToolResult> | CallToolResult;
}

export interface FixtureServerSpec {
  name: string;
  trusted?: boolean;
  tools: FixtureTool[];
  prompts?: Record<string, (args: Record<string, string>) => GetPromptResult>;
  resources?: Record<string, ReadResourceResult>;
}

const OBJECT_SCHEMA = { type: 'object' as const, properties: {} };

/** A low-level MCP server with exactly the tools given (schemas passed through untouched). */
export function fixtureServer(spec: FixtureServerSpec): Server {
  const server = new Server({ name: spec.name, version: '1.0.0' }, { capabilities: { tools: {}, prompts: {}, resources: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: spec.tools.map((t) => ({
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
      inputSchema: t.inputSchema ?? OBJECT_SCHEMA,
      ...(t.annotations ? { annotations: t.annotations } : {}),
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = spec.tools.find((t) => t.name === request.params.name);
    if (!tool) return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true };
    const token = request.params._meta?.progressToken;
    const progress = async (p: number, total?: number) => {
      if (token === undefined) return;
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: p, ...(total !== undefined ? { total } : {}) } });
    };
    return tool.handler(request.params.arguments ?? {}, { signal: extra.signal, progress });
  });
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts: Object.keys(spec.prompts ?? {}).map((name) => ({ name })) }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const make = spec.prompts?.[request.params.name];
    if (!make) throw new Error(`no prompt ${request.params.name}`);
    return make((request.params.arguments ?? {}) as Record<string, string>);
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: Object.keys(spec.resources ?? {}).map((uri) => ({ uri, name: uri })) }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const r = spec.resources?.[request.params.uri];
    if (!r) throw new Error(`no resource ${request.params.uri}`);
    return r;
  });
  return server;
}

interface Connection {
  name: string;
  trusted: boolean;
  client: Client;
  server: Server;
  down: boolean;
}

/** A record of one call the provider forwarded. */
export interface ForwardedCall {
  qualifiedName: string;
  args: Record<string, unknown>;
}

function qualify(server: string, tool: string): string {
  return `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

/**
 * A ToolProvider over real MCP servers (the test's stand-in for the client manager):
 * `server__tool` names, fingerprints of name+description+schema, MCP cancellation through
 * the SDK's `signal`, and servers that can be taken down.
 */
export class TestToolProvider implements ToolProvider, ContextSource {
  readonly calls: ForwardedCall[] = [];
  private readonly connections: Connection[] = [];
  private byName = new Map<string, { conn: Connection; tool: string }>();

  static async connect(specs: FixtureServerSpec[]): Promise<TestToolProvider> {
    const p = new TestToolProvider();
    for (const spec of specs) {
      const server = fixtureServer(spec);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: 'archflow-test', version: '1.0.0' });
      await server.connect(serverSide);
      await client.connect(clientSide);
      p.connections.push({ name: spec.name, trusted: spec.trusted ?? false, client, server, down: false });
    }
    return p;
  }

  async listTools(): Promise<QualifiedTool[]> {
    const out: QualifiedTool[] = [];
    this.byName.clear();
    for (const conn of this.connections) {
      if (conn.down) continue;
      const { tools } = await conn.client.listTools();
      for (const tool of tools) {
        const qualifiedName = qualify(conn.name, tool.name);
        const fingerprint = createHash('sha256').update(JSON.stringify([tool.name, tool.description ?? '', tool.inputSchema])).digest('hex');
        out.push({ qualifiedName, server: conn.name, tool, fingerprint, trusted: conn.trusted });
        this.byName.set(qualifiedName, { conn, tool: tool.name });
      }
    }
    return out;
  }

  async callTool(qualifiedName: string, args: Record<string, unknown>, options: ToolCallOptions = {}): Promise<CallToolResult> {
    this.calls.push({ qualifiedName, args });
    const entry = this.byName.get(qualifiedName);
    if (!entry) throw new Error(`no tool ${qualifiedName}`);
    if (entry.conn.down) throw new Error(`server "${entry.conn.name}" is not connected (it stopped)`);
    return (await entry.conn.client.callTool({ name: entry.tool, arguments: args }, CallToolResultSchema, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      ...(options.onProgress ? { onprogress: (p) => options.onProgress!({ progress: p.progress, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message ? { message: p.message } : {}) }) } : {}),
    })) as CallToolResult;
  }

  async getPrompt(server: string, name: string, args: Record<string, string> = {}): Promise<GetPromptResult> {
    return this.conn(server).client.getPrompt({ name, arguments: args });
  }

  async readResource(server: string, uri: string): Promise<ReadResourceResult> {
    return this.conn(server).client.readResource({ uri });
  }

  /** Stops a server: its transport closes and calls to it fail at once. */
  async takeDown(server: string): Promise<void> {
    const conn = this.conn(server);
    conn.down = true;
    await conn.client.close();
  }

  async close(): Promise<void> {
    for (const c of this.connections) {
      await c.client.close().catch(() => {});
      await c.server.close().catch(() => {});
    }
  }

  private conn(name: string): Connection {
    const c = this.connections.find((x) => x.name === name);
    if (!c) throw new Error(`no server ${name}`);
    return c;
  }
}

/** A 1x1 PNG, base64. */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The tools most scenarios use. */
export function standardServers(log: { cancelled: string[]; started: string[] } = { cancelled: [], started: [] }): FixtureServerSpec[] {
  return [
    {
      name: 'util',
      trusted: false,
      tools: [
        {
          name: 'echo',
          description: 'Echoes its text.',
          inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          handler: (a) => ({ content: [{ type: 'text', text: `echo: ${String(a.text)}` }] }),
        },
        {
          name: 'fail',
          description: 'Always fails.',
          inputSchema: { type: 'object', properties: {} },
          handler: () => ({ content: [{ type: 'text', text: 'disk is full' }], isError: true }),
        },
        {
          name: 'throws',
          description: 'Throws inside the handler.',
          handler: () => {
            throw new Error('handler exploded');
          },
        },
        {
          name: 'slow',
          description: 'Waits until cancelled (or 30 s).',
          inputSchema: { type: 'object', properties: { label: { type: 'string' } } },
          handler: async (a, extra) => {
            log.started.push(String(a.label ?? ''));
            await extra.progress(1, 10);
            await new Promise<void>((resolve) => {
              const onAbort = () => {
                clearTimeout(t);
                log.cancelled.push(String(a.label ?? ''));
                resolve();
              };
              const t = setTimeout(resolve, 30_000);
              // The cancellation may already have arrived while the progress was being sent.
              if (extra.signal.aborted) onAbort();
              else extra.signal.addEventListener('abort', onAbort);
            });
            return { content: [{ type: 'text', text: 'slow finished' }] };
          },
        },
        {
          name: 'picture',
          description: 'Returns an image, an SVG and audio.',
          handler: () => ({
            content: [
              { type: 'text', text: 'here is the preview' },
              { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
              { type: 'image', data: Buffer.from('<svg/>').toString('base64'), mimeType: 'image/svg+xml' },
              { type: 'audio', data: Buffer.from('RIFF').toString('base64'), mimeType: 'audio/wav' },
            ],
          }),
        },
        {
          name: 'huge',
          description: 'Returns 5 MB of text.',
          handler: () => ({ content: [{ type: 'text', text: `HEAD-MARK ${'x'.repeat(5 * 1024 * 1024)} TAIL-MARK` }] }),
        },
        {
          name: 'shape',
          description: 'Takes a circle or a square.',
          inputSchema: {
            type: 'object',
            oneOf: [
              { title: 'circle', properties: { radius: { type: 'number' } }, required: ['radius'] },
              { title: 'square', properties: { side: { type: 'number' } }, required: ['side'] },
            ],
          } as Tool['inputSchema'],
          handler: (a) => ({ content: [{ type: 'text', text: `shape ${JSON.stringify(a)}` }] }),
        },
      ],
    },
  ];
}

// What a 2025-era client (the v1 SDK Client 1.32.2) sees of both built-in servers: the lists
// and a few call results, normalised only where they hold a per-run path. The eras test
// compares it to test/mcpServer/eras/legacySnapshot.json, written from the v1 servers before the
// move to the v2 SDK (regenerate: `node --import tsx test/mcpServer/eras/snapshot.ts > test/mcpServer/eras/legacySnapshot.json`).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createEditorServer } from '../../../src/editorTools';
import { createDiagramServer } from '../../../src/mcpServer';
import { MemoryWorkspace } from '../../editorTools/memoryWorkspace';

export const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
export const GOOD = 'diagram "Eras"\nweb = rectangle "Web"\napi = rectangle "API"\nweb -> api "HTTPS"\n';
export const BAD = 'diagram "Eras"\nweb = rectangel "Web"\n';

interface Connectable {
  connect(transport: never): Promise<void>;
  close(): Promise<void>;
}

/** Lists everything and calls the read-only tools through `client`. */
export async function legacyView(client: Client) {
  return {
    instructions: client.getInstructions(),
    serverVersion: client.getServerVersion(),
    capabilities: client.getServerCapabilities(),
    tools: (await client.listTools()).tools,
    prompts: (await client.listPrompts()).prompts,
    templates: (await client.listResourceTemplates()).resourceTemplates,
    calls: {
      checkGood: await client.callTool({ name: 'check_diagram', arguments: { text: GOOD } }),
      checkBad: await client.callTool({ name: 'check_diagram', arguments: { text: BAD } }),
      wrongArgs: await client.callTool({ name: 'check_diagram', arguments: { text: 3 } }),
      search: await client.callTool({ name: 'search_icons', arguments: { query: 'kafka', limit: 3 } }),
    },
  };
}

async function viaInMemory(server: Connectable, capabilities: object, run: (c: Client) => Promise<unknown>) {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b as never);
  const client = new Client({ name: 'snapshot', version: '1.0.0' }, { capabilities });
  await client.connect(a);
  try {
    return await run(client);
  } finally {
    await client.close();
    await server.close();
  }
}

/** The snapshot of today's servers, as the v1 client sees them in process. */
export async function snapshot() {
  const editorTools = async (c: Client) => ({ tools: (await c.listTools()).tools, instructions: c.getInstructions() });
  return {
    diagram: await viaInMemory(createDiagramServer({ roots: [process.cwd()] }), {}, legacyView),
    diagramWithApps: await viaInMemory(createDiagramServer({ roots: [process.cwd()] }), APPS, async (c) => (await c.listTools()).tools),
    editor: await viaInMemory(createEditorServer({ workspace: new MemoryWorkspace([process.cwd()]) }), {}, editorTools),
    editorWithApps: await viaInMemory(createEditorServer({ workspace: new MemoryWorkspace([process.cwd()]) }), APPS, editorTools),
  };
}

if (process.argv[1]?.endsWith('snapshot.ts')) {
  snapshot().then((s) => process.stdout.write(JSON.stringify(s, null, 2) + '\n'));
}

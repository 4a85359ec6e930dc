/**
 * The MCP client manager's cost against the bare SDK `Client` it is built on, in the same run:
 * connect + discovery (tools, resources, templates, prompts) of server-everything over stdio
 * and over Streamable HTTP, and a tool call round trip (`echo`) on an open connection. The
 * manager adds name mapping, fingerprints, timeouts and error translation; the target for a
 * call is within 1.2x of the bare client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpClientManager } from '../src/mcpClient';
import { freePort } from '../test/mcpClient/helpers';
import { median, type BenchRow } from './measure';

const everything = join(__dirname, '..', 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const CONNECT_RUNS = 7;
const CALL_WARMUP = 50;
const CALL_RUNS = 400;

function row(name: string, ours: number[], baseline: number[]): BenchRow {
  const medianMs = median(ours);
  const baselineMs = median(baseline);
  return { name, medianMs, baselineMs, ratio: medianMs / baselineMs };
}

/** Runs `a` and `b` alternately so both see the same machine load; returns their samples. */
async function interleaved(runs: number, a: () => Promise<number>, b: () => Promise<number>): Promise<[number[], number[]]> {
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2) {
      sb.push(await b());
      sa.push(await a());
    } else {
      sa.push(await a());
      sb.push(await b());
    }
  }
  return [sa, sb];
}

function managerFor(server: Record<string, unknown>): McpClientManager {
  return new McpClientManager({ sources: [{ kind: 'object', label: 'bench', config: { servers: { everything: server } } }], shell: false });
}

const stdioConfig = { type: 'stdio', command: process.execPath, args: [everything, 'stdio'] };

/** What the manager does on connect, done by hand with the bare SDK client. */
async function bareConnectAndList(transport: Transport): Promise<{ client: Client; ms: number }> {
  const t0 = performance.now();
  const client = new Client({ name: 'bench', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
  await client.connect(transport);
  await Promise.all([client.listTools(), client.listResources(), client.listResourceTemplates(), client.listPrompts()]);
  return { client, ms: performance.now() - t0 };
}

async function managerConnectAndList(config: Record<string, unknown>): Promise<{ manager: McpClientManager; ms: number }> {
  const t0 = performance.now();
  const manager = managerFor(config);
  await manager.listTools();
  return { manager, ms: performance.now() - t0 };
}

async function startHttpServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [everything, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${out}`)), 20_000);
    child.stderr!.on('data', (c) => {
      out += c;
      if (/listening on port/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

async function callRoundTrip(label: string, manager: McpClientManager, client: Client): Promise<BenchRow> {
  const args = { message: 'ping' };
  for (let i = 0; i < CALL_WARMUP; i++) {
    await manager.callTool('everything__echo', args);
    await client.callTool({ name: 'echo', arguments: args });
  }
  const [ours, bare] = await interleaved(
    CALL_RUNS,
    async () => {
      const t0 = performance.now();
      await manager.callTool('everything__echo', args);
      return performance.now() - t0;
    },
    async () => {
      const t0 = performance.now();
      await client.callTool({ name: 'echo', arguments: args });
      return performance.now() - t0;
    },
  );
  return row(label, ours, bare);
}

export async function benchMcpClient(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];

  // stdio: connect + discovery, a fresh process each run.
  const [stdioOurs, stdioBare] = await interleaved(
    CONNECT_RUNS,
    async () => {
      const { manager, ms } = await managerConnectAndList(stdioConfig);
      await manager.dispose();
      return ms;
    },
    async () => {
      const { client, ms } = await bareConnectAndList(new StdioClientTransport({ command: process.execPath, args: [everything, 'stdio'], stderr: 'pipe' }));
      await client.close();
      return ms;
    },
  );
  rows.push(row('connect+list server-everything (stdio)', stdioOurs, stdioBare));

  {
    const { manager } = await managerConnectAndList(stdioConfig);
    const { client } = await bareConnectAndList(new StdioClientTransport({ command: process.execPath, args: [everything, 'stdio'], stderr: 'pipe' }));
    try {
      rows.push(await callRoundTrip('tool call round trip (stdio, echo)', manager, client));
    } finally {
      await manager.dispose();
      await client.close();
    }
  }

  const http = await startHttpServer();
  try {
    const [httpOurs, httpBare] = await interleaved(
      CONNECT_RUNS,
      async () => {
        const { manager, ms } = await managerConnectAndList({ type: 'http', url: http.url });
        await manager.dispose();
        return ms;
      },
      async () => {
        const transport = new StreamableHTTPClientTransport(new URL(http.url));
        const { client, ms } = await bareConnectAndList(transport);
        await transport.terminateSession().catch(() => {});
        await client.close();
        return ms;
      },
    );
    rows.push(row('connect+list server-everything (Streamable HTTP)', httpOurs, httpBare));

    const { manager } = await managerConnectAndList({ type: 'http', url: http.url });
    const transport = new StreamableHTTPClientTransport(new URL(http.url));
    const { client } = await bareConnectAndList(transport);
    try {
      rows.push(await callRoundTrip('tool call round trip (Streamable HTTP, echo)', manager, client));
    } finally {
      await manager.dispose();
      await transport.terminateSession().catch(() => {});
      await client.close();
    }
  } finally {
    http.child.kill('SIGKILL');
  }
  return rows;
}

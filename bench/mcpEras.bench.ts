/**
 * A tool call's round trip in each MCP protocol era against the built `dist/mcp.js`:
 * `check_diagram` on a generated 100-node diagram over stdio and over HTTP, called by the
 * v1 SDK client (the 2025 handshake, what every host but a few sends; the baseline), by the
 * v2 client in the 2025 era and by the v2 client pinned to 2026-07-28, measured round-robin
 * in the same run. Also the first connection's cost: a 2025 `connect` against `auto` mode
 * (over stdio the probe starts a disposable sibling process before the real one).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { StdioClientTransport as V2Stdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { silentLogger, startMcpCli } from '../src/mcp/server';
import { generateGraph, toArchflow } from './generate';
import { interleaved } from './mcpServer.bench';
import type { BenchRow } from './measure';

const NODES = 100;
const WARMUP = 30;
const RUNS = 60;
const CONNECTS = 5;

type Era = 'v1' | 'v2 legacy' | 'v2 2026-07-28' | 'v2 auto';

function v2Client(era: Exclude<Era, 'v1'>): V2Client {
  const mode = era === 'v2 legacy' ? 'legacy' : era === 'v2 auto' ? 'auto' : { pin: '2026-07-28' };
  return new V2Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode } });
}

interface Caller {
  call(args: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

async function overStdio(era: Era, server: string, cwd: string): Promise<Caller> {
  const params = { command: process.execPath, args: [server], cwd, stderr: 'ignore' as const };
  if (era === 'v1') {
    const c = new Client({ name: 'bench', version: '1.0.0' });
    await c.connect(new StdioClientTransport(params));
    return { call: (a) => c.callTool(a), close: () => c.close() };
  }
  const c = v2Client(era);
  await c.connect(new V2Stdio(params));
  return { call: (a) => c.callTool(a), close: () => c.close() };
}

async function overHttp(era: Era, url: string): Promise<Caller> {
  if (era === 'v1') {
    const c = new Client({ name: 'bench', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(url)));
    return { call: (a) => c.callTool(a), close: () => c.close() };
  }
  const c = v2Client(era);
  await c.connect(new V2Http(new URL(url)));
  return { call: (a) => c.callTool(a), close: () => c.close() };
}

export async function benchMcpEras(): Promise<BenchRow[]> {
  const server = join(__dirname, '..', 'dist', 'mcp.js');
  if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\``);
  const dir = await mkdtemp(join(tmpdir(), 'archflow-bench-eras-'));
  const http = await startMcpCli({ mode: 'http', host: '127.0.0.1', port: 0, roots: [], locale: 'en' }, { cwd: dir, logger: silentLogger, stdin: process.stdin, stdout: process.stdout });
  const check = { name: 'check_diagram', arguments: { text: toArchflow(generateGraph(NODES)) } };
  const eras: Era[] = ['v1', 'v2 legacy', 'v2 2026-07-28'];
  const rows: BenchRow[] = [];
  const callers: Caller[] = [];
  try {
    for (const [transport, open] of [
      ['stdio', (era: Era) => overStdio(era, server, dir)],
      ['HTTP', (era: Era) => overHttp(era, http.url!)],
    ] as const) {
      const opened = await Promise.all(eras.map((era) => open(era)));
      callers.push(...opened);
      const medians = await interleaved(opened.map((c) => () => c.call(check)), RUNS, WARMUP);
      eras.forEach((era, i) =>
        rows.push({ name: `check_diagram ${NODES} nodes, ${transport}, ${era}`, medianMs: medians[i]!, ...(i === 0 ? {} : { baselineMs: medians[0], ratio: medians[i]! / medians[0]! }) }),
      );
    }
    for (const [transport, open] of [
      ['stdio', (era: Era) => overStdio(era, server, dir)],
      ['HTTP', (era: Era) => overHttp(era, http.url!)],
    ] as const) {
      const connectEras: Era[] = ['v1', 'v2 auto'];
      const medians = await interleaved(
        connectEras.map((era) => async () => (await open(era)).close()),
        CONNECTS,
        1,
      );
      connectEras.forEach((era, i) =>
        rows.push({ name: `first connection, ${transport}, ${era}`, medianMs: medians[i]!, ...(i === 0 ? {} : { baselineMs: medians[0], ratio: medians[i]! / medians[0]! }) }),
      );
    }
  } finally {
    await Promise.all(callers.map((c) => c.close().catch(() => undefined)));
    await http.close();
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

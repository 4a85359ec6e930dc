/**
 * A tool call's round trip in each MCP protocol era against the built `dist/mcp.js`:
 * `check_diagram` on a generated 100-node diagram over stdio and over HTTP, called by the
 * v1 SDK client (the 2025 handshake, what every host but a few sends; the baseline), by the
 * v2 client in the 2025 era and by the v2 client pinned to 2026-07-28, measured round-robin
 * in the same run. Also the first connection's cost: a 2025 `connect` against `auto` mode
 * (over stdio the probe starts a disposable sibling process before the real one).
 *
 * Then the same through our client (McpClientManager) with each `protocol` setting, against
 * `legacy` (the default) as the baseline: a tool call's round trip, and a first connection
 * (start, handshake, lists, close) in `auto` without and with the remembered verdict.
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
import { McpClientManager, type EraVerdictStore, type McpProtocolSetting, type StoredEraVerdict } from '../src/mcpClient/index';
import { silentLogger, startMcpCli } from '../src/mcpServer';
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
    rows.push(...(await benchOurClient(server, http.url!, dir, check)));
  } finally {
    await Promise.all(callers.map((c) => c.close().catch(() => undefined)));
    await http.close();
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

const SETTINGS: McpProtocolSetting[] = ['legacy', 'auto', '2026-07-28'];

function ourManager(servers: Record<string, unknown>, eraStore?: EraVerdictStore): McpClientManager {
  return new McpClientManager({ sources: [{ kind: 'object', label: 'bench', config: { servers } }], shell: false, ...(eraStore ? { eraStore } : {}) });
}

/** Verdicts kept in this process only, shared by the managers given it (as globalState is by windows). */
function memoryStore(): EraVerdictStore {
  let saved: Record<string, StoredEraVerdict> = {};
  return { load: () => saved, save: (all) => (saved = all) };
}

async function benchOurClient(server: string, url: string, cwd: string, check: { name: string; arguments: Record<string, unknown> }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const ratioRows = (label: (name: string) => string, names: string[], medians: number[]) =>
    names.forEach((name, i) => rows.push({ name: label(name), medianMs: medians[i]!, ...(i === 0 ? {} : { baselineMs: medians[0], ratio: medians[i]! / medians[0]! }) }));
  const stdio = (protocol: McpProtocolSetting) => ({ command: process.execPath, args: [server], cwd, protocol });
  const http = (protocol: McpProtocolSetting) => ({ type: 'http', url, protocol });

  for (const [transport, entry] of [
    ['stdio', stdio],
    ['HTTP', http],
  ] as const) {
    const manager = ourManager(Object.fromEntries(SETTINGS.map((p) => [p, entry(p)])));
    try {
      for (const p of SETTINGS) await manager.connect(p);
      const medians = await interleaved(SETTINGS.map((p) => () => manager.callServerTool(p, check.name, check.arguments)), RUNS, WARMUP);
      ratioRows((p) => `our client: check_diagram ${NODES} nodes, ${transport}, protocol ${p}`, SETTINGS, medians);
    } finally {
      await manager.dispose();
    }
  }

  for (const [transport, entry] of [
    ['stdio', stdio],
    ['HTTP', http],
  ] as const) {
    const remembered = memoryStore();
    const warm = ourManager({ s: entry('auto') }, remembered);
    await warm.connect('s');
    await warm.dispose();
    const firstConnection = (protocol: McpProtocolSetting, store?: EraVerdictStore) => async () => {
      const manager = ourManager({ s: entry(protocol) }, store);
      await manager.connect('s');
      await manager.dispose();
    };
    const medians = await interleaved([firstConnection('legacy'), firstConnection('auto'), firstConnection('auto', remembered)], CONNECTS, 1);
    ratioRows(
      (v) => `our client: first connection + close, ${transport}, ${v}`,
      ['legacy', 'auto, probed', 'auto, remembered verdict'],
      medians,
    );
  }
  return rows;
}

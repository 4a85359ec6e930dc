/**
 * The diagram MCP server's protocol cost: a `check_diagram` round-trip on a generated
 * 100-node diagram through the SDK Client over InMemoryTransport and over stdio (the
 * built `dist/mcp.js` as a child process), each as a ratio to calling the tool function
 * directly in the same run. `render_diagram` the same way, where the work is larger.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { checkDiagram, connectInProcess, renderDiagram, SerialQueue } from '../src/mcpServer';
import { getIconCatalog } from '../src/node/iconStore';
import { generateGraph, toArchflow } from './generate';
import type { BenchRow } from './measure';

const NODES = 100;
// The child's JIT needs a few dozen calls before the parser runs at full speed.
const CHECK_WARMUP = 50;
const CHECK_RUNS = 100;
const RENDER_RUNS = 5;

export async function benchMcpServer(): Promise<Array<{ name: string; medianMs: number; baselineMs?: number; ratio?: number }>> {
  const text = toArchflow(generateGraph(NODES));
  const catalog = await getIconCatalog();
  const dir = await mkdtemp(join(tmpdir(), 'archflow-bench-mcp-'));
  const rows: BenchRow[] = [];
  const relative = (name: string, medianMs: number, baselineMs: number): BenchRow => ({ name, medianMs, baselineMs, ratio: medianMs / baselineMs });

  const inProcess = await connectInProcess({ roots: [dir] });
  const server = join(__dirname, '..', 'dist', 'mcp.js');
  if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\``);
  const stdio = new Client({ name: 'bench', version: '1.0.0' });
  await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [server], cwd: dir, stderr: 'ignore' }));

  try {
    const checkArgs = { name: 'check_diagram', arguments: { text } };
    const t0 = performance.now();
    await stdio.callTool(checkArgs);
    const cold = performance.now() - t0;
    const [direct, memory, overStdio, ping] = await interleaved(
      [() => checkDiagram({ text }, { locale: 'en', catalog }), () => inProcess.client.callTool(checkArgs), () => stdio.callTool(checkArgs), () => stdio.ping()],
      CHECK_RUNS,
      CHECK_WARMUP,
    );
    rows.push({ name: `check_diagram ${NODES} nodes, direct call`, medianMs: direct });
    rows.push(relative(`check_diagram ${NODES} nodes, in-memory`, memory, direct));
    rows.push(relative(`check_diagram ${NODES} nodes, stdio`, overStdio, direct));
    rows.push({ name: `check_diagram ${NODES} nodes, stdio, first call (cold child)`, medianMs: cold });
    rows.push({ name: 'ping over stdio (the transport floor)', medianMs: ping });

    let i = 0;
    const renderArgs = () => ({ text, output: `r${i++ % 4}.svg` });
    const queue = new SerialQueue();
    const [renderDirect, renderMemory, renderStdio] = await interleaved(
      [
        () => renderDiagram(renderArgs(), { locale: 'en', catalog, roots: async () => [dir], queue }),
        () => inProcess.client.callTool({ name: 'render_diagram', arguments: renderArgs() }),
        () => stdio.callTool({ name: 'render_diagram', arguments: renderArgs() }),
      ],
      RENDER_RUNS,
      1,
    );
    rows.push({ name: `render_diagram ${NODES} nodes, direct call`, medianMs: renderDirect });
    rows.push(relative(`render_diagram ${NODES} nodes, in-memory`, renderMemory, renderDirect));
    rows.push(relative(`render_diagram ${NODES} nodes, stdio (worker layout)`, renderStdio, renderDirect));
  } finally {
    await stdio.close();
    await inProcess.close();
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * Median ms of each function, measured round-robin (a, b, c, a, b, c, …) after `warmup`
 * rounds, so JIT warm-up and the machine's load shifts hit every contender alike.
 */
export async function interleaved(fns: Array<() => unknown>, runs: number, warmup: number): Promise<number[]> {
  const samples = fns.map(() => [] as number[]);
  for (let round = 0; round < warmup + runs; round++) {
    for (let f = 0; f < fns.length; f++) {
      const t0 = performance.now();
      await fns[f]();
      if (round >= warmup) samples[f].push(performance.now() - t0);
    }
  }
  return samples.map((s) => {
    s.sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  });
}

if (require.main === module) {
  benchMcpServer().then(
    (rows) => {
      for (const r of rows) console.log(`${r.name.padEnd(52)} ${r.medianMs.toFixed(2).padStart(9)} ms${r.ratio === undefined ? '' : `  ${r.ratio.toFixed(2)}x`}`);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

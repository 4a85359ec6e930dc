/**
 * `npm run bench -- --only load-stdio [--calls N]`: one stdio session of the built `dist/mcp.js`
 * (v1 SDK client, 2025 era) answering N calls in a row (default 10,000): check_diagram of 100
 * and 3 nodes, search_icons, syntax_help, and every 50th call a 20-node render. Figures: calls/s,
 * p50/p99 of the first and last thousand calls, errors, and the child's RSS (its threads
 * included) after the first thousand calls and at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { generateGraph, toArchflow } from './generate';
import type { BenchRow } from './measure';

const WARM_CALLS = 1000;

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
}

function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

export async function benchLoadStdio(options: { calls: number }): Promise<BenchRow[]> {
  const server = join(__dirname, '..', 'dist', 'mcp.js');
  if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\``);
  const dir = await mkdtemp(join(tmpdir(), 'archflow-bench-stdio-'));
  const transport = new StdioClientTransport({ command: process.execPath, args: [server], cwd: dir, stderr: 'ignore' });
  const client = new Client({ name: 'bench-stdio', version: '1.0.0' });
  await client.connect(transport);
  const pid = transport.pid!;
  const big = toArchflow(generateGraph(100));
  const render = toArchflow(generateGraph(20));
  const small = 'a = rect "A"\nb = rect "B"\na -> b\n';
  const kinds = [
    { name: 'check_diagram', arguments: { text: big } },
    { name: 'search_icons', arguments: { query: 'kafka', limit: 10 } },
    { name: 'syntax_help', arguments: {} },
    { name: 'check_diagram', arguments: { text: small } },
  ];
  const latencies: number[] = [];
  const rss: number[] = [];
  let errors = 0;
  let firstError = '';
  console.log(`load-stdio: ${options.calls} calls in one session; load average before ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const t0 = performance.now();
  try {
    for (let i = 0; i < options.calls; i++) {
      const call = i % 50 === 49 ? { name: 'render_diagram', arguments: { text: render, output: `r${i % 8}.svg` } } : kinds[i % kinds.length];
      const t = performance.now();
      try {
        const r = await client.callTool(call);
        // The 3-node check is valid; nothing here should come back as an error.
        if (r.isError) {
          errors++;
          firstError ||= JSON.stringify(r.content).slice(0, 200);
        }
      } catch (err) {
        errors++;
        firstError ||= (err as Error).message;
      }
      latencies.push(performance.now() - t);
      if ((i + 1) % 1000 === 0) rss.push(rssMb(pid));
    }
  } finally {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  }
  const elapsedS = (performance.now() - t0) / 1000;
  const warm = rss[0];
  const end = rss[rss.length - 1];
  const first = latencies.slice(0, WARM_CALLS);
  const last = latencies.slice(-WARM_CALLS);
  console.log(`calls/s ${(options.calls / elapsedS).toFixed(0)} (${elapsedS.toFixed(0)} s); errors ${errors}${firstError ? ` (first: ${firstError})` : ''}`);
  console.log(`RSS per thousand calls (MB): ${rss.map((m) => m.toFixed(0)).join(' ')}; after ${WARM_CALLS} calls ${warm.toFixed(0)} MB, at the end ${end.toFixed(0)} MB: growth ${(((end - warm) / warm) * 100).toFixed(1)}%`);
  console.log(`latency first ${WARM_CALLS}: p50 ${percentile(first, 50).toFixed(1)} ms, p99 ${percentile(first, 99).toFixed(1)} ms; last ${WARM_CALLS}: p50 ${percentile(last, 50).toFixed(1)} ms, p99 ${percentile(last, 99).toFixed(1)} ms`);
  console.log(`load average after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  return [
    { name: `p50 of the last ${WARM_CALLS} calls`, medianMs: percentile(last, 50), baselineMs: percentile(first, 50), ratio: percentile(last, 50) / percentile(first, 50), note: `baseline: the first ${WARM_CALLS}` },
    { name: `p99 of the last ${WARM_CALLS} calls`, medianMs: percentile(last, 99), baselineMs: percentile(first, 99), ratio: percentile(last, 99) / percentile(first, 99), note: `RSS ${warm.toFixed(0)} -> ${end.toFixed(0)} MB; errors ${errors}` },
  ];
}

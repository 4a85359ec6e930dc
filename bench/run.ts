/**
 * `npm run bench`: every benchmark of the project, each figure printed with the anchor it
 * was measured against in the same run (this machine is shared and noisy: read ratios).
 * Usage: npm run bench -- [--quick] [--only core|layout-speed|style-edit|long-labels|webview|chat|mcp-app|chat-apps|mcp-server|mcp-client|mcp-eras|markdown|lsp|robustness|layout-quality|activation|kept-layout|load|load-stdio|edit-burst]
 *   edit-burst: [--rounds N (default 3)]; load: [--duration S (default 180)] [--clients N (default 50)]; load-stdio: [--calls N (default 10000)]
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { benchActivation } from './activation.bench';
import { benchChatAppHost } from './chatAppHost.bench';
import { benchChatWebview } from './chatWebview.bench';
import { benchCore } from './core.bench';
import { benchLayoutQuality } from './layoutQuality.bench';
import { benchLoad } from './load.bench';
import { benchLoadStdio } from './loadStdio.bench';
import { benchEditBurst, benchLayoutSpeed } from './layoutSpeed.bench';
import { benchLongLabels } from './longLabels.bench';
import { benchLsp } from './lsp.bench';
import { benchMcpApp } from './mcpApp.bench';
import { benchMcpClient } from './mcpClient.bench';
import { benchMcpEras } from './mcpEras.bench';
import { benchMcpServer } from './mcpServer.bench';
import { printTable, type BenchRow } from './measure';
import { benchStyleEdit } from './styleEdit.bench';
import { benchRobustness } from './robustness.bench';
import { benchWebview } from './webview.bench';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const numberFlag = (name: string, fallback: number) => {
  if (!argv.includes(name)) return fallback;
  const value = Number(argv[argv.indexOf(name) + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
  return value;
};

const suites: Array<{ name: string; explicit?: boolean; run: () => Promise<BenchRow[]> }> = [
  { name: 'mcp-server', run: benchMcpServer },
  { name: 'mcp-client', run: benchMcpClient },
  { name: 'mcp-eras', run: benchMcpEras },
  { name: 'core', run: () => benchCore({ sizes: quick ? [10, 100] : [10, 100, 300, 1000], d2MaxSize: quick ? 100 : 1000 }) },
  { name: 'layout-speed', run: () => benchLayoutSpeed({ sizes: quick ? [100, 300] : argv.includes('--sizes') ? argv[argv.indexOf('--sizes') + 1]!.split(',').map(Number) : [100, 300, 1000], runs: quick ? 3 : 5 }) },
  { name: 'edit-burst', explicit: true, run: () => benchEditBurst(300, numberFlag('--rounds', 3)) },
  { name: 'style-edit', run: () => benchStyleEdit({ sizes: quick ? [100, 300] : [100, 300, 1000] }) },
  { name: 'layout-quality', run: () => benchLayoutQuality({ sizes: quick ? [20, 50] : [20, 50, 100, 200, 300], d2MaxSize: quick ? 100 : 400, only: argv.includes('--cases') ? argv[argv.indexOf('--cases') + 1]!.split(',') : undefined }) },
  { name: 'long-labels', run: () => benchLongLabels({ lengths: quick ? [20_000, 50_000] : [20_000, 50_000, 200_000] }) },
  { name: 'webview', run: () => benchWebview({ sizes: [10, 100, 300], edits: quick ? 5 : 9 }) },
  { name: 'chat', run: () => benchChatWebview({ runs: quick ? 3 : 5, answerChars: 20_000 }) },
  { name: 'mcp-app', run: () => benchMcpApp({ sizes: [10, 100, 300], runs: quick ? 3 : 7 }) },
  { name: 'chat-apps', run: () => benchChatAppHost({ sizes: [10, 100, 300], runs: quick ? 3 : 7 }) },
  { name: 'markdown', run: async () => benchMarkdownPreview(quick ? 3 : 7) },
  { name: 'lsp', run: () => benchLsp({ runs: quick ? 3 : 7, requests: quick ? 30 : 100 }) },
  { name: 'robustness', run: () => benchRobustness({ runs: quick ? 1 : 3 }) },
  { name: 'activation', run: () => benchActivation({ runs: quick ? 3 : 7 }) },
  // Minutes of load on the shared machine: only when asked for by name.
  { name: 'load', explicit: true, run: () => benchLoad({ durationS: numberFlag('--duration', quick ? 30 : 180), clients: numberFlag('--clients', 50) }) },
  { name: 'kept-layout', explicit: true, run: async () => benchKeptLayout(quick ? '20,50,100' : '20,50,100,200,300', quick ? 1 : 3) },
  { name: 'load-stdio', explicit: true, run: () => benchLoadStdio({ calls: numberFlag('--calls', quick ? 2000 : 10_000) }) },
];

/**
 * Diagram fences in VS Code's Markdown preview (test/ui/markdownPreviewBench.ts): it drives
 * code-server through the UI harness, so it runs in a process of its own.
 */
function benchMarkdownPreview(reps: number): BenchRow[] {
  const script = join(import.meta.dirname, '../test/ui/markdownPreviewBench.ts');
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, '--reps', String(reps)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`the Markdown preview benchmark failed (exit ${r.status})`);
  const last = r.stdout.trim().split('\n').pop() ?? '[]';
  return JSON.parse(last) as BenchRow[];
}

/**
 * Laying out with a layout file after each kind of edit (bench/keptLayout.ts prints its table
 * of order kept, moves, faults and crossings+bends against a fresh layout); the row is the
 * largest diagram's time with one node added against its fresh layout, in the same run.
 */
function benchKeptLayout(sizes: string, runs: number): BenchRow[] {
  const script = join(import.meta.dirname, 'keptLayout.ts');
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, '--sizes', sizes, '--runs', String(runs)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(r.stdout);
  if (r.status !== 0) throw new Error(`the kept layout benchmark failed (exit ${r.status})`);
  const m = /time, (\d+) nodes \+ 1 node .*: kept (\d+) ms, fresh (\d+) ms = ([\d.]+)x/.exec(r.stdout);
  if (!m) throw new Error('the kept layout benchmark printed no time line');
  return [{ name: `${m[1]} nodes + 1 node, kept layout`, medianMs: Number(m[2]), baselineMs: Number(m[3]), ratio: Number(m[4]), note: 'vs a fresh layout of the same text, same run (target <= 0.5x)' }];
}

async function main(): Promise<void> {
  console.log(`ArchFlow benchmarks — node ${process.version}, ${new Date().toISOString()}${quick ? ' (quick)' : ''}`);
  for (const suite of suites) {
    if (only ? suite.name !== only : suite.explicit) continue;
    const t0 = performance.now();
    const rows = await suite.run();
    printTable(`${suite.name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`, rows);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

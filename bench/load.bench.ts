/**
 * `npm run bench -- --only load [--duration S] [--clients N]`: the built `dist/mcp.js --http`
 * (a child process on 127.0.0.1, port chosen by the system) under many clients for a while.
 *
 * 1. Idle: one client calls each tool in turn; p50/p99 per tool are the anchors.
 * 2. Load: `clients` real SDK clients, half 2025-era sessions (v1 SDK) and half 2026-07-28
 *    (v2 SDK, stateless), each calling in a loop with 0-500 ms of think time a mix of
 *    check_diagram, search_icons, syntax_help and render_diagram of 20 to 300 nodes, for
 *    `duration` seconds. Figures: calls/s, p50/p99 per tool against idle, errors (any failure
 *    or unexpected isError; queue refusals are counted apart), the child's RSS (threads
 *    included) sampled every second: the median of each sixth of the run, growth from the
 *    third sixth (after warm-up) to the last, and between the last two (see rssGrowth).
 * 3. Fairness: one client renders a 300-node dense diagram in a loop while 5 clients check a
 *    100-node diagram; their p99 against idle.
 * 4. Disconnect: a 2025-era client starts that heavy render and drops its connection; how long
 *    until the server's CPU falls back to idle (read from /proc, sampled every 50 ms).
 *
 * Bounded: every phase stops by itself; all traffic goes to 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { generateGraph, toArchflow } from './generate';
import type { BenchRow } from './measure';

export interface LoadOptions {
  /** Seconds of mixed load (default 180). */
  durationS: number;
  /** Concurrent clients (default 50). */
  clients: number;
}

type Tool = 'check_diagram' | 'search_icons' | 'syntax_help' | 'render_diagram';
interface Call {
  tool: Tool;
  label: string;
  args: Record<string, unknown>;
}
interface Caller {
  call(c: Call): Promise<{ isError?: boolean; text: string }>;
  close(): Promise<void>;
}

const RENDER_SIZES = [20, 50, 100, 200, 300];
const QUERIES = ['kafka', 'postgres', 'aws lambda', 'user', 'redis', 'nginx', 'database', 'queue'];
const side = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`).join(', ');

const diagrams = new Map(RENDER_SIZES.map((n) => [n, toArchflow(generateGraph(n))]));
const checkText = toArchflow(generateGraph(100));
/** 300 nodes whose layout takes seconds: a generated 270-node graph and a dense 15 × 15 block. */
const heavyText = `${toArchflow(generateGraph(270))}\n${side('dense_a', 15)} -> ${side('dense_b', 15)}\n`;

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

let outputs = 0;
function randomCall(): Call {
  const r = Math.random();
  if (r < 0.4) return { tool: 'check_diagram', label: 'check_diagram 100 nodes', args: { text: checkText } };
  if (r < 0.65) return { tool: 'search_icons', label: 'search_icons', args: { query: pick(QUERIES), limit: 10 } };
  if (r < 0.8) return { tool: 'syntax_help', label: 'syntax_help', args: {} };
  const n = pick(RENDER_SIZES);
  return { tool: 'render_diagram', label: `render_diagram ${n} nodes`, args: { text: diagrams.get(n)!, output: `out/r${outputs++ % 64}.svg` } };
}

function textOf(result: { content?: unknown }): string {
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return content.map((c) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n');
}

async function legacyCaller(url: URL): Promise<Caller> {
  const client = new LegacyClient({ name: 'load-2025', version: '1.0.0' });
  await client.connect(new LegacyHttpTransport(url));
  return {
    call: async (c) => {
      const r = await client.callTool({ name: c.tool, arguments: c.args }, undefined, { timeout: 120_000 });
      return { isError: r.isError as boolean | undefined, text: textOf(r as { content?: unknown }) };
    },
    close: () => client.close(),
  };
}

async function modernCaller(url: URL): Promise<Caller> {
  const client = new Client({ name: 'load-2026', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new StreamableHTTPClientTransport(url));
  return {
    call: async (c) => {
      const r = await client.callTool({ name: c.tool, arguments: c.args }, { timeout: 120_000 });
      return { isError: r.isError, text: textOf(r) };
    },
    close: () => client.close(),
  };
}

/**
 * RSS growth after warm-up, read from windows rather than single samples (a render's thread
 * heap comes and goes within seconds): the run is cut in sixths, the first two are warm-up
 * (a layout thread's heap grows to the largest diagram it has laid out, and V8 sizes its
 * heaps to the load), and the median RSS of the third is compared with that of the last. The
 * last two sixths' gap says whether memory still climbs at the end (a leak) or has levelled off.
 */
export function rssGrowth(samples: Array<{ t: number; mb: number }>, durationMs: number): { warmMb: number; lastMb: number; plateauPct: number; line: string } {
  const sixth = durationMs / 6;
  const window = (k: number) => {
    const inside = samples.filter((s) => s.t >= k * sixth && s.t < (k + 1) * sixth).map((s) => s.mb);
    return inside.length > 0 ? percentile(inside, 50) : NaN;
  };
  const medians = [0, 1, 2, 3, 4, 5].map(window);
  const [warmMb, lastMb] = [medians[2]!, medians[5]!];
  const plateauPct = ((medians[5]! - medians[4]!) / medians[4]!) * 100;
  const peak = Math.max(...samples.map((s) => s.mb));
  const line = `RSS by sixth of the run (median MB): ${medians.map((m) => m.toFixed(0)).join(', ')}; peak ${peak.toFixed(0)} MB; growth after warm-up (3rd sixth to last) ${(((lastMb - warmMb) / warmMb) * 100).toFixed(1)}%, last two sixths ${plateauPct.toFixed(1)}%`;
  return { warmMb, lastMb, plateauPct, line };
}

function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

/** The child's resident memory in MB and CPU time in ms (user + system), from /proc. */
function procStats(pid: number): { rssMb: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: rssKb / 1024, cpuMs: ticks * 10 };
}

async function startServer(cwd: string): Promise<{ child: ChildProcess; url: URL }> {
  const server = join(__dirname, '..', 'dist', 'mcp.js');
  if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\``);
  const child = spawn(process.execPath, [server, '--http', '--port', '0'], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  let match: RegExpExecArray | null;
  while (!(match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr))) {
    const [code] = await Promise.race([once(child.stderr!, 'data').then(() => [undefined]), once(child, 'exit')]);
    if (code !== undefined) throw new Error(`archflow-mcp exited (${code}): ${stderr}`);
  }
  // The log is not needed past start-up; keep the pipe drained.
  child.stderr!.removeAllListeners('data');
  child.stderr!.resume();
  return { child, url: new URL(match[1]) };
}

interface Tally {
  latencies: Map<string, number[]>;
  errors: string[];
  refused: number;
  calls: number;
}

function newTally(): Tally {
  return { latencies: new Map(), errors: [], refused: 0, calls: 0 };
}

async function timedCall(caller: Caller, call: Call, tally: Tally): Promise<void> {
  const t0 = performance.now();
  try {
    const r = await caller.call(call);
    const ms = performance.now() - t0;
    tally.calls++;
    if (r.isError && /^(Refused: you already have|The server is busy)/.test(r.text)) tally.refused++;
    else if (r.isError) tally.errors.push(`${call.label}: ${r.text.slice(0, 200)}`);
    else {
      const list = tally.latencies.get(call.label) ?? [];
      list.push(ms);
      tally.latencies.set(call.label, list);
    }
  } catch (err) {
    tally.calls++;
    tally.errors.push(`${call.label}: ${(err as Error).message}`);
  }
}

/** Every call kind once per round, one caller, nothing else running: the anchors. */
async function idleBaseline(caller: Caller, rounds: number): Promise<Tally> {
  const tally = newTally();
  const kinds: Call[] = [
    { tool: 'check_diagram', label: 'check_diagram 100 nodes', args: { text: checkText } },
    { tool: 'search_icons', label: 'search_icons', args: { query: 'kafka', limit: 10 } },
    { tool: 'syntax_help', label: 'syntax_help', args: {} },
    ...RENDER_SIZES.map((n) => ({ tool: 'render_diagram' as const, label: `render_diagram ${n} nodes`, args: { text: diagrams.get(n)!, output: `out/idle${n}.svg` } })),
  ];
  for (const k of kinds) await caller.call(k);
  for (let i = 0; i < rounds; i++) for (const k of kinds) await timedCall(caller, k, tally);
  return tally;
}

/** One raw 2025-era session; starts the heavy render, drops the connection after `afterMs`. */
async function disconnectMidRender(url: URL, afterMs: number): Promise<void> {
  const post = (headers: Record<string, string>, body: unknown) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; req: ReturnType<typeof request> }>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } });
      req.on('response', (res) => {
        res.resume();
        resolve({ headers: res.headers, req });
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  const init = await post({}, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
  const session = { 'mcp-session-id': String(init.headers['mcp-session-id']), 'mcp-protocol-version': '2025-11-25' };
  await post(session, { jsonrpc: '2.0', method: 'notifications/initialized' });
  const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...session } });
  req.on('error', () => undefined);
  req.end(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'render_diagram', arguments: { text: heavyText, output: 'out/gone.svg' } } }));
  await new Promise((r) => setTimeout(r, afterMs));
  req.destroy();
}

/** Ms from now until the child's CPU use over a 200 ms window is under 10% of a core (capped at `maxMs`). */
async function msUntilIdle(pid: number, maxMs: number): Promise<number> {
  const t0 = performance.now();
  const window: Array<{ t: number; cpu: number }> = [];
  while (performance.now() - t0 < maxMs) {
    window.push({ t: performance.now(), cpu: procStats(pid).cpuMs });
    while (window.length > 1 && window[window.length - 1].t - window[0].t > 200) window.shift();
    const first = window[0];
    const last = window[window.length - 1];
    if (last.t - first.t >= 150 && (last.cpu - first.cpu) / (last.t - first.t) < 0.1) return first.t - t0;
    await new Promise((r) => setTimeout(r, 50));
  }
  return maxMs;
}

export async function benchLoad(options: LoadOptions): Promise<BenchRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'archflow-bench-load-'));
  const { child, url } = await startServer(dir);
  const pid = child.pid!;
  const rows: BenchRow[] = [];
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  say(`load: ${options.clients} clients for ${options.durationS} s; load average before ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  try {
    // 1. Idle anchors.
    const solo = await legacyCaller(url);
    const idle = await idleBaseline(solo, 10);
    if (idle.errors.length > 0) throw new Error(`idle calls failed: ${idle.errors.join('; ')}`);

    // 2. Mixed load.
    const callers = await Promise.all(Array.from({ length: options.clients }, (_, i) => (i % 2 === 0 ? legacyCaller(url) : modernCaller(url))));
    const load = newTally();
    const rss: Array<{ t: number; mb: number }> = [];
    const t0 = performance.now();
    const endAt = t0 + options.durationS * 1000;
    const sampler = setInterval(() => rss.push({ t: performance.now() - t0, mb: procStats(pid).rssMb }), 1000);
    const cpuStart = procStats(pid).cpuMs;
    await Promise.all(
      callers.map(async (caller) => {
        while (performance.now() < endAt) {
          await timedCall(caller, randomCall(), load);
          await new Promise((r) => setTimeout(r, Math.random() * 500));
        }
      }),
    );
    clearInterval(sampler);
    const elapsedS = (performance.now() - t0) / 1000;
    const cpuPct = ((procStats(pid).cpuMs - cpuStart) / (elapsedS * 1000)) * 100;
    const memory = rssGrowth(rss, options.durationS * 1000);
    say(`calls: ${load.calls} in ${elapsedS.toFixed(0)} s = ${(load.calls / elapsedS).toFixed(1)} calls/s; server CPU ${cpuPct.toFixed(0)}% of one core`);
    say(`errors: ${load.errors.length}${load.errors.length ? ` (first: ${load.errors.slice(0, 3).join(' | ')})` : ''}; refused by the queue limits: ${load.refused}`);
    say(memory.line);
    rows.push({ name: 'server RSS, last window', medianMs: memory.lastMb, baselineMs: memory.warmMb, ratio: memory.lastMb / memory.warmMb, note: `MB, not ms: median of the last sixth of the run vs the sixth after warm-up (goal < 1.2x); last two sixths ${memory.plateauPct.toFixed(1)}% apart` });
    say(`${'call'.padEnd(26)} ${'n'.padStart(5)} ${'idle p50'.padStart(9)} ${'idle p99'.padStart(9)} ${'load p50'.padStart(9)} ${'load p99'.padStart(9)} ${'p50 x'.padStart(6)} ${'p99 x'.padStart(6)}`);
    for (const [label, idleMs] of idle.latencies) {
      const loaded = load.latencies.get(label) ?? [];
      const [i50, i99, l50, l99] = [percentile(idleMs, 50), percentile(idleMs, 99), percentile(loaded, 50), percentile(loaded, 99)];
      say(`${label.padEnd(26)} ${String(loaded.length).padStart(5)} ${i50.toFixed(0).padStart(9)} ${i99.toFixed(0).padStart(9)} ${l50.toFixed(0).padStart(9)} ${l99.toFixed(0).padStart(9)} ${(l50 / i50).toFixed(1).padStart(6)} ${(l99 / i99).toFixed(1).padStart(6)}`);
      rows.push({ name: `${label} p50 under load`, medianMs: l50, baselineMs: i50, ratio: l50 / i50, note: `${loaded.length} calls` });
      rows.push({ name: `${label} p99 under load`, medianMs: l99, baselineMs: i99, ratio: l99 / i99 });
    }
    await Promise.all(callers.map((c) => c.close().catch(() => undefined)));

    // 3. Fairness: checks beside a heavy render loop.
    const renderer = await modernCaller(url);
    const checkers = await Promise.all(Array.from({ length: 5 }, () => legacyCaller(url)));
    const fair = newTally();
    const heavy = newTally();
    let rendering = true;
    const heavyLoop = (async () => {
      while (rendering) await timedCall(renderer, { tool: 'render_diagram', label: 'heavy render', args: { text: heavyText, output: 'out/heavy.svg' } }, heavy);
    })();
    const fairEnd = performance.now() + Math.min(30, options.durationS / 2) * 1000;
    await Promise.all(
      checkers.map(async (c) => {
        while (performance.now() < fairEnd) await timedCall(c, { tool: 'check_diagram', label: 'check_diagram 100 nodes', args: { text: checkText } }, fair);
      }),
    );
    rendering = false;
    await heavyLoop;
    const idleCheck = idle.latencies.get('check_diagram 100 nodes')!;
    const fairChecks = fair.latencies.get('check_diagram 100 nodes') ?? [];
    const heavyMs = heavy.latencies.get('heavy render') ?? [];
    say(
      `fairness: ${fairChecks.length} checks by 5 clients beside ${heavyMs.length} heavy renders (300 nodes, p50 ${percentile(heavyMs, 50).toFixed(0)} ms): check p50 ${percentile(fairChecks, 50).toFixed(0)} ms, p99 ${percentile(fairChecks, 99).toFixed(0)} ms = ${(percentile(fairChecks, 99) / percentile(idleCheck, 99)).toFixed(1)}x idle p99; errors ${fair.errors.length + heavy.errors.length}`,
    );
    rows.push({ name: 'check_diagram p99 beside a 300-node render loop', medianMs: percentile(fairChecks, 99), baselineMs: percentile(idleCheck, 99), ratio: percentile(fairChecks, 99) / percentile(idleCheck, 99) });
    for (const c of [renderer, ...checkers]) await c.close().catch(() => undefined);

    // 4. Disconnect mid-render: CPU back to idle.
    await msUntilIdle(pid, 10_000);
    const before = procStats(pid).cpuMs;
    await disconnectMidRender(url, 500);
    const busyMs = procStats(pid).cpuMs - before;
    const idleAfter = await msUntilIdle(pid, 10_000);
    const heavyIdle = percentile(heavyMs, 50);
    say(`disconnect: a client dropped its connection 500 ms into a heavy render (${heavyIdle.toFixed(0)} ms when left to finish; ${busyMs} ms of CPU used by then): CPU under 10% of a core ${idleAfter.toFixed(0)} ms after the drop`);
    rows.push({ name: 'disconnect mid-render: ms until the CPU is idle', medianMs: idleAfter, baselineMs: heavyIdle, ratio: idleAfter / heavyIdle, note: 'baseline: the render left to finish' });
    await solo.close();
    say(`load average after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    child.kill('SIGTERM');
    await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const flag = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
  benchLoad({ durationS: flag('--duration', 180), clients: flag('--clients', 50) }).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

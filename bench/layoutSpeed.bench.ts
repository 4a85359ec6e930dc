/**
 * `npm run bench -- --only layout-speed`: where the time of `archflow render` goes, phase by
 * phase (parse, ArchFlow's preparation, ELK, scene, route straightening, group titles,
 * candidate scoring, SVG), on 100-, 300- and 1000-node diagrams with and without groups, LR
 * and TB, against two anchors laid out in the same run, interleaved with the pipeline:
 * - raw elkjs with ELK's default layered options (what a user compares with: the same nodes,
 *   sizes, groups and connections, only `layered`, the direction and `INCLUDE_CHILDREN`);
 * - elkjs given the ELK graph ArchFlow builds, options included (what the tuning costs is
 *   the gap between the two anchors; our own work is the gap between this one and the pipeline).
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';
import { parseDiagram } from '../src/core/language';
import { layoutDiagram, type LayoutPhase } from '../src/core/layout';
import { buildElkGraph } from '../src/core/layout/elkGraph';
import { feedbackConnections } from '../src/core/layout/feedback';
import { buildHierarchy } from '../src/core/layout/hierarchy';
import type { DiagramModel } from '../src/core/model';
import { renderSvg } from '../src/core/render';
import { LayoutRuns } from '../src/node/layoutRuns';
import { createLayoutWorker } from '../src/node/layoutWorkerClient';
import { groupedArchitectureText } from './generateArchitecture';
import { median, type BenchRow } from './measure';

const ELK_DIRECTION = { LR: 'RIGHT', RL: 'LEFT', TB: 'DOWN', BT: 'UP' } as const;

/** ArchFlow's ELK graph of a model, as `layoutDiagram` hands it to ELK (the first candidate). */
export function archflowElkGraph(model: DiagramModel): ElkNode {
  const h = buildHierarchy(model, model.direction);
  return buildElkGraph(h, model.direction, false, feedbackConnections(h)).graph;
}

/**
 * The same diagram as a user would give raw elkjs: ArchFlow's measured boxes, groups and
 * connections in their declared direction, and no option but the algorithm, the direction and
 * `INCLUDE_CHILDREN` (which any graph with connections between groups needs).
 */
export function rawElkGraph(model: DiagramModel): ElkNode {
  const h = buildHierarchy(model, model.direction);
  const built = buildElkGraph(h, model.direction, false, new Set()).graph;
  const strip = (node: ElkNode): ElkNode => {
    const out: ElkNode = { id: node.id };
    if (node.width !== undefined) Object.assign(out, { width: node.width, height: node.height });
    // ArchFlow's invisible wrappers (ids with `:`) are not part of the user's graph.
    const children = (node.children ?? []).flatMap((c) => (c.id.startsWith('archflow:content:') ? (c.children ?? []) : [c]));
    const edges = [...(node.edges ?? []), ...(node.children ?? []).filter((c) => c.id.startsWith('archflow:content:')).flatMap((c) => c.edges ?? [])];
    if (children.length) out.children = children.map(strip);
    if (edges.length) out.edges = edges.map((e) => (e.labels ? { id: e.id, sources: e.sources, targets: e.targets, labels: e.labels } : { id: e.id, sources: e.sources, targets: e.targets }));
    return out;
  };
  const graph = strip(built);
  graph.layoutOptions = { 'elk.algorithm': 'layered', 'elk.direction': ELK_DIRECTION[model.direction], 'elk.hierarchyHandling': 'INCLUDE_CHILDREN' };
  return graph;
}

export interface LayoutSpeedOptions {
  sizes: number[];
  /** Runs of each contender per case (after one warm-up); fewer at 1000 nodes. */
  runs: number;
}

const PHASES: Array<LayoutPhase | 'parse' | 'svg'> = ['parse', 'prepare', 'elk', 'scene', 'straighten', 'titles', 'measure', 'svg'];

export async function benchLayoutSpeed(options: LayoutSpeedOptions): Promise<BenchRow[]> {
  const elk = new ELK();
  const rows: BenchRow[] = [];
  const table: string[] = [];
  for (const n of options.sizes)
    for (const grouped of [true, false])
      for (const direction of ['LR', 'TB'] as const) {
        const name = `${n} ${grouped ? `nodes, ${Math.round(n / 10)} groups` : 'nodes, no group'}, ${direction}`;
        const text = groupedArchitectureText(n, direction, grouped);
        const { model } = parseDiagram(text);
        const raw = rawElkGraph(model);
        const tuned = archflowElkGraph(model);
        const clone = (g: ElkNode) => structuredClone(g);
        const phases = new Map<string, number[]>();
        const pipeline = async () => {
          const sums = new Map<string, number>();
          let mark = performance.now();
          const end = (phase: string) => {
            const now = performance.now();
            sums.set(phase, (sums.get(phase) ?? 0) + now - mark);
            mark = now;
          };
          const parsed = parseDiagram(text);
          end('parse');
          const scene = await layoutDiagram(parsed.model, {}, { onPhase: end });
          renderSvg(scene);
          end('svg');
          for (const p of PHASES) (phases.get(p) ?? phases.set(p, []).get(p)!).push(sums.get(p) ?? 0);
        };
        const runs = n >= 1000 ? Math.min(options.runs, 2) : options.runs;
        await pipeline();
        phases.clear();
        await elk.layout(clone(raw));
        await elk.layout(clone(tuned));
        const a: number[] = [];
        const b: number[] = [];
        const c: number[] = [];
        for (let i = 0; i < runs; i++) {
          let t0 = performance.now();
          await pipeline();
          a.push(performance.now() - t0);
          t0 = performance.now();
          await elk.layout(clone(raw));
          b.push(performance.now() - t0);
          t0 = performance.now();
          await elk.layout(clone(tuned));
          c.push(performance.now() - t0);
        }
        const vsRaw = median(a.map((x, i) => x / b[i]!));
        const vsTuned = median(a.map((x, i) => x / c[i]!));
        rows.push({ name: `${name}: parse+layout+svg`, medianMs: median(a), baselineMs: median(b), ratio: vsRaw, note: 'vs raw elkjs, default options (target <= 1.3x at 300 nodes)' });
        rows.push({ name: `${name}: parse+layout+svg`, medianMs: median(a), baselineMs: median(c), ratio: vsTuned, note: "vs elkjs given ArchFlow's ELK graph and options" });
        table.push(`${name.padEnd(28)} ${PHASES.map((p) => String(Math.round(median(phases.get(p)!))).padStart(11)).join('')} ${String(Math.round(median(b))).padStart(10)} ${String(Math.round(median(c))).padStart(10)}`);
      }
  if (options.sizes.includes(300)) rows.push(...(await benchEditBurst(300)));
  console.log(`\nPhases (median ms over the runs; measure = scoring candidates, only up to 60 elements)`);
  console.log(`${'case'.padEnd(28)} ${PHASES.map((p) => p.padStart(11)).join('')} ${'raw elk'.padStart(10)} ${'elk+opts'.padStart(10)}`);
  for (const line of table) console.log(line);
  return rows;
}

/** The preview's default pause in typing (`archflow.preview.debounceMs`). */
const DEBOUNCE_MS = 250;

/**
 * Keystroke to drawing for a large diagram, as the desktop extension does it (the layout
 * worker of dist/, the service's LayoutRuns, the preview's pause for slow documents; no
 * webview): the diagram is opened (one layout), then edited; a layout of the last version is
 * running when five keystrokes arrive 100 ms apart; the stale layout is stopped, and once
 * typing pauses the newest version is laid out. Timed from the last keystroke to the new
 * scene, against a fresh layout of the same text on a warm worker (target: within 2x). Run
 * twice in turn: with the warm standby thread (the default; the burst comes once it has
 * warmed up, as after a user has read the drawing for a few seconds) and without it (the
 * stopped thread's replacement starts cold).
 */
export async function benchEditBurst(n: number, rounds = 1): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (let round = 0; round < rounds; round++)
    for (const standby of [true, false]) rows.push(...(await editBurst(n, standby)));
  return rows;
}

async function editBurst(n: number, standby: boolean): Promise<BenchRow[]> {
  let warm: () => void = () => undefined;
  const standbyWarm = new Promise<void>((resolve) => (warm = resolve));
  let tookOver = false;
  const worker = createLayoutWorker({ timeLimitMs: 600_000, standby, observer: { standbyWarm: () => warm(), tookOver: () => (tookOver = true) } });
  const runs = new LayoutRuns();
  const doc = 'bench:burst';
  const version = (v: number) => parseDiagram(groupedArchitectureText(n) + `extra${v} = rect "Typed ${v}"\nn0 -> extra${v}\n`).model;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const label = standby ? 'warm standby' : 'no standby';
  try {
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    let freshCpu = 0;
    const timed = async (v: number) => {
      const run = runs.start(doc, v);
      const t0 = performance.now();
      const c0 = cpuMs();
      try {
        await worker.layout(version(v), {}, undefined, { signal: run.signal });
        run.done(true);
        if (v === 1) freshCpu = cpuMs() - c0;
        return performance.now() - t0;
      } catch (err) {
        run.done(false);
        throw err;
      }
    };
    const cold = await timed(0);
    // The standby never keeps the process alive: this timer does, while it warms up. The
    // anchor is timed after, so the warm-up does not share the cores with it.
    const alive = setInterval(() => undefined, 1000);
    if (standby) await standbyWarm.finally(() => clearInterval(alive));
    else await sleep(1000).finally(() => clearInterval(alive));
    const fresh = await timed(1);
    const stale = timed(2).catch(() => 'stopped');
    await sleep(300);
    for (let v = 3; v <= 7; v++) {
      runs.supersede(doc, v);
      await sleep(100);
    }
    const lastKey = performance.now() - 100;
    const burstCpu0 = cpuMs();
    const outcome = await stale;
    await sleep(Math.max(0, DEBOUNCE_MS - (performance.now() - lastKey)));
    await timed(7);
    const repaint = performance.now() - lastKey;
    const burstCpu = cpuMs() - burstCpu0;
    const how = `the stale layout was ${outcome === 'stopped' ? 'stopped' : 'NOT stopped'}, ${tookOver ? 'the warm standby took over' : 'a cold thread replaced it'}`;
    return [
      // What stopping a layout costs without a standby: the replacement thread starts cold.
      ...(standby ? [] : [{ name: `${n} nodes: first layout on a new worker`, medianMs: cold, baselineMs: fresh, ratio: cold / fresh, note: 'vs one fresh layout on a warm worker' }]),
      { name: `${n} nodes: keystroke burst -> scene (${label})`, medianMs: repaint, baselineMs: fresh, ratio: repaint / fresh, note: `vs one fresh layout on a warm worker; ${how} (target <= 2x)` },
      // The process's CPU time (every thread, the JIT's included) does not move with the other work on a shared machine.
      { name: `${n} nodes: keystroke burst -> scene, CPU (${label})`, medianMs: burstCpu, baselineMs: freshCpu, ratio: burstCpu / freshCpu, note: 'CPU ms of the whole process vs the fresh layout\'s' },
    ];
  } finally {
    await worker.dispose();
  }
}

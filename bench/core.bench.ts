/**
 * The diagram core against its anchors, on the same generated graphs in one run:
 * raw elkjs (the floor we build on) and D2 (compile + render, its ELK and dagre layouts).
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { parseDiagram } from '../src/core/language';
import { layoutDiagram } from '../src/core/layout';
import { renderSvg } from '../src/core/render';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconIndex } from '../src/core/icons';
import { getIconCatalog, locateIconsDir } from '../src/node/iconStore';
import { svgToPng } from '../src/node/png';
import { generateGraph, toArchflow, toD2, toElk } from './generate';
import { archflowElkGraph } from './layoutSpeed.bench';
import { time, timeAgainst, timePair, type BenchRow } from './measure';

export interface CoreBenchOptions {
  sizes: number[];
  /** Skip D2 at sizes above this (it takes minutes at 1000 nodes). */
  d2MaxSize: number;
}

function runsFor(n: number): number {
  return n <= 10 ? 15 : n <= 100 ? 9 : n <= 300 ? 5 : 3;
}

export async function benchCore(options: CoreBenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const catalog = await getIconCatalog();
  const elk = new ELK();
  let d2: { compile(t: string, o?: object): Promise<{ diagram: unknown; renderOptions: unknown }>; render(d: unknown, o?: unknown): Promise<string> } | undefined;
  try {
    const { D2 } = await import('@terrastruct/d2');
    d2 = new D2() as never;
  } catch (err) {
    console.error(`D2 unavailable: ${(err as Error).message}`);
  }

  for (const n of options.sizes) {
    const graph = generateGraph(n);
    const text = toArchflow(graph);
    const runs = runsFor(n);

    const parseT = await time(() => parseDiagram(text, { icons: catalog }), Math.max(runs, 5));
    const { model } = parseDiagram(text, { icons: catalog });
    const rawElk = () => elk.layout(toElk(graph) as never);
    const layoutVsElk = await timePair(() => layoutDiagram(model, {}), rawElk, runs);
    const scene = await layoutDiagram(model, {});
    const svgT = await time(() => renderSvg(scene), Math.max(runs, 5));
    const svg = renderSvg(scene, { animate: false });
    const pngT = await time(() => svgToPng(svg), n >= 1000 ? 1 : 3, n >= 1000 ? 0 : 1);
    const pipeline = async () => {
      const parsed = parseDiagram(text, { icons: catalog });
      renderSvg(await layoutDiagram(parsed.model, {}));
    };
    // Two anchors: raw elkjs at ELK's default options (what users compare with) and elkjs given
    // ArchFlow's own ELK graph and options (what is ours besides the options we pick).
    const tuned = archflowElkGraph(model);
    const tunedElk = () => elk.layout(structuredClone(tuned));
    const pipelineVs = await timeAgainst(pipeline, [rawElk, tunedElk], runs);
    const pipelineT = pipelineVs.a;

    rows.push({ name: `${n} nodes: parse`, medianMs: parseT.medianMs });
    rows.push({ name: `${n} nodes: layout`, medianMs: layoutVsElk.a.medianMs, baselineMs: layoutVsElk.b.medianMs, ratio: layoutVsElk.ratio, note: 'vs raw elkjs, interleaved' });
    rows.push({ name: `${n} nodes: svg`, medianMs: svgT.medianMs });
    rows.push({ name: `${n} nodes: png`, medianMs: pngT.medianMs });
    const anchorNotes = ['vs raw elkjs, default options, interleaved (target <= 1.3x)', "vs elkjs given ArchFlow's ELK graph and options, interleaved"];
    pipelineVs.anchors.forEach((anchor, i) =>
      rows.push({ name: `${n} nodes: parse+layout+svg`, medianMs: pipelineT.medianMs, baselineMs: anchor.timing.medianMs, ratio: anchor.ratio, note: anchorNotes[i] }),
    );

    if (d2 && n <= options.d2MaxSize) {
      const d2Text = toD2(graph);
      for (const layout of ['elk', 'dagre'] as const) {
        try {
          const d2T = await time(async () => {
            const r = await d2!.compile(d2Text, { layout });
            await d2!.render(r.diagram, r.renderOptions);
          }, n >= 300 ? 1 : Math.min(runs, 3), n >= 300 ? 0 : 1);
          rows.push({
            name: `${n} nodes: D2 (${layout})`,
            medianMs: d2T.medianMs,
            baselineMs: pipelineT.medianMs,
            ratio: d2T.medianMs / pipelineT.medianMs,
            note: 'D2 / ArchFlow pipeline (how many times faster we are)',
          });
        } catch (err) {
          rows.push({ name: `${n} nodes: D2 (${layout})`, medianMs: Number.NaN, note: `failed: ${(err as Error).message.slice(0, 60)}` });
        }
      }
    }
  }

  const index = JSON.parse(readFileSync(join(locateIconsDir(), 'index.json'), 'utf8')) as IconIndex;
  const allIds = index.sets.map((set) => set.names.map((n) => `${set.prefix}:${n}`));
  const queries = ['kafka', 'postgres', 'databse', 'aws lambda', 'server', 'logos:react', 'user', 'cloud', 'qeue', 'k8s'];
  catalog.search('warm-up');
  const searchT = await time(() => {
    for (const q of queries) catalog.search(q, { limit: 20 });
  }, 20);
  const scanT = await time(() => {
    // Anchor: a plain substring scan over every id, the cheapest search that exists.
    for (const q of queries) {
      let hits = 0;
      for (const ids of allIds) for (const id of ids) if (id.includes(q)) hits++;
      void hits;
    }
  }, 20);
  rows.push({ name: 'icon search (per query)', medianMs: searchT.medianMs / queries.length, baselineMs: scanT.medianMs / queries.length, ratio: searchT.medianMs / scanT.medianMs, note: 'vs a plain substring scan; target < 5 ms' });
  return rows;
}


/**
 * `npm run bench -- --only layout-quality`: how good and how stable the drawings are,
 * measured with the layout metrics (src/core/layout/metrics.ts) on the bundled examples and
 * on generated architectures of 20–300 nodes, ArchFlow beside D2's ELK and dagre layouts of
 * the same graphs in the same run; then the one-line edits (layoutEdits.ts), each laid out
 * from scratch, compared with the unedited drawing; then the time of parse + layout + SVG
 * of 300 nodes against raw elkjs.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeText } from '../src/core/analysis';
import type { IconCatalog } from '../src/core/icons';
import { layoutDiagram } from '../src/core/layout';
import { measureLayout, type LayoutMetrics } from '../src/core/layout/metrics';
import { compareLayouts } from '../src/core/layout/stability';
import type { DiagramModel } from '../src/core/model';
import { renderSvg } from '../src/core/render';
import type { Scene } from '../src/core/scene';
import { getIconCatalog } from '../src/node/iconStore';
import { iconIdsOf } from '../src/node/diagramPipeline';
import { d2Scene, type D2LayoutName } from './d2Layout';
import { generateGraph, toArchflow, toElk } from './generate';
import { architectureText } from './generateArchitecture';
import { applyEdit, EDIT_KINDS } from './layoutEdits';
import { archflowElkGraph } from './layoutSpeed.bench';
import { timeAgainst, type BenchRow } from './measure';

export interface LayoutQualityOptions {
  sizes: number[];
  /** Skip D2 above this many nodes. */
  d2MaxSize: number;
  /** Only these cases (names), when given. */
  only?: string[];
}

interface Case {
  name: string;
  kind: 'example' | 'generated';
  text: string;
}

const COLUMNS: Array<[keyof LayoutMetrics, string]> = [
  ['crossings', 'cross'],
  ['bends', 'bends'],
  ['detourLength', 'detour'],
  ['wrapArounds', 'wraps'],
  ['cornerEnds', 'corner'],
  ['groupCrossExcess', 'grpX'],
  ['edgeNode', 'e∩node'],
  ['boxOverlaps', 'overlap'],
  ['labelNode', 'lbl∩node'],
  ['labelLabel', 'lbl∩lbl'],
  ['edgeGroupTitle', 'title'],
  ['area', 'area Mpx²'],
  ['aspect', 'aspect'],
];

function cases(options: LayoutQualityOptions): Case[] {
  const dir = join(import.meta.dirname, '../examples');
  const out: Case[] = readdirSync(dir)
    .filter((f) => f.endsWith('.diagram'))
    .sort()
    .map((f) => ({ name: f.replace(/\.diagram$/, ''), kind: 'example' as const, text: readFileSync(join(dir, f), 'utf8') }));
  for (const n of options.sizes) out.push({ name: `arch-${n}`, kind: 'generated', text: architectureText(n, 1, 'LR') });
  for (const n of options.sizes.filter((s) => s <= 100)) out.push({ name: `arch-${n}-tb`, kind: 'generated', text: architectureText(n, 2, 'TB') });
  return options.only ? out.filter((c) => options.only!.includes(c.name)) : out;
}

async function sceneOf(text: string, catalog: IconCatalog): Promise<{ scene: Scene; model: DiagramModel }> {
  const { model } = analyzeText(text, { catalog });
  const icons = await catalog.load(iconIdsOf(model));
  return { scene: await layoutDiagram(model, icons), model };
}

const cell = (v: number | undefined, key?: keyof LayoutMetrics) => {
  if (v === undefined || Number.isNaN(v)) return '—';
  if (key === 'area') return (v / 1e6).toFixed(2);
  if (key === 'aspect') return v.toFixed(1);
  return Math.round(v).toLocaleString('en-US');
};

function printQuality(rows: Array<{ name: string; layout: string; m: Partial<LayoutMetrics> }>): void {
  const header = ['case', 'layout', ...COLUMNS.map(([, h]) => h)];
  const body = rows.map((r) => [r.name, r.layout, ...COLUMNS.map(([k]) => cell(r.m[k] as number | undefined, k))]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log('\n## layout quality (lower is better; D2 label figures approximate, dagre routes are splines: bends —)');
  console.log(line(header));
  for (const b of body) console.log(line(b));
}

function sum(ms: Array<Partial<LayoutMetrics>>): Partial<LayoutMetrics> {
  const out: Record<string, number> = {};
  for (const [k] of COLUMNS) out[k] = ms.reduce((s, m) => s + ((m[k] as number | undefined) ?? Number.NaN), 0);
  out.aspect = Number.NaN;
  return out as Partial<LayoutMetrics>;
}

export async function benchLayoutQuality(options: LayoutQualityOptions): Promise<BenchRow[]> {
  const catalog = await getIconCatalog();
  const { D2 } = await import('@terrastruct/d2');
  const d2 = new D2() as never;
  const rows: Array<{ name: string; layout: string; m: Partial<LayoutMetrics>; kind: Case['kind'] }> = [];
  const all = cases(options);
  const stability: Array<{ name: string; edit: string; meanMove: number; kept: number; flow: number; cross: number; moved: number }> = [];

  for (const c of all) {
    const { scene, model } = await sceneOf(c.text, catalog);
    rows.push({ name: c.name, layout: 'ArchFlow', m: measureLayout(scene), kind: c.kind });
    if (model.elements.length <= options.d2MaxSize) {
      for (const layout of ['elk', 'dagre'] as D2LayoutName[]) {
        try {
          const d = await d2Scene(d2, model, layout);
          const m = measureLayout(d.scene);
          if (d.curved) m.bends = Number.NaN;
          rows.push({ name: c.name, layout: `D2 ${layout}`, m, kind: c.kind });
        } catch (err) {
          console.error(`D2 ${layout} failed on ${c.name}: ${(err as Error).message.slice(0, 80)}`);
        }
      }
    }
    for (const edit of EDIT_KINDS) {
      const edited = applyEdit(c.text, model, edit);
      if (edited === undefined) continue;
      const after = await sceneOf(edited, catalog);
      const s = compareLayouts(scene, after.scene);
      stability.push({ name: c.name, edit, meanMove: s.meanMove, kept: s.orthoOrderKept, flow: s.flowOrderKept, cross: s.crossOrderKept, moved: s.movedShare });
    }
  }

  const ordered: typeof rows = [];
  for (const kind of ['example', 'generated'] as const) {
    const names = [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.name))];
    for (const n of names) ordered.push(...rows.filter((r) => r.name === n));
    for (const layout of ['ArchFlow', 'D2 elk', 'D2 dagre']) {
      // Totals only over cases every layout drew, so the columns compare like with like.
      const drawn = names.filter((n) => rows.some((r) => r.name === n && r.layout === 'D2 elk'));
      const of = rows.filter((r) => r.kind === kind && r.layout === layout && drawn.includes(r.name));
      if (of.length > 0) ordered.push({ name: `Σ ${kind}s (${of.length})`, layout, m: sum(of.map((r) => r.m)), kind });
    }
  }
  printQuality(ordered);

  console.log('\n## layout stability: each edit laid out from scratch, compared with the unedited drawing');
  console.log('   (order kept = both relations; along flow = the layering; across flow = order within layers and placement)');
  const pct = (v: number, w: number) => `${(v * 100).toFixed(0).padStart(w - 1)}%`;
  console.log(`${'case'.padEnd(18)}  ${'edit'.padEnd(13)}  ${'mean move px'.padStart(12)}  ${'order kept'.padStart(10)}  ${'along flow'.padStart(10)}  ${'across flow'.padStart(11)}  ${'moved >10px'.padStart(11)}`);
  for (const s of stability) {
    console.log(`${s.name.padEnd(18)}  ${s.edit.padEnd(13)}  ${s.meanMove.toFixed(0).padStart(12)}  ${pct(s.kept, 10)}  ${pct(s.flow, 10)}  ${pct(s.cross, 11)}  ${pct(s.moved, 11)}`);
  }
  for (const edit of EDIT_KINDS) {
    const of = stability.filter((s) => s.edit === edit);
    if (of.length === 0) continue;
    const mean = (f: (s: (typeof of)[number]) => number) => of.reduce((a, s) => a + f(s), 0) / of.length;
    const worst = Math.min(...of.map((s) => s.kept));
    console.log(`${'mean'.padEnd(18)}  ${edit.padEnd(13)}  ${mean((s) => s.meanMove).toFixed(0).padStart(12)}  ${pct(mean((s) => s.kept), 10)}  ${pct(mean((s) => s.flow), 10)}  ${pct(mean((s) => s.cross), 11)}  ${pct(mean((s) => s.moved), 11)}  (worst order kept ${(worst * 100).toFixed(0)}%)`);
  }

  // Time: the whole pipeline against raw elkjs on the same 300-node graph (as the core bench).
  const graph = generateGraph(300);
  const text = toArchflow(graph);
  const elk = new ELK();
  const pipeline = async () => {
    const { model } = analyzeText(text, { catalog });
    renderSvg(await layoutDiagram(model, {}));
  };
  const tuned = archflowElkGraph(analyzeText(text, { catalog }).model);
  const t = await timeAgainst(pipeline, [() => elk.layout(toElk(graph) as never), () => elk.layout(structuredClone(tuned))], 5);
  return [
    { name: '300 nodes: parse+layout+svg', medianMs: t.a.medianMs, baselineMs: t.anchors[0]!.timing.medianMs, ratio: t.anchors[0]!.ratio, note: 'vs raw elkjs, default options, interleaved (target <= 1.3x)' },
    { name: '300 nodes: parse+layout+svg', medianMs: t.a.medianMs, baselineMs: t.anchors[1]!.timing.medianMs, ratio: t.anchors[1]!.ratio, note: "vs elkjs given ArchFlow's ELK graph and options, interleaved" },
  ];
}

/**
 * `node --import tsx bench/keptLayout.ts [--sizes 20,50,100,200,300] [--runs 3]`: how well a
 * drawing is kept through edits when laid out with the layout file of the drawing before
 * (issue 30 §4). On the examples and on generated architectures, for one connection added,
 * one removed, one node added, a longer label, and five edits in a row: node pairs keeping
 * their order, mean move of kept nodes, overlaps, connections through a node, label
 * collisions, wrap-arounds, crossings + bends against a fresh layout of the edited text;
 * then the time of the kept layout of 300 nodes + 1 against the fresh layout, same run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeText } from '../src/core/analysis';
import { layoutDiagram } from '../src/core/layout';
import { keptLayout } from '../src/core/layout/keptLayout';
import { layoutFromScene, serializeLayoutFile, type DiagramLayout } from '../src/core/layout/layoutFile';
import { measureLayout } from '../src/core/layout/metrics';
import { compareLayouts } from '../src/core/layout/stability';
import type { Scene } from '../src/core/scene';
import { architectureText } from './generateArchitecture';
import { applyEdit, type EditKind } from './layoutEdits';

const argv = process.argv.slice(2);
const arg = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const sizes = (arg('--sizes') ?? '20,50,100,200,300').split(',').map(Number);
const runs = Number(arg('--runs') ?? 3);

interface Row {
  name: string;
  edit: string;
  kept: number;
  meanMove: number;
  overlaps: number;
  throughNode: number;
  labels: number;
  wraps: number;
  cb: number;
  freshCb: number;
  /**
   * Node pairs the fresh layout of the edited text keeps in the order of the fresh layout
   * before: below the 99% asked of a kept layout, the fresh drawing is another arrangement,
   * and its crossings + bends are not those of the drawing the kept layout keeps.
   */
  freshKept: number;
  /** Crossings + bends of the fresh layout before the edit. */
  freshBeforeCb: number;
  detail: string;
}

async function main() {
  // Icons change no box (a node with an icon id is measured the same whether the catalog has it), so none are loaded.
  const icons = {};
  const dir = join(import.meta.dirname, '../examples');
  const cases = readdirSync(dir)
    .filter((f) => f.endsWith('.diagram'))
    .sort()
    .map((f) => ({ name: f.replace(/\.diagram$/, ''), text: readFileSync(join(dir, f), 'utf8') }));
  for (const n of sizes) cases.push({ name: `arch-${n}`, text: architectureText(n, 1, 'LR') });
  for (const n of sizes.filter((s) => s <= 100)) cases.push({ name: `arch-${n}-tb`, text: architectureText(n, 2, 'TB') });

  const fresh = async (text: string) => {
    const { model } = analyzeText(text);
    return { model, scene: await layoutDiagram(model, icons) };
  };
  const kept = async (text: string, layout: DiagramLayout) => {
    const { model } = analyzeText(text);
    return keptLayout(model, icons, layout);
  };
  const row = (name: string, edit: string, before: Scene, after: Scene, freshAfter: Scene, freshBefore: Scene): Row => {
    const s = compareLayouts(before, after);
    const m = measureLayout(after);
    const f = measureLayout(freshAfter);
    return {
      name,
      edit,
      kept: s.orthoOrderKept,
      meanMove: s.meanMove,
      overlaps: m.boxOverlaps,
      throughNode: m.edgeNode,
      labels: m.labelNode + m.labelLabel,
      wraps: m.wrapArounds,
      cb: m.crossings + m.bends,
      detail: `${m.crossings}c+${m.bends}b vs ${f.crossings}c+${f.bends}b`,
      freshCb: f.crossings + f.bends,
      freshKept: compareLayouts(freshBefore, freshAfter).orthoOrderKept,
      freshBeforeCb: (({ crossings, bends }) => crossings + bends)(measureLayout(freshBefore)),
    };
  };

  const rows: Row[] = [];
  const single: EditKind[] = ['+connection', '-connection', '+node', 'longer label'];
  const sequence: EditKind[] = ['+connection', '+node', 'longer label', '-connection', '+connection'];
  for (const c of cases) {
    const start = await fresh(c.text);
    const file = layoutFromScene(start.scene);
    rows.push(row(c.name, 'none', start.scene, await kept(c.text, file), start.scene, start.scene));
    for (const edit of single) {
      const text = applyEdit(c.text, start.model, edit);
      if (text === undefined) continue;
      rows.push(row(c.name, edit, start.scene, await kept(text, file), (await fresh(text)).scene, start.scene));
    }
    // Five edits in a row, each laid out with the file of the drawing before it.
    let text = c.text;
    let model = start.model;
    let before = start.scene;
    let layout = file;
    let freshBefore = start.scene;
    for (const [k, edit] of sequence.entries()) {
      const next = applyEdit(text, model, edit === '+node' && k > 0 && text.includes('added_node') ? 'colour' : edit);
      if (next === undefined) continue;
      const after = await kept(next, layout);
      const f = await fresh(next);
      rows.push(row(c.name, `5 edits: ${k + 1} ${edit}`, before, after, f.scene, freshBefore));
      freshBefore = f.scene;
      text = next;
      model = f.model;
      before = after;
      layout = layoutFromScene(after, layout);
    }
  }

  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
  console.log('case | edit | order kept | mean move px | overlaps | through node | label collisions | wraps | cross+bends kept / fresh | fresh order kept, its cross+bends before');
  for (const r of rows) {
    console.log(
      [r.name, r.edit, pct(r.kept), r.meanMove.toFixed(1), r.overlaps, r.throughNode, r.labels, r.wraps, `${r.cb} / ${r.freshCb} = ${(r.cb / Math.max(1, r.freshCb)).toFixed(2)}x`, r.detail, `${pct(r.freshKept)}, fresh before ${r.freshBeforeCb}`].join(' | '),
    );
  }
  const edited = rows.filter((r) => r.edit !== 'none');
  const sum = (f: (r: Row) => number) => edited.reduce((s, r) => s + f(r), 0);
  console.log(
    `\nall edits (${edited.length}): order kept min ${pct(Math.min(...edited.map((r) => r.kept)))}, mean ${pct(sum((r) => r.kept) / edited.length)}; ` +
      `mean move max ${Math.max(...edited.map((r) => r.meanMove)).toFixed(1)} px; overlaps ${sum((r) => r.overlaps)}, through node ${sum((r) => r.throughNode)}, ` +
      `label collisions ${sum((r) => r.labels)}, wraps ${sum((r) => r.wraps)}; cross+bends ${sum((r) => r.cb)} / fresh ${sum((r) => r.freshCb)} = ${(sum((r) => r.cb) / sum((r) => r.freshCb)).toFixed(2)}x, ` +
      `worst case ${Math.max(...edited.map((r) => r.cb / Math.max(1, r.freshCb))).toFixed(2)}x`,
  );
  // The reading "for each edit, crossings and bends summed": per kind of edit, over every diagram.
  const kindOf = (r: Row) => (r.edit.startsWith('5 edits') ? '5 edits in a row' : r.edit);
  for (const kind of [...new Set(edited.map(kindOf))]) {
    const of = edited.filter((r) => kindOf(r) === kind);
    const [cb, freshCb] = [of.reduce((s, r) => s + r.cb, 0), of.reduce((s, r) => s + r.freshCb, 0)];
    console.log(`  ${kind} (${of.length} rows): cross+bends ${cb} / fresh ${freshCb} = ${(cb / Math.max(1, freshCb)).toFixed(2)}x`);
  }
  const over = edited.filter((r) => r.cb > 1.25 * Math.max(1, r.freshCb));
  const rearranged = (list: Row[]) => list.filter((r) => r.freshKept < 0.99).length;
  console.log(
    `edit rows over 1.25x: ${over.length}, of which the fresh layout of the edited text rearranged the fresh drawing before (fresh order kept < 99%): ${rearranged(over)}; ` +
      `all edit rows where it rearranged: ${rearranged(edited)}`,
  );

  // Time: 300 nodes + 1 node, kept against fresh, alternating in one run.
  const big = Math.max(...sizes);
  const base = await fresh(architectureText(big, 1, 'LR'));
  const file = layoutFromScene(base.scene);
  const text = applyEdit(architectureText(big, 1, 'LR'), base.model, '+node')!;
  const { model } = analyzeText(text);

  // What the routes cost the layout file: its size, and the lines one edit changes.
  const withoutRoutes = (l: DiagramLayout): DiagramLayout => ({ ...l, routes: new Map() });
  const fileText = (l: DiagramLayout) => serializeLayoutFile({ kind: 'diagram', layout: l });
  const changed = (a: string, b: string) => {
    const before = new Set(a.split('\n'));
    const after = new Set(b.split('\n'));
    return [...after].filter((l) => !before.has(l)).length + [...before].filter((l) => !after.has(l)).length;
  };
  const editedFile = layoutFromScene(keptLayout(model, icons, file), file);
  // The file a kept drawing of the unchanged text writes (ELK's wrap-arounds routed again), and the same edit from it.
  const keptFile = layoutFromScene(keptLayout(base.model, icons, file), file);
  const editedKept = layoutFromScene(keptLayout(model, icons, keptFile), keptFile);
  const lineCount = (t: string) => t.split('\n').length - 1;
  for (const [what, l] of [['with routes', (x: DiagramLayout) => x], ['without routes', withoutRoutes]] as const) {
    const a = fileText(l(file));
    console.log(
      `layout file, ${big} nodes, ${what}: ${a.length} bytes, ${lineCount(a)} lines; ${big} nodes + 1 node changes ${changed(a, fileText(l(editedFile)))} lines (removed + added) ` +
        `from the fresh drawing's file, ${changed(fileText(l(keptFile)), fileText(l(editedKept)))} from a kept drawing's`,
    );
  }
  const times = { kept: [] as number[], fresh: [] as number[] };
  for (let k = 0; k < runs; k++) {
    let t = performance.now();
    await layoutDiagram(model, icons);
    times.fresh.push(performance.now() - t);
    t = performance.now();
    keptLayout(model, icons, file);
    times.kept.push(performance.now() - t);
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  console.log(`\ntime, ${big} nodes + 1 node (median of ${runs}): kept ${median(times.kept).toFixed(0)} ms, fresh ${median(times.fresh).toFixed(0)} ms = ${(median(times.kept) / median(times.fresh)).toFixed(2)}x`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

/**
 * A style-only edit (one node's colour) of a generated diagram, as the editor draws it: the
 * geometry key of the new parse, then the previous scene re-dressed (`restyleScene`), against
 * laying the new parse out (`layoutDiagram`), interleaved in the same run. Both give the same
 * scene (test/core/restyleScene.test.ts); this measures what skipping the layout saves.
 */
import { geometryKey } from '../src/core/geometryKey';
import { parseDiagram } from '../src/core/language';
import { layoutDiagram } from '../src/core/layout';
import { restyleScene } from '../src/core/restyleScene';
import { generateGraph, toArchflow } from './generate';
import { timePair, type BenchRow } from './measure';

export async function benchStyleEdit(options: { sizes: number[] }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const n of options.sizes) {
    const text = toArchflow(generateGraph(n));
    const before = parseDiagram(text).model;
    const previous = await layoutDiagram(before, {});
    const first = before.elements.find((e) => e.kind === 'node')!;
    const styled = parseDiagram(text.replace(new RegExp(`^(${first.id} = .*)$`, 'm'), '$1 color=#d33682')).model;
    if (geometryKey(styled) !== geometryKey(before)) throw new Error('the colour edit changed the geometry key');
    const reuse = () => {
      if (geometryKey(styled) !== geometryKey(before) || !restyleScene(previous, styled, {})) throw new Error('not reused');
    };
    const pair = await timePair(reuse, () => layoutDiagram(styled, {}), n <= 100 ? 9 : n <= 300 ? 5 : 3);
    rows.push({
      name: `${n} nodes: colour edit, geometry reused`,
      medianMs: pair.a.medianMs,
      baselineMs: pair.b.medianMs,
      ratio: pair.ratio,
      note: 'key + restyleScene vs layoutDiagram of the same parse, interleaved',
    });
  }
  return rows;
}

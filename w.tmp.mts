import { readFileSync } from 'node:fs';
import { analyzeText } from './src/core/analysis';
import { layoutDiagram } from './src/core/layout';
import { keptLayout } from './src/core/layout/keptLayout';
import { layoutFromScene } from './src/core/layout/layoutFile';
import { compareLayouts } from './src/core/layout/stability';
import { applyEdit } from './bench/layoutEdits';
for (const name of ['event-streaming', 'load-balancer']) {
  let text = readFileSync(`examples/${name}.diagram`, 'utf8');
  let { model } = analyzeText(text);
  let before = await layoutDiagram(model, {});
  let layout = layoutFromScene(before);
  for (const edit of ['+connection', '+node', 'longer label'] as const) {
    text = applyEdit(text, model, edit)!;
    model = analyzeText(text).model;
    const after = keptLayout(model, {}, layout);
    if (edit === 'longer label') {
      const s = compareLayouts(before, after);
      console.log(name, s.orthoOrderKept, s.meanMove, model.direction);
      for (const n of before.nodes) { const m = after.nodes.find((x) => x.id === n.id)!; if (Math.abs(m.x - n.x) > 1 || Math.abs(m.y - n.y) > 1 || m.width !== n.width) console.log('  ', n.id, `${n.x},${n.y} ${n.width}x${n.height} -> ${m.x},${m.y} ${m.width}x${m.height}`); }
      for (const n of before.nodes) console.log('     ', n.id, n.x, n.y, n.width, n.height, n.parent ?? '');
      for (const g of before.groups) console.log('   g', g.id, g.x, g.y, g.width, g.height);
    }
    layout = layoutFromScene(after, layout);
    before = after;
  }
}

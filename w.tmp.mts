import { readFileSync } from 'node:fs';
import { analyzeText } from './src/core/analysis';
import { layoutDiagram } from './src/core/layout';
import { keptLayout } from './src/core/layout/keptLayout';
import { layoutFromScene } from './src/core/layout/layoutFile';
import { compareLayouts } from './src/core/layout/stability';
import { measureLayout } from './src/core/layout/metrics';
import { architectureText } from './bench/generateArchitecture';
import { applyEdit } from './bench/layoutEdits';
for (const name of ['microservices', 'event-streaming', 'load-balancer', 'arch-20-tb', 'shapes', 'arch-50-tb', 'arch-100-tb']) {
  const text = name.startsWith('arch') ? architectureText(Number(name.split('-')[1]), 2, 'TB') : readFileSync(`examples/${name}.diagram`, 'utf8');
  const { model } = analyzeText(text);
  const fresh = await layoutDiagram(model, {});
  const file = layoutFromScene(fresh);
  const edited = applyEdit(text, model, 'longer label')!;
  const after = keptLayout(analyzeText(edited).model, {}, file);
  const s = compareLayouts(fresh, after);
  const m = measureLayout(after);
  console.log(name, s.orthoOrderKept.toFixed(3), s.meanMove, 'nodes', fresh.nodes.length, 'ov', m.boxOverlaps, m.edgeNode, m.labelNode + m.labelLabel, m.wrapArounds);
  for (const n of fresh.nodes) {
    const m = after.nodes.find((x) => x.id === n.id)!;
    if (Math.abs(m.x - n.x) > 1 || Math.abs(m.y - n.y) > 1 || m.width !== n.width) console.log('  ', n.id, `${n.x},${n.y} ${n.width}x${n.height} -> ${m.x},${m.y} ${m.width}x${m.height}`);
  }
}

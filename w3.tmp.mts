import { readFileSync } from 'node:fs';
import { analyzeText } from './src/core/analysis';
import { layoutDiagram } from './src/core/layout';
import { keptLayout } from './src/core/layout/keptLayout';
import { layoutFromScene } from './src/core/layout/layoutFile';
import { applyEdit } from './bench/layoutEdits';
for (const [name, edit] of [['serverless', '+node']] as const) {
  const text = readFileSync(`examples/${name}.diagram`, 'utf8');
  const { model } = analyzeText(text);
  const fresh = await layoutDiagram(model, {});
  const file = layoutFromScene(fresh);
  const edited = applyEdit(text, model, edit)!;
  const after = keptLayout(analyzeText(edited).model, {}, file);
  for (const e of after.edges) {
    const key = `${e.source} -> ${e.target}`;
    const old = file.routes.get(key);
    if (JSON.stringify(old) !== JSON.stringify(e.points)) console.log('  ', key, 'old', JSON.stringify(old), '\n     new', JSON.stringify(e.points));
  }
  for (const n of after.nodes) console.log('    n', n.id, n.x, n.y, n.width, n.height, n.parent ?? '');
  for (const n of after.groups) console.log('    g', n.id, n.x, n.y, n.width, n.height);
}

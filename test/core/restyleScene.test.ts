import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { geometryKey } from '../../src/core/geometryKey';
import { layoutDiagram } from '../../src/core/layout';
import type { DiagramModel } from '../../src/core/model';
import { renderSvg } from '../../src/core/render';
import { restyleScene } from '../../src/core/restyleScene';
import type { IconData } from '../../src/core/scene';
import { exampleTexts, GEOMETRY_EDITS, parseClean, STYLE_EDITS } from './styleEdits';

/** Icon data for every icon the model names but one (which stays unknown, as a missing icon does). */
function iconsOf(model: DiagramModel): Record<string, IconData | null> {
  const ids = [...new Set(model.elements.flatMap((e) => (e.icon ? [e.icon] : [])))];
  return Object.fromEntries(ids.slice(1).map((id, i) => [id, { body: `<path d="M0 0h${i + 1}v24z"/>`, width: 24, height: 24 }]));
}

describe('restyleScene', () => {
  for (const { name, text } of exampleTexts()) {
    it(`gives the scene a fresh layout gives, byte for byte, after every style edit of ${name}`, async () => {
      const model = parseClean(text, name);
      const before = await layoutDiagram(model, iconsOf(model));
      const frozen = JSON.stringify(before);
      let changed = 0;
      for (const edit of STYLE_EDITS) {
        const edited = parseClean(edit.edit(text, model), `${name} (${edit.name})`);
        assert.equal(geometryKey(edited), geometryKey(model), `${edit.name}: a style edit`);
        const icons = iconsOf(edited);
        const fresh = await layoutDiagram(edited, icons);
        const reused = restyleScene(before, edited, icons);
        assert.ok(reused, `${edit.name}: the previous scene fits`);
        assert.equal(JSON.stringify(reused), JSON.stringify(fresh), `${edit.name} of ${name}`);
        assert.equal(renderSvg(reused, {}), renderSvg(fresh, {}), `${edit.name} of ${name}: the SVG`);
        if (JSON.stringify(fresh) !== frozen) changed++;
      }
      assert.equal(JSON.stringify(before), frozen, 'the previous scene is not mutated');
      // Indentation (and formatting an already formatted file) may change nothing drawn; the others do.
      assert.ok(changed >= STYLE_EDITS.length - 2, `${changed} of ${STYLE_EDITS.length} edits changed the drawing`);
    });
  }

  it('refuses a scene that does not hold what the model draws', async () => {
    const { name, text } = exampleTexts().find((e) => e.name === 'microservices.diagram')!;
    const model = parseClean(text, name);
    const before = await layoutDiagram(model, {});
    for (const edit of GEOMETRY_EDITS.filter((e) => /^a (new|removed) /.test(e.name))) {
      const edited = parseClean(edit.edit(text, model), `${name} (${edit.name})`);
      assert.equal(restyleScene(before, edited, {}), undefined, edit.name);
    }
  });
});

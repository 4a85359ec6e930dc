import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { geometryKey } from '../../src/core/geometryKey';
import { exampleTexts, GEOMETRY_EDITS, parseClean, STYLE_EDITS } from './styleEdits';

describe('geometryKey', () => {
  for (const { name, text } of exampleTexts()) {
    const model = parseClean(text, name);
    const key = geometryKey(model);

    it(`keeps its value through every style edit of ${name}`, () => {
      for (const edit of STYLE_EDITS) {
        const edited = parseClean(edit.edit(text, model), `${name} (${edit.name})`);
        assert.equal(geometryKey(edited), key, `${edit.name} of ${name}`);
      }
    });

    it(`changes with every geometry edit of ${name}`, () => {
      for (const edit of GEOMETRY_EDITS) {
        const changed = edit.edit(text, model);
        assert.notEqual(changed, text, `${edit.name} changed the text of ${name}`);
        assert.notEqual(geometryKey(parseClean(changed, `${name} (${edit.name})`)), key, `${edit.name} of ${name}`);
      }
    });
  }

  it('is a pure function of the model', () => {
    const { text, name } = exampleTexts()[0]!;
    assert.equal(geometryKey(parseClean(text, name)), geometryKey(parseClean(text, name)));
  });
});

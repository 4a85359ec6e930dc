// What every picture edit shares: a text with errors is not edited (and the preview can say
// why), a result that would not parse is refused, messages follow the locale, and the edits
// are whole changed lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundleL10n } from '../../../src/languageService/index';
import { applyEdits, connectElements, lineEdits, pictureEditsUnavailable, restyle } from '../../../src/languageService/pictureEdits/index';
import ptBundle from '../../../l10n/bundle.l10n.pt-br.json';
import { PT, refused } from './fixtures';

test('a text with an error is not edited, and says where the error is', () => {
  const broken = PT.replace('cilindro', 'cilindru');
  assert.equal(pictureEditsUnavailable(PT), undefined);
  assert.match(pictureEditsUnavailable(broken)!, /^The text has an error \(12:6 unknown shape 'cilindru'/);
  refused(connectElements(broken, { source: 'lb', target: 'api1' }), /fix it first/);
});

test('in Portuguese with the pt-BR bundle', () => {
  const broken = PT.replace('cilindro', 'cilindru');
  const reason = pictureEditsUnavailable(broken, { locale: 'pt-BR', l10n: bundleL10n(ptBundle) })!;
  assert.match(reason, /^O texto tem um erro \(12:6 forma desconhecida/);
  refused(connectElements(PT, { source: 'lb', target: 'x' }, { locale: 'pt-BR', l10n: bundleL10n(ptBundle) }), /não é um elemento/);
});

test('a result that would not parse is refused and nothing is written', () => {
  // Only http:, https: and mailto: links are accepted.
  refused(restyle(PT, [{ element: 'db' }], { attribute: 'link', value: 'javascript:alert(1)' }), /would leave the text with an error \(12:/);
});

test('line edits: one per run of changed lines, applied they give the new text', () => {
  const before = 'a\nb\nc\nd\ne';
  const after = 'a\nB\nc\nd\ne\nf';
  const edits = lineEdits(before, after);
  assert.deepEqual(edits, [
    { range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, newText: 'B\n' },
    { range: { start: { line: 4, character: 0 }, end: { line: 4, character: 1 } }, newText: 'e\nf' },
  ]);
  assert.equal(applyEdits(before, edits), after);
  assert.deepEqual(lineEdits('same\r\n', 'same\r\n'), []);
});

// Rename in place: only the label string of the element's or connection's line changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language/index';
import { renameLabel } from '../../../src/languageService/pictureEdits/index';
import { crlf, edited, EN, PT, touchedLines, withLine } from './fixtures';

test('a node’s label changes, escaped, and the parsed label is what was typed', () => {
  const label = 'Nova "API" \\ção\nlinha 2';
  const r = renameLabel(PT, { element: 'api1' }, label);
  const text = edited(PT, r);
  assert.equal(text, withLine(PT, 9, '  api1 = retângulo "Nova \\"API\\" \\\\ção\\nlinha 2"'));
  assert.deepEqual(touchedLines(r), [8]);
  assert.equal(parseDiagram(text).model.elements.find((e) => e.id === 'api1')!.label, label);
});

test('a group’s label and a connection’s label (English, 4-space indentation kept)', () => {
  assert.equal(edited(EN, renameLabel(EN, { element: 'app' }, 'Tier')), withLine(EN, 8, 'app = group "Tier" {'));
  assert.equal(edited(EN, renameLabel(EN, { element: 'api2' }, 'Two')), withLine(EN, 10, '    api2 = rectangle "Two"'));
  assert.equal(edited(EN, renameLabel(EN, { connection: 'c0' }, 'TLS')), withLine(EN, 14, 'customer -> lb "TLS" anim=packets'));
});

test('a label where none was written goes after the shape, the icon node’s icon, the group keyword or the last end', () => {
  const text = 'a = rect // a\nb = icon mdi:home\ng = group {\n}\na -> b anim=flow\n';
  assert.equal(edited(text, renameLabel(text, { element: 'a' }, 'A')), 'a = rect "A" // a\nb = icon mdi:home\ng = group {\n}\na -> b anim=flow\n');
  assert.equal(edited(text, renameLabel(text, { element: 'b' }, 'B')), 'a = rect // a\nb = icon mdi:home "B"\ng = group {\n}\na -> b anim=flow\n');
  assert.equal(edited(text, renameLabel(text, { element: 'g' }, 'G')), 'a = rect // a\nb = icon mdi:home\ng = group "G" {\n}\na -> b anim=flow\n');
  assert.equal(edited(text, renameLabel(text, { connection: 'c0' }, 'x')), 'a = rect // a\nb = icon mdi:home\ng = group {\n}\na -> b "x" anim=flow\n');
});

test('an empty label removes the string; comments and CRLF stay', () => {
  assert.equal(edited(crlf(PT), renameLabel(crlf(PT), { element: 'db' }, '')), crlf(withLine(PT, 12, 'db = cilindro # o banco')));
  assert.equal(edited(PT, renameLabel(PT, { connection: 'c3' }, '')), withLine(PT, 16, 'api1, api2 -> db estilo=tracejado'));
});

test('a tooltip string is not taken for the label', () => {
  const text = 'a = rect tooltip="tip"\n';
  assert.equal(edited(text, renameLabel(text, { element: 'a' }, 'A')), 'a = rect "A" tooltip="tip"\n');
});

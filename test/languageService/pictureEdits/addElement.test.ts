// Add: a declaration from the palette, top level or inside the group it was dropped in, its
// id made unique from its label, in the file's keywords.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addElement } from '../../../src/languageService/pictureEdits/index';
import { crlf, edited, EN, insertAfter, PT, refused, withLine } from './fixtures';

test('a node at the top level goes after the last top-level declaration, in Portuguese', () => {
  const r = addElement(PT, { kind: 'node', label: 'Fila de pedidos', shape: 'queue' });
  assert.ok(r.ok);
  assert.equal(r.newId, 'fila_de_pedidos');
  // The formatter's alignment: `db`'s `=` lines up with the new, longer id.
  assert.equal(edited(PT, r), insertAfter(withLine(PT, 12, 'db              = cilindro "Postgres" # o banco'), 12, 'fila_de_pedidos = fila "Fila de pedidos"'));
});

test('a node dropped in a group goes before its `}` at the body’s indentation, in English', () => {
  const r = addElement(EN, { kind: 'node', label: 'Worker', icon: 'logos:nodejs-icon', parent: 'app' });
  assert.equal(edited(EN, r), insertAfter(EN, 10, '    worker = rectangle "Worker" icon=logos:nodejs-icon'));
});

test('an icon node, a group, accents and a taken id', () => {
  const text = 'api = rect\n';
  const icon = addElement(text, { kind: 'node', label: 'Ação "API"', shape: 'icon', icon: 'mdi:home' });
  assert.ok(icon.ok);
  assert.equal(icon.newId, 'acao_api');
  assert.equal(edited(text, icon), 'api      = rect\nacao_api = icon mdi:home "Ação \\"API\\""\n');
  const taken = addElement(text, { kind: 'node', label: 'API' });
  assert.ok(taken.ok);
  assert.equal(taken.newId, 'api_2');
  assert.equal(edited(PT, addElement(PT, { kind: 'group', label: 'Dados' })), insertAfter(PT, 12, 'dados = grupo "Dados" {', '}'));
  refused(addElement(text, { kind: 'node', shape: 'icon' }), /icon/);
  refused(addElement(text, { kind: 'node', parent: 'api' }), /not a group/);
});

test('no label: the id comes from the icon or the shape; keywords are not ids', () => {
  const text = 'a = rect\n';
  const r = addElement(text, { kind: 'node', icon: 'logos:aws-elb' });
  assert.ok(r.ok);
  assert.equal(r.newId, 'aws_elb');
  const g = addElement('', { kind: 'group' });
  assert.ok(g.ok);
  assert.equal(g.text, 'group_2 = group {\n}\n');
  const d = addElement('x = rect\n', { kind: 'node', label: 'diagram' });
  assert.ok(d.ok && d.newId === 'diagram_2');
});

test('CRLF and comments are kept; an empty file gets its first line', () => {
  const text = crlf('# top\na = rect # first\n');
  assert.equal(edited(text, addElement(text, { kind: 'node', label: 'B' })), crlf('# top\na = rect # first\nb = rectangle "B"\n'));
  const empty = addElement('', { kind: 'node', label: 'First' });
  assert.ok(empty.ok);
  assert.equal(empty.text, 'first = rectangle "First"\n');
});

// Restyle: each choice of the context menu is one attribute (or the shape) set, replaced or
// removed on the element's or connection's line, in the file's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { restyle } from '../../../src/languageService/pictureEdits/index';
import { crlf, edited, EN, PT, refused, touchedLines, withLine } from './fixtures';

test('colour is added before a trailing comment; a group’s attribute goes before its `{` (pt-BR)', () => {
  const r = restyle(PT, [{ element: 'db' }], { attribute: 'color', value: '#ff0000' });
  assert.equal(edited(PT, r), withLine(PT, 12, 'db = cilindro "Postgres" cor=#ff0000 # o banco'));
  assert.deepEqual(touchedLines(r), [11]);
  assert.equal(edited(PT, restyle(PT, [{ element: 'app' }], { attribute: 'icon', value: 'logos:aws-ec2' })), withLine(PT, 8, 'app = grupo "App" ícone=logos:aws-ec2 {'));
});

test('animation and line style in the file’s words, replaced where written, removed on request', () => {
  assert.equal(edited(PT, restyle(PT, [{ connection: 'c0' }], { attribute: 'anim', value: 'flow' })), withLine(PT, 14, 'cliente -> lb "HTTPS" anim=fluxo'));
  assert.equal(edited(EN, restyle(EN, [{ connection: 'c0' }], { attribute: 'anim', value: 'flow' })), withLine(EN, 14, 'customer -> lb "HTTPS" anim=flow'));
  assert.equal(edited(EN, restyle(EN, [{ connection: 'c1' }], { attribute: 'style', value: 'dotted' })), withLine(EN, 15, 'lb -> api1, api2 style=dotted'));
  assert.equal(edited(PT, restyle(PT, [{ connection: 'c3' }], { attribute: 'style' })), withLine(PT, 16, 'api1, api2 -> db "SQL"'));
  assert.equal(edited(crlf(PT), restyle(crlf(PT), [{ connection: 'c3' }], { attribute: 'speed', value: 'fast' })), crlf(withLine(PT, 16, 'api1, api2 -> db "SQL" estilo=tracejado velocidade=rápida')));
});

test('shape: a plain swap; an icon node becomes a shape keeping its icon, and back', () => {
  assert.equal(edited(PT, restyle(PT, [{ element: 'db' }], { shape: 'cloud' })), withLine(PT, 12, 'db = nuvem "Postgres" # o banco'));
  const toRect = edited(PT, restyle(PT, [{ element: 'lb' }], { shape: 'rectangle' }));
  assert.equal(toRect, withLine(PT, 6, 'lb      = retângulo "LB" ícone=logos:aws-elb'));
  assert.equal(edited(toRect, restyle(toRect, [{ element: 'lb' }], { shape: 'icon' })), PT);
  refused(restyle(PT, [{ element: 'db' }], { shape: 'icon' }), /needs an icon/);
  refused(restyle(PT, [{ element: 'app' }], { shape: 'cloud' }), /Only nodes/);
});

test('an icon node’s icon is the word after its shape; attributes that do not apply are refused', () => {
  assert.equal(edited(EN, restyle(EN, [{ element: 'lb' }], { attribute: 'icon', value: 'logos:nginx' })), withLine(EN, 6, 'lb       = icon logos:nginx "LB"'));
  refused(restyle(PT, [{ element: 'db' }], { attribute: 'anim', value: 'flow' }), /does not apply/);
  refused(restyle(PT, [{ connection: 'c0' }], { attribute: 'color', value: 'notacolour' }), /error/);
});

test('several selected: each line once, a statement’s connections share its attributes', () => {
  const r = restyle(PT, [{ element: 'api1' }, { element: 'api2' }, { connection: 'c3' }, { connection: 'c4' }], { attribute: 'color', value: 'red' });
  const text = edited(PT, r);
  assert.deepEqual(touchedLines(r), [8, 9, 15]);
  assert.equal(text.split('\n')[15], 'api1, api2 -> db "SQL" estilo=tracejado cor=red');
  assert.equal(text.split('\n')[8], '  api1 = retângulo "API 1" cor=red');
});

test('tooltip and link values are quoted and escaped', () => {
  const text = 'a = rect\n';
  assert.equal(edited(text, restyle(text, [{ element: 'a' }], { attribute: 'tooltip', value: 'say "hi"' })), 'a = rect tooltip="say \\"hi\\""\n');
});

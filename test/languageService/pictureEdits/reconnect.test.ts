// Reconnect: one end of a connection to another element; only that word changes when it
// ends no other connection, else the connection leaves its statement for a line of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reconnect } from '../../../src/languageService/pictureEdits/index';
import { crlf, edited, EN, insertAfter, PT, refused, touchedLines, withLine } from './fixtures';

test('a connection alone on its line: the word changes (pt-BR, English, CRLF)', () => {
  const r = reconnect(PT, { connection: 'c0', end: 'target', to: 'db' });
  assert.equal(edited(PT, r), withLine(PT, 14, 'cliente -> db "HTTPS" anim=pacotes'));
  assert.deepEqual(touchedLines(r), [13]);
  assert.equal(edited(EN, reconnect(EN, { connection: 'c0', end: 'source', to: 'api1' })), withLine(EN, 14, 'api1 -> lb "HTTPS" anim=packets'));
  assert.equal(edited(crlf(PT), reconnect(crlf(PT), { connection: 'c1', end: 'target', to: 'db' })), crlf(withLine(PT, 15, 'lb -> db, api2')));
});

test('an end shared with other connections: this connection gets a line of its own, label and attributes kept', () => {
  // c3 is api1 -> db, and `db` also ends api2 -> db.
  const r = reconnect(PT, { connection: 'c3', end: 'target', to: 'lb' });
  assert.equal(edited(PT, r), insertAfter(withLine(PT, 16, 'api2 -> db "SQL" estilo=tracejado'), 16, 'api1 -> lb "SQL" estilo=tracejado'));
});

test('a reversed arrow: the source is written on the right', () => {
  const text = 'a = rect\nb = rect\nc = rect\na <- b "back"\n';
  assert.equal(edited(text, reconnect(text, { connection: 'c0', end: 'source', to: 'c' })), 'a = rect\nb = rect\nc = rect\na <- c "back"\n');
});

test('refused: to the other end itself, to an unknown id, a stale connection', () => {
  refused(reconnect(PT, { connection: 'c0', end: 'target', to: 'cliente' }), /two different/);
  refused(reconnect(PT, { connection: 'c0', end: 'target', to: 'zz' }), /'zz'/);
  refused(reconnect(PT, { connection: 'c99', end: 'target', to: 'db' }), /no longer/);
});

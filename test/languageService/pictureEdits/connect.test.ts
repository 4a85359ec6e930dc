// Connect: a `a -> b` line after the source's last connection (else the last connection),
// written as the formatter writes it, in the file's indentation and line breaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectElements, connectToNewElement } from '../../../src/languageService/pictureEdits/index';
import { crlf, edited, EN, insertAfter, PT, refused, touchedLines, withLine } from './fixtures';

test('connect goes after the source’s last connection (pt-BR), one inserted line', () => {
  const r = connectElements(PT, { source: 'lb', target: 'db' });
  assert.equal(edited(PT, r), insertAfter(PT, 15, 'lb -> db'));
  assert.deepEqual(touchedLines(r), [15]);
});

test('connect from an element with no connection goes after the last connection (English)', () => {
  const r = connectElements(EN, { source: 'db', target: 'customer' });
  assert.equal(edited(EN, r), insertAfter(EN, 16, 'db -> customer'));
});

test('an id used by several connections: after the last statement it is the source of', () => {
  const text = 'a = rect\nb = rect\nc = rect\n\na -> b\nb -> c\na -> c "x"\nc -> b\n';
  assert.equal(edited(text, connectElements(text, { source: 'b', target: 'a' })), 'a = rect\nb = rect\nc = rect\n\na -> b\nb -> c\nb -> a\na -> c "x"\nc -> b\n');
  assert.equal(edited(text, connectElements(text, { source: 'a', target: 'b' })), insertAfter(text, 7, 'a -> b'));
});

test('a label is escaped: quotes, backslashes, accents and line breaks', () => {
  const r = connectElements(PT, { source: 'db', target: 'cliente', label: 'diz "oi"\nà \\ ção' });
  const text = edited(PT, r);
  assert.equal(text, insertAfter(PT, 16, 'db -> cliente "diz \\"oi\\"\\nà \\\\ ção"'));
});

test('CRLF files get CRLF lines; a file without connections gets one after its last declaration', () => {
  assert.equal(edited(crlf(PT), connectElements(crlf(PT), { source: 'lb', target: 'db' })), crlf(insertAfter(PT, 15, 'lb -> db')));
  const text = '# two\r\na = rect\r\nb = rect\r\n';
  assert.equal(edited(text, connectElements(text, { source: 'a', target: 'b' })), '# two\r\na = rect\r\nb = rect\r\na -> b\r\n');
});

test('a connection inside a group body keeps the body’s indentation', () => {
  const text = 'g = group {\n    a = rect\n    b = rect\n    a -> b\n}\n';
  assert.equal(edited(text, connectElements(text, { source: 'a', target: 'g' })), 'g = group {\n    a = rect\n    b = rect\n    a -> b\n    a -> g\n}\n');
});

test('dropping on empty space: a new node there and the connection to it, one edit', () => {
  const r = connectToNewElement(PT, 'db', { kind: 'node', label: 'Backup' });
  assert.ok(r.ok);
  assert.equal(r.newId, 'backup');
  // The formatted file stays formatted: `db`'s `=` lines up with the new, longer id, as the formatter does.
  const expected = insertAfter(withLine(insertAfter(PT, 16, 'db -> backup'), 12, 'db     = cilindro "Postgres" # o banco'), 12, 'backup = retângulo "Backup"');
  assert.equal(edited(PT, r), expected);
  assert.deepEqual(touchedLines(r), [11, 16]);
});

test('connect refuses unknown ids and a connection to itself', () => {
  refused(connectElements(PT, { source: 'lb', target: 'nope' }), /'nope' is not an element/);
  refused(connectElements(PT, { source: 'lb', target: 'lb' }), /two different elements/);
});

// Delete: declarations with their connections (lists lose the id, chains split), single
// connections out of lists, groups keeping their members (moved out) or deleting them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deleteElements } from '../../../src/languageService/pictureEdits/index';
import { crlf, edited, EN, PT, refused, touchedLines, withLine } from './fixtures';

test('a node goes with its connections: an id used by several connections leaves every list (pt-BR)', () => {
  const r = deleteElements(PT, { elements: ['api1'] });
  const expected = withLine(withLine(withLine(PT, 16, 'api2 -> db "SQL" estilo=tracejado'), 15, 'lb -> api2'), 9, null);
  assert.equal(edited(PT, r), expected);
  assert.deepEqual(touchedLines(r), [8, 14, 15]);
});

test('a deleted declaration’s trailing comment stays on its own line; CRLF kept', () => {
  const r = deleteElements(crlf(PT), { elements: ['db'] });
  const text = edited(crlf(PT), r);
  assert.ok(text.includes('\r\n# o banco\r\n'));
  assert.ok(!/\bdb\b/.test(text));
  assert.ok(!/[^\r]\n/.test(text), 'no bare LF');
});

test('a chain splits where its middle id goes; a statement left with one end goes', () => {
  const text = 'a = rect\nb = rect\nc = rect\nd = rect\na -> b -> c -> d "x" anim=flow\nb -- c\n';
  assert.equal(edited(text, deleteElements(text, { elements: ['b'] })), 'a = rect\nc = rect\nd = rect\nc -> d "x" anim=flow\n');
  assert.equal(edited(text, deleteElements(text, { elements: ['c'] })), 'a = rect\nb = rect\nd = rect\na -> b "x" anim=flow\n');
});

test('a single connection leaves a fan-out, a fan-in, or a product written out line by line', () => {
  assert.equal(edited(PT, deleteElements(PT, { connections: ['c3'] })).split('\n')[15], 'api2 -> db "SQL" estilo=tracejado');
  const text = 'a = rect\nb = rect\nc = rect\nd = rect\na, b -> c, d "L" # both\n';
  // a->c, a->d, b->c, b->d: taking a->d leaves three, which no two lists give.
  assert.equal(edited(text, deleteElements(text, { connections: ['c1'] })), 'a = rect\nb = rect\nc = rect\nd = rect\na -> c "L" # both\nb -> c "L"\nb -> d "L"\n');
  assert.equal(edited(text, deleteElements(text, { connections: ['c0', 'c1', 'c2', 'c3'] })), 'a = rect\nb = rect\nc = rect\nd = rect\n# both\n');
});

test('a group keeping its members: they move out one level, its direction goes with it (English, own indentation)', () => {
  const text = 'direction TB\nouter = group {\n    app = group "App" {\n        direction LR\n        a = rect\n        // note\n        b = rect\n    }\n    c = rect\n}\napp -> c\na -> b\n';
  const r = deleteElements(text, { elements: ['app'], groups: 'keepMembers' });
  assert.equal(edited(text, r), 'direction TB\nouter = group {\n    a = rect\n    // note\n    b = rect\n    c = rect\n}\na -> b\n');
});

test('a group deleting its members: every line of it and every connection to them go', () => {
  const r = deleteElements(EN, { elements: ['app'], groups: 'deleteMembers' });
  assert.equal(edited(EN, r), 'diagram "Shop"\ndirection LR\n\n// customers\ncustomer = person "Customers"\nlb       = icon logos:aws-elb "LB"\n\ndb = cylinder "Postgres" // the database\n\ncustomer -> lb "HTTPS" anim=packets\n');
});

test('several selected: nodes and connections in one edit; a group needs the members’ fate', () => {
  const r = deleteElements(PT, { elements: ['cliente', 'api2'], connections: ['c1'] });
  assert.equal(edited(PT, r).split('\n').filter((l) => l.includes('->')).join('|'), 'api1 -> db "SQL" estilo=tracejado');
  refused(deleteElements(PT, { elements: ['app'] }), /members/);
  refused(deleteElements(PT, { elements: ['ghost'] }), /'ghost'/);
});

test('an implicit node (only named by connections) loses its connections', () => {
  const text = 'a = rect\na -> ghost\na -> ghost, a2\na2 = rect\n';
  const r = deleteElements(text, { elements: ['ghost'] });
  assert.equal(edited(text, r), 'a = rect\na -> a2\na2 = rect\n');
});

// Move into or out of a group: the declaration's lines leave their place and go before the
// target group's `}` (or to the top level), re-indented; connections stay where they are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moveToGroup } from '../../../src/languageService/pictureEdits/index';
import { edited, EN, insertAfter, PT, refused, withLine } from './fixtures';

test('a node into a group, aligned with its new neighbours (pt-BR)', () => {
  const r = moveToGroup(PT, ['db'], 'app');
  assert.equal(edited(PT, r), insertAfter(withLine(PT, 12, null), 10, '  db   = cilindro "Postgres" # o banco'));
});

test('out of a group to the top level, in the file’s own indentation (English)', () => {
  const r = moveToGroup(EN, ['api2'], undefined);
  assert.equal(edited(EN, r).split('\n').slice(7, 12).join('\n'), 'app = group "App" {\n    api1 = rectangle "API 1"\n}\ndb = cylinder "Postgres" // the database\napi2 = rectangle "API 2"');
});

test('a group with its body moves as a whole, one level deeper; never into itself', () => {
  const text = 'a = group {\n  x = rect\n}\nb = group {\n  y = rect\n}\n';
  assert.equal(edited(text, moveToGroup(text, ['a'], 'b')), 'b = group {\n  y = rect\n  a = group {\n    x = rect\n  }\n}\n');
  refused(moveToGroup(text, ['a'], 'a'), /inside itself/);
  const nested = 'a = group {\n  b = group {\n  }\n}\n';
  refused(moveToGroup(nested, ['a'], 'b'), /inside itself/);
  refused(moveToGroup(text, ['x'], 'x'), /not a group/);
});

test('several selected move in order; a node already there is left as it is', () => {
  const r = moveToGroup(PT, ['cliente', 'api1'], 'app');
  const lines = edited(PT, r).split('\n');
  assert.deepEqual(lines.slice(5, 11), ['', 'app = grupo "App" {', '  api1    = retângulo "API 1"', '  api2    = retângulo "API 2"', '  cliente = pessoa "Clientes"', '}']);
});

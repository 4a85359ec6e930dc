import { test } from 'node:test';
import assert from 'node:assert/strict';
import { completionQuery } from '../../src/languageService/completionContext';

/** The site at the `|` of a line. */
function at(line: string) {
  const col = line.indexOf('|');
  return completionQuery(line.replace('|', ''), col);
}

test('statement start, shapes after `id =`, icon ids after `id = icon`', () => {
  assert.deepEqual(at('|'), { site: { kind: 'statement' }, prefix: '', start: 0 });
  assert.deepEqual(at('  dia|'), { site: { kind: 'statement' }, prefix: 'dia', start: 2 });
  assert.equal(at('api = |').site.kind, 'shape');
  assert.deepEqual(at('api = ret|'), { site: { kind: 'shape' }, prefix: 'ret', start: 6 });
  assert.equal(at('api=|').site.kind, 'shape');
  assert.deepEqual(at('lb = ícone logos:aws|'), { site: { kind: 'iconNode' }, prefix: 'logos:aws', start: 11 });
  assert.equal(at('lb = icon |').site.kind, 'iconNode');
});

test('direction and theme values', () => {
  assert.equal(at('direção |').site.kind, 'direction');
  assert.equal(at('direction T|').site.kind, 'direction');
  assert.equal(at('tema |').site.kind, 'theme');
});

test('attribute values right after key=, by attribute', () => {
  const icon = at('db = cylinder "DB" icon=logos:post|');
  assert.equal(icon.site.kind, 'attributeValue');
  assert.equal(icon.site.kind === 'attributeValue' && icon.site.attribute.valueKind, 'icon');
  assert.equal(icon.prefix, 'logos:post');
  const colour = at('a = rect cor=#ab|');
  assert.equal(colour.site.kind === 'attributeValue' && colour.site.attribute.valueKind, 'color');
  assert.equal(colour.prefix, '#ab');
  const anim = at('a -> b anim=|');
  assert.equal(anim.site.kind === 'attributeValue' && anim.site.attribute.value, 'anim');
  const speed = at('a -> b velocidade=ráp|');
  assert.equal(speed.site.kind === 'attributeValue' && speed.site.attribute.value, 'speed');
  assert.equal(at('a -> b nosuch=|').site.kind, 'none');
});

test('ids after arrows and commas; attribute names after a target or a shape', () => {
  for (const line of ['a -> |', 'a --> b|', 'a <-> |', 'a -- |', 'a -> b, |', 'a, |']) assert.equal(at(line).site.kind, 'id', line);
  assert.deepEqual(at('a -> b |').site, { kind: 'attributeName', context: 'connection' });
  assert.deepEqual(at('a -> b "label" an|').site, { kind: 'attributeName', context: 'connection' });
  assert.deepEqual(at('a = rect "A" |').site, { kind: 'attributeName', context: 'node' });
  assert.deepEqual(at('g = grupo "G" |').site, { kind: 'attributeName', context: 'group' });
});

test('nothing inside strings, comments, after a brace or mid-token', () => {
  for (const line of ['a = rect "unterminated |', 'a = rect "done"|', '# comment |', 'a -> b // note |', '#ab|', 'g = group {|', 'g = group { |', 'a -|']) {
    assert.equal(at(line).site.kind, 'none', line);
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closestMatches, editDistance, foldForComparison } from '../../src/core/fuzzy';

test('editDistance counts edits and transpositions', () => {
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('anim', 'anima'), 1);
  assert.equal(editDistance('bd', 'db'), 1);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('same', 'same'), 0);
});

test('editDistance stops early past max', () => {
  assert.equal(editDistance('aaaaaaaa', 'bbbbbbbb', 2), 3);
});

test('foldForComparison drops accents and case', () => {
  assert.equal(foldForComparison('Retângulo'), 'retangulo');
  assert.equal(foldForComparison('DIREÇÃO'), 'direcao');
});

test('closestMatches ranks by distance and keeps the original spelling', () => {
  assert.deepEqual(closestMatches('retangolo', ['círculo', 'retângulo', 'rect']), ['retângulo']);
  assert.deepEqual(closestMatches('anima', ['anim', 'cor', 'estilo']), ['anim']);
  assert.deepEqual(closestMatches('zzz', ['anim', 'cor']), []);
});

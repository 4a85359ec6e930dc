import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { editDistance } from '../../../src/core/fuzzy';
import { buildCatalogIndex } from '../../../src/core/icons/catalogIndex';
import { buildTokenTable, decodeTokenTable, type TokenIndex } from '../../../src/core/icons/iconRanker';
import { TypoDistance, letterMask, maskDistance } from '../../../src/core/icons/typoDistance';
import { builtSource } from './iconSources';

function asMap(table: TokenIndex): Map<string, number[]> {
  return new Map(table.tokens.map((t, i) => [t, [...table.postings.subarray(table.postingStart[i], table.postingEnd[i])]]));
}

test('the token table precomputed by the build equals the one built from the names', async () => {
  const index = buildCatalogIndex((await builtSource()).index);
  const decoded = decodeTokenTable(index);
  assert.ok(decoded, 'the built index carries a token table');
  assert.deepEqual(asMap(decoded), asMap(buildTokenTable(index)));
});

test('a malformed token table is ignored', async () => {
  const index = buildCatalogIndex((await builtSource()).index);
  for (const tokens of [undefined, { words: ['a'], postings: '!' }, { words: ['a', 'b'], postings: 'a' }, { words: ['a'], postings: '//////a' }, { words: ['a'], postings: 'aG' }]) {
    assert.equal(decodeTokenTable({ ...index, tokens }), undefined, JSON.stringify(tokens));
  }
});

test('TypoDistance agrees with editDistance, whole words and prefixes', () => {
  const meter = new TypoDistance();
  const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', '-', '1'), maxLength: 12 });
  fc.assert(
    fc.property(word, word, fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 14 }), (a, b, max, cut) => {
      const bLength = Math.min(cut, b.length);
      const expected = Math.min(editDistance(a, b.slice(0, bLength)), max + 1);
      assert.equal(meter.measure(a, b, bLength, max), expected);
    }),
    { numRuns: 2000 },
  );
});

test('the letter mask bound never exceeds the edit distance', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (a, b) => {
      assert.ok(maskDistance(letterMask(a), letterMask(b)) <= editDistance(a, b));
    }),
    { numRuns: 1000 },
  );
});

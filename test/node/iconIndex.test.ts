// Checks what scripts/buildIcons.mjs wrote to dist/icons (run `npm run build` first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getIconData } from '@iconify/utils';
import type { IconIndex, IconShard } from '../../src/core/icons';

const dir = resolve(__dirname, '..', '..', 'dist', 'icons');
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as IconIndex;
const readShard = (prefix: string, n: number) => JSON.parse(readFileSync(join(dir, prefix, `${n}.json`), 'utf8')) as IconShard;

test('names are sorted, each with a valid shard code, and every shard file exists', () => {
  for (const set of index.sets) {
    const sorted = [...set.names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    assert.deepEqual(set.names, sorted, set.prefix);
    assert.equal(new Set(set.names).size, set.names.length, `${set.prefix}: unique names`);
    assert.equal(set.shards.length, set.names.length);
    const codes = new Set([...set.shards].map((c) => c.charCodeAt(0) - 0x30));
    assert.deepEqual([...codes].sort((a, b) => a - b), Array.from({ length: set.shardCount }, (_, i) => i), `${set.prefix}: every shard used`);
    const files = readdirSync(join(dir, set.prefix)).sort();
    assert.deepEqual(files, Array.from({ length: set.shardCount }, (_, i) => `${i}.json`).sort());
    assert.ok(set.hidden.every((h) => Number.isInteger(h) && h >= 0 && h < set.names.length));
  }
});

test('each shard resolves every name the index maps to it, aliases included, by itself', () => {
  for (const set of index.sets) {
    const picks = new Set([0, Math.floor(set.shardCount / 2), set.shardCount - 1]);
    for (const n of picks) {
      const shard = readShard(set.prefix, n);
      const names = set.names.filter((_, i) => set.shards.charCodeAt(i) - 0x30 === n);
      assert.ok(names.length > 0);
      assert.ok(Object.keys(shard.icons).length <= 400, `${set.prefix}/${n}: at most 400 icons`);
      for (const name of names) assert.ok(getIconData(shard, name), `${set.prefix}:${name} in shard ${n}`);
      assert.equal(Object.keys(shard.icons).length + Object.keys(shard.aliases ?? {}).length, names.length, `${set.prefix}/${n} holds nothing else`);
    }
  }
});

test('shards stay small: a few hundred icons, about 128 KB, or one big icon alone', () => {
  for (const set of index.sets) {
    for (let n = 0; n < set.shardCount; n++) {
      const size = statSync(join(dir, set.prefix, `${n}.json`)).size;
      // 128 KB of bodies plus names, sizes and aliases.
      if (size <= 192 * 1024) continue;
      assert.equal(Object.keys(readShard(set.prefix, n).icons).length, 1, `${set.prefix}/${n}: ${size} bytes`);
    }
  }
});

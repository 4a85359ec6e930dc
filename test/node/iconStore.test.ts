import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createFileIconSource, getIconCatalog, locateIconsDir } from '../../src/node/iconStore';

const repoRoot = resolve(__dirname, '..', '..');
const builtDir = join(repoRoot, 'dist', 'icons');

test('locateIconsDir finds dist/icons from the sources, beside a bundle, or from the environment', (t) => {
  const scratch = mkdtempSync(join(tmpdir(), 'archflow-icons-'));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  assert.equal(locateIconsDir({}, join(repoRoot, 'src', 'node')), builtDir);
  const bundleDir = join(scratch, 'dist');
  mkdirSync(join(bundleDir, 'icons'), { recursive: true });
  writeFileSync(join(bundleDir, 'icons', 'index.json'), '{}');
  assert.equal(locateIconsDir({}, bundleDir), join(bundleDir, 'icons'));
  assert.equal(locateIconsDir({ ARCHFLOW_ICONS_DIR: '/somewhere/icons' }, bundleDir), '/somewhere/icons');
});

test('a missing catalog fails with a message that says to run the build', async (t) => {
  const scratch = mkdtempSync(join(tmpdir(), 'archflow-icons-'));
  t.after(() => rmSync(scratch, { recursive: true, force: true }));
  assert.throws(() => locateIconsDir({}, scratch), /npm run build/);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'archflow' }));
  mkdirSync(join(scratch, 'src', 'node'), { recursive: true });
  assert.throws(() => locateIconsDir({}, join(scratch, 'src', 'node')), /dist[/\\]icons is missing; run `npm run build`/);
  await assert.rejects(createFileIconSource(join(scratch, 'dist', 'icons')), /npm run build/);
  writeFileSync(join(scratch, 'index.json'), JSON.stringify({ version: 99, sets: [] }));
  await assert.rejects(createFileIconSource(scratch), /unsupported icon catalog.*npm run build/);
});

test('the file source reads listed shards only', async () => {
  const source = await createFileIconSource(builtDir);
  const mdi = source.index.sets.find((s) => s.prefix === 'mdi');
  assert.ok(mdi);
  const shard = await source.loadShard('mdi', 0);
  assert.equal(shard.prefix, 'mdi');
  assert.ok(Object.keys(shard.icons).length > 0);
  for (const [prefix, n] of [['mdi', mdi.shardCount], ['mdi', -1], ['mdi', 0.5], ['../mdi', 0], ['nope', 0]] as const) {
    await assert.rejects(source.loadShard(prefix, n), RangeError, `${prefix}/${n}`);
  }
});

test('getIconCatalog shares one catalog per process', async () => {
  const [a, b] = await Promise.all([getIconCatalog(), getIconCatalog()]);
  assert.equal(a, b);
  assert.equal(await getIconCatalog(), a);
  assert.ok(a.has('logos:kafka'));
  assert.equal(a.search('kafka')[0].id, 'logos:kafka');
});

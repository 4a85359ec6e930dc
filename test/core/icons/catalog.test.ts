import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { createIconCatalog, iconTotals } from '../../../src/core/icons';
import { builtSource, countReads, memorySource } from './iconSources';

const requireFromRepo = createRequire(__filename);
const PREFIXES = ['logos', 'simple-icons', 'lucide', 'tabler', 'ph', 'mdi', 'fa6-solid', 'fa6-regular', 'fa6-brands'];

function iconifySet(prefix: string): IconifyJSON {
  return JSON.parse(readFileSync(requireFromRepo.resolve(`@iconify-json/${prefix}/icons.json`), 'utf8')) as IconifyJSON;
}

test('the index holds at least 39,000 icon ids across the nine bundled sets', async () => {
  const source = await builtSource();
  assert.deepEqual(
    source.index.sets.map((s) => s.prefix),
    PREFIXES,
  );
  const ids = source.index.sets.reduce((n, s) => n + s.names.length, 0);
  assert.ok(ids >= 39_000, `only ${ids} ids`);
  for (const set of source.index.sets) {
    const json = iconifySet(set.prefix);
    assert.equal(set.names.length, Object.keys(json.icons).length + Object.keys(json.aliases ?? {}).length, set.prefix);
  }
});

test('sets() lists prefix, human name, icons and names in index order', async () => {
  const catalog = createIconCatalog(await builtSource());
  const sets = catalog.sets();
  assert.deepEqual(
    sets.map((s) => s.prefix),
    PREFIXES,
  );
  assert.equal(sets.find((s) => s.prefix === 'mdi')?.name, 'Material Design Icons');
  for (const s of sets) {
    assert.deepEqual(Object.keys(s).sort(), ['icons', 'name', 'names', 'prefix']);
    // Counted from the Iconify package itself: icons and aliases, deprecated (hidden) ones left out.
    const json = iconifySet(s.prefix);
    const visible = (entries: Record<string, { hidden?: boolean }>) => Object.values(entries).filter((e) => !e.hidden).length;
    assert.equal(s.icons, visible(json.icons), `${s.prefix} icons`);
    assert.equal(s.names, visible(json.icons) + visible(json.aliases ?? {}), `${s.prefix} names`);
  }
  const mdi = sets.find((s) => s.prefix === 'mdi')!;
  assert.ok(mdi.names > mdi.icons, 'mdi has aliases (mdi:1password for mdi:onepassword)');
  assert.deepEqual(iconTotals(sets), {
    sets: sets.length,
    icons: sets.reduce((n, s) => n + s.icons, 0),
    names: sets.reduce((n, s) => n + s.names, 0),
  });
  sets[0].name = 'changed';
  assert.equal(catalog.sets()[0].name, 'SVG Logos', 'callers get copies');
});

test('has() knows real ids and aliases, and nothing else', async () => {
  const catalog = createIconCatalog(await builtSource());
  const mdi = iconifySet('mdi');
  const alias = Object.keys(mdi.aliases ?? {})[0];
  for (const id of ['logos:kafka', 'lucide:server', 'mdi:database', 'fa6-brands:github', `mdi:${alias}`]) assert.ok(catalog.has(id), id);
  for (const id of ['logos:kafkaa', 'Logos:kafka', 'logos', 'kafka', 'nope:kafka', 'logos:', ':kafka', '', 'mdi:__proto__']) {
    assert.equal(catalog.has(id), false, id);
  }
});

test('load reads only the shards holding the ids: three icons from three sets, at most three reads', async () => {
  const source = countReads(await builtSource());
  const catalog = createIconCatalog(source);
  const ids = ['logos:kafka', 'mdi:database', 'lucide:server'];
  const icons = await catalog.load(ids);
  assert.deepEqual(Object.keys(icons).sort(), [...ids].sort());
  for (const id of ids) {
    const icon = icons[id];
    assert.ok(icon, id);
    assert.match(icon.body, /^<[a-z]/);
    assert.ok(icon.width > 0 && icon.height > 0);
  }
  assert.ok(source.reads.length <= 3, `read ${source.reads.join(', ')}`);
  assert.equal(new Set(source.reads).size, source.reads.length, 'no shard read twice');
  for (const set of ['logos', 'mdi', 'lucide']) {
    const total = source.index.sets.find((s) => s.prefix === set)?.shardCount ?? 0;
    const read = source.reads.filter((r) => r.startsWith(`${set}/`)).length;
    assert.ok(total > 1 && read < total, `${set}: read ${read} of ${total} shards`);
  }
});

test('load returns the bodies Iconify has, aliases resolved to their parent', async () => {
  const catalog = createIconCatalog(await builtSource());
  const mdi = iconifySet('mdi');
  const [alias, { parent }] = Object.entries(mdi.aliases ?? {})[0];
  const icons = await catalog.load([`mdi:${alias}`, `mdi:${parent}`, 'mdi:database']);
  assert.equal(icons[`mdi:${alias}`]?.body, mdi.icons[parent].body);
  assert.deepEqual(icons[`mdi:${alias}`], icons[`mdi:${parent}`]);
  assert.deepEqual(icons['mdi:database'], { body: mdi.icons.database.body, width: mdi.width ?? 16, height: mdi.height ?? 16 });
});

test('load caches shards, groups ids by shard and maps unknown ids to null', async () => {
  const source = countReads(await builtSource());
  const catalog = createIconCatalog(source);
  const mdi = source.index.sets.find((s) => s.prefix === 'mdi');
  assert.ok(mdi);
  const neighbours = mdi.names.filter((_, i) => mdi.shards[i] === mdi.shards[0]).slice(0, 3).map((n) => `mdi:${n}`);
  assert.equal(neighbours.length, 3);
  const first = await catalog.load([...neighbours, 'mdi:no-such-icon', 'nope:x', '__proto__']);
  assert.equal(source.reads.length, 1, 'neighbours share a shard');
  assert.equal(first['mdi:no-such-icon'], null);
  assert.equal(first['nope:x'], null);
  assert.ok(Object.hasOwn(first, '__proto__'));
  assert.equal(first['__proto__' as string], null);
  await catalog.load(neighbours);
  assert.equal(source.reads.length, 1, 'second load served from the cache');
  assert.deepEqual(await catalog.load([]), {});
});

test('load evicts the least recently used shard beyond the cache size', async () => {
  const source = countReads(await builtSource());
  const catalog = createIconCatalog(source, { maxCachedShards: 1 });
  await catalog.load(['logos:kafka']);
  await catalog.load(['mdi:database']);
  await catalog.load(['logos:kafka']);
  assert.equal(source.reads.length, 3);
});

test('a shard that cannot be read rejects the load, and a later load retries it', async () => {
  const source = countReads(await builtSource());
  const lucide = source.index.sets.find((s) => s.prefix === 'lucide');
  assert.ok(lucide);
  const shard = lucide.shards.charCodeAt(lucide.names.indexOf('server')) - 0x30;
  source.failNext.add(`lucide/${shard}`);
  const catalog = createIconCatalog(source);
  await assert.rejects(catalog.load(['lucide:server']), /cannot read lucide\//);
  const retried = await catalog.load(['lucide:server']);
  assert.match(retried['lucide:server']?.body ?? '', /stroke="currentColor"/);
  assert.deepEqual(source.reads, [`lucide/${shard}`, `lucide/${shard}`]);
});

test('load applies alias transformations and moves an offset viewBox to the origin', async () => {
  const source = memorySource([
    {
      info: { name: 'Test' },
      json: {
        prefix: 't',
        width: 24,
        height: 24,
        icons: {
          arrow: { body: '<path d="M0 0h10v5H0z"/>', width: 20, height: 10 },
          offset: { body: '<circle cx="15" cy="15" r="5"/>', left: 10, top: 10, width: 10, height: 10 },
        },
        aliases: { 'arrow-down': { parent: 'arrow', rotate: 1 }, 'arrow-flipped': { parent: 'arrow', hFlip: true } },
      },
    },
  ]);
  const catalog = createIconCatalog(source);
  const icons = await catalog.load(['t:arrow', 't:arrow-down', 't:arrow-flipped', 't:offset']);
  assert.deepEqual(icons['t:arrow'], { body: '<path d="M0 0h10v5H0z"/>', width: 20, height: 10 });
  assert.equal(icons['t:arrow-down']?.width, 10, 'a quarter turn swaps the box');
  assert.equal(icons['t:arrow-down']?.height, 20);
  assert.match(icons['t:arrow-down']?.body ?? '', /rotate\(90/);
  assert.match(icons['t:arrow-flipped']?.body ?? '', /scale\(-1 1\)/);
  assert.deepEqual(icons['t:offset'], { body: '<g transform="translate(-10 -10)"><circle cx="15" cy="15" r="5"/></g>', width: 10, height: 10 });
});

import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createIconCatalog, type IconCatalog, type IconMatch } from '../../../src/core/icons';
import { builtSource, memorySource } from './iconSources';

let catalog: IconCatalog;
let setOrder: string[];

before(async () => {
  const source = await builtSource();
  catalog = createIconCatalog(source);
  setOrder = source.index.sets.map((s) => s.prefix);
});

const ids = (matches: IconMatch[]) => matches.map((m) => m.id);

test('search ranking table', () => {
  const cases: { query: string; first?: string; within?: [string, number]; somePrefix?: [RegExp, number] }[] = [
    { query: 'logos:kafka', first: 'logos:kafka' },
    { query: 'mdi:database', first: 'mdi:database' },
    { query: 'kafka', first: 'logos:kafka' },
    { query: 'postgres', first: 'logos:postgresql' },
    { query: 'postgress', first: 'logos:postgresql' },
    { query: 'aws lambda', first: 'logos:aws-lambda' },
    { query: 'lambda aws', first: 'logos:aws-lambda' },
    { query: 'AWS_Lambda', first: 'logos:aws-lambda' },
    { query: 'logo:kafka', first: 'logos:kafka' },
    { query: 'kubernets', first: 'logos:kubernetes' },
    { query: 'databse', somePrefix: [/^mdi:database/, 10] },
    { query: 'servr', within: ['lucide:server', 5] },
    { query: 'postgres database', within: ['logos:postgresql', 5] },
  ];
  for (const c of cases) {
    const found = ids(catalog.search(c.query));
    if (c.first) assert.equal(found[0], c.first, `${c.query}: ${found.slice(0, 5).join(' ')}`);
    if (c.within) assert.ok(found.slice(0, c.within[1]).includes(c.within[0]), `${c.query}: ${found.slice(0, 5).join(' ')}`);
    if (c.somePrefix) {
      const [re, n] = c.somePrefix;
      assert.ok(found.slice(0, n).some((id) => re.test(id)), `${c.query}: ${found.slice(0, n).join(' ')}`);
    }
  }
});

test('exact names come first, then names starting with the query, then the rest', () => {
  for (const query of ['server', 'database', 'github', 'kafka', 'user', 'cloud']) {
    const found = catalog.search(query, { limit: 60 });
    const rank = (m: IconMatch) => (m.name === query ? 0 : m.name.startsWith(query) ? 1 : 2);
    const ranks = found.map(rank);
    assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), `${query}: ${ids(found).join(' ')}`);
    assert.equal(ranks[0], 0, `${query} has an exact match`);
  }
});

test('token matches rank above substring matches, which rank above typos', () => {
  const found = ids(catalog.search('kafka'));
  const token = found.indexOf('mdi:apache-kafka');
  const substring = found.indexOf('simple-icons:apachekafka');
  assert.ok(token > 0 && substring > token, found.join(' '));
  const typo = ids(catalog.search('databse'));
  assert.ok(typo.every((id) => !id.endsWith(':databse')));
});

test('ties go to the shorter name, then the earlier set, then code-unit order', () => {
  const found = catalog.search('server', { limit: 40 });
  const exact = found.filter((m) => m.name === 'server');
  assert.ok(exact.length >= 2);
  const order = exact.map((m) => setOrder.indexOf(m.prefix));
  assert.deepEqual(order, [...order].sort((a, b) => a - b));
  const prefixed = found.filter((m) => m.name.startsWith('server') && m.name !== 'server');
  for (let i = 1; i < prefixed.length; i++) {
    const [a, b] = [prefixed[i - 1], prefixed[i]];
    const key = (m: IconMatch) => [m.name.length, setOrder.indexOf(m.prefix)];
    const [ka, kb] = [key(a), key(b)];
    assert.ok(ka[0] < kb[0] || (ka[0] === kb[0] && (ka[1] < kb[1] || (ka[1] === kb[1] && a.name < b.name))), `${a.id} before ${b.id}`);
  }
});

test('the prefix option and set words in the query filter by set', () => {
  const inMdi = catalog.search('database', { prefix: 'mdi' });
  assert.ok(inMdi.length > 0 && inMdi.every((m) => m.prefix === 'mdi'));
  assert.deepEqual(catalog.search('database', { prefix: 'no-such-set' }), []);
  assert.deepEqual(catalog.search('logos:kafka', { prefix: 'mdi' }), [], 'query prefix and option disagree');
  const words = catalog.search('mdi database');
  assert.ok(words.length > 0 && words.every((m) => m.prefix === 'mdi'));
  assert.equal(words[0].id, 'mdi:database');
  const fontAwesome = catalog.search('font awesome user');
  assert.ok(fontAwesome.length > 0 && fontAwesome.every((m) => m.prefix.startsWith('fa6-')));
  assert.equal(catalog.search('phosphor user')[0].id, 'ph:user');
  assert.ok(catalog.search('kafka logos').every((m) => m.prefix === 'logos'));
  // A set word alone is just a name to look for.
  assert.ok(catalog.search('lucide').some((m) => m.prefix !== 'lucide'));
});

test('limit is respected and empty queries give nothing', () => {
  assert.equal(catalog.search('a', { limit: 5 }).length, 5);
  assert.equal(catalog.search('arrow').length, 20, 'default limit');
  assert.equal(catalog.search('arrow', { limit: 100 }).length, 100);
  assert.deepEqual(catalog.search('arrow', { limit: 0 }), []);
  for (const query of ['', '   ', ':', '--', '!!!']) assert.deepEqual(catalog.search(query), [], JSON.stringify(query));
});

test('`prefix:` alone lists that set in code-unit order', () => {
  const listed = catalog.search('lucide:', { limit: 30 });
  assert.equal(listed.length, 30);
  assert.ok(listed.every((m) => m.prefix === 'lucide'));
  const names = listed.map((m) => m.name);
  assert.deepEqual(names, [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});

test('results carry id, prefix, name and set name, and are deterministic', () => {
  const [first] = catalog.search('kafka');
  assert.deepEqual(first, { id: 'logos:kafka', prefix: 'logos', name: 'kafka', set: 'SVG Logos' });
  for (const query of ['server', 'databse', 'aws lambda', 'a']) assert.deepEqual(catalog.search(query), catalog.search(query));
});

test('hidden icons resolve but are never offered', async () => {
  const source = await builtSource();
  const set = source.index.sets.find((s) => s.hidden.length > 0);
  assert.ok(set);
  const hiddenName = set.names[set.hidden[0]];
  const id = `${set.prefix}:${hiddenName}`;
  assert.ok(catalog.has(id));
  assert.ok(!ids(catalog.search(id, { limit: 100 })).includes(id));
  assert.ok(!catalog.suggest(id, 10).includes(id));
});

test('suggestions table', () => {
  const cases: [string, string][] = [
    ['logos:postgres', 'logos:postgresql'],
    ['lucide:servr', 'lucide:server'],
    ['logo:kafka', 'logos:kafka'],
    ['lucid:server', 'lucide:server'],
    ['kafka', 'logos:kafka'],
    ['mdi:databse', 'mdi:database'],
    ['Logos:Kafka', 'logos:kafka'],
    ['lucide:postgresql', 'logos:postgresql'],
    ['lucide:aws-lambda', 'logos:aws-lambda'],
    ['fa:user', 'fa6-solid:user'],
    ['mdi:database-blah', 'mdi:database'],
  ];
  for (const [unknown, expected] of cases) {
    const got = catalog.suggest(unknown);
    assert.equal(got[0], expected, `${unknown}: ${got.join(' ')}`);
    assert.ok(got.length <= 3);
    for (const id of got) assert.ok(catalog.has(id), id);
  }
});

test('suggestions prefer the same set, respect the limit and give nothing for gibberish', () => {
  const same = catalog.suggest('lucide:servr', 3);
  assert.ok(same.every((id) => id.startsWith('lucide:')), same.join(' '));
  assert.equal(catalog.suggest('logos:kafkaa', 1).length, 1);
  assert.equal(catalog.suggest('arrow', 8).length, 8);
  assert.deepEqual(catalog.suggest('logos:kafka', 0), []);
  assert.deepEqual(catalog.suggest('xyz:qqqqqqq'), []);
  assert.deepEqual(catalog.suggest(''), []);
  assert.deepEqual(catalog.suggest('logos:'), []);
});

test('a catalog without a precomputed token table searches the same way', () => {
  const source = memorySource([
    {
      info: { name: 'Alpha', keywords: ['alpha'] },
      json: {
        prefix: 'a',
        icons: { server: { body: '<path/>' }, 'server-cog': { body: '<path/>' }, 'old-server': { body: '<path/>', hidden: true }, cloud: { body: '<path/>' } },
        aliases: { srv: { parent: 'server' } },
      },
    },
    { info: { name: 'Beta' }, json: { prefix: 'b', icons: { server: { body: '<path/>' }, 'cloud-server': { body: '<path/>' }, database: { body: '<path/>' } } } },
  ]);
  const small = createIconCatalog(source);
  assert.deepEqual(ids(small.search('server')), ['a:server', 'b:server', 'a:server-cog', 'b:cloud-server']);
  assert.deepEqual(ids(small.search('alpha server')), ['a:server', 'a:server-cog']);
  assert.deepEqual(ids(small.search('databse')), ['b:database']);
  assert.ok(small.has('a:old-server') && small.has('a:srv'));
  assert.deepEqual(small.suggest('a:servr'), ['a:server', 'a:server-cog', 'b:server']);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runIconsCommand } from '../../src/bin/commands/icons';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../../src/bin/cliIo';

function fakeIo() {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    readStdin: async () => '',
    cwd: process.cwd(),
    env: {},
    isTty: false,
  };
  return { io, out };
}

async function run(args: string[], deps?: Parameters<typeof runIconsCommand>[2]) {
  const { io, out } = fakeIo();
  const code = await runIconsCommand(args, io, deps);
  return { code, ...out };
}

test('icons search --json prints [{id, prefix, name, set}] best first', async () => {
  const r = await run(['search', 'kafka', '--json']);
  assert.equal(r.code, EXIT_OK);
  assert.equal(r.stderr, '');
  const matches = JSON.parse(r.stdout) as Record<string, unknown>[];
  assert.ok(matches.length > 0 && matches.length <= 20);
  assert.deepEqual(matches[0], { id: 'logos:kafka', prefix: 'logos', name: 'kafka', set: 'SVG Logos' });
  for (const m of matches) assert.deepEqual(Object.keys(m), ['id', 'prefix', 'name', 'set']);
});

test('icons search prints one `id  (Set name)` per line and honours --limit', async () => {
  const r = await run(['search', 'database', '--limit', '3']);
  assert.equal(r.code, EXIT_OK);
  const lines = r.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 3);
  for (const line of lines) assert.match(line, /^[a-z0-9-]+:[a-z0-9-]+ {2}\([^)]+\)$/);
  const asJson = await run(['search', 'database', '--limit=3', '--json']);
  assert.deepEqual(
    lines.map((l) => l.split('  ')[0]),
    (JSON.parse(asJson.stdout) as { id: string }[]).map((m) => m.id),
  );
});

test('a search that finds nothing succeeds with empty output', async () => {
  const text = await run(['search', '']);
  assert.equal(text.code, EXIT_OK);
  assert.equal(text.stdout, '');
  const json = await run(['search', '', '--json']);
  assert.deepEqual(JSON.parse(json.stdout), []);
});

test('icons sets lists each set with its icons and names, and the totals, as a table or JSON', async () => {
  const json = await run(['sets', '--json']);
  assert.equal(json.code, EXIT_OK);
  const parsed = JSON.parse(json.stdout) as { sets: { prefix: string; name: string; icons: number; names: number }[]; total: Record<string, number> };
  assert.deepEqual(Object.keys(parsed), ['sets', 'total']);
  const { sets, total } = parsed;
  assert.equal(sets.length, 9);
  for (const s of sets) {
    assert.deepEqual(Object.keys(s), ['prefix', 'name', 'icons', 'names']);
    assert.ok(s.icons > 0 && s.names >= s.icons, s.prefix);
  }
  assert.deepEqual(total, { sets: 9, icons: sets.reduce((n, s) => n + s.icons, 0), names: sets.reduce((n, s) => n + s.names, 0) });
  assert.ok(total.names > total.icons, 'aliases add names');

  const text = await run(['sets']);
  assert.equal(text.code, EXIT_OK);
  const [table, note] = text.stdout.split('\n\n');
  const lines = table!.split('\n');
  assert.equal(lines.length, 1 + sets.length + 1);
  assert.match(lines[0]!, /^PREFIX\s+NAME\s+ICONS\s+NAMES$/);
  const count = (n: number) => n.toLocaleString('en-US');
  sets.forEach((s, i) => assert.match(lines[i + 1]!, new RegExp(`^${s.prefix}\\s+${s.name}\\s+${count(s.icons)}\\s+${count(s.names)}$`)));
  assert.match(lines.at(-1)!, new RegExp(`^total\\s+9 sets\\s+${count(total.icons)}\\s+${count(total.names)}$`));
  assert.match(note!, /^ICONS: distinct icons.*NAMES: the ids .*aliases included \(mdi:1password is mdi:onepassword\)\.\n$/s);
});

test('usage mistakes go to stderr with exit code 2', async () => {
  const mistakes = [
    [],
    ['bogus'],
    ['search'],
    ['search', 'a', 'b'],
    ['search', 'kafka', '--limit', '0'],
    ['search', 'kafka', '--limit', 'ten'],
    ['search', 'kafka', '--limit'],
    ['search', 'kafka', '--nope'],
    ['sets', 'extra'],
    ['sets', '--limit', '3'],
  ];
  for (const args of mistakes) {
    const r = await run(args);
    assert.equal(r.code, EXIT_USAGE, args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
    assert.match(r.stderr, /\S/, args.join(' '));
  }
});

test('--help prints the usage on stdout', async () => {
  const r = await run(['--help']);
  assert.equal(r.code, EXIT_OK);
  assert.match(r.stdout, /archflow icons search QUERY \[--limit N\] \[--json\]/);
});

test('a missing catalog is reported with the fix and exit code 2', async () => {
  const deps = { getIconCatalog: () => Promise.reject(new Error('no icon catalog found; run `npm run build` to generate dist/icons')) };
  for (const args of [['search', 'kafka'], ['sets', '--json']]) {
    const r = await run(args, deps);
    assert.equal(r.code, EXIT_USAGE);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /npm run build/);
  }
});

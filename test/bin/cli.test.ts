// The `archflow` CLI as other tools call it: the built dist/cli.js in a child process,
// exit codes and output formats included (the formats are a public contract).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
let dir: string;

function run(args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: dir,
    input: options.input ?? '',
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: dir, ...options.env },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

before(() => {
  assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
  dir = mkdtempSync(join(tmpdir(), 'archflow-cli-'));
  writeFileSync(join(dir, 'good.diagram'), 'diagram "Shop"\nweb = rect "Web" icon=lucide:globe\ndb = cylinder "DB"\nweb -> db "SQL"\n');
  writeFileSync(join(dir, 'warn.diagram'), 'a = rect\na -> bd\n');
  writeFileSync(join(dir, 'bad.diagram'), 'a = retangolo "A"\nb = rect\na -> b\n');
  writeFileSync(join(dir, 'messy.diagram'), 'a=rect "A"\nbb   =  rect\na->bb\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('no command prints usage and exits 2; --help exits 0', () => {
  const none = run([]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /usage: archflow/);
  const help = run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /check .*FILE/);
});

test('an unknown command or option is a usage error (exit 2)', () => {
  assert.equal(run(['draw']).code, 2);
  const r = run(['check', '--jsn', 'good.diagram']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--jsn/);
});

test('check: clean file exits 0 and prints nothing', () => {
  const r = run(['check', 'good.diagram']);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, '');
});

test('check: warnings alone exit 0, in FILE:LINE:COL form', () => {
  const r = run(['check', 'warn.diagram']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^warn\.diagram:2:6: warning: 'bd' is not declared/m);
});

test('check: an error exits 1 with line, column and suggestion', () => {
  const r = run(['check', 'bad.diagram']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^bad\.diagram:1:5: error: unknown shape 'retangolo'; did you mean 'retângulo'\?$/m);
});

test('check --json: one object per file with counts and 1-based ranges', () => {
  const r = run(['check', '--json', 'good.diagram', 'bad.diagram']);
  assert.equal(r.code, 1);
  const reports = JSON.parse(r.stdout);
  assert.equal(reports.length, 2);
  assert.deepEqual(
    { file: reports[0].file, elements: reports[0].elements, connections: reports[0].connections, diagnostics: reports[0].diagnostics },
    { file: 'good.diagram', elements: 2, connections: 1, diagnostics: [] },
  );
  const [d] = reports[1].diagnostics;
  assert.equal(d.severity, 'error');
  assert.equal(d.code, 'unknown-shape');
  assert.deepEqual([d.line, d.column, d.endLine, d.endColumn], [1, 5, 1, 14]);
  assert.equal(d.suggestions[0], 'retângulo');
});

test('check -: reads stdin, named diagrama; --locale pt-BR and LANG=pt_BR localise', () => {
  const r = run(['check', '--locale', 'pt-BR', '-'], { input: 'a -> \n' });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^diagrama:1:/m);
  const en = run(['check', '-'], { input: '= x\n' });
  const pt = run(['check', '-'], { input: '= x\n', env: { LANG: 'pt_BR.UTF-8' } });
  assert.match(en.stdout, /^diagrama:1:1: error: expected an id/m);
  assert.match(pt.stdout, /^diagrama:1:1: error: esperava um id/m);
  assert.equal(run(['check', '--locale', 'fr', '-'], { input: '' }).code, 2);
});

test('check: a missing file is an I/O error (exit 2) and the other files are still checked', () => {
  const r = run(['check', 'nope.diagram', 'warn.diagram']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /nope\.diagram: cannot read: no such file/);
  assert.match(r.stdout, /warn\.diagram:2/);
});

test('render: writes a standalone SVG and a PNG', () => {
  const r = run(['render', 'good.diagram', '-o', 'out/good.svg', '--png', 'out/good.png', '--theme', 'dark', '--scale', '2']);
  assert.equal(r.code, 0, r.stderr);
  const svg = readFileSync(join(dir, 'out/good.svg'), 'utf8');
  assert.match(svg, /^<svg[^>]*role="img"/);
  assert.ok(!svg.includes('<script'));
  const png = readFileSync(join(dir, 'out/good.png'));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.match(r.stderr, /2 elements, 1 connections, \d+ KB -> out\/good\.svg/);
});

test('render: the same input renders byte-identical SVG', () => {
  run(['render', 'good.diagram', '-o', 'a.svg']);
  run(['render', 'good.diagram', '-o', 'b.svg']);
  assert.equal(readFileSync(join(dir, 'a.svg'), 'utf8'), readFileSync(join(dir, 'b.svg'), 'utf8'));
});

test('render: text with errors writes nothing, prints the diagnostics, exits 1', () => {
  const r = run(['render', 'bad.diagram', '-o', 'bad.svg', '--png', 'bad.png']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /bad\.diagram:1:5: error/);
  assert.ok(!existsSync(join(dir, 'bad.svg')));
  assert.ok(!existsSync(join(dir, 'bad.png')));
});

test('render: usage errors exit 2', () => {
  assert.equal(run(['render', 'good.diagram']).code, 2);
  assert.equal(run(['render', 'good.diagram', '-o', 'x.png']).code, 2);
  assert.equal(run(['render', 'good.diagram', '-o', 'x.svg', '--theme', 'blue']).code, 2);
  assert.equal(run(['render', 'good.diagram', '-o', 'x.svg', '--scale', '0']).code, 2);
});

test('format: prints the canonical form; --check and --write', () => {
  const printed = run(['format', 'messy.diagram']);
  assert.equal(printed.code, 0);
  assert.equal(printed.stdout, 'a  = rect "A"\nbb = rect\na -> bb\n');
  assert.equal(readFileSync(join(dir, 'messy.diagram'), 'utf8'), 'a=rect "A"\nbb   =  rect\na->bb\n', 'printing must not touch the file');
  assert.equal(run(['format', 'messy.diagram', '--check']).code, 1);
  assert.equal(run(['format', 'messy.diagram', '--write']).code, 0);
  assert.equal(readFileSync(join(dir, 'messy.diagram'), 'utf8'), printed.stdout);
  assert.equal(run(['format', 'messy.diagram', '--check']).code, 0);
  assert.equal(run(['format', 'messy.diagram', '--write', '--check']).code, 2);
});

test('icons search --json and icons sets --json', () => {
  const search = run(['icons', 'search', 'kafka', '--limit', '5', '--json']);
  assert.equal(search.code, 0);
  const matches = JSON.parse(search.stdout);
  assert.ok(matches.length > 0 && matches.length <= 5);
  assert.deepEqual(Object.keys(matches[0]).sort(), ['id', 'name', 'prefix', 'set']);
  assert.ok(matches.some((m: { id: string }) => m.id === 'logos:kafka'));
  const { sets, total } = JSON.parse(run(['icons', 'sets', '--json']).stdout) as { sets: { icons: number; names: number }[]; total: { sets: number; icons: number; names: number } };
  assert.equal(sets.length, 9);
  assert.equal(total.sets, 9);
  assert.equal(sets.reduce((n, s) => n + s.icons, 0), total.icons);
  assert.ok(total.icons > 30_000 && total.names > total.icons);
});

test('render: 2,000 nested groups are refused with the line of the first too deep, never a stack overflow', () => {
  const n = 2000;
  writeFileSync(join(dir, 'nest.diagram'), `${Array.from({ length: n }, (_, i) => `g${i} = group "G" {`).join('\n')}\nleaf = rectangle "L"\n${'}\n'.repeat(n)}`);
  for (const args of [['check', 'nest.diagram'], ['render', 'nest.diagram', '-o', 'nest.svg']]) {
    const r = run(args);
    assert.equal(r.code, 1, args.join(' '));
    assert.match(r.stdout + r.stderr, /nest\.diagram:101:1: error: groups are nested more than 100 deep here/);
    assert.doesNotMatch(r.stderr, /internal error|RangeError|\n\s+at /);
  }
  assert.equal(existsSync(join(dir, 'nest.svg')), false);
});

test('render: a layout past --timeout is stopped and says so, writing nothing (exit 1)', () => {
  const side = (p: string) => Array.from({ length: 15 }, (_, i) => `${p}${i}`).join(', ');
  writeFileSync(join(dir, 'dense.diagram'), `${side('a')} -> ${side('b')}\n`);
  const r = run(['render', 'dense.diagram', '-o', 'dense.svg', '--timeout', '0.001']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^archflow render: the layout took longer than 0\.001 s and was stopped; .* --timeout SECONDS\n$/);
  assert.equal(existsSync(join(dir, 'dense.svg')), false);
  assert.equal(run(['render', 'dense.diagram', '-o', 'dense.svg', '--timeout', '0']).code, 2);
});

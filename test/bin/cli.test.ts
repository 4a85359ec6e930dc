// The `archflow` CLI as other tools call it: the built dist/cli.js in a child process,
// exit codes and output formats included (the formats are a public contract).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

test('check -: reads stdin, named <stdin> in every locale; --locale pt-BR and LANG=pt_BR localise', () => {
  const r = run(['check', '--locale', 'pt-BR', '-'], { input: 'a -> \n' });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^<stdin>:1:/m);
  const en = run(['check', '-'], { input: '= x\n' });
  const pt = run(['check', '-'], { input: '= x\n', env: { LANG: 'pt_BR.UTF-8' } });
  assert.match(en.stdout, /^<stdin>:1:1: error: expected an id$/m);
  assert.match(pt.stdout, /^<stdin>:1:1: error: esperava um id$/m);
  assert.doesNotMatch(en.stdout + pt.stdout, /diagrama/);
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

test('render: usage errors exit 2 and write nothing', () => {
  assert.equal(run(['render']).code, 2);
  assert.match(run(['render', 'good.diagram', '-o', 'x.gif']).stderr, /-o must name a \.svg or \.png file, "-" or a directory, got 'x\.gif'/);
  assert.match(run(['render', 'good.diagram', '-o', 'x.svg', '--format', 'png']).stderr, /--format png does not match -o 'x\.svg'/);
  assert.match(run(['render', 'good.diagram', '--format', 'jpeg']).stderr, /--format must be svg or png/);
  assert.equal(run(['render', 'good.diagram', '-o', 'x.svg', '--theme', 'blue']).code, 2);
  assert.equal(run(['render', 'good.diagram', '-o', 'x.svg', '--scale', '0']).code, 2);
  for (const name of ['x.gif', 'x.svg', 'x.png']) assert.equal(existsSync(join(dir, name)), false, name);
});

test('render FILE: writes FILE.svg beside the input, replacing an older one; --format png writes FILE.png', () => {
  mkdirSync(join(dir, 'beside'));
  writeFileSync(join(dir, 'beside/shop.diagram'), readFileSync(join(dir, 'good.diagram')));
  writeFileSync(join(dir, 'beside/shop.svg'), 'stale');
  const r = run(['render', 'beside/shop.diagram']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(readFileSync(join(dir, 'beside/shop.svg'), 'utf8'), /^<svg[^>]*role="img"/);
  assert.match(r.stderr, /-> beside\/shop\.svg\n$/);
  assert.equal(r.stdout, '');
  const png = run(['render', 'beside/shop.diagram', '--format', 'png']);
  assert.equal(png.code, 0, png.stderr);
  assert.deepEqual([...readFileSync(join(dir, 'beside/shop.png')).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  // A name without an extension gets one; the image never replaces an input.
  writeFileSync(join(dir, 'beside/plain'), 'a = rect\n');
  assert.equal(run(['render', 'beside/plain']).code, 0);
  assert.ok(existsSync(join(dir, 'beside/plain.svg')));
  writeFileSync(join(dir, 'beside/odd.svg'), 'a = rect\n');
  const over = run(['render', 'beside/odd.svg']);
  assert.equal(over.code, 2);
  assert.match(over.stderr, /would replace an input/);
  assert.equal(readFileSync(join(dir, 'beside/odd.svg'), 'utf8'), 'a = rect\n');
});

test('render -o x.png writes a PNG; -o - writes the SVG (or, with --format png, the PNG) to stdout', () => {
  const png = run(['render', 'good.diagram', '-o', 'out/o.png']);
  assert.equal(png.code, 0, png.stderr);
  assert.deepEqual([...readFileSync(join(dir, 'out/o.png')).subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const svg = run(['render', 'good.diagram', '-o', '-']);
  assert.equal(svg.code, 0, svg.stderr);
  run(['render', 'good.diagram', '-o', 'ref.svg']);
  assert.equal(svg.stdout, readFileSync(join(dir, 'ref.svg'), 'utf8'));
  assert.match(svg.stderr, /-> stdout\n$/);
  const bytes = spawnSync(process.execPath, [cli, 'render', 'good.diagram', '-o', '-', '--format', 'png'], { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: dir }, timeout: 60_000 });
  assert.equal(bytes.status, 0, String(bytes.stderr));
  assert.deepEqual([...bytes.stdout.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.deepEqual(bytes.stdout, readFileSync(join(dir, 'out/o.png')));
  // Standard input without -o is a filter: the SVG goes to stdout, its problems name <stdin>.
  const piped = run(['render', '-'], { input: 'a = rect\na -> bd\n' });
  assert.equal(piped.code, 0, piped.stderr);
  assert.match(piped.stdout, /^<svg/);
  assert.match(piped.stderr, /^<stdin>:2:6: warning: 'bd' is not declared/m);
});

test('render: several inputs at once, each beside itself or in a directory; -o FILE or - with several is refused', () => {
  mkdirSync(join(dir, 'many'));
  for (const n of ['a', 'b']) writeFileSync(join(dir, `many/${n}.diagram`), `${n} = rect "${n}"\n`);
  const r = run(['render', 'many/a.diagram', 'many/b.diagram']);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(existsSync(join(dir, 'many/a.svg')) && existsSync(join(dir, 'many/b.svg')));
  const toDir = run(['render', 'many/a.diagram', 'many/b.diagram', '--format', 'png', '-o', 'imgs/']);
  assert.equal(toDir.code, 0, toDir.stderr);
  assert.deepEqual(readdirSync(join(dir, 'imgs')).sort(), ['a.png', 'b.png']);
  const oneFile = run(['render', 'many/a.diagram', 'many/b.diagram', '-o', 'both.svg']);
  assert.equal(oneFile.code, 2);
  assert.match(oneFile.stderr, /-o names one file, but 2 inputs were given; .*\(-o both\/\)/);
  assert.match(run(['render', 'many/a.diagram', 'many/b.diagram', '-o', '-']).stderr, /-o - takes one input/);
  assert.match(run(['render', '-', '-o', 'stdin-dir/'], { input: 'a = rect\n' }).stderr, /standard input has no name to write under stdin-dir\//);
  assert.match(run(['render', '-', '-'], { input: 'a = rect\n' }).stderr, /standard input \("-"\) can be read once/);
  assert.equal(existsSync(join(dir, 'stdin-dir')), false);
  assert.equal(existsSync(join(dir, 'both.svg')), false);
  // One file with errors is not written; the others are, and the exit code says one failed.
  writeFileSync(join(dir, 'many/c.diagram'), 'c = retangolo\n');
  const mixed = run(['render', 'many/c.diagram', 'many/a.diagram', '-o', 'mixed/']);
  assert.equal(mixed.code, 1);
  assert.match(mixed.stderr, /^many\/c\.diagram:1:5: error: unknown shape 'retangolo'/m);
  assert.deepEqual(readdirSync(join(dir, 'mixed')), ['a.svg']);
  // Two inputs of one name cannot share a directory.
  mkdirSync(join(dir, 'many/sub'));
  writeFileSync(join(dir, 'many/sub/a.diagram'), 'z = rect\n');
  const clash = run(['render', 'many/a.diagram', 'many/sub/a.diagram', '-o', 'clash/']);
  assert.equal(clash.code, 2);
  assert.match(clash.stderr, /many\/a\.diagram and many\/sub\/a\.diagram would both write clash\/a\.svg/);
  assert.equal(existsSync(join(dir, 'clash')), false);
});

test('render: diagnostics name the file in English and in Portuguese', () => {
  const en = run(['render', 'bad.diagram']);
  const pt = run(['render', 'bad.diagram'], { env: { LANG: 'pt_BR.UTF-8' } });
  assert.equal(en.code, 1);
  assert.equal(pt.code, 1);
  assert.match(en.stderr, /^bad\.diagram:1:5: error: unknown shape 'retangolo'; did you mean 'retângulo'\?$/m);
  assert.match(pt.stderr, /^bad\.diagram:1:5: error: forma desconhecida 'retangolo'/m);
  assert.equal(existsSync(join(dir, 'bad.svg')), false);
});

test('--help of every command prints its flags and an example on stdout, exit 0', () => {
  const flags: Record<string, string[]> = {
    render: ['--output', '--format', '--theme', '--scale', '--timeout', '--out-dir', '--check'],
    check: ['--json', '--locale'],
    format: ['--write', '--check'],
    layout: ['--json'],
    icons: ['--limit', '--json'],
    mcp: ['--config', '--json', '--args'],
    ask: ['--config', '--model', '--yes', '--json'],
    lsp: ['--stdio'],
  };
  for (const [command, expected] of Object.entries(flags)) {
    const r = run([command, '--help']);
    assert.equal(r.code, 0, command);
    assert.match(r.stdout, new RegExp(`archflow ${command}`), command);
    for (const flag of expected) assert.ok(r.stdout.includes(flag), `${command} --help lists ${flag}`);
    assert.match(r.stdout, /^Examples?\b.*:\n\s+.*archflow\b/m, `${command} --help shows an example`);
  }
  assert.equal(run(['render', '-h']).code, 0);
  assert.equal(run(['icons', 'search', '--help']).code, 0);
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

test('render -o - --format png refuses a terminal (exit 2, nothing written to it) and writes to a pipe', async () => {
  const { runRenderCommand } = await import('../../src/bin/commands/render');
  const { getIconCatalog } = await import('../../src/node/iconStore');
  const out: (string | Uint8Array)[] = [];
  let err = '';
  const io = (stdoutIsTty: boolean) => ({
    stdout: (t: string) => void out.push(t),
    stdoutBytes: (b: Uint8Array) => void out.push(b),
    stderr: (t: string) => void (err += t),
    readStdin: async () => '',
    cwd: dir,
    env: {},
    isTty: stdoutIsTty,
    stdoutIsTty,
  });
  await assert.rejects(runRenderCommand(['good.diagram', '-o', '-', '--format', 'png'], io(true), { getIconCatalog }), /not writing a PNG to a terminal; redirect it \(> out\.png\) or give -o OUT\.png/);
  assert.deepEqual(out, []);
  assert.equal(await runRenderCommand(['good.diagram', '-o', '-', '--format', 'png'], io(false), { getIconCatalog }), 0, err);
  assert.equal(out.length, 1);
  assert.deepEqual([...(out[0] as Uint8Array).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
});

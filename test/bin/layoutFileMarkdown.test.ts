// The layout file of a Markdown file (NAME.md.layout.json, one entry per fence) from the CLI:
// `layout --keep` writes it, `layout` and `render` keep each fence's positions, `check` names
// stale ids per fence and fences the Markdown no longer has.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/bin/cliIo';
import { runCheckCommand } from '../../src/bin/commands/check';
import { runLayoutCommand } from '../../src/bin/commands/layout';
import type { IconCatalog } from '../../src/core/icons/types';

const catalog: IconCatalog = { sets: () => [], has: () => true, suggest: () => [], search: () => [], load: async (ids) => Object.fromEntries(ids.map((id) => [id, null])) };
const deps = { getIconCatalog: async () => catalog };
const cli = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
let dir: string;

async function run(command: typeof runLayoutCommand, args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => '', cwd: dir, env: {}, isTty: false };
  const code = await command(args, io, deps);
  return { code, stdout, stderr };
}

const fence = (info: string, body: string) => `\`\`\`diagram${info}\n${body}\`\`\`\n`;
const checkout = 'web = rect "Web"\napi = rect "API"\ndb = cylinder "DB"\nweb -> api\napi -> db\n';
const second = 'a = rect "A"\nb = rect "B"\na -> b\n';
const guide = `# Guide\n\n${fence(' id=checkout', checkout)}\nText between.\n\n${fence('', second)}`;

type Layout = { nodes: Array<{ id: string; x: number; y: number }> };
const nodeOf = (layout: Layout, id: string) => layout.nodes.find((n) => n.id === id)!;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'archflow-layoutmd-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('layout FILE.md --keep writes one entry per fence, by the name its image gets; layout keeps a moved box of that fence only', async () => {
  writeFileSync(join(dir, 'guide.md'), guide);
  const keep = await run(runLayoutCommand, ['guide.md', '--keep']);
  assert.equal(keep.code, 0, keep.stderr);
  assert.match(keep.stderr, /^wrote guide\.md\.layout\.json: 2 diagram\(s\)$/m);
  const path = join(dir, 'guide.md.layout.json');
  const text = readFileSync(path, 'utf8');
  assert.match(text, /^\{\n {2}"format": "archflow-layout-file\/1",\n {2}"diagrams": \{\n {4}"checkout": \{/);
  assert.match(text, /\n {4}"guide-2": \{/);

  const before = JSON.parse((await run(runLayoutCommand, ['guide.md', '--json'])).stdout) as { diagrams: Array<{ name: string; line: number; layout: Layout }> };
  assert.deepEqual(
    before.diagrams.map((d) => [d.name, d.line]),
    [
      ['checkout', 3],
      ['guide-2', 13],
    ],
  );
  // Move web of the checkout fence far down, as a user would in the file.
  const moved = text.replace(/("checkout": \{[^]*?"web": \{ "x": \d+, "y": )\d+/, '$1640');
  assert.notEqual(moved, text);
  writeFileSync(path, moved);
  const after = JSON.parse((await run(runLayoutCommand, ['guide.md', '--json'])).stdout) as typeof before;
  assert.equal(nodeOf(after.diagrams[0]!.layout, 'web').y, 640);
  assert.deepEqual(after.diagrams[1]!.layout, before.diagrams[1]!.layout, 'the other fence is untouched');
  const fresh = JSON.parse((await run(runLayoutCommand, ['guide.md', '--json', '--fresh'])).stdout) as typeof before;
  assert.deepEqual(fresh.diagrams[0]!.layout, before.diagrams[0]!.layout);

  const lines = await run(runLayoutCommand, ['guide.md']);
  assert.match(lines.stdout, /^diagram checkout \(line 3\)\n\d+(\.\d+)?x\d+(\.\d+)? LR\n/);
  assert.match(lines.stdout, /\n\ndiagram guide-2 \(line 13\)\n/);
  assert.match(lines.stdout, /^node web \d+(\.\d+)?,640 /m);
});

test('check names stale ids per fence and a fence the Markdown no longer has (en, pt-BR); --keep drops both and says so', async () => {
  writeFileSync(join(dir, 'notes.md'), `${fence(' id=one', second)}\n${fence(' id=two', 'x = rect\ny = rect\nx -> y\n')}`);
  assert.equal((await run(runLayoutCommand, ['notes.md', '--keep'])).code, 0);
  // b leaves fence one; fence two goes.
  writeFileSync(join(dir, 'notes.md'), fence(' id=one', 'a = rect "A"\nc = rect "C"\na -> c\n'));
  const check = await run(runCheckCommand, ['notes.md']);
  assert.equal(check.code, 0, 'warnings, not errors');
  const layoutLines = readFileSync(join(dir, 'notes.md.layout.json'), 'utf8').split('\n');
  const lineOf = (needle: string, from = 0) => layoutLines.findIndex((l, i) => i >= from && l.includes(needle)) + 1;
  const oneAt = lineOf('"one":');
  assert.deepEqual(check.stdout.trim().split('\n').sort(), [
    `notes.md.layout.json:${lineOf('"b":', oneAt)}:9: warning: 'b' is no longer in diagram 'one'; it is dropped the next time the layout file is written`,
    `notes.md.layout.json:${lineOf('"two":')}:5: warning: diagram 'two' is no longer in the Markdown file; it is dropped the next time the layout file is written`,
  ].sort());
  const pt = await run(runCheckCommand, ['notes.md', '--locale', 'pt-BR']);
  assert.match(pt.stdout, /'b' não está mais no diagrama 'one'/);
  assert.match(pt.stdout, /o diagrama 'two' não está mais no arquivo Markdown/);
  const json = JSON.parse((await run(runCheckCommand, ['notes.md', '--json'])).stdout);
  assert.equal(json[0].layoutFile.file, 'notes.md.layout.json');
  assert.deepEqual(json[0].layoutFile.diagnostics.map((d: { code: string }) => d.code), ['layout-stale-id', 'layout-stale-id']);

  const keep = await run(runLayoutCommand, ['notes.md', '--keep']);
  assert.match(keep.stderr, /updated notes\.md\.layout\.json: 1 diagram\(s\); dropped one: b, diagram two/);
  assert.equal((await run(runCheckCommand, ['notes.md'])).stdout, '');
});

test('a Markdown layout file that does not parse: named with its line, each fence laid out afresh, never overwritten by --keep', async () => {
  writeFileSync(join(dir, 'bad.md'), fence(' id=one', second));
  const broken = '{\n  "format": "archflow-layout-file/1",\n  "diagrams": { "one": 3 }\n}\n';
  writeFileSync(join(dir, 'bad.md.layout.json'), broken);
  const check = await run(runCheckCommand, ['bad.md']);
  assert.match(check.stdout, /^bad\.md\.layout\.json:3:24: warning: the layout file holds a value of the wrong type/m);
  const layout = await run(runLayoutCommand, ['bad.md', '--json']);
  assert.equal(layout.code, 0);
  assert.equal(JSON.parse(layout.stdout).diagrams[0].layout.nodes.length, 2);
  assert.equal((await run(runLayoutCommand, ['bad.md', '--keep'])).code, 1);
  assert.equal(readFileSync(join(dir, 'bad.md.layout.json'), 'utf8'), broken);
  // A fence with errors lays nothing out.
  writeFileSync(join(dir, 'err.md'), fence('', 'a = rect\na -> \n'));
  const err = await run(runLayoutCommand, ['err.md', '--json']);
  assert.equal(err.code, 1);
  assert.equal(err.stdout, '');
});

test('render FILE.md draws each fence with its kept positions (the built CLI), --fresh from the text alone', () => {
  writeFileSync(join(dir, 'pic.md'), fence(' id=pair', 'a = rect "A"\nb = rect "B"\na -> b "calls"\n'));
  const keep = spawnSync(process.execPath, [cli, 'layout', 'pic.md', '--keep'], { cwd: dir, encoding: 'utf8' });
  assert.equal(keep.status, 0, keep.stderr);
  const path = join(dir, 'pic.md.layout.json');
  writeFileSync(path, readFileSync(path, 'utf8').replace(/"b": \{ "x": (\d+), "y": \d+/, (_m, x) => `"b": { "x": ${x}, "y": 400`));
  const translateOfB = (args: string[]) => {
    const r = spawnSync(process.execPath, [cli, 'render', 'pic.md', ...args], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return /data-id="b" transform="translate\(([\d.]+) ([\d.]+)\)"/.exec(readFileSync(join(dir, 'pair.svg'), 'utf8'))?.slice(1).map(Number);
  };
  assert.equal(translateOfB([])?.[1], 400);
  assert.notEqual(translateOfB(['--fresh'])?.[1], 400);
  const json = JSON.parse(spawnSync(process.execPath, [cli, 'layout', 'pic.md', '--json'], { cwd: dir, encoding: 'utf8' }).stdout);
  const b = nodeOf(json.diagrams[0].layout, 'b');
  assert.deepEqual([b.x, b.y], translateOfB([]));
});

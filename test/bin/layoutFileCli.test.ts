// The layout file from the CLI, in-process: `layout --keep` writes it, `layout` keeps its
// positions, `--fresh` ignores it, `check` warns about stale ids and a file that does not parse.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIo } from '../../src/bin/cliIo';
import { runCheckCommand } from '../../src/bin/commands/check';
import { runLayoutCommand } from '../../src/bin/commands/layout';
import type { IconCatalog } from '../../src/core/icons/types';
import { formatMessage } from '../../src/core/language';
import type { Diagnostic } from '../../src/core/model';

const catalog: IconCatalog = { sets: () => [], has: () => true, suggest: () => [], search: () => [], load: async (ids) => Object.fromEntries(ids.map((id) => [id, null])) };
const deps = { getIconCatalog: async () => catalog };
let dir: string;

async function run(command: typeof runLayoutCommand, args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => '', cwd: dir, env, isTty: false };
  const code = await command(args, io, deps);
  return { code, stdout, stderr };
}

const shop = 'web = rect "Web"\nback = group "Back end" {\n  api = rect "API"\n  db = cylinder "DB"\n}\nweb -> api "HTTPS"\napi -> db\n';

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'archflow-layoutfile-'));
  writeFileSync(join(dir, 'shop.diagram'), shop);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('layout --keep writes the layout file; layout then keeps a moved box where the file puts it', async () => {
  const kept = await run(runLayoutCommand, ['shop.diagram', '--keep']);
  assert.equal(kept.code, 0, kept.stderr);
  assert.match(kept.stderr, /wrote shop\.diagram\.layout\.json: 3 nodes, 1 groups/);
  const path = join(dir, 'shop.diagram.layout.json');
  const text = readFileSync(path, 'utf8');
  assert.match(text, /^\{\n {2}"format": "archflow-layout-file\/1",/);
  // Move web far down, by hand, as a user (or the preview) would.
  const moved = text.replace(/"web": \{ "x": (\d+), "y": (\d+)/, (_m, x) => `"web": { "x": ${x}, "y": 600`);
  assert.notEqual(moved, text);
  writeFileSync(path, moved);
  const r = await run(runLayoutCommand, ['shop.diagram', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const web = JSON.parse(r.stdout).nodes.find((n: { id: string }) => n.id === 'web');
  assert.equal(web.y, 600);
  const fresh = await run(runLayoutCommand, ['shop.diagram', '--json', '--fresh']);
  assert.notEqual(JSON.parse(fresh.stdout).nodes.find((n: { id: string }) => n.id === 'web').y, 600);
});

test('check warns about ids the diagram no longer has, and --keep drops them', async () => {
  writeFileSync(join(dir, 'two.diagram'), 'a = rect\nb = rect\na -> b\n');
  assert.equal((await run(runLayoutCommand, ['two.diagram', '--keep'])).code, 0);
  writeFileSync(join(dir, 'two.diagram'), 'a = rect\nc = rect\na -> c\n');
  const check = await run(runCheckCommand, ['two.diagram']);
  assert.equal(check.code, 0, 'a warning, not an error');
  assert.match(check.stdout, /^two\.diagram\.layout\.json:\d+:5: warning: 'b' is no longer in the diagram/m);
  const pt = await run(runCheckCommand, ['two.diagram', '--locale', 'pt-BR']);
  assert.match(pt.stdout, /'b' não está mais no diagrama/);
  const json = JSON.parse((await run(runCheckCommand, ['two.diagram', '--json'])).stdout);
  assert.deepEqual(json[0].layoutFile.diagnostics.map((d: { code: string }) => d.code), ['layout-stale-id']);
  const rewrite = await run(runLayoutCommand, ['two.diagram', '--keep']);
  assert.match(rewrite.stderr, /updated two\.diagram\.layout\.json: 2 nodes, 0 groups; dropped b/);
  assert.doesNotMatch(readFileSync(join(dir, 'two.diagram.layout.json'), 'utf8'), /"b"/);
  assert.equal((await run(runCheckCommand, ['two.diagram'])).stdout, '');
});

test('a layout file that does not parse: reported with its line, ignored for drawing, never overwritten by --keep', async () => {
  writeFileSync(join(dir, 'broken.diagram'), 'a = rect\nb = rect\na -> b\n');
  const broken = '{\n  "format": "archflow-layout-file/1",\n  "nodes": { "a": { "x": 1 }\n}\n';
  writeFileSync(join(dir, 'broken.diagram.layout.json'), broken);
  const check = await run(runCheckCommand, ['broken.diagram']);
  assert.equal(check.code, 0);
  assert.match(check.stdout, /^broken\.diagram\.layout\.json:5:1: warning: the layout file is not valid JSON \(expected "," or "}"/m);
  const layout = await run(runLayoutCommand, ['broken.diagram', '--json']);
  assert.equal(layout.code, 0);
  assert.match(layout.stderr, /broken\.diagram\.layout\.json:5:1: warning/);
  assert.equal(JSON.parse(layout.stdout).nodes.length, 2);
  const keep = await run(runLayoutCommand, ['broken.diagram', '--keep']);
  assert.equal(keep.code, 1);
  assert.equal(readFileSync(join(dir, 'broken.diagram.layout.json'), 'utf8'), broken);
});

test('both messages read in both locales', () => {
  const d = (code: Diagnostic['code'], args: Diagnostic['args']): Diagnostic => ({ code, severity: 'warning', range: { line: 1, column: 1, endLine: 1, endColumn: 2 }, args, suggestions: [] });
  assert.equal(formatMessage(d('layout-stale-id', { id: 'db' }), 'en'), "'db' is no longer in the diagram; it is dropped the next time the layout file is written");
  assert.match(formatMessage(d('layout-file-invalid', { kind: 'format', detail: 'x' }), 'en'), /format this version does not read \(x\)/);
  assert.match(formatMessage(d('layout-file-invalid', { kind: 'value', detail: 'x' }), 'pt-BR'), /valor de tipo errado \(x\); ele é ignorado no desenho/);
});

test('render draws the kept drawing: the built CLI puts a box where the layout file says, --fresh where the text alone would', async () => {
  const { spawnSync } = await import('node:child_process');
  const cli = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
  writeFileSync(join(dir, 'pair.diagram'), 'a = rect "A"\nb = rect "B"\na -> b "calls"\n');
  const keep = spawnSync(process.execPath, [cli, 'layout', 'pair.diagram', '--keep'], { cwd: dir, encoding: 'utf8' });
  assert.equal(keep.status, 0, keep.stderr);
  const path = join(dir, 'pair.diagram.layout.json');
  writeFileSync(path, readFileSync(path, 'utf8').replace(/"b": \{ "x": (\d+), "y": \d+/, (_m, x) => `"b": { "x": ${x}, "y": 400`));
  const translateOfB = (args: string[]) => {
    const r = spawnSync(process.execPath, [cli, 'render', 'pair.diagram', '-o', '-', ...args], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return /data-id="b" transform="translate\(([\d.]+) ([\d.]+)\)"/.exec(r.stdout)?.slice(1).map(Number);
  };
  const kept = translateOfB([]);
  assert.equal(kept?.[1], 400);
  const fresh = translateOfB(['--fresh']);
  assert.ok(fresh && fresh[1] !== 400, `fresh layout puts b at ${fresh}`);
  // The same positions as `archflow layout --json` gives for the same text and file.
  const json = spawnSync(process.execPath, [cli, 'layout', 'pair.diagram', '--json'], { cwd: dir, encoding: 'utf8' });
  const b = JSON.parse(json.stdout).nodes.find((n: { id: string }) => n.id === 'b');
  assert.deepEqual([b.x, b.y], kept);
});

test('render names a layout file that does not parse and draws afresh, leaving the file as it was', async () => {
  const { spawnSync } = await import('node:child_process');
  const cli = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
  writeFileSync(join(dir, 'broken.diagram'), 'a = rect\nb = rect\na -> b\n');
  writeFileSync(join(dir, 'broken.diagram.layout.json'), '{\n  "format": "archflow-layout-file/1",\n  "nodes": {\n');
  const r = spawnSync(process.execPath, [cli, 'render', 'broken.diagram', '-o', '-'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^broken\.diagram\.layout\.json:\d+:\d+: warning:/m);
  assert.match(r.stdout, /data-id="b"/);
  assert.equal(readFileSync(join(dir, 'broken.diagram.layout.json'), 'utf8'), '{\n  "format": "archflow-layout-file/1",\n  "nodes": {\n');
});

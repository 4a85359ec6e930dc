// `archflow layout` as other tools call it: the built dist/cli.js in a child process. The
// JSON is a public format: these tests hold its fields.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDiagram } from '../../src/core/language';
import { layoutDiagram } from '../../src/core/layout';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
let dir: string;

function run(args: string[], input = '') {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: dir, input, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: dir }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const shop = 'diagram "Shop"\nweb = rect "Web" icon=lucide:globe\nback = group "Back end" {\n  api = rect "API"\n  db = cylinder "DB"\n}\nweb -> api "HTTPS"\napi -> db\ndb -> web\n';

before(() => {
  assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
  dir = mkdtempSync(join(tmpdir(), 'archflow-layout-'));
  writeFileSync(join(dir, 'shop.diagram'), shop);
  writeFileSync(join(dir, 'bad.diagram'), 'a = retangolo "A"\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('layout --json prints the documented fields of every group, node and connection', () => {
  const r = run(['layout', 'shop.diagram', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const json = JSON.parse(r.stdout);
  assert.equal(json.format, 'archflow-layout/1');
  assert.equal(json.direction, 'LR');
  assert.ok(json.width > 0 && json.height > 0);
  assert.deepEqual(json.groups.map((g: { id: string }) => g.id), ['back']);
  assert.deepEqual(json.groups[0].label.text, 'Back end');
  assert.deepEqual(json.nodes.map((n: { id: string; parent?: string }) => [n.id, n.parent]), [['web', undefined], ['api', 'back'], ['db', 'back']]);
  for (const n of [...json.nodes, ...json.groups]) {
    for (const k of ['x', 'y', 'width', 'height']) assert.equal(typeof n[k], 'number', `${n.id}.${k}`);
    for (const k of ['text', 'x', 'y', 'width', 'height']) assert.ok(k in n.label, `${n.id}.label.${k}`);
  }
  const [https, plain, back] = json.connections;
  assert.deepEqual([https.source, https.target, back.source, back.target], ['web', 'api', 'db', 'web']);
  assert.equal(https.label.text, 'HTTPS');
  assert.equal(plain.label, undefined);
  assert.ok(https.points.length >= 2);
  // The feedback connection db -> web runs from db to web, not the other way.
  const web = json.nodes[0];
  const end = back.points[back.points.length - 1];
  assert.ok(end.x >= web.x - 1 && end.x <= web.x + web.width + 1 && end.y >= web.y - 1 && end.y <= web.y + web.height + 1);
});

test('layout --json gives the geometry the renderers draw, and the same bytes every time', async () => {
  const r = run(['layout', 'shop.diagram', '--json']);
  const scene = await layoutDiagram(parseDiagram(shop).model, {});
  const json = JSON.parse(r.stdout);
  assert.deepEqual(json.nodes.map((n: { x: number; y: number }) => [n.x, n.y]), scene.nodes.map((n) => [n.x, n.y]));
  assert.deepEqual(json.connections.map((c: { points: unknown }) => c.points), scene.edges.map((e) => e.points));
  assert.equal(run(['layout', 'shop.diagram', '--json']).stdout, r.stdout);
  assert.equal(run(['layout', '-', '--json'], readFileSync(join(dir, 'shop.diagram'), 'utf8')).stdout, r.stdout, 'stdin gives the same');
});

test('layout without --json prints one line per element', () => {
  const r = run(['layout', 'shop.diagram']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^\d+(\.\d+)?x\d+(\.\d+)? LR$/m);
  assert.match(r.stdout, /^group back [\d.]+,[\d.]+ [\d.]+x[\d.]+$/m);
  assert.match(r.stdout, /^node api [\d.]+,[\d.]+ [\d.]+x[\d.]+ in back$/m);
  assert.match(r.stdout, /^connection c2 db -> web( [\d.]+,[\d.]+)+$/m);
});

test('layout exits as check does: 1 on errors with nothing on stdout, 2 for usage or a missing file', () => {
  const bad = run(['layout', 'bad.diagram', '--json']);
  assert.equal(bad.code, 1);
  assert.equal(bad.stdout, '');
  assert.match(bad.stderr, /^bad\.diagram:1:5: error:/m);
  assert.equal(run(['layout']).code, 2);
  assert.equal(run(['layout', 'a.diagram', 'b.diagram']).code, 2);
  assert.equal(run(['layout', '--jsn', 'shop.diagram']).code, 2);
  const missing = run(['layout', 'nope.diagram']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nope\.diagram: cannot read: no such file/);
});

test('a reader closing the pipe early stops the CLI quietly, without a stack trace', () => {
  const big = ['diagram "Big"', ...Array.from({ length: 300 }, (_, i) => `n${i} = rect "Service ${i}"`), ...Array.from({ length: 299 }, (_, i) => `n${i} -> n${i + 1}`)].join('\n');
  writeFileSync(join(dir, 'big.diagram'), big);
  // As a user types it: the reader takes 100 bytes of a far longer answer and exits.
  const r = spawnSync('bash', ['-c', `"${process.execPath}" "${cli}" layout big.diagram --json | head -c 100 >/dev/null; echo "cli exit \${PIPESTATUS[0]}" >&2`], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.stderr, 'cli exit 0\n', 'no EPIPE stack trace, and a clean exit');
});

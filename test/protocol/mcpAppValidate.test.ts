import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_VIEW_PROBLEMS, type DiagramNotDrawn, type DiagramViewData } from '../../src/protocol/mcpAppMessages';
import type { Scene } from '../../src/core/scene';
import { renderText } from '../../src/node/diagramPipeline';
import { getIconCatalog } from '../../src/node/iconStore';
import { parseDiagramView } from '../../src/protocol/index';

const fixture = (name: string): Scene => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'scenes', name), 'utf8')) as Scene;
const OUTPUT = { path: '/work/docs/arch.svg', display: 'docs/arch.svg', bytes: 4096 };
const SOURCE = { path: '/work/docs/checkout.diagram', display: 'docs/checkout.diagram', version: 3 };
const view = (scene: Scene): DiagramViewData => ({ scene, output: OUTPUT });

test('the scenes the layout produces pass unchanged', async () => {
  const catalog = await getIconCatalog();
  const drawn = await renderText('diagram "Shop"\ng = group "Back" {\n  api = rectangle "API" icon=logos:nodejs-icon link="https://example.com"\n  db = cylinder "DB"\n}\nweb = person "User"\nweb -> api "calls" anim=packets\napi -> db anim=flow style=dashed\nghost -> g\n', { catalog });
  assert.ok(drawn.ok);
  for (const scene of [fixture('architecture.json'), fixture('shapes.json'), drawn.scene]) {
    const data = view(structuredClone(scene));
    assert.deepEqual(parseDiagramView(data), { ok: true, value: data });
  }
});

test('a drawing whose labels are too long to draw keeps them whole in its tooltips and title, and passes', async () => {
  const long = 'x'.repeat(200_000);
  const drawn = await renderText(`diagram "${long}"\na = rectangle "${long}"\nb = rectangle "B"\na -> b "${long}"\n`, { catalog: await getIconCatalog() });
  assert.ok(drawn.ok);
  assert.equal(drawn.scene.edges[0]!.tooltip, long);
  const data = view(drawn.scene);
  assert.deepEqual(parseDiagramView(data), { ok: true, value: data });
});

test('what cannot be drawn is refused with the path of the first problem', () => {
  const base = fixture('architecture.json');
  const edit = (f: (s: Scene) => void): DiagramViewData => {
    const s = structuredClone(base);
    f(s);
    return view(s);
  };
  const cases: Array<[unknown, RegExp]> = [
    [undefined, /\(drawing\)/],
    [{ scene: base }, /output/],
    [{ output: OUTPUT }, /scene/],
    [edit((s) => (s.nodes = 'many' as never)), /scene\.nodes/],
    [edit((s) => (s.nodes[0]!.x = Number.NaN)), /scene\.nodes\.0\.x: /],
    [edit((s) => (s.nodes[0]!.width = -4)), /scene\.nodes\.0\.width/],
    [edit((s) => (s.nodes[0]!.shape = 'blob' as never)), /scene\.nodes\.0\.shape/],
    [edit((s) => (s.nodes[0]!.link = 42 as never)), /scene\.nodes\.0\.link/],
    [edit((s) => (s.edges[0]!.target = 'nowhere')), /every connection must join two of them/],
    [edit((s) => s.nodes.push(structuredClone(s.nodes[0]!))), /ids must be unique/],
    [edit((s) => (s.edges[0]!.anim = 'spin' as never)), /scene\.edges\.0\.anim/],
    [edit((s) => (s.icons['x:y'] = { body: 1 } as never)), /scene\.icons\.x:y\.body/],
    [edit((s) => (s.nodes[0]!.label.lines = Array.from({ length: 500 }, () => 'x'))), /scene\.nodes\.0\.label\.lines/],
  ];
  for (const [value, reason] of cases) {
    const r = parseDiagramView(value);
    assert.equal(r.ok, false, JSON.stringify(value)?.slice(0, 80));
    if (!r.ok) assert.match(r.error, reason);
  }
});

test('unknown extra fields are dropped, not refused (a newer server may add some)', () => {
  const data = { ...view(fixture('shapes.json')), extra: 1 };
  const r = parseDiagramView(data);
  assert.ok(r.ok);
  assert.equal('extra' in r.value, false);
});

test('a drawing of a .diagram document names its source and version; one written to an SVG may name both', () => {
  const scene = fixture('shapes.json');
  for (const data of [{ scene, source: SOURCE }, { scene, output: OUTPUT, source: SOURCE }]) assert.deepEqual(parseDiagramView(data), { ok: true, value: data });
  const nowhere = parseDiagramView({ scene });
  assert.equal(nowhere.ok, false);
  if (!nowhere.ok) assert.match(nowhere.error, /says where it lives/);
  const badVersion = parseDiagramView({ scene, source: { ...SOURCE, version: 1.5 } });
  assert.equal(badVersion.ok, false);
  if (!badVersion.ok) assert.match(badVersion.error, /^source\.version: /);
});

test('a text that could not be drawn: its source, its error count and its first problems', () => {
  const notDrawn: DiagramNotDrawn = { source: SOURCE, errors: 1, problems: [{ severity: 'error', line: 3, column: 7, message: "unknown shape 'rectangel'" }] };
  assert.deepEqual(parseDiagramView(notDrawn), { ok: true, value: notDrawn });
  const cases: Array<[unknown, RegExp]> = [
    [{ ...notDrawn, errors: 0 }, /^errors: /],
    [{ ...notDrawn, source: undefined }, /^source: /],
    [{ ...notDrawn, problems: [{ ...notDrawn.problems[0], line: 0 }] }, /^problems\.0\.line: /],
    [{ ...notDrawn, problems: [{ ...notDrawn.problems[0], severity: 'fatal' }] }, /^problems\.0\.severity: /],
    [{ ...notDrawn, problems: Array.from({ length: MAX_VIEW_PROBLEMS + 1 }, () => notDrawn.problems[0]) }, /^problems: /],
  ];
  for (const [value, reason] of cases) {
    const r = parseDiagramView(value);
    assert.equal(r.ok, false, JSON.stringify(value));
    if (!r.ok) assert.match(r.error, reason);
  }
});

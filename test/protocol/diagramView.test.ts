import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DiagramViewData } from '../../src/core/diagramView';
import type { Scene } from '../../src/core/scene';
import { renderText } from '../../src/node/diagramPipeline';
import { getIconCatalog } from '../../src/node/iconStore';
import { parseDiagramView } from '../../src/protocol/index';

const fixture = (name: string): Scene => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'scenes', name), 'utf8')) as Scene;
const OUTPUT = { path: '/work/docs/arch.svg', display: 'docs/arch.svg', bytes: 4096 };
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

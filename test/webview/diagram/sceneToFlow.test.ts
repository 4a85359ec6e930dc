import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language/index';
import { layoutDiagram } from '../../../src/core/layout/index';
import { sceneToFlow, TITLE_NODE_ID } from '../../../webview/diagram/sceneToFlow';
import { ELLIPSIS, MAX_LABEL_LENGTH } from '../../../src/core/labelLimit';

const TEXT = `diagram "Shop"
web = rectangle "Web" icon=lucide:globe
app = group "App" {
  api = rounded "API"
  inner = group "Inner" {
    db = cylinder "DB"
  }
}
ghost = icon nosuch:icon "Ghost"
web -> api "HTTPS" anim=packets
api -> db
api -> missing
`;

async function scene() {
  const { model, diagnostics } = parseDiagram(TEXT);
  assert.deepEqual(diagnostics.filter((d) => d.severity === 'error'), []);
  return layoutDiagram(model, { 'lucide:globe': { body: '<path d="M0 0h24v24H0z"/>', width: 24, height: 24 }, 'nosuch:icon': null });
}

test('every scene element becomes one React Flow element at exactly its scene geometry', { timeout: 30_000 }, async () => {
  const s = await scene();
  const flow = sceneToFlow(s);
  for (const n of s.nodes) {
    const f = flow.nodes.find((x) => x.id === n.id)!;
    assert.equal(f.type, n.shape);
    assert.deepEqual([f.position.x, f.position.y, f.width, f.height], [n.x, n.y, n.width, n.height]);
    assert.equal(f.draggable, false);
    assert.equal(f.parentId, undefined, 'absolute positions, never nested');
  }
  for (const g of s.groups) {
    const f = flow.nodes.find((x) => x.id === g.id)!;
    assert.equal(f.type, 'diagramGroup');
    assert.deepEqual([f.position.x, f.position.y, f.width, f.height], [g.x, g.y, g.width, g.height]);
  }
  assert.deepEqual(
    flow.edges.map((e) => [e.id, e.source, e.target, e.type]),
    s.edges.map((e) => [e.id, e.source, e.target, 'diagram']),
  );
  assert.equal(flow.nodes.find((n) => n.id === TITLE_NODE_ID)?.type, 'diagramTitle');
  assert.equal(flow.nodes.length, s.nodes.length + s.groups.length + 1);
});

test('stacking follows the export: frames by depth, then edges, then nodes, then labels', { timeout: 30_000 }, async () => {
  const s = await scene();
  const flow = sceneToFlow(s);
  const z = (id: string) => flow.nodes.find((n) => n.id === id)!.zIndex!;
  assert.ok(z('app') < z('inner'), 'outer frame below inner frame');
  const edgeZ = flow.edges[0]!.zIndex!;
  assert.ok(z('inner') < edgeZ, 'frames below connections');
  assert.ok(edgeZ < z('api') && edgeZ < z('db'), 'connections below nodes');
  assert.ok(flow.labelZ > z('api'), 'labels above nodes');
});

test('icons: known data is passed, unknown ids are null (placeholder), no icon is undefined', { timeout: 30_000 }, async () => {
  const flow = sceneToFlow(await scene());
  const data = (id: string) => flow.nodes.find((n) => n.id === id)!.data as { icon?: unknown };
  assert.deepEqual(data('web').icon, { body: '<path d="M0 0h24v24H0z"/>', width: 24, height: 24 });
  assert.equal(data('ghost').icon, null);
  assert.equal(data('api').icon, undefined);
});

test('deterministic: the same scene gives equal elements', { timeout: 30_000 }, async () => {
  const s = await scene();
  assert.deepEqual(sceneToFlow(s), sceneToFlow(structuredClone(s)));
});

test('every node declares its size and anchors, so React Flow never waits to measure it', { timeout: 30_000 }, async () => {
  const s = await scene();
  const flow = sceneToFlow(s);
  for (const n of flow.nodes) {
    assert.deepEqual(n.measured, { width: n.width, height: n.height }, n.id);
    const handles = n.handles ?? [];
    assert.deepEqual(
      handles.map((h) => [h.type, h.position, h.x, h.y]),
      [
        ['target', 'left', 0, n.height! / 2],
        ['source', 'right', n.width, n.height! / 2],
      ],
      n.id,
    );
  }
});

test('a title past the limit is drawn shortened, the whole of it as the title tooltip', { timeout: 30_000 }, async () => {
  const whole = 'Payments platform, '.repeat(40).trim();
  const s = { ...(await scene()), title: whole };
  const title = sceneToFlow(s).nodes.find((n) => n.id === TITLE_NODE_ID)!;
  const data = title.data as { title: string; tooltip?: string };
  assert.equal(data.tooltip, whole);
  assert.equal(data.title, whole.slice(0, MAX_LABEL_LENGTH - 1).trimEnd() + ELLIPSIS);
  assert.ok(title.width! < MAX_LABEL_LENGTH * 18, 'the title node is as wide as the drawn title');
  const short = sceneToFlow(await scene()).nodes.find((n) => n.id === TITLE_NODE_ID)!;
  assert.deepEqual(short.data, { title: 'Shop' });
});

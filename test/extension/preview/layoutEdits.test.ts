import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language';
import { keptLayout, layoutDiagram } from '../../../src/core/layout';
import { layoutFromScene, parseLayoutFile } from '../../../src/core/layout/layoutFile';
import { layoutFileText, layoutWithDrops, layoutWithMoves, layoutWithout } from '../../../src/extension/preview/layoutEdits';

const TEXT = `
web = rect "Web"
backend = group "Backend" {
  api = rect "API"
  db = cylinder "DB"
}
web -> api
api -> db
`;

async function drawn(text = TEXT) {
  const { model } = parseDiagram(text);
  return { model, scene: await layoutDiagram(model, {}) };
}

describe('layoutEdits', () => {
  it('a move becomes one changed line of the layout file, and the kept drawing puts the box there', async () => {
    const { model, scene } = await drawn();
    const web = scene.nodes.find((n) => n.id === 'web')!;
    const before = layoutFileText(layoutFromScene(scene), model);
    const after = layoutFileText(layoutWithMoves(scene, undefined, [{ id: 'web', x: web.x + 0.4, y: web.y + 300.6 }]), model);
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    assert.deepEqual(
      changed.map((line) => line.replace(/,$/, '')),
      [`    "web": { "x": ${web.x}, "y": ${web.y + 301}, "width": ${web.width}, "height": ${web.height} }`],
    );
    const parsed = parseLayoutFile(after);
    assert.ok(parsed.ok && parsed.file.kind === 'diagram');
    const redrawn = keptLayout(model, {}, parsed.file.layout);
    const at = redrawn.nodes.find((n) => n.id === 'web')!;
    assert.deepEqual({ x: at.x, y: at.y }, { x: web.x, y: web.y + 301 });
  });

  it('moving a group writes its members moved by the same offset', async () => {
    const { scene } = await drawn();
    const g = scene.groups.find((x) => x.id === 'backend')!;
    const layout = layoutWithMoves(scene, undefined, [{ id: 'backend', x: g.x + 50, y: g.y + 20 }]);
    for (const id of ['api', 'db']) {
      const n = scene.nodes.find((x) => x.id === id)!;
      assert.deepEqual({ x: layout.nodes.get(id)!.x, y: layout.nodes.get(id)!.y }, { x: n.x + 50, y: n.y + 20 });
    }
    assert.equal(layout.groups.get('backend')!.x, g.x + 50);
  });

  it('keeps the waypoints the previous file gave connections still drawn', async () => {
    const { scene } = await drawn();
    const previous = layoutFromScene(scene);
    previous.waypoints.set('web -> api', [{ x: 10, y: 10 }]);
    previous.waypoints.set('gone -> away', [{ x: 1, y: 1 }]);
    const layout = layoutWithMoves(scene, previous, []);
    assert.deepEqual([...layout.waypoints.keys()], ['web -> api']);
  });

  it('re-layout of selected elements drops their positions (a group with its members) and keeps the rest', async () => {
    const { scene } = await drawn();
    const rest = layoutWithout(layoutFromScene(scene), scene, ['backend']);
    assert.deepEqual([...rest.nodes.keys()], ['web']);
    assert.deepEqual([...rest.groups.keys()], []);
    const one = layoutWithout(layoutFromScene(scene), scene, ['db']);
    assert.deepEqual([...one.nodes.keys()].sort(), ['api', 'web']);
    // The kept boxes' routes stay, so connections between them are not drawn again.
    assert.deepEqual([...one.routes.keys()].sort(), [...layoutFromScene(scene).routes.keys()].sort());
    assert.ok(one.routes.size > 0);
  });

  it('the file text drops what the diagram no longer has', async () => {
    const { scene } = await drawn();
    const { model } = parseDiagram('web = rect "Web"');
    const parsed = parseLayoutFile(layoutFileText(layoutFromScene(scene), model));
    assert.ok(parsed.ok && parsed.file.kind === 'diagram');
    assert.deepEqual([...parsed.file.layout.nodes.keys()], ['web']);
  });

  it('a box dropped from the palette is kept centred where it was dropped, the other boxes where they were', async () => {
    const { scene: shown } = await drawn();
    const { model } = parseDiagram(`${TEXT}cache = cloud "Cache"\n`);
    // The first drawing of the new text: the kept boxes, the new one placed by the layout.
    const first = keptLayout(model, {}, layoutFromScene(shown));
    const at = { x: shown.width + 150, y: 60 };
    const layout = layoutWithDrops(shown, undefined, [], [{ id: 'cache', at }], first);
    const redrawn = keptLayout(model, {}, layout);
    const cache = redrawn.nodes.find((n) => n.id === 'cache')!;
    assert.deepEqual({ x: cache.x + cache.width / 2, y: cache.y + cache.height / 2 }, at);
    for (const n of shown.nodes) {
      const now = redrawn.nodes.find((x) => x.id === n.id)!;
      assert.deepEqual({ id: n.id, x: now.x, y: now.y }, { id: n.id, x: n.x, y: n.y });
    }
  });

  it('a box dropped into a group is kept there, inside the group (grown to hold it), not where the layout put it', async () => {
    const { scene: shown } = await drawn();
    const g = shown.groups.find((x) => x.id === 'backend')!;
    const { model } = parseDiagram(TEXT.replace('  db = cylinder "DB"\n', '  db = cylinder "DB"\n  cache = cloud "Cache"\n'));
    const first = keptLayout(model, {}, layoutFromScene(shown));
    const at = { x: g.x + g.width - 10, y: g.y + g.height - 10 };
    const layout = layoutWithDrops(shown, undefined, [], [{ id: 'cache', at }], first);
    assert.deepEqual(layout.groups.get('backend'), { x: g.x, y: g.y, width: g.width, height: g.height }, 'the group as it was drawn');
    const redrawn = keptLayout(model, {}, layout);
    const cache = redrawn.nodes.find((n) => n.id === 'cache')!;
    const grown = redrawn.groups.find((x) => x.id === 'backend')!;
    assert.ok(cache.x >= grown.x && cache.y >= grown.y && cache.x + cache.width <= grown.x + grown.width && cache.y + cache.height <= grown.y + grown.height, 'inside its group');
    assert.ok(Math.hypot(cache.x + cache.width / 2 - at.x, cache.y + cache.height / 2 - at.y) < Math.hypot(cache.width, cache.height), `near the drop point (${cache.x}, ${cache.y})`);
  });

  it('a box dragged onto a group keeps the dropped position once the text puts it inside', async () => {
    const { scene: shown } = await drawn();
    const g = shown.groups.find((x) => x.id === 'backend')!;
    const web = shown.nodes.find((n) => n.id === 'web')!;
    const to = { id: 'web', x: g.x + 10, y: g.y + g.height + 40 };
    const { model } = parseDiagram(TEXT.replace('web = rect "Web"\n', '').replace('  db = cylinder "DB"\n', '  db = cylinder "DB"\n  web = rect "Web"\n'));
    const first = keptLayout(model, {}, layoutFromScene(shown));
    const redrawn = keptLayout(model, {}, layoutWithDrops(shown, undefined, [to], [], first));
    const now = redrawn.nodes.find((n) => n.id === 'web')!;
    assert.deepEqual({ x: now.x, y: now.y, width: now.width }, { x: to.x, y: to.y, width: web.width });
    const grown = redrawn.groups.find((x) => x.id === 'backend')!;
    assert.ok(grown.y + grown.height >= now.y + now.height, 'the group grew to hold it');
  });
});

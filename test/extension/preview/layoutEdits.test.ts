import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language';
import { keptLayout, layoutDiagram } from '../../../src/core/layout';
import { layoutFromScene, parseLayoutFile } from '../../../src/core/layout/layoutFile';
import { layoutFileText, layoutWithDrops, layoutWithMoves, layoutWithout } from '../../../src/extension/preview/layoutEdits';
import { dragSegment, layoutWithRoutes, simplifyRoute } from '../../../src/core/routeDrag';
import type { Scene } from '../../../src/core/scene';

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

  describe('a connection reshaped by dragging a segment', () => {
    const SHAPED = `${TEXT}web -> db
`;
    const box = (scene: Scene, id: string) => scene.nodes.find((n) => n.id === id)!;
    /** The first connection with an inner segment, that segment moved 30 px. */
    function reshaped(scene: Scene) {
      const edge = scene.edges.find((e) => e.points.length >= 4)!;
      assert.ok(edge, 'a connection with a bend on each side of a segment');
      const route = dragSegment(edge.points, 1, 30, box(scene, edge.source), box(scene, edge.target));
      return { edge, route };
    }
    const reread = (text: string) => {
      const parsed = parseLayoutFile(text);
      assert.ok(parsed.ok && parsed.file.kind === 'diagram');
      return parsed.file.layout;
    };

    it('writes its bends as waypoints and its line as its route; the file reads them back', async () => {
      const { model, scene } = await drawn(SHAPED);
      const { edge, route } = reshaped(scene);
      const text = layoutFileText(layoutWithRoutes(scene, undefined, [{ connection: edge.id, route }]), model);
      const key = `${edge.source} -> ${edge.target}`;
      assert.ok(text.includes(`"${key}": [${route.slice(1, -1).map((p) => `[${p.x}, ${p.y}]`).join(', ')}]`), text);
      const layout = reread(text);
      assert.deepEqual(layout.waypoints.get(key), route.slice(1, -1));
      assert.deepEqual(layout.routes.get(key), route);
    });

    it('the kept drawing draws it through its waypoints, and the other connections where they were', async () => {
      const { model, scene } = await drawn(SHAPED);
      const { edge, route } = reshaped(scene);
      const redrawn = keptLayout(model, {}, reread(layoutFileText(layoutWithRoutes(scene, undefined, [{ connection: edge.id, route }]), model)));
      for (const e of redrawn.edges) {
        const before = scene.edges.find((x) => x.id === e.id)!;
        assert.deepEqual(simplifyRoute(e.points), e.id === edge.id ? route : simplifyRoute(before.points), e.id);
      }
    });

    it('when its box moves, the new route still passes through the waypoints', async () => {
      const { model, scene } = await drawn(SHAPED);
      const { edge, route } = reshaped(scene);
      const layout = layoutWithRoutes(scene, undefined, [{ connection: edge.id, route }]);
      const source = layout.nodes.get(edge.source)!;
      layout.nodes.set(edge.source, { ...source, y: source.y + 200 });
      const redrawn = keptLayout(model, {}, reread(layoutFileText(layout, model)));
      const points = redrawn.edges.find((e) => e.id === edge.id)!.points;
      const on = (p: { x: number; y: number }) =>
        points.some((a, k) => {
          const b = points[k + 1];
          return b !== undefined && p.x >= Math.min(a.x, b.x) && p.x <= Math.max(a.x, b.x) && p.y >= Math.min(a.y, b.y) && p.y <= Math.max(a.y, b.y);
        });
      for (const w of route.slice(1, -1)) assert.ok(on(w), `(${w.x}, ${w.y}) on ${JSON.stringify(points)}`);
    });

    it('Reset Route forgets its waypoints and route; a route that is not orthogonal changes nothing', async () => {
      const { scene } = await drawn(SHAPED);
      const { edge, route } = reshaped(scene);
      const key = `${edge.source} -> ${edge.target}`;
      const shaped = layoutWithRoutes(scene, undefined, [{ connection: edge.id, route }]);
      const reset = layoutWithRoutes(scene, shaped, [{ connection: edge.id }]);
      assert.equal(reset.waypoints.has(key), false);
      assert.equal(reset.routes.has(key), false);
      assert.equal(reset.routes.size, scene.edges.length - 1, 'the others keep their routes');
      const slanted = layoutWithRoutes(scene, undefined, [{ connection: edge.id, route: [{ x: 0, y: 0 }, { x: 50, y: 40 }] }]);
      assert.equal(slanted.waypoints.size, 0);
      assert.deepEqual(slanted.routes.get(key), layoutFromScene(scene).routes.get(key));
      assert.equal(layoutWithRoutes(scene, undefined, [{ connection: 'c99', route }]).waypoints.size, 0);
    });
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../src/core/language';
import { layoutDiagram } from '../../src/core/layout';
import { moveBoxes, movedPositions } from '../../src/core/sceneMoves';

const TEXT = `
web = rect "Web"
backend = group "Backend" {
  api = rect "API"
  inner = group "Data" {
    db = cylinder "DB"
  }
}
web -> api
api -> db
`;

async function scene() {
  return layoutDiagram(parseDiagram(TEXT).model, {});
}

describe('sceneMoves', () => {
  it('moves a node alone to where it was dropped', async () => {
    const s = await scene();
    const web = s.nodes.find((n) => n.id === 'web')!;
    const moved = movedPositions(s, [{ id: 'web', x: web.x + 40, y: web.y - 7 }]);
    assert.deepEqual([...moved], [['web', { x: web.x + 40, y: web.y - 7 }]]);
  });

  it('carries every member of a moved group, at any depth, by the group offset', async () => {
    const s = await scene();
    const backend = s.groups.find((g) => g.id === 'backend')!;
    const moved = movedPositions(s, [{ id: 'backend', x: backend.x + 100, y: backend.y + 30 }]);
    for (const id of ['api', 'db', 'inner']) {
      const box = [...s.nodes, ...s.groups].find((e) => e.id === id)!;
      assert.deepEqual(moved.get(id), { x: box.x + 100, y: box.y + 30 }, id);
    }
    assert.equal(moved.has('web'), false);
  });

  it('lets a member moved in the same gesture keep its own position', async () => {
    const s = await scene();
    const backend = s.groups.find((g) => g.id === 'backend')!;
    const moved = movedPositions(s, [
      { id: 'backend', x: backend.x + 100, y: backend.y },
      { id: 'api', x: 5, y: 6 },
    ]);
    assert.deepEqual(moved.get('api'), { x: 5, y: 6 });
  });

  it('ignores unknown ids and moves to the same place', async () => {
    const s = await scene();
    const web = s.nodes.find((n) => n.id === 'web')!;
    assert.equal(movedPositions(s, [{ id: 'nope', x: 1, y: 1 }, { id: 'web', x: web.x, y: web.y }]).size, 0);
  });

  it('moves the label and icon box with their box, and nothing else', async () => {
    const s = await scene();
    const web = s.nodes.find((n) => n.id === 'web')!;
    const out = moveBoxes(s, new Map([['web', { x: web.x + 10, y: web.y + 20 }]]));
    const moved = out.nodes.find((n) => n.id === 'web')!;
    assert.deepEqual(moved.labelPosition, { x: web.labelPosition.x + 10, y: web.labelPosition.y + 20 });
    assert.deepEqual(out.edges, s.edges);
    assert.equal(out.nodes.find((n) => n.id === 'api'), s.nodes.find((n) => n.id === 'api'));
    assert.equal(moveBoxes(s, new Map()), s);
  });
});

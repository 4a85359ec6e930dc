// Dragging boxes onto a group, or out of one, in a real layout of a diagram with nested groups.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language';
import { layoutDiagram } from '../../../src/core/layout';
import type { Scene } from '../../../src/core/scene';
import { groupDrop } from '../../../webview/preview/groupDrop';

const TEXT = `
web = rect "Web"
out = rect "Out"
backend = group "Backend" {
  api = rect "API"
  data = group "Data" {
    db = cylinder "DB"
  }
}
web -> api
api -> db
`;

let scene: Scene;
const box = (id: string) => [...scene.nodes, ...scene.groups].find((e) => e.id === id)!;
/** The top-left corner that puts `id`'s centre on the point. */
const centredAt = (id: string, x: number, y: number) => ({ id, x: x - box(id).width / 2, y: y - box(id).height / 2 });
const inside = (id: string) => ({ x: box(id).x + box(id).width / 2, y: box(id).y + box(id).height / 2 });
const below = () => ({ x: scene.width / 2, y: scene.height + 200 });

describe('groupDrop', () => {
  before(async () => {
    scene = await layoutDiagram(parseDiagram(TEXT).model, {});
  });

  it('a top-level box let go over a group goes into that group, the innermost one under its centre', () => {
    const data = inside('data');
    assert.deepEqual(groupDrop(scene, [centredAt('web', data.x, data.y)]), { elements: ['web'], group: 'data' });
  });

  it('a box let go on empty canvas, out of its group, goes to the top level', () => {
    const p = below();
    assert.deepEqual(groupDrop(scene, [centredAt('db', p.x, p.y)]), { elements: ['db'] });
  });

  it('a box moved within its own group stays a move only', () => {
    const db = box('db');
    assert.equal(groupDrop(scene, [{ id: 'db', x: db.x + 2, y: db.y + 1 }]), undefined);
    const web = box('web');
    assert.equal(groupDrop(scene, [{ id: 'web', x: web.x, y: web.y + 3 }]), undefined);
  });

  it('a box dragged out of a nested group into its outer group goes one level out', () => {
    const backend = box('backend');
    const data = box('data');
    // Inside Backend, left of Data (Data sits to the right of API in a left-to-right drawing).
    const x = backend.x + 4 + box('db').width / 2;
    const y = backend.y + backend.height - 4 - box('db').height / 2;
    assert.ok(x < data.x || y > data.y + data.height, 'the point is outside Data');
    assert.deepEqual(groupDrop(scene, [centredAt('db', x, y)]), { elements: ['db'], group: 'backend' });
  });

  it('a dragged group carries its members: only the group changes group, never into itself', () => {
    const p = below();
    const data = box('data');
    const dx = p.x - (data.x + data.width / 2);
    const dy = p.y - (data.y + data.height / 2);
    const db = box('db');
    assert.deepEqual(groupDrop(scene, [centredAt('data', p.x, p.y), { id: 'db', x: db.x + dx, y: db.y + dy }]), { elements: ['data'] });
    // Let go where it was: over itself, which it cannot go into.
    assert.equal(groupDrop(scene, [{ id: 'data', x: data.x, y: data.y }]), undefined);
  });

  it('several boxes let go in one group move together; in different groups they stay moves', () => {
    const data = inside('data');
    assert.deepEqual(groupDrop(scene, [centredAt('web', data.x, data.y), centredAt('out', data.x, data.y + 5)]), { elements: ['web', 'out'], group: 'data' });
    const p = below();
    assert.equal(groupDrop(scene, [centredAt('web', data.x, data.y), centredAt('api', p.x, p.y)]), undefined);
  });
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildHierarchy, connectionContainer } from '../../../src/core/layout/hierarchy';
import { diagram } from './builders';

describe('buildHierarchy', () => {
  const model = diagram({
    elements: [
      { group: 'inner', parent: 'outer', direction: 'TB' },
      { group: 'outer' },
      { id: 'a', parent: 'inner' },
      { id: 'b', parent: 'inner' },
      { id: 'c', parent: 'outer' },
      { group: 'lonely', direction: 'BT' },
      { id: 'd', parent: 'lonely' },
      { id: 'e' },
    ],
    edges: [['a', 'b'], ['c', 'e'], ['e', 'lonely'], ['outer', 'inner'], ['a', 'missing']],
  });
  const h = buildHierarchy(model, 'LR');

  it('lists groups parents first with their depth, whatever the declaration order', () => {
    assert.deepEqual(h.groups.map((g) => [g.id, h.depth.get(g.id)]), [['outer', 0], ['inner', 1], ['lonely', 0]]);
  });

  it('seals exactly the groups no connection crosses', () => {
    // c -> e crosses outer (so does outer -> inner: one end is outer itself, the other is
    // inside it); inner and lonely are only touched at their border or from within.
    assert.deepEqual([...h.sealed].sort(), ['inner', 'lonely']);
  });

  it('drops connections to missing ids', () => {
    assert.deepEqual(h.connections.map((c) => c.id), ['c0', 'c1', 'c2', 'c3']);
  });

  it('resolves the direction in force for each group', () => {
    assert.equal(h.direction.get('outer'), 'LR');
    assert.equal(h.direction.get('inner'), 'TB');
    assert.equal(h.direction.get('lonely'), 'BT');
  });

  it('puts each connection in the lowest group holding both ends', () => {
    const container = (i: number) => connectionContainer(h, h.connections[i]!);
    assert.equal(container(0), 'inner');
    assert.equal(container(1), undefined);
    assert.equal(container(2), undefined);
    assert.equal(container(3), undefined);
  });

  it('treats unknown parents, node parents and parent cycles as the top level', () => {
    const odd = diagram({
      elements: [{ group: 'x', parent: 'y' }, { group: 'y', parent: 'x' }, { id: 'n', parent: 'nope' }, { id: 'm', parent: 'n' }, { id: 'k', parent: 'x' }],
    });
    const o = buildHierarchy(odd, 'TB');
    assert.equal(o.parent.get('n'), undefined);
    assert.equal(o.parent.get('m'), undefined);
    assert.equal(o.parent.get('k'), 'x');
    assert.deepEqual(o.groups.map((g) => g.id).sort(), ['x', 'y']);
    assert.equal(o.groups.length + o.nodes.length, 5);
  });

  it('keeps the first of duplicate declarations', () => {
    const dup = buildHierarchy(diagram({ elements: [{ id: 'a', label: 'first' }, { id: 'a', label: 'second' }] }), 'LR');
    assert.deepEqual(dup.nodes.map((n) => n.label), ['first']);
  });
});

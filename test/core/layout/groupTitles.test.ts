import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clearGroupTitles } from '../../../src/core/layout/groupTitles';
import { measureLayout } from '../../../src/core/layout/metrics';
import type { Scene, SceneEdge, SceneGroup, SceneNode } from '../../../src/core/scene';

const text = (width: number, height: number) => ({ lines: ['x'], fontSize: 13, fontWeight: 600 as const, width, height, lineHeight: height });
const node = (id: string, x: number, y: number, width: number, parent?: string): SceneNode => ({
  id, shape: 'rectangle', size: 'medium', x, y, width, height: 48, label: text(20, 16), labelPosition: { x, y }, line: 1, ...(parent ? { parent } : {}),
});
const group = (width: number, titleWidth: number): SceneGroup => ({
  id: 'g', size: 'medium', x: 100, y: 100, width, height: 200, label: text(titleWidth, 17), labelPosition: { x: 112, y: 108 }, iconBox: { x: 112, y: 108, size: 18 }, depth: 0, line: 1,
});
const edge = (points: Array<[number, number]>): SceneEdge => ({
  id: 'c0', source: 'a', target: 'b', points: points.map(([x, y]) => ({ x, y })), heads: 'end', anim: 'none', speed: 1, style: 'solid', line: 1,
});
const scene = (g: SceneGroup, b: SceneNode, e: SceneEdge): Scene => ({
  direction: 'TB', theme: 'light', width: 600, height: 400, groups: [g], nodes: [node('a', 0, 0, 120), b], edges: [e], icons: {},
});

describe('group titles kept clear of connections', () => {
  it('moves the title (icon and label together) past a connection dropping through it', () => {
    // Title 112..172 (icon and label overlap here); the connection drops at x 140.
    const before = scene(group(300, 60), node('b', 116, 150, 120, 'g'), edge([[60, 48], [60, 80], [140, 80], [140, 150]]));
    assert.equal(measureLayout(before).edgeGroupTitle, 1);
    const after = clearGroupTitles(before);
    assert.equal(measureLayout(after).edgeGroupTitle, 0);
    const g = after.groups[0]!;
    assert.equal(g.labelPosition.x - 112, g.iconBox!.x - 112, 'icon and label move together');
    assert.ok(g.labelPosition.x >= 146, 'the title starts past the connection and its clearance');
    assert.deepEqual(after.edges, before.edges, 'the route is left alone');
  });

  it('shifts the connection instead when the title has nowhere to go', () => {
    // A narrow group: no room right of the connection for a 200 px title.
    const before = scene(group(240, 200), node('b', 116, 150, 208, 'g'), edge([[60, 48], [60, 80], [140, 80], [140, 150]]));
    const after = clearGroupTitles(before);
    assert.equal(measureLayout(after).edgeGroupTitle, 0);
    assert.deepEqual(after.groups, before.groups);
    const points = after.edges[0]!.points;
    assert.equal(points[3]!.y, 150, 'still ends on the node’s top border');
    assert.ok(points[3]!.x >= 318 && points[3]!.x < 324, 'past the title, inside the node');
    assert.equal(points[2]!.x, points[3]!.x);
  });

  it('leaves a scene without hits untouched', () => {
    const s = scene(group(300, 60), node('b', 116, 150, 120, 'g'), edge([[60, 48], [60, 80], [200, 80], [200, 150]]));
    assert.equal(clearGroupTitles(s), s);
  });
});

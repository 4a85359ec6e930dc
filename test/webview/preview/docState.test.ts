import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Scene } from '../../../src/core/scene';
import { applyUpdate, type DocState } from '../../../webview/preview/docState';

const A = 'file:///a.diagram';
const B = 'file:///b.diagram';
const scene = (title: string): Scene => ({ title, direction: 'LR', theme: 'auto', width: 10, height: 10, groups: [], nodes: [], edges: [], icons: {} });
const start: DocState = { uri: A, version: -1, problems: [] };
const error = { severity: 'error' as const, code: 'expected-id', message: 'expected an id', line: 2, column: 1, endLine: 2, endColumn: 2 };

test('a drawing is shown, then kept while later versions have errors', () => {
  let s = applyUpdate(start, { type: 'update', uri: A, version: 1, scene: scene('v1'), sceneVersion: 1, problems: [] });
  assert.equal(s.scene?.title, 'v1');
  s = applyUpdate(s, { type: 'update', uri: A, version: 2, problems: [error] });
  assert.equal(s.scene?.title, 'v1', 'last good drawing stays');
  assert.equal(s.version, 2);
  assert.deepEqual(s.problems, [error]);
  s = applyUpdate(s, { type: 'update', uri: A, version: 3, scene: scene('v3'), sceneVersion: 3, problems: [] });
  assert.equal(s.scene?.title, 'v3');
  assert.deepEqual(s.problems, []);
});

test('older versions of the same document are ignored', () => {
  const s = applyUpdate(start, { type: 'update', uri: A, version: 5, scene: scene('v5'), sceneVersion: 5, problems: [] });
  assert.equal(applyUpdate(s, { type: 'update', uri: A, version: 4, scene: scene('v4'), sceneVersion: 4, problems: [error] }), s);
});

test('switching documents drops the old drawing and takes the new viewport', () => {
  let s = applyUpdate(start, { type: 'update', uri: A, version: 9, scene: scene('a'), sceneVersion: 9, problems: [] });
  s = applyUpdate(s, { type: 'update', uri: B, version: 1, problems: [error], viewport: { x: 1, y: 2, zoom: 3 } });
  assert.equal(s.uri, B);
  assert.equal(s.scene, undefined, 'B has no good drawing yet');
  assert.deepEqual(s.restore, { x: 1, y: 2, zoom: 3 });
  s = applyUpdate(s, { type: 'update', uri: B, version: 2, scene: scene('b'), sceneVersion: 2, problems: [] });
  assert.equal(s.scene?.title, 'b');
});

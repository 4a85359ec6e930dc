import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scene } from '../../../src/core/scene';
import { vscodeFileUrl } from '../../../webview/mcpApp/links';
import { INITIAL_PHASE, nextPhase, type ViewEvent, type ViewPhase } from '../../../webview/mcpApp/viewState';

const scene = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'scenes', 'shapes.json'), 'utf8')) as Scene;
const output = { path: '/w/docs/a.svg', display: 'docs/a.svg', bytes: 10 };
const drawnResult: ViewEvent = { type: 'toolResult', result: { content: [{ type: 'text', text: '3 elements, 2 connections, 4 KB -> docs/a.svg\nwarning' }], _meta: { 'archflow/diagram': { scene, output } } } };

const run = (events: ViewEvent[], from: ViewPhase = INITIAL_PHASE) => events.reduce(nextPhase, from);

test('the usual order: connect, arguments streamed, complete, result drawn', () => {
  const phases = [{ type: 'connected' }, { type: 'toolInputPartial', arguments: { text: 'diagram "A"\n\na = rectangle' } }, { type: 'toolInput', arguments: { text: '…', output: 'docs/a.svg' } }, drawnResult].reduce<ViewPhase[]>(
    (acc, e) => [...acc, nextPhase(acc.at(-1)!, e as ViewEvent)],
    [INITIAL_PHASE],
  );
  assert.deepEqual(phases.map((p) => p.kind), ['connecting', 'waiting', 'writing', 'rendering', 'drawn']);
  assert.deepEqual(phases[2], { kind: 'writing', lines: 2 });
  assert.deepEqual(phases[3], { kind: 'rendering', output: 'docs/a.svg' });
  const drawn = phases[4]!;
  assert.ok(drawn.kind === 'drawn');
  assert.equal(drawn.summary, '3 elements, 2 connections, 4 KB -> docs/a.svg');
  assert.equal(drawn.data.scene.nodes.length, scene.nodes.length);
});

test('a result with no input before it, or repeated, still draws; late inputs and a late cancel keep the drawing', () => {
  const drawn = run([{ type: 'connected' }, drawnResult]);
  assert.equal(drawn.kind, 'drawn');
  assert.equal(run([{ type: 'toolInput', arguments: {} }, { type: 'toolInputPartial' }, { type: 'toolCancelled', reason: 'late' }], drawn), drawn);
  assert.equal(run([drawnResult], drawn).kind, 'drawn');
});

test('errors, unreadable drawings and cancellations each have their own phase', () => {
  assert.deepEqual(run([{ type: 'connected' }, { type: 'toolResult', result: { isError: true, content: [{ type: 'text', text: 'Nothing was written: 1 error' }] } }]), {
    kind: 'failed',
    message: 'Nothing was written: 1 error',
  });
  assert.deepEqual(run([{ type: 'connected' }, { type: 'toolResult', result: { content: [{ type: 'text', text: 'summary' }] } }]), { kind: 'unreadable', missing: true, error: '', summary: 'summary' });
  const broken = run([{ type: 'connected' }, { type: 'toolResult', result: { content: [], _meta: { 'archflow/diagram': { scene: { ...scene, nodes: 7 }, output } } } }]);
  assert.ok(broken.kind === 'unreadable' && !broken.missing);
  assert.match(broken.error, /^scene\.nodes: /);
  assert.deepEqual(run([{ type: 'connected' }, { type: 'toolInput' }, { type: 'toolCancelled', reason: 'user action' }]), { kind: 'cancelled', reason: 'user action' });
});

test("the editor tools' results: a document drawn at its version, or the problems that kept it from being drawn", () => {
  const source = { path: '/w/checkout.diagram', display: 'checkout.diagram', version: 4 };
  assert.deepEqual(run([{ type: 'connected' }, { type: 'toolInput', arguments: { path: 'checkout.diagram', text: '…' } }]), { kind: 'rendering', output: 'checkout.diagram' });
  const drawn = run([{ type: 'connected' }, { type: 'toolResult', result: { content: [{ type: 'text', text: 'Replaced the text' }], _meta: { 'archflow/diagram': { scene, source } } } }]);
  assert.ok(drawn.kind === 'drawn');
  assert.deepEqual(drawn.data.source, source);
  const problems = [{ severity: 'error' as const, line: 3, column: 7, message: "unknown shape 'rectangel'" }];
  const notDrawn = run([{ type: 'connected' }, { type: 'toolResult', result: { content: [{ type: 'text', text: 'Created' }], _meta: { 'archflow/diagram': { source, errors: 1, problems } } } }]);
  assert.deepEqual(notDrawn, { kind: 'notDrawn', data: { source, errors: 1, problems } });
  assert.equal(run([{ type: 'toolInput', arguments: {} }, { type: 'toolCancelled' }], notDrawn), notDrawn, 'over: late events change nothing');
});

test('a silent host, then one that answers late, then one that fails', () => {
  assert.deepEqual(run([{ type: 'slowHost' }]), { kind: 'hostSilent' });
  assert.deepEqual(run([{ type: 'slowHost' }, { type: 'connected' }]), { kind: 'waiting' });
  assert.deepEqual(run([{ type: 'slowHost' }, { type: 'connectFailed', error: 'Request timed out' }]), { kind: 'hostFailed', error: 'Request timed out' });
  assert.deepEqual(run([{ type: 'connected' }, { type: 'slowHost' }, { type: 'connectFailed', error: 'x' }]), { kind: 'waiting' });
});

test('Open in VS Code links for POSIX and Windows paths', () => {
  assert.equal(vscodeFileUrl('/home/me/my docs/arch#1.svg'), 'vscode://file/home/me/my%20docs/arch%231.svg');
  assert.equal(vscodeFileUrl('C:\\work\\docs\\arch.svg'), 'vscode://file/C:/work/docs/arch.svg');
});

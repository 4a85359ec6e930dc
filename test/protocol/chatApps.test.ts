import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APP_MAX_HEIGHT, APP_MIN_HEIGHT, appMaxHeight, appShown, applyChatOps, clampAppHeight, compactChatOps, parseChatMessage, type ChatOp, type ConversationView } from '../../src/protocol/index';

test('an inline app is at most 80% of the chat view and never over the hard maximum', () => {
  assert.equal(appMaxHeight(900), 720);
  assert.equal(appMaxHeight(2000), APP_MAX_HEIGHT);
  assert.equal(appMaxHeight(100), APP_MIN_HEIGHT * 2);
  assert.equal(appMaxHeight(Number.NaN), APP_MAX_HEIGHT);
});

test("an app's height request is clamped; nonsense is ignored", () => {
  assert.equal(clampAppHeight(10_000, 900), 720);
  assert.equal(clampAppHeight(500, 900), 500);
  assert.equal(clampAppHeight(499.2, 900), 500);
  assert.equal(clampAppHeight(0, 900), APP_MIN_HEIGHT);
  for (const bad of [-1, Number.NaN, Infinity, '500', null, undefined]) assert.equal(clampAppHeight(bad, 900), undefined, String(bad));
});

test('a card shows its app once the call runs, never for a call that never ran', () => {
  for (const status of ['running', 'done', 'failed', 'cancelled'] as const) assert.equal(appShown(status, 1), true, status);
  for (const status of ['preparing', 'approval', 'denied', 'not_run', 'cancelled', 'failed'] as const) assert.equal(appShown(status, undefined), false, status);
});

const view = (): ConversationView => ({
  id: 'c',
  meta: { title: '', model: 'm', running: false, usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 }, contextTokens: 0, createdAt: 0, updatedAt: 0 },
  items: [{ kind: 'tool', id: 't1', run: 'r', round: 1, name: 'archflow__render_diagram', args: '{}', status: 'running' }],
});

test("the app op marks a card; removing the card removes its app; compacting keeps it", () => {
  const app = { server: 'archflow', tool: 'render_diagram', uri: 'ui://archflow/diagram' };
  const ops: ChatOp[] = [{ op: 'append', id: 't1', text: ' ' }, { op: 'app', id: 't1', app }];
  const v = applyChatOps(view(), ops);
  assert.deepEqual(v.apps, { t1: app });
  assert.deepEqual(applyChatOps(view(), compactChatOps(ops)), v);
  assert.equal(applyChatOps(v, [{ op: 'remove', ids: ['t1'] }]).apps?.t1, undefined);
  const untouched = view();
  assert.equal(applyChatOps(untouched, []), untouched);
  assert.equal('apps' in applyChatOps(untouched, [{ op: 'meta', meta: { title: 'x' } }]), false, 'no apps key until a card has one');
});

test('app requests from the webview: the envelope is checked, the parameters are the host\'s to judge', () => {
  assert.equal(parseChatMessage({ type: 'appRequest', requestId: 3, toolUseId: 'toolu_1', method: 'callTool', params: { name: 'x' } }).ok, true);
  assert.equal(parseChatMessage({ type: 'appRequest', requestId: 3, toolUseId: 'toolu_1', method: 'load' }).ok, true);
  for (const bad of [
    { type: 'appRequest', requestId: -1, toolUseId: 't', method: 'load' },
    { type: 'appRequest', requestId: 1, toolUseId: '', method: 'load' },
    { type: 'appRequest', requestId: 1, toolUseId: 't', method: 'eval' },
    { type: 'appRequest', requestId: 1, toolUseId: 't', method: 'load', extra: 1 },
    { type: 'appRequest', requestId: 1, toolUseId: 't', method: 'callTool', params: { name: 'x', arguments: { blob: 'x'.repeat(2 * 1024 * 1024) } } },
  ]) {
    assert.equal(parseChatMessage(bad).ok, false, JSON.stringify(bad).slice(0, 120));
  }
});

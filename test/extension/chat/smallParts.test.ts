import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OpsBatcher } from '../../../src/extension/chat/opsBatcher';
import { parseSlash, promptCommands } from '../../../src/extension/chat/slashCommands';
import { continueNote } from '../../../src/extension/chat/runRecorder';
import { listModels, modelLabel, modelOptions, FALLBACK_MODELS } from '../../../src/extension/chat/models';
import { WorkspaceApprovalStore } from '../../../src/extension/chat/workspaceApprovals';
import type { OpsMessage } from '../../../src/protocol/index';
import { startFakeAnthropic } from '../../fakeAnthropic/index';

test('the batcher sends one compacted message per conversation per flush, with the host counts', () => {
  const sent: OpsMessage[] = [];
  let scheduled: (() => void) | undefined;
  const batcher = new OpsBatcher(
    (m) => sent.push(m),
    (flush) => {
      scheduled = flush;
      return 0 as unknown as ReturnType<typeof setTimeout>;
    },
    () => undefined,
  );
  batcher.push('c', 0, [{ op: 'put', item: { kind: 'assistant', id: 'a', run: 'r', round: 1, text: 'x', done: false } }]);
  for (let i = 1; i <= 30; i++) batcher.push('c', i, [{ op: 'append', id: 'a', text: 'y' }]);
  assert.equal(sent.length, 0, 'nothing leaves before the frame');
  scheduled!();
  assert.equal(sent.length, 1);
  assert.deepEqual({ from: sent[0].from, seq: sent[0].seq, ops: sent[0].ops.length }, { from: 0, seq: 31, ops: 1 });
  batcher.push('c', 40, [{ op: 'append', id: 'a', text: 'z' }]);
  batcher.drop('c');
  batcher.flush();
  assert.equal(sent.length, 1, 'dropped ops are not sent (a snapshot replaces them)');
});

const prompts = promptCommands([
  { server: 'archflow', name: 'draw_architecture', description: 'Draws', arguments: [{ name: 'focus', description: 'What to draw', required: false }] },
  { server: 'a', name: 'review', arguments: [{ name: 'file', required: true }, { name: 'depth' }] },
  { server: 'b', name: 'review' },
]);

test('prompts become slash commands, qualified by server when two share a name', () => {
  assert.deepEqual(prompts.map((p) => p.command), ['draw_architecture', 'a.review', 'b.review']);
  const one = parseSlash('/draw_architecture the payment flow', prompts)!;
  assert.deepEqual([one.prompt.name, one.args, one.missing], ['draw_architecture', { focus: 'the payment flow' }, []]);
  const pairs = parseSlash('/a.review file="src/x y.ts" depth=2 colour=red', prompts)!;
  assert.deepEqual([pairs.args, pairs.missing, pairs.unknown], [{ file: 'src/x y.ts', depth: '2' }, [], ['colour']]);
  assert.deepEqual(parseSlash('/a.review', prompts)!.missing, ['file']);
  assert.equal(parseSlash('/unknown x', prompts), undefined);
  assert.equal(parseSlash('not a command', prompts), undefined);
});

test('Continue tells the model why it may go on, per guard', () => {
  assert.match(continueNote({ reason: 'round_cap', message: '' }, { maxRounds: 7 }), /limit of 7 model requests.*not run/);
  assert.match(continueNote({ reason: 'repeat_guard', message: 'same call 3 times' }, { maxRounds: 7 }), /do not repeat that call/);
  assert.match(continueNote({ reason: 'budget', message: 'cost $2' }, { maxRounds: 7 }), /budget \(cost \$2\)/);
});

test('the model list comes from the Models API, active models only, with their context windows', async () => {
  const fake = await startFakeAnthropic();
  try {
    const listed = await listModels(fake.apiKey, fake.url);
    assert.equal(listed.source, 'api');
    assert.deepEqual(listed.ids, ['claude-opus-5-5', 'claude-sonnet-4-6', 'claude-haiku-4-5']);
    assert.equal(listed.windows.get('claude-opus-5-5'), 1_000_000);
    const bad = await listModels('wrong-key', fake.url);
    assert.equal(bad.source, 'fallback');
    assert.match(bad.error ?? '', /401/);
  } finally {
    await fake.close();
  }
  const gateway = await startFakeAnthropic({ models: null });
  try {
    const listed = await listModels(gateway.apiKey, gateway.url);
    assert.deepEqual([listed.source, listed.ids], ['fallback', [...FALLBACK_MODELS]]);
  } finally {
    await gateway.close();
  }
  assert.equal((await listModels(undefined, 'http://127.0.0.1:9')).source, 'fallback');
  assert.equal(modelLabel('claude-sonnet-4-6'), 'Claude Sonnet 4.6');
  assert.equal(modelLabel('claude-opus-5'), 'Claude Opus 5');
  assert.equal(modelLabel('my-gateway-model'), 'my-gateway-model');
  assert.deepEqual(modelOptions(['a'], 'b').map((o) => o.id), ['b', 'a'], 'the current model is always offered');
});

test('approvals: "always" lives in the workspace state, "session" in memory, revoking removes both', async () => {
  const state = new Map<string, unknown>();
  const memento = { get: (k: string) => state.get(k), update: async (k: string, v: unknown) => void state.set(k, v), keys: () => [...state.keys()] };
  const store = new WorkspaceApprovalStore(memento as never);
  await store.approve('fs__write', 'f1', 'always');
  await store.approve('fs__read', 'f2');
  assert.equal(store.approvedScope('fs__write'), 'always');
  assert.equal(store.approvedScope('fs__read'), 'session');
  assert.ok(store.isApproved('fs__write', 'f1') && !store.isApproved('fs__write', 'f9'));
  const reloaded = new WorkspaceApprovalStore(memento as never);
  assert.equal(reloaded.approvedFingerprint('fs__write'), 'f1', '"always" survives a reload');
  assert.equal(reloaded.approvedFingerprint('fs__read'), undefined, '"session" does not');
  assert.deepEqual(reloaded.alwaysAllowed(), ['fs__write']);
  await reloaded.revoke('fs__write');
  assert.equal(new WorkspaceApprovalStore(memento as never).approvedFingerprint('fs__write'), undefined);
});

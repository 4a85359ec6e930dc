import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ZERO_USAGE_VIEW, type ConversationView } from '../../../src/protocol/index';
import { chatReducer, INITIAL_STATE } from '../../../webview/chat/state';
import { compactNumber, fill, formatCost, formatDuration, usageLine } from '../../../webview/chat/format';

const conversation: ConversationView = { id: 'c', meta: { title: '', model: 'm', running: false, usage: { ...ZERO_USAGE_VIEW }, contextTokens: 0, createdAt: 0, updatedAt: 0 }, items: [] };
const put = (id: string) => ({ op: 'put' as const, item: { kind: 'notice' as const, id, level: 'info' as const, text: id } });

test('batches apply in order; old ones and other conversations are ignored; a gap asks for everything again', () => {
  let s = chatReducer(INITIAL_STATE, { type: 'conversation', conversation, seq: 4 });
  s = chatReducer(s, { type: 'ops', conversationId: 'c', from: 4, seq: 6, ops: [put('a'), put('b')] });
  assert.deepEqual(s.conversation!.items.map((i) => i.id), ['a', 'b']);
  assert.equal(s.seq, 6);
  assert.equal(chatReducer(s, { type: 'ops', conversationId: 'c', from: 4, seq: 6, ops: [put('a')] }), s, 'already applied');
  assert.equal(chatReducer(s, { type: 'ops', conversationId: 'other', from: 6, seq: 7, ops: [put('x')] }), s, 'another conversation');
  const gap = chatReducer(s, { type: 'ops', conversationId: 'c', from: 9, seq: 10, ops: [put('z')] });
  assert.equal(gap.outOfStep, true);
  assert.deepEqual(gap.conversation!.items.map((i) => i.id), ['a', 'b'], 'nothing applied past a gap');
  assert.equal(chatReducer(gap, { type: 'conversation', conversation, seq: 10 }).outOfStep, false);
});

test('show: history toggles, composer takes a draft', () => {
  let s = chatReducer(INITIAL_STATE, { type: 'show', what: 'history' });
  assert.equal(s.showHistory, true);
  s = chatReducer(s, { type: 'show', what: 'composer', draft: 'Explain this' });
  assert.deepEqual([s.showHistory, s.focus], [false, { n: 1, draft: 'Explain this' }]);
});

test('numbers, costs and durations read well', () => {
  assert.equal(fill('{0} of {1}', 'a', 2), 'a of 2');
  assert.deepEqual([compactNumber(999), compactNumber(1234), compactNumber(45_600), compactNumber(2_500_000)], ['999', '1.2k', '46k', '2.5M']);
  assert.deepEqual([formatCost(null, '?'), formatCost(0, '?'), formatCost(0.0042, '?'), formatCost(1.5, '?')], ['?', '$0', '$0.0042', '$1.50']);
  assert.deepEqual([formatDuration(850), formatDuration(3400), formatDuration(125_000)], ['850 ms', '3.4 s', '2 min 5 s']);
  const s = { tokensIn: '{0} in', tokensOut: '{0} out', cacheRead: '{0} cache read', cacheWritten: '{0} cache written', costUnknown: 'cost unknown' };
  assert.equal(usageLine({ inputTokens: 1200, outputTokens: 300, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: null }, s), '1.2k in · 300 out · cost unknown');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyChatOps, compactChatOps, parseChatMessage, ZERO_USAGE_VIEW, type AssistantItem, type ChatItem, type ChatOp, type ChatToHostMessage, type ConversationView } from '../../src/protocol/index';

function view(items: ChatItem[] = []): ConversationView {
  return { id: 'c1', meta: { title: '', model: 'm', running: false, usage: { ...ZERO_USAGE_VIEW }, contextTokens: 0, createdAt: 1, updatedAt: 1 }, items };
}
const text = (id: string, t: string): AssistantItem => ({ kind: 'assistant', id, run: 'r', round: 1, text: t, done: false });
const tool = (id: string, args: string): ChatItem => ({ kind: 'tool', id, run: 'r', round: 1, name: 's__t', args, status: 'preparing' });

test('ops put, append, remove and set meta, without touching the input or unchanged items', () => {
  const user: ChatItem = { kind: 'user', id: 'u', text: 'hi', attachments: [], at: 1 };
  const before = view([user]);
  const frozen = JSON.stringify(before);
  const after = applyChatOps(before, [
    { op: 'put', item: text('a', 'Hel') },
    { op: 'append', id: 'a', text: 'lo' },
    { op: 'put', item: tool('t', '{"x"') },
    { op: 'append', id: 't', text: ':1}' },
    { op: 'meta', meta: { running: true } },
  ]);
  assert.equal(JSON.stringify(before), frozen, 'input unchanged');
  assert.equal(after.items[0], user, 'an untouched item keeps its identity');
  assert.deepEqual(after.items.map((i) => i.id), ['u', 'a', 't']);
  assert.equal((after.items[1] as { text: string }).text, 'Hello');
  assert.equal((after.items[2] as { args: string }).args, '{"x":1}');
  assert.equal(after.meta.running, true);

  const replaced = applyChatOps(after, [{ op: 'put', item: { ...text('a', 'Bye'), done: true } }, { op: 'remove', ids: ['t'] }]);
  assert.deepEqual(replaced.items.map((i) => i.id), ['u', 'a'], 'a put of a known id replaces it where it stands');
  assert.equal((replaced.items[1] as { text: string }).text, 'Bye');
  assert.equal(applyChatOps(after, []), after, 'no ops: the same object');
  assert.equal(applyChatOps(after, [{ op: 'append', id: 'missing', text: 'x' }]).items, after.items, 'an op about an unknown id is ignored');
});

const ids = ['a', 'b', 'c'];
const opArb: fc.Arbitrary<ChatOp> = fc.oneof(
  fc.record({ op: fc.constant('put' as const), item: fc.tuple(fc.constantFrom(...ids), fc.string({ maxLength: 4 }), fc.boolean()).map(([id, t, isTool]) => (isTool ? tool(id, t) : text(id, t))) }),
  fc.record({ op: fc.constant('append' as const), id: fc.constantFrom(...ids), text: fc.string({ maxLength: 4 }) }),
  fc.record({ op: fc.constant('remove' as const), ids: fc.subarray(ids) }),
  fc.record({ op: fc.constant('meta' as const), meta: fc.record({ title: fc.string({ maxLength: 3 }) }) }),
);

test('compacting a batch never changes what it does (property)', () => {
  fc.assert(
    fc.property(fc.array(opArb, { maxLength: 12 }), fc.array(opArb, { maxLength: 30 }), (setup, batch) => {
      const start = applyChatOps(view(), setup);
      const compacted = compactChatOps(batch);
      assert.ok(compacted.length <= batch.length);
      assert.deepEqual(applyChatOps(start, compacted), applyChatOps(start, batch));
    }),
    { numRuns: 2000 },
  );
});

test('a streamed answer compacts to one put or one append per item', () => {
  const ops: ChatOp[] = [{ op: 'put', item: text('a', 'x') }];
  for (let i = 0; i < 50; i++) ops.push({ op: 'append', id: 'a', text: 'y' });
  assert.deepEqual(compactChatOps(ops), [{ op: 'put', item: text('a', `x${'y'.repeat(50)}`) }]);
  const appends: ChatOp[] = Array.from({ length: 50 }, () => ({ op: 'append', id: 'a', text: 'z' }));
  assert.deepEqual(compactChatOps(appends), [{ op: 'append', id: 'a', text: 'z'.repeat(50) }]);
});

const valid: ChatToHostMessage[] = [
  { type: 'ready' },
  { type: 'send', text: 'Draw our checkout flow' },
  { type: 'send', text: '' },
  { type: 'stop' },
  { type: 'approve', toolUseId: 'toolu_01ABC', choice: 'allow_once' },
  { type: 'approve', toolUseId: 'toolu_01ABC', choice: 'allow_always' },
  { type: 'continue', itemId: 'r1:3' },
  { type: 'newConversation' },
  { type: 'openConversation', id: 'abc' },
  { type: 'deleteConversation', id: 'abc' },
  { type: 'setModel', model: 'claude-sonnet-4-6' },
  { type: 'attach', kind: 'resource' },
  { type: 'detach', id: 'x' },
  { type: 'action', action: 'showServerLog', server: 'fs' },
  { type: 'action', action: 'setApiKey' },
  { type: 'openLink', url: 'https://example.com' },
  { type: 'openDiagram', toolUseId: 'toolu_01ABC', target: 'file' },
  { type: 'openDiagram', toolUseId: 'toolu_01ABC', target: 'preview' },
  { type: 'log', level: 'warn', message: 'm' },
  { type: 'painted', id: 'a', length: 10, at: 1_796_000_000_000.5 },
];

test('the chat accepts exactly its message shapes', () => {
  for (const m of valid) assert.deepEqual(parseChatMessage(structuredClone(m)), { ok: true, value: m });
  const cases: [unknown, RegExp][] = [
    [{ type: 'send' }, /'send'.*text/],
    [{ type: 'send', text: 'x'.repeat(100_001) }, /text/],
    [{ type: 'approve', toolUseId: 't', choice: 'yes' }, /choice/],
    [{ type: 'approve', toolUseId: '', choice: 'deny' }, /toolUseId/],
    [{ type: 'action', action: 'workbench.action.terminal.new' }, /action/],
    [{ type: 'setModel', model: 'claude"; rm -rf' }, /model/],
    [{ type: 'stop', extra: 1 }, /stop/],
    [{ type: 'painted', id: 'a', length: -1, at: 0 }, /length/],
    [{ type: 'runCommand', command: 'x' }, /'runCommand'/],
    // A card is named, never a path or a command: anything else is refused.
    [{ type: 'openDiagram', toolUseId: 'toolu_01ABC', target: 'terminal' }, /target/],
    [{ type: 'openDiagram', toolUseId: 'toolu_01ABC', target: 'file', path: '/etc/passwd' }, /openDiagram/],
    [{ type: 'openDiagram', target: 'file' }, /toolUseId/],
    [null, /invalid/],
  ];
  for (const [value, reason] of cases) {
    const r = parseChatMessage(value);
    assert.equal(r.ok, false, JSON.stringify(value).slice(0, 80));
    if (!r.ok) assert.match(r.error, reason);
  }
});

// What the chat needs from the loop: resuming after a guard with a note (not a fake user
// turn), "always" approvals kept by a store with their scope, and the server's own result on
// each tool_result event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastToolResults } from '../fakeAnthropic';
import { MemoryApprovalStore, type ApprovalScope } from '../../src/mcpClient';
import { standardServers } from './helpers/fixtures';
import { collect, harness, ofType } from './helpers/harness';

const T = { timeout: 20_000 };

test('Continue after the round cap: the note joins the last user message, the run goes on, every request is valid', T, async () => {
  const h = await harness(standardServers(), { maxRounds: 1 });
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'one' } }], stopReason: 'tool_use' },
      { content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'two' } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'Finished.' }], stopReason: 'end_turn' },
    );
    const first = await collect(h.agent.run('do it'));
    assert.equal(first.result.reason, 'round_cap');
    const before = h.agent.messages.length;
    const resumed = await collect(h.agent.resume('[ArchFlow] The user chose to let you continue.'));
    assert.equal(resumed.result.reason, 'round_cap', 'the resumed run has its own cap');
    const sent = h.fake.requests[1].body.messages;
    const last = sent.at(-1);
    assert.equal(last.role, 'user');
    assert.deepEqual(
      last.content.map((b: { type: string }) => b.type),
      ['tool_result', 'text'],
      'the note is in the same user message as the results, after them',
    );
    assert.equal(last.content[1].text, '[ArchFlow] The user chose to let you continue.');
    assert.match(lastToolResults(h.fake.requests[1])[0].text, /^Not run/);
    assert.equal(sent.length, before, 'no new user turn was added');
    const again = await collect(h.agent.resume('[ArchFlow] Go on.'));
    assert.equal(again.result.reason, 'end_turn');
    // A cap of one request stops each run before its calls run: each one is answered as not run.
    assert.deepEqual(h.provider.calls, []);
    assert.match(lastToolResults(h.fake.requests[2])[0].text, /^Not run/);
    assert.throws(() => h.agent.resume('more'), /Nothing to resume/, 'after an answer there is nothing to resume');
  } finally {
    await h.close();
  }
});

test('"always" and "session" reach the store with their scope; a remembered approval says how it was given', T, async () => {
  const scopes: [string, ApprovalScope | undefined][] = [];
  const store = new (class extends MemoryApprovalStore {
    readonly scope = new Map<string, ApprovalScope>();
    override approve(name: string, fingerprint: string, scope?: ApprovalScope): void {
      scopes.push([name, scope]);
      this.scope.set(name, scope ?? 'session');
      super.approve(name, fingerprint);
    }
    approvedScope(name: string): ApprovalScope | undefined {
      return this.scope.get(name);
    }
  })();
  const answers = ['allow_always', 'allow_session'] as const;
  let asked = 0;
  const h = await harness(standardServers(), { approvals: store, approve: async () => answers[asked++] });
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'a' } }, { type: 'tool_use', name: 'util__picture', input: {} }], stopReason: 'tool_use' },
      { content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'b' } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'ok' }], stopReason: 'end_turn' },
    );
    const { events } = await collect(h.agent.run('go'));
    assert.deepEqual(scopes, [
      ['util__echo', 'always'],
      ['util__picture', 'session'],
    ]);
    assert.equal(asked, 2, 'the second echo was not asked about');
    assert.deepEqual(
      ofType(events, 'tool_running').map((e) => e.approval),
      ['always', 'session', 'always'],
    );
  } finally {
    await h.close();
  }
});

test("a tool_result event carries what the model got and the server's own result", T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'util__picture', input: {} }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'ok' }], stopReason: 'end_turn' },
    );
    const { events } = await collect(h.agent.run('show me'));
    const [result] = ofType(events, 'tool_result');
    assert.ok(Array.isArray(result.content));
    assert.deepEqual(
      (result.content as { type: string }[]).map((b) => b.type),
      ['text', 'image', 'text', 'text'],
    );
    assert.ok(result.result && Array.isArray(result.result.content), 'the raw MCP result is there');
    assert.ok(result.result.content.some((c) => c.type === 'image' && c.mimeType === 'image/svg+xml'), 'including what the model could not be shown');
  } finally {
    await h.close();
  }
});

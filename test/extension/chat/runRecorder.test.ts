import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AgentEvent, TokenUsage } from '../../../src/agent/index';
import { applyChatOps, ZERO_USAGE_VIEW, type ConversationView, type ToolItem } from '../../../src/protocol/index';
import { resultView, RunRecorder } from '../../../src/extension/chat/runRecorder';

const ZERO: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 };

function play(events: AgentEvent[], base: TokenUsage = ZERO) {
  let clock = 1000;
  const recorder = new RunRecorder('r1', base, () => (clock += 10));
  let view: ConversationView = { id: 'c', meta: { title: '', model: 'm', running: true, usage: { ...ZERO_USAGE_VIEW }, contextTokens: 0, createdAt: 0, updatedAt: 0 }, items: [] };
  for (const e of events) view = applyChatOps(view, recorder.handle(e));
  return { view, recorder };
}

const request = (round: number): AgentEvent => ({ type: 'request_start', round });
const delta = (round: number, text: string): AgentEvent => ({ type: 'text_delta', round, text });
const done = (reason: 'end_turn' | 'round_cap' | 'cancelled' = 'end_turn'): AgentEvent => ({ type: 'done', result: { reason, message: `ended: ${reason}`, text: '', rounds: 1, usage: { ...ZERO, inputTokens: 5, outputTokens: 7, costUsd: 0.001 } } });

test('text streams into one item per stretch, split by tool calls, closed at the end', () => {
  const { view } = play([
    request(1),
    delta(1, 'Let me '),
    delta(1, 'check.'),
    { type: 'tool_call_started', round: 1, id: 'toolu_1', name: 'archflow__check_diagram', server: 'archflow', tool: 'check_diagram' },
    { type: 'tool_call_input', id: 'toolu_1', delta: '{"text":' },
    { type: 'tool_call_input', id: 'toolu_1', delta: '"a"}' },
    { type: 'turn_done', round: 1, stopReason: 'tool_use', stopDetails: null },
    { type: 'tool_running', id: 'toolu_1', name: 'archflow__check_diagram', server: 'archflow', tool: 'check_diagram', input: { text: 'a' }, approval: 'trusted_read_only' },
    { type: 'tool_result', id: 'toolu_1', name: 'archflow__check_diagram', server: 'archflow', tool: 'check_diagram', outcome: 'ok', isError: false, summary: 'ok', content: [{ type: 'text', text: 'ok' }], result: { content: [{ type: 'text', text: '1 element' }] } },
    request(2),
    delta(2, 'Done.'),
    { type: 'turn_done', round: 2, stopReason: 'end_turn', stopDetails: null },
    done(),
  ]);
  assert.deepEqual(view.items.map((i) => i.kind), ['assistant', 'tool', 'assistant', 'runEnd']);
  const [first, card, second, end] = view.items;
  assert.deepEqual([first.kind === 'assistant' && first.text, first.kind === 'assistant' && first.done], ['Let me check.', true]);
  assert.ok(second.kind === 'assistant' && second.text === 'Done.' && second.done);
  const t = card as ToolItem;
  assert.equal(t.status, 'done');
  assert.equal(t.args, JSON.stringify({ text: 'a' }, null, 2), 'arguments shown indented once known');
  assert.equal(t.approvedHow, 'trusted_read_only');
  assert.deepEqual(t.result?.parts, [{ type: 'text', text: '1 element' }], "the card shows the server's own result");
  assert.ok(t.startedAt !== undefined && t.endedAt !== undefined && t.endedAt > t.startedAt);
  assert.ok(end.kind === 'runEnd' && end.reason === 'end_turn' && !end.canContinue && end.usage.outputTokens === 7);
});

test('an approval shows the question on the card; a denial, a cancellation and a not-run call each say so', () => {
  const { view } = play([
    request(1),
    { type: 'tool_call_started', round: 1, id: 'a', name: 'fs__write', server: 'fs', tool: 'write' },
    { type: 'tool_call_started', round: 1, id: 'b', name: 'fs__delete', server: 'fs', tool: 'delete' },
    { type: 'tool_call_started', round: 1, id: 'c', name: 'fs__read', server: 'fs', tool: 'read' },
    { type: 'approval_needed', request: { id: 'a', qualifiedName: 'fs__write', server: 'fs', tool: 'write', description: 'Writes', arguments: { path: 'x' }, annotations: { destructiveHint: true }, trusted: false, definitionChanged: true } },
  ]);
  const waiting = view.items[0] as ToolItem;
  assert.equal(waiting.status, 'approval');
  assert.deepEqual(waiting.approval, { description: 'Writes', trusted: false, definitionChanged: true, destructive: true });

  const { view: ended } = play([
    request(1),
    { type: 'tool_call_started', round: 1, id: 'a', name: 'fs__write', server: 'fs', tool: 'write' },
    { type: 'tool_call_started', round: 1, id: 'b', name: 'fs__delete', server: 'fs', tool: 'delete' },
    { type: 'tool_call_started', round: 1, id: 'c', name: 'fs__read', server: 'fs', tool: 'read' },
    { type: 'tool_result', id: 'a', name: 'fs__write', outcome: 'denied', isError: true, summary: 'Denied', content: [{ type: 'text', text: 'Denied: the user did not allow this call' }] },
    { type: 'tool_result', id: 'b', name: 'fs__delete', outcome: 'cancelled', isError: true, summary: 'Cancelled', content: [{ type: 'text', text: 'Cancelled by the user' }] },
    done('round_cap'),
  ]);
  const [a, b, c, end] = ended.items as [ToolItem, ToolItem, ToolItem, ChatEnd];
  assert.equal(a.status, 'denied');
  assert.deepEqual(a.result?.parts, [{ type: 'text', text: 'Denied: the user did not allow this call' }], 'without a server result, what the model was told');
  assert.equal(b.status, 'cancelled');
  assert.equal(c.status, 'cancelled', 'a call still open when the run ends is closed');
  assert.ok(end.kind === 'runEnd' && end.reason === 'round_cap' && end.canContinue, 'a guard can be continued');
});
type ChatEnd = { kind: string; reason: string; canContinue: boolean };

test('a retried response takes back what its round had streamed, and says why', () => {
  const { view } = play([request(1), delta(1, 'Hal'), { type: 'tool_call_started', round: 1, id: 'x', name: 's__t' }, { type: 'retry', round: 1, attempt: 1, message: 'The response stream failed (Overloaded); sending the request again.' }, delta(1, 'Hello')]);
  assert.deepEqual(
    view.items.map((i) => [i.kind, i.kind === 'assistant' ? i.text : i.kind === 'notice' ? i.text : '']),
    [
      ['notice', 'The response stream failed (Overloaded); sending the request again.'],
      ['assistant', 'Hello'],
    ],
  );
});

test('usage adds to the conversation total and the context fill is the last request', () => {
  const base: TokenUsage = { inputTokens: 100, outputTokens: 50, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0.5 };
  const { view } = play(
    [
      request(1),
      {
        type: 'usage',
        round: 1,
        turn: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 1000, cacheWriteTokens: 200, costUsd: 0.01 },
        total: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 1000, cacheWriteTokens: 200, costUsd: 0.01 },
      },
    ],
    base,
  );
  assert.deepEqual(view.meta.usage, { inputTokens: 110, outputTokens: 55, cacheReadTokens: 1000, cacheWriteTokens: 200, costUsd: 0.51 });
  assert.equal(view.meta.contextTokens, 1210);
});

test('ending twice adds nothing the second time', () => {
  const { recorder } = play([request(1), delta(1, 'x'), done()]);
  assert.deepEqual(recorder.end({ reason: 'error', message: 'x', usage: ZERO }), []);
});

test('result pictures are shown; what cannot be shown is named; long text is capped', () => {
  const png = Buffer.from('png').toString('base64');
  const view = resultView(false, 's', [], {
    content: [
      { type: 'text', text: 'x'.repeat(60_000) },
      { type: 'image', data: png, mimeType: 'image/png' },
      { type: 'image', data: png, mimeType: 'image/x-icon' },
      { type: 'audio', data: png, mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.svg', name: 'a.svg' },
    ],
  });
  assert.equal(view.parts[0].type, 'text');
  assert.ok(view.parts[0].type === 'text' && view.parts[0].text.length < 50_100 && view.parts[0].text.includes('more characters'));
  assert.deepEqual(view.parts.slice(1), [
    { type: 'image', mimeType: 'image/png', data: png },
    { type: 'note', text: 'image: image/x-icon' },
    { type: 'note', text: 'audio: audio/wav' },
    { type: 'note', text: 'a.svg <file:///a.svg>' },
  ]);
  const structured = resultView(false, 's', [], { content: [], structuredContent: { elements: 3 } });
  assert.deepEqual(structured.parts, [{ type: 'text', text: JSON.stringify({ elements: 3 }, null, 2) }]);
});

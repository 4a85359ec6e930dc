import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { QualifiedTool } from '../../src/mcpClient/types';
import {
  ApprovalPolicy,
  capText,
  cutMiddle,
  DIAGRAM_SYSTEM_PROMPT,
  EDITOR_SYSTEM_PROMPT,
  MAX_IMAGE_BASE64,
  priceFor,
  repairHistory,
  toApiTools,
  toInputSchema,
  toToolResult,
  usageOf,
  withCacheBreakpoints,
  promptMessages,
} from '../../src/agent';
import { validateRequestBody } from '../fakeAnthropic';
import { TINY_PNG } from './helpers/fixtures';

const qt = (qualifiedName: string, inputSchema: Record<string, unknown> = { type: 'object' }, extra: Partial<QualifiedTool> = {}): QualifiedTool => ({
  qualifiedName,
  server: qualifiedName.split('__')[0],
  tool: { name: qualifiedName.split('__')[1] ?? qualifiedName, inputSchema: inputSchema as never },
  fingerprint: 'fp1',
  trusted: false,
  ...extra,
});

test('toInputSchema folds allOf members and keeps what every anyOf variant requires', () => {
  const all = toInputSchema({ type: 'object', allOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'number' } }, required: ['b'] }] });
  assert.deepEqual(all.schema, { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a', 'b'] });
  assert.match(all.note!, /allOf/);
  const any = toInputSchema({
    type: 'object',
    properties: { id: { type: 'string' } },
    anyOf: [{ properties: { id: {}, url: { type: 'string' } }, required: ['id', 'url'] }, { properties: { id: {}, path: { type: 'string' } }, required: ['id', 'path'] }],
  });
  assert.deepEqual(any.schema.required, ['id']);
  assert.deepEqual(Object.keys(any.schema.properties as object), ['id', 'url', 'path']);
  assert.match(String((any.schema as { description?: string }).description), /at least one of: \(1\) requires id, url/);
  assert.equal(validateRequestBody({ model: 'm', max_tokens: 1, tools: [{ name: 't', input_schema: any.schema }], messages: [{ role: 'user', content: 'x' }] }), null);
  // A plain schema is untouched, and a missing one becomes an empty object schema.
  assert.deepEqual(toInputSchema({ type: 'object', properties: { x: { type: 'string' } } }), { schema: { type: 'object', properties: { x: { type: 'string' } } } });
  assert.deepEqual(toInputSchema(undefined).schema, { type: 'object' });
});

test('toApiTools leaves out names the API rejects and repeated names, with notices', () => {
  const { tools, notices, byName } = toApiTools([qt('a__ok'), qt('a__bad.name'), qt('a__ok'), qt('b__x', { type: 'object', oneOf: [{ properties: { p: {} } }] })]);
  assert.deepEqual(tools.map((t) => t.name), ['a__ok', 'b__x']);
  assert.equal(byName.size, 2);
  assert.equal(notices.length, 3);
  assert.equal(validateRequestBody({ model: 'm', max_tokens: 1, tools, messages: [{ role: 'user', content: 'x' }] }), null);
});

test('toToolResult: structuredContent added once, empty results never empty, oversize images replaced, resources as documents', () => {
  const structured = { elements: 3, connections: 2 };
  const carried = toToolResult('t1', { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured });
  assert.equal((carried.content as unknown[]).length, 1);
  const added = toToolResult('t1', { content: [{ type: 'text', text: 'ok' }], structuredContent: structured });
  assert.deepEqual(JSON.parse((added.content as { text: string }[])[1].text), structured);
  const empty = toToolResult('t1', { content: [], isError: true });
  assert.equal(empty.is_error, true);
  assert.match((empty.content as { text: string }[])[0].text, /failed without a message/);
  const big = toToolResult('t1', { content: [{ type: 'image', data: 'A'.repeat(MAX_IMAGE_BASE64 + 4), mimeType: 'image/png' }] });
  assert.match((big.content as { text: string }[])[0].text, /over the 5 MB image limit/);
  const res = toToolResult('t1', {
    content: [
      { type: 'resource', resource: { uri: 'file:///a.md', mimeType: 'text/markdown', text: '# A' } },
      { type: 'resource', resource: { uri: 'file:///a.png', mimeType: 'image/png', blob: TINY_PNG } },
      { type: 'resource', resource: { uri: 'file:///a.zip', mimeType: 'application/zip', blob: 'UEsDBA==' } },
      { type: 'resource_link', uri: 'file:///b.md', name: 'b.md' },
    ],
  });
  assert.deepEqual((res.content as { type: string }[]).map((b) => b.type), ['document', 'image', 'text', 'text']);
  const body = { model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'n', input: {} }] }, { role: 'user', content: [res, ] }] };
  assert.equal(validateRequestBody(body), null);
});

test('cutMiddle keeps head and tail and says how much was cut; capText shares the budget', () => {
  const text = 'a'.repeat(1000) + 'b'.repeat(1000);
  const cut = cutMiddle(text, 100);
  assert.ok(cut.startsWith('a'.repeat(60)));
  assert.ok(cut.endsWith('b'.repeat(40)));
  assert.match(cut, /\[\.\.\. 1,900 of 2,000 characters cut \.\.\.\]/);
  assert.equal(cutMiddle('short', 100), 'short');
  // Never splits a surrogate pair.
  const emoji = '😀'.repeat(100);
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(cutMiddle(emoji, 51)));
  const blocks = capText([{ type: 'text', text: 'x'.repeat(9000) }, { type: 'text', text: 'y'.repeat(1000) }], 1000);
  const lengths = blocks.map((b) => (b as { text: string }).text.length);
  assert.ok(lengths[0] < 1000 && lengths[1] < 1000);
});

test('repairHistory answers unanswered calls, drops strays, merges roles, trims the final assistant', () => {
  const repaired = repairHistory([
    { role: 'assistant', content: 'I start' },
    { role: 'user', content: '  ' },
    { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    { role: 'user', content: [{ type: 'text', text: 'again' }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'x', input: {} }, { type: 'tool_use', id: 'b', name: 'x', input: {} }] },
    { role: 'user', content: [{ type: 'text', text: 'first' }, { type: 'tool_result', tool_use_id: 'b', content: 'B' }, { type: 'tool_result', tool_use_id: 'b', content: 'B2' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'end   ' }] },
    'garbage',
  ]);
  assert.deepEqual(repaired.map((m) => m.role), ['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
  assert.equal((repaired[2].content as { text: string }[]).length, 2);
  const results = repaired[4].content as { type: string; tool_use_id?: string; is_error?: boolean }[];
  assert.deepEqual(results.map((b) => `${b.type}:${b.tool_use_id ?? ''}`), ['tool_result:a', 'tool_result:b', 'text:']);
  assert.equal(results[0].is_error, true);
  assert.equal((repaired[5].content as { text: string }[])[0].text, 'end');
  assert.equal(validateRequestBody({ model: 'm', max_tokens: 1, messages: repaired }), null);
  assert.deepEqual(repairHistory(repaired), repaired, 'repairing twice changes nothing');
  assert.deepEqual(repairHistory(undefined), []);
});

test('repairHistory turns any jumble of blocks into a history the API accepts', () => {
  const id = fc.constantFrom('t1', 't2', 't3');
  const block = fc.oneof(
    fc.record({ type: fc.constant('text'), text: fc.constantFrom('hi', '', '  ', 'x ') }),
    fc.record({ type: fc.constant('tool_use'), id, name: fc.constant('echo'), input: fc.constant({}) }),
    fc.record({ type: fc.constant('tool_result'), tool_use_id: id, content: fc.constant('r') }),
  );
  const message = fc.record({ role: fc.constantFrom('user', 'assistant'), content: fc.oneof(fc.array(block, { maxLength: 4 }), fc.constantFrom('plain', '', ' ')) });
  fc.assert(
    fc.property(fc.array(message, { maxLength: 8 }), (messages) => {
      const repaired = repairHistory(messages);
      if (repaired.length === 0) return true;
      const error = validateRequestBody({ model: 'm', max_tokens: 1, messages: repaired });
      assert.equal(error, null, `${error?.message}\n${JSON.stringify(messages)}`);
      return true;
    }),
    { numRuns: 400 },
  );
});

test('withCacheBreakpoints marks the last tool, the system prompt and the last block, and strips stored marks', () => {
  const cc = { type: 'ephemeral' as const };
  const { tools, system, messages } = withCacheBreakpoints(
    [{ name: 'a', input_schema: { type: 'object' } }, { name: 'b', input_schema: { type: 'object' }, cache_control: cc }],
    'system',
    [
      { role: 'user', content: [{ type: 'text', text: 'one', cache_control: cc }, { type: 'text', text: 'two', cache_control: cc }] },
      { role: 'assistant', content: [{ type: 'text', text: 'three', cache_control: cc }] },
      { role: 'user', content: 'four' },
    ],
  );
  const count = JSON.stringify({ tools, system, messages }).match(/cache_control/g)!.length;
  assert.equal(count, 3);
  assert.ok(tools[1].cache_control && !('cache_control' in tools[0]));
  assert.deepEqual(messages[2], { role: 'user', content: [{ type: 'text', text: 'four', cache_control: cc }] });
});

test('prices: dated ids match their model, unknown models have no cost', () => {
  assert.equal(priceFor('claude-haiku-4-5-20251001')?.input, 1);
  assert.equal(priceFor('claude-unknown-9'), undefined);
  const u = usageOf({ input_tokens: 1_000_000, output_tokens: 1_000_000, cache_read_input_tokens: 1_000_000, cache_creation_input_tokens: 1_000_000 }, 'claude-sonnet-4-6');
  assert.equal(u.costUsd, 3 + 15 + 0.3 + 3.75);
  assert.equal(usageOf({ input_tokens: 5, output_tokens: 5 }, 'claude-unknown-9').costUsd, null);
});

test('ApprovalPolicy: trusted read-only auto, untrusted asks, session approval bound to the fingerprint', async () => {
  const asked: string[] = [];
  const policy = new ApprovalPolicy(async (r) => {
    asked.push(r.qualifiedName);
    return 'allow_session';
  });
  const signal = new AbortController().signal;
  const ro = { readOnlyHint: true };
  const trusted = qt('t__read', undefined, { trusted: true, tool: { name: 'read', inputSchema: { type: 'object' }, annotations: ro } });
  const untrusted = qt('u__read', undefined, { trusted: false, tool: { name: 'read', inputSchema: { type: 'object' }, annotations: ro } });
  assert.deepEqual(await policy.decide(trusted, '1', {}, signal, () => {}), { allowed: true, how: 'trusted_read_only' });
  assert.deepEqual(await policy.decide(untrusted, '2', {}, signal, () => {}), { allowed: true, how: 'session' });
  assert.deepEqual(await policy.decide(untrusted, '3', {}, signal, () => {}), { allowed: true, how: 'session' });
  assert.deepEqual(asked, ['u__read']);
  await policy.decide({ ...untrusted, fingerprint: 'fp2' }, '4', {}, signal, () => {});
  assert.deepEqual(asked, ['u__read', 'u__read']);
  const never = new ApprovalPolicy(async () => 'allow_once', false);
  let announced = 0;
  assert.deepEqual(await never.decide(trusted, '5', {}, signal, () => announced++), { allowed: true, how: 'once' });
  assert.equal(announced, 1);
});

test('promptMessages merges neighbours with the same role and converts content', () => {
  const messages = promptMessages({
    messages: [
      { role: 'user', content: { type: 'text', text: 'one' } },
      { role: 'user', content: { type: 'image', data: TINY_PNG, mimeType: 'image/png' } },
      { role: 'assistant', content: { type: 'text', text: 'two' } },
    ],
  });
  assert.deepEqual(messages.map((m) => m.role), ['user', 'assistant']);
  assert.deepEqual((messages[0].content as { type: string }[]).map((b) => b.type), ['text', 'image']);
});

test('the system prompt teaches the diagram workflow with our tools', () => {
  const order = ['syntax_help', 'check_diagram', 'render_diagram', 'preview: true'].map((s) => DIAGRAM_SYSTEM_PROMPT.indexOf(s));
  assert.ok(order.every((i) => i >= 0));
  assert.deepEqual([...order].sort((a, b) => a - b), order);
  assert.match(DIAGRAM_SYSTEM_PROMPT, /once/);
  assert.match(DIAGRAM_SYSTEM_PROMPT, /Look at the preview/);
});

test('the editor part of the prompt teaches read, write, read the problems, fix, show', () => {
  const order = ['read_diagram', 'write_diagram', 'baseVersion', 'every problem of your text', 'Fix them all', 'show_diagram'].map((s) => EDITOR_SYSTEM_PROMPT.indexOf(s));
  assert.ok(order.every((i) => i >= 0), String(order));
  assert.deepEqual([...order].sort((a, b) => a - b), order);
  assert.match(EDITOR_SYSTEM_PROMPT, /keep theirs/);
});

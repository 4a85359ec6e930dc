// The fake Messages API itself: it must reject what the real API rejects (with the real
// messages) and speak the real wire format, or the scenario tests prove nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Anthropic from '@anthropic-ai/sdk';
import { startFakeAnthropic, validateRequestBody } from '../fakeAnthropic';

const base = { model: 'claude-sonnet-4-6', max_tokens: 100 };
const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const tool = (name: string, input_schema: Record<string, unknown> = { type: 'object', properties: {} }) => ({ name, input_schema });
const use = (id: string, name = 'echo') => ({ type: 'tool_use', id, name, input: {} });
const result = (id: string, extra: Record<string, unknown> = {}) => ({ type: 'tool_result', tool_use_id: id, content: 'ok', ...extra });

function rejects(body: Record<string, unknown>, message: string | RegExp): void {
  const error = validateRequestBody({ ...base, ...body });
  assert.ok(error, `expected a rejection matching ${message}`);
  assert.equal(error.status, 400);
  assert.equal(error.type, 'invalid_request_error');
  if (typeof message === 'string') assert.equal(error.message, message);
  else assert.match(error.message, message);
}

test('valid requests pass, including a final assistant message and a full tool round', () => {
  assert.equal(validateRequestBody({ ...base, messages: [user('hi')] }), null);
  assert.equal(validateRequestBody({ ...base, messages: [user('hi'), assistant('The answer is')] }), null);
  assert.equal(
    validateRequestBody({
      ...base,
      tools: [tool('echo')],
      messages: [user('hi'), assistant([{ type: 'text', text: 'calling' }, use('toolu_1'), use('toolu_2')]), user([result('toolu_1'), result('toolu_2'), { type: 'text', text: 'and?' }])],
    }),
    null,
  );
});

test('tool definitions: name pattern, unique names, top-level combinators', () => {
  rejects({ tools: [tool('server.echo')], messages: [user('x')] }, "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'");
  rejects({ tools: [tool('a'.repeat(129))], messages: [user('x')] }, /tools\.0\.custom\.name/);
  rejects({ tools: [tool('echo'), tool('echo')], messages: [user('x')] }, 'tools: Tool names must be unique.');
  for (const k of ['oneOf', 'anyOf', 'allOf']) {
    rejects(
      { tools: [tool('ok'), tool('bad', { type: 'object', [k]: [{ properties: {} }] })], messages: [user('x')] },
      'tools.1.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level',
    );
  }
  rejects({ tools: [{ name: 'x', input_schema: { type: 'object' }, bogus: 1 }], messages: [user('x')] }, 'tools.0.custom.bogus: Extra inputs are not permitted');
});

test('tool_use / tool_result pairing and order', () => {
  const tools = [tool('echo')];
  rejects(
    { tools, messages: [user('hi'), assistant([use('toolu_1')]), user('no results')] },
    'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
  );
  // Results must come first in the next message.
  rejects({ tools, messages: [user('hi'), assistant([use('toolu_1')]), user([{ type: 'text', text: 'first' }, result('toolu_1')])] }, /messages\.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_1/);
  rejects({ tools, messages: [user('hi'), assistant([use('toolu_1')])] }, /without `tool_result` blocks immediately after/);
  rejects(
    { tools, messages: [user('hi'), assistant([use('toolu_1')]), user([result('toolu_1'), result('toolu_9')])] },
    'messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_9. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
  );
  rejects({ tools, messages: [user('hi'), assistant([use('toolu_1')]), user([result('toolu_1'), result('toolu_1')])] }, /Found multiple `tool_result` blocks with id: toolu_1/);
  rejects({ tools, messages: [user('hi'), assistant([use('toolu_1')]), user([result('toolu_1')]), assistant([use('toolu_1')]), user([result('toolu_1')])] }, /`tool_use` ids must be unique/);
  rejects({ tools, messages: [user('hi'), assistant([use('toolu_1')]), user([result('toolu_1', { is_error: true, content: [] })])] }, /content cannot be empty if `is_error` is true/);
});

test('empty content, blank text, image types, cache breakpoints, trailing whitespace', () => {
  rejects({ messages: [user('hi'), assistant([]), user('again')] }, 'messages.1: all messages must have non-empty content except for the optional final assistant message');
  rejects({ messages: [user([{ type: 'text', text: '' }])] }, 'messages: text content blocks must be non-empty');
  rejects({ messages: [user([{ type: 'text', text: ' \n ' }])] }, 'messages: text content blocks must contain non-whitespace text');
  rejects(
    { messages: [user([{ type: 'image', source: { type: 'base64', media_type: 'image/svg+xml', data: 'PHN2Zy8+' } }])] },
    "messages.0.content.0.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'",
  );
  const cc = { type: 'ephemeral' };
  rejects(
    { system: [{ type: 'text', text: 's', cache_control: cc }], tools: [{ ...tool('a'), cache_control: cc }], messages: [user([1, 2, 3].map((i) => ({ type: 'text', text: `t${i}`, cache_control: cc })))] },
    'A maximum of 4 blocks with cache_control may be provided. Found 5.',
  );
  rejects({ messages: [user('hi'), assistant('ends with a space ')] }, 'messages: final assistant content cannot end with trailing whitespace');
  rejects({ messages: [user('hi')], temperature: 1, bogus: true }, 'bogus: Extra inputs are not permitted');
  rejects({ messages: [user([{ type: 'text', text: 'x', parsed_output: null }])] }, 'messages.0.content.0.text.parsed_output: Extra inputs are not permitted');
  rejects({ messages: [assistant('hi')] }, 'messages: first message must use the "user" role');
});

test('wire format: SSE events with event lines, ping, empty first input_json_delta, caller, cumulative usage', { timeout: 10_000 }, async () => {
  const fake = await startFakeAnthropic();
  try {
    fake.script({ content: [{ type: 'text', text: 'Hi' }, { type: 'tool_use', name: 'echo', input: { text: 'x' } }], stopReason: 'tool_use', usage: { input_tokens: 10, output_tokens: 20 } });
    const res = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': fake.apiKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ ...base, stream: true, tools: [tool('echo')], messages: [user('hi')] }),
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^text\/event-stream/);
    assert.match(res.headers.get('request-id')!, /^req_/);
    const text = await res.text();
    const events = text.trim().split('\n\n').map((chunk) => {
      const [eventLine, dataLine] = chunk.split('\n');
      assert.match(eventLine, /^event: [a-z_]+$/);
      assert.match(dataLine, /^data: /);
      return { event: eventLine.slice(7), data: JSON.parse(dataLine.slice(6)) };
    });
    assert.deepEqual(events.slice(0, 2).map((e) => e.event), ['message_start', 'ping']);
    assert.deepEqual(events.slice(-2).map((e) => e.event), ['message_delta', 'message_stop']);
    for (const e of events) assert.equal(e.event, e.data.type);
    assert.equal(events[0].data.message.stop_reason, null);
    const toolStart = events.find((e) => e.event === 'content_block_start' && e.data.content_block.type === 'tool_use')!;
    assert.deepEqual(toolStart.data.content_block.input, {});
    assert.deepEqual(toolStart.data.content_block.caller, { type: 'direct' });
    const jsonDeltas = events.filter((e) => e.data.delta?.type === 'input_json_delta').map((e) => e.data.delta.partial_json);
    assert.equal(jsonDeltas[0], '');
    assert.deepEqual(JSON.parse(jsonDeltas.join('')), { text: 'x' });
    const delta = events.at(-2)!.data;
    assert.equal(delta.delta.stop_reason, 'tool_use');
    assert.equal(delta.usage.output_tokens, 20);
    assert.equal(delta.usage.input_tokens, 10);
  } finally {
    await fake.close();
  }
});

test('auth: both key headers accepted, a wrong key gets the real 401 body; oversize bodies get 413', { timeout: 10_000 }, async () => {
  const fake = await startFakeAnthropic({ maxBodyBytes: 10_000 });
  try {
    fake.script({ content: [{ type: 'text', text: 'one' }], stopReason: 'end_turn' }, { content: [{ type: 'text', text: 'two' }], stopReason: 'end_turn' });
    const body = JSON.stringify({ ...base, messages: [user('hi')] });
    const post = (headers: Record<string, string>, b = body) => fetch(`${fake.url}/v1/messages`, { method: 'POST', headers: { 'anthropic-version': '2023-06-01', ...headers }, body: b });
    const viaKey = await post({ 'x-api-key': fake.apiKey });
    assert.equal(viaKey.status, 200);
    assert.equal(((await viaKey.json()) as any).content[0].text, 'one');
    const viaBearer = await post({ authorization: `Bearer ${fake.apiKey}` });
    assert.equal(((await viaBearer.json()) as any).content[0].text, 'two');
    const wrong = await post({ 'x-api-key': 'nope' });
    assert.equal(wrong.status, 401);
    const err = (await wrong.json()) as any;
    assert.deepEqual({ type: err.type, error: err.error }, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
    assert.match(err.request_id, /^req_/);
    const big = await post({ 'x-api-key': fake.apiKey }, JSON.stringify({ ...base, messages: [user('x'.repeat(20_000))] }));
    assert.equal(big.status, 413);
    assert.equal(((await big.json()) as any).error.type, 'request_too_large');
  } finally {
    await fake.close();
  }
});

test('the real SDK stream helper reads the fake: final message, overwritten usage, the 529 event', { timeout: 10_000 }, async () => {
  const fake = await startFakeAnthropic();
  try {
    const client = new Anthropic({ apiKey: fake.apiKey, baseURL: fake.url, maxRetries: 0 });
    fake.script({ content: [{ type: 'tool_use', name: 'echo', input: { text: 'x' } }], stopReason: 'tool_use', usage: { input_tokens: 7, output_tokens: 33 } });
    const message = await client.messages.stream({ ...base, tools: [tool('echo')] as never, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
    assert.equal(message.stop_reason, 'tool_use');
    assert.deepEqual(message.usage.output_tokens, 33);
    const block = message.content[0];
    assert.equal(block.type, 'tool_use');
    assert.deepEqual(block.type === 'tool_use' && block.input, { text: 'x' });

    fake.script({ content: [{ type: 'text', text: 'long text here' }], stopReason: 'end_turn', failAfterEvents: { events: 4 } });
    await assert.rejects(client.messages.stream({ ...base, messages: [{ role: 'user', content: 'hi' }] }).finalMessage(), (e: Error & { type?: string; status?: number }) => {
      assert.equal(e.type, 'overloaded_error');
      assert.equal(e.status, undefined);
      return true;
    });
  } finally {
    await fake.close();
  }
});

test('POST /v1/messages/count_tokens: the SDK\'s countTokens gets {input_tokens}; max_tokens and a bad body are refused as the API does; counts are kept apart from Messages requests', async () => {
  const fake = await startFakeAnthropic({ countTokens: (body) => body.messages.length * 1000 });
  try {
    const client = new Anthropic({ apiKey: fake.apiKey, baseURL: fake.url, maxRetries: 0 });
    const counted = await client.messages.countTokens({ model: 'claude-sonnet-5-5', system: [{ type: 'text', text: 'S', cache_control: { type: 'ephemeral' } }], messages: [{ role: 'user', content: 'hi' }] });
    assert.deepEqual(counted, { input_tokens: 1000 });
    const withMax = await fetch(`${fake.url}/v1/messages/count_tokens`, { method: 'POST', headers: { 'x-api-key': fake.apiKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' }, body: JSON.stringify({ ...base, messages: [user('hi')] }) });
    assert.equal(withMax.status, 400);
    assert.equal(((await withMax.json()) as { error: { message: string } }).error.message, 'max_tokens: Extra inputs are not permitted');
    await assert.rejects(client.messages.countTokens({ model: 'claude-sonnet-5-5', messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'x', input: {} }] }] } as never), /400/);
    assert.equal(fake.requests.length, 0);
    assert.deepEqual(fake.countRequests.map((r) => r.status), [200, 400, 400]);
    assert.equal(fake.invalidRequests().length, 2);
  } finally {
    await fake.close();
  }
});

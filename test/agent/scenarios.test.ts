// The agent loop against the fake Messages API (real SDK, real wire format) and real MCP
// servers. Every scenario ends by checking that every request the fake received was valid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastToolResults, validateRequestBody } from '../fakeAnthropic';
import { CANCELLED_MESSAGE, usageOf } from '../../src/agent';
import { standardServers, TINY_PNG, type FixtureServerSpec } from './helpers/fixtures';
import { collect, eventually, harness, MODEL, ofType } from './helpers/harness';

const T = { timeout: 20_000 };

test('one tool: streamed call, approval, result first in the next user message, answer', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      {
        // The real API sometimes sends a whitespace-only text block, then rejects it when sent back.
        content: [{ type: 'text', text: '\n\n' }, { type: 'text', text: 'Let me echo that.' }, { type: 'tool_use', name: 'util__echo', input: { text: 'hello world' } }],
        stopReason: 'tool_use',
        usage: { input_tokens: 120, output_tokens: 57 },
      },
      (req) => {
        const [r] = lastToolResults(req);
        return { content: [{ type: 'text', text: `The tool said: ${r.text}` }], stopReason: 'end_turn' };
      },
    );
    const { events, result } = await collect(h.agent.run('Echo hello world'));
    assert.equal(result.reason, 'end_turn');
    assert.equal(result.text, 'The tool said: echo: hello world');
    assert.equal(result.rounds, 2);

    const types = events.map((e) => e.type);
    const first = (t: (typeof types)[number]) => types.indexOf(t);
    assert.ok(first('request_start') < first('text_delta'));
    assert.ok(first('tool_call_started') < first('tool_call_input'));
    assert.ok(first('tool_call_input') < first('approval_needed'));
    assert.ok(first('approval_needed') < first('tool_running'));
    assert.ok(first('tool_running') < first('tool_result'));
    assert.equal(types.at(-1), 'done');

    const started = ofType(events, 'tool_call_started')[0];
    assert.deepEqual([started.name, started.server, started.tool], ['util__echo', 'util', 'echo']);
    const inputs = ofType(events, 'tool_call_input');
    assert.ok(inputs.length > 1, 'arguments arrive in pieces');
    assert.ok(inputs.every((e) => e.id === started.id));
    assert.deepEqual(JSON.parse(inputs.map((e) => e.delta).join('')), { text: 'hello world' });
    const approval = ofType(events, 'approval_needed')[0].request;
    assert.deepEqual(approval.arguments, { text: 'hello world' });
    assert.equal(approval.server, 'util');
    assert.equal(approval.tool, 'echo');

    // message_delta usage is cumulative: it replaces message_start's, never adds to it.
    const usage = ofType(events, 'usage')[0];
    assert.equal(usage.turn.outputTokens, 57);
    assert.equal(usage.turn.inputTokens, 120);
    assert.deepEqual(usage.turn, usageOf({ input_tokens: 120, output_tokens: 57, cache_creation_input_tokens: usage.turn.cacheWriteTokens, cache_read_input_tokens: usage.turn.cacheReadTokens }, MODEL));

    assert.equal(h.fake.requests.length, 2);
    const [r1, r2] = h.fake.requests;
    assert.equal(r1.headers['authorization'], `Bearer ${h.fake.apiKey}`);
    assert.ok(r1.headers['anthropic-version']);
    assert.equal(r1.body.stream, true);
    assert.equal(r1.body.model, MODEL);
    assert.ok(r1.body.tools.some((t: { name: string }) => t.name === 'util__echo'));
    const assistant = r2.body.messages[1];
    assert.equal(assistant.role, 'assistant');
    assert.ok(!assistant.content.some((b: { type: string; text?: string }) => b.type === 'text' && !b.text!.trim()), 'blank text dropped');
    const user = r2.body.messages[2];
    assert.equal(user.content[0].type, 'tool_result');
    assert.equal(user.content[0].tool_use_id, assistant.content.find((b: { type: string }) => b.type === 'tool_use').id);

    // The transcript is plain JSON and valid to send again.
    const stored = JSON.parse(JSON.stringify(h.agent.messages));
    assert.deepEqual(stored, h.agent.messages);
    assert.equal(validateRequestBody({ model: MODEL, max_tokens: 10, messages: stored }), null);
  } finally {
    await h.close();
  }
});

test('four tools in one turn run concurrently; one failure does not sink the others', T, async () => {
  let inFlight = 0;
  let maxInFlight = 0;
  const barrier = (n: number) => async (a: Record<string, unknown>) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Resolves only when n calls are running at once: calls made one after another would fail.
    await eventually(() => maxInFlight >= n, 'concurrent calls', 3000).catch(() => {});
    inFlight--;
    return { content: [{ type: 'text' as const, text: maxInFlight >= n ? `done ${String(a.k)}` : 'ran alone' }], isError: maxInFlight < n };
  };
  const specs: FixtureServerSpec[] = [
    {
      name: 'work',
      tools: [
        { name: 'job', inputSchema: { type: 'object', properties: { k: { type: 'string' } } }, handler: barrier(3) },
        { name: 'broken', handler: () => ({ content: [{ type: 'text', text: 'broken on purpose' }], isError: true }) },
      ],
    },
  ];
  const h = await harness(specs);
  try {
    h.fake.script(
      {
        content: [
          { type: 'tool_use', name: 'work__job', input: { k: '1' } },
          { type: 'tool_use', name: 'work__broken', input: {} },
          { type: 'tool_use', name: 'work__job', input: { k: '2' } },
          { type: 'tool_use', name: 'work__job', input: { k: '3' } },
        ],
        stopReason: 'tool_use',
      },
      { content: [{ type: 'text', text: 'All four came back.' }], stopReason: 'end_turn' },
    );
    const { events, result } = await collect(h.agent.run('do four things'));
    assert.equal(result.reason, 'end_turn');
    assert.equal(maxInFlight, 3);
    const results = lastToolResults(h.fake.requests[1]);
    const uses = h.fake.requests[1].body.messages[1].content.map((b: { id: string }) => b.id);
    assert.deepEqual(results.map((r) => r.toolUseId), uses, 'one result per call, in call order');
    assert.deepEqual(results.map((r) => r.text), ['done 1', 'broken on purpose', 'done 2', 'done 3']);
    assert.deepEqual(results.map((r) => r.isError), [false, true, false, false]);
    assert.equal(ofType(events, 'tool_result').length, 4);
  } finally {
    await h.close();
  }
});

test('a tool error becomes is_error; a thrown error becomes a readable error result', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'util__fail', input: {} }, { type: 'tool_use', name: 'util__throws', input: {} }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'Both failed.' }], stopReason: 'end_turn' },
    );
    const { events, result } = await collect(h.agent.run('try'));
    assert.equal(result.reason, 'end_turn');
    const [fail, thrown] = lastToolResults(h.fake.requests[1]);
    assert.equal(fail.isError, true);
    assert.equal(fail.text, 'disk is full');
    assert.equal(thrown.isError, true);
    assert.match(thrown.text, /util\/throws failed: .*handler exploded/);
    assert.deepEqual(ofType(events, 'tool_result').map((e) => e.outcome), ['error', 'error']);
  } finally {
    await h.close();
  }
});

test('a server that is down fails fast with a clear result, and the run goes on', T, async () => {
  const specs: FixtureServerSpec[] = [
    ...standardServers(),
    { name: 'remote', tools: [{ name: 'ping', handler: () => ({ content: [{ type: 'text', text: 'pong' }] }) }] },
  ];
  const h = await harness(specs, {
    approve: async (req) => {
      if (req.server === 'remote') await h.provider.takeDown('remote');
      return 'allow_once';
    },
  });
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'remote__ping', input: {} }, { type: 'tool_use', name: 'util__echo', input: { text: 'still here' } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'The remote server is down.' }], stopReason: 'end_turn' },
    );
    const { result } = await collect(h.agent.run('ping the remote'));
    assert.equal(result.reason, 'end_turn');
    const [down, echo] = lastToolResults(h.fake.requests[1]);
    assert.equal(down.isError, true);
    assert.match(down.text, /remote\/ping failed: .*not connected/);
    assert.equal(echo.text, 'echo: still here');
  } finally {
    await h.close();
  }
});

test('max_tokens in the middle of a tool call: reported as truncated, the half-written call dropped', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      { content: [{ type: 'text', text: 'Writing the call now' }, { type: 'tool_use', name: 'util__echo', json: '{"text": "unfinis' }], stopReason: 'max_tokens' },
      { content: [{ type: 'text', text: 'Continuing.' }], stopReason: 'end_turn' },
    );
    const first = await collect(h.agent.run('go'));
    assert.equal(first.result.reason, 'max_tokens');
    assert.match(first.result.message, /cut off.*tool call it was writing was dropped/);
    assert.equal(h.provider.calls.length, 0, 'the half-written call never runs');
    const last = h.agent.messages.at(-1)!;
    assert.equal(last.role, 'assistant');
    assert.deepEqual(last.content, [{ type: 'text', text: 'Writing the call now' }]);

    const second = await collect(h.agent.run('continue'));
    assert.equal(second.result.reason, 'end_turn');
    assert.equal(h.fake.requests.length, 2);
  } finally {
    await h.close();
  }
});

test('pause_turn: the paused content goes back unchanged and the model carries on', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      { content: [{ type: 'text', text: 'Working on a long answer' }], stopReason: 'pause_turn' },
      (req) => {
        const last = req.body.messages.at(-1);
        assert.equal(last.role, 'assistant');
        assert.deepEqual(last.content.filter((b: { type: string }) => b.type === 'text').map((b: { text: string }) => b.text), ['Working on a long answer']);
        return { content: [{ type: 'text', text: ', and here is the rest.' }], stopReason: 'end_turn' };
      },
    );
    const { result, events } = await collect(h.agent.run('long one'));
    assert.equal(result.reason, 'end_turn');
    assert.equal(result.rounds, 2);
    assert.deepEqual(ofType(events, 'turn_done').map((e) => e.stopReason), ['pause_turn', 'end_turn']);
    const messages = h.agent.messages;
    assert.equal(messages.length, 2, 'continuation merged into the same assistant turn');
    assert.deepEqual(
      (messages[1].content as { text: string }[]).map((b) => b.text),
      ['Working on a long answer', ', and here is the rest.'],
    );
  } finally {
    await h.close();
  }
});

test('refusal: shown with its details; a refused first request is taken back out of the history', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      {
        content: [{ type: 'text', text: 'I can not help with that.' }],
        stopReason: 'refusal',
        stopDetails: { type: 'refusal', category: 'cyber', explanation: 'exploit development' },
      },
      { content: [{ type: 'text', text: 'Sure, a diagram.' }], stopReason: 'end_turn' },
    );
    const { result } = await collect(h.agent.run('write malware'));
    assert.equal(result.reason, 'refusal');
    assert.equal(result.stopDetails?.category, 'cyber');
    assert.match(result.message, /declined.*category: cyber.*Rephrase/);
    assert.deepEqual(result.rolledBackInput, [{ type: 'text', text: 'write malware' }]);
    assert.deepEqual(h.agent.messages, []);

    const next = await collect(h.agent.run('draw a diagram instead'));
    assert.equal(next.result.reason, 'end_turn');
    assert.equal(h.fake.requests[1].body.messages.length, 1);
  } finally {
    await h.close();
  }
});

test('429 then success: the SDK waits for retry-after and the run succeeds', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      { httpError: { status: 429, type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit', headers: { 'retry-after': '1' } } },
      { content: [{ type: 'text', text: 'Made it.' }], stopReason: 'end_turn' },
    );
    const { result, events } = await collect(h.agent.run('hi'));
    assert.equal(result.reason, 'end_turn');
    assert.equal(result.text, 'Made it.');
    assert.equal(h.fake.requests.length, 2);
    assert.equal(h.fake.requests[0].status, 429);
    assert.equal(h.fake.requests[1].headers['x-stainless-retry-count'], '1');
    assert.equal(ofType(events, 'retry').length, 0, 'HTTP retries are the SDK’s, not ours');
  } finally {
    await h.close();
  }
});

test('529 mid-stream: the SDK does not retry it, the loop sends the request again', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      { content: [{ type: 'text', text: 'This answer will break off halfway through.' }], stopReason: 'end_turn', failAfterEvents: { events: 5 } },
      { content: [{ type: 'text', text: 'Second try worked.' }], stopReason: 'end_turn' },
    );
    const { result, events } = await collect(h.agent.run('hi'));
    assert.equal(result.reason, 'end_turn');
    assert.equal(result.text, 'Second try worked.');
    const retry = ofType(events, 'retry');
    assert.equal(retry.length, 1);
    assert.match(retry[0].message, /Overloaded/);
    const types = events.map((e) => e.type);
    assert.ok(types.indexOf('text_delta') < types.indexOf('retry'), 'partial text came before the retry');
    assert.equal(h.fake.requests.length, 2);
  } finally {
    await h.close();
  }
});

test('529 mid-stream every time: the run ends with the API error once retries are spent', T, async () => {
  const h = await harness(standardServers(), { maxRetries: 1 });
  try {
    const broken = { content: [{ type: 'text' as const, text: 'breaks' }], stopReason: 'end_turn' as const, failAfterEvents: { events: 3 } };
    h.fake.script(broken, broken);
    const { result } = await collect(h.agent.run('hi'));
    assert.equal(result.reason, 'error');
    assert.match(result.message, /overloaded_error: Overloaded/);
    assert.equal(h.fake.requests.length, 2);
    assert.deepEqual(h.agent.messages.map((m) => m.role), ['user']);
  } finally {
    await h.close();
  }
});

test('Stop while streaming: the connection closes, finished calls are answered as cancelled, the next request is valid', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      {
        content: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', name: 'util__echo', input: { text: 'x' } }, { type: 'text', text: 'more text that never ends' }],
        stopReason: 'tool_use',
        stallAfterEvents: 11,
      },
      { content: [{ type: 'text', text: 'Fine.' }], stopReason: 'end_turn' },
    );
    const stop = new AbortController();
    const { result } = await collect(h.agent.run('go', { signal: stop.signal }), (e) => {
      if (e.type === 'text_delta' && e.text.startsWith('more')) stop.abort();
    });
    assert.equal(result.reason, 'cancelled');
    await eventually(() => h.fake.requests[0].clientClosed, 'the client to close the stream');
    assert.equal(h.provider.calls.length, 0);
    const [user, assistant, results] = h.agent.messages;
    assert.equal(user.role, 'user');
    assert.deepEqual((assistant.content as { type: string }[]).map((b) => b.type), ['text', 'tool_use', 'text']);
    assert.equal(results.role, 'user');
    const answer = (results.content as { type: string; is_error?: boolean; content?: { text: string }[] }[])[0];
    assert.equal(answer.type, 'tool_result');
    assert.equal(answer.is_error, true);
    assert.equal(answer.content![0].text, CANCELLED_MESSAGE);

    const next = await collect(h.agent.run('never mind'));
    assert.equal(next.result.reason, 'end_turn');
  } finally {
    await h.close();
  }
});

test('Stop during a slow tool: MCP cancellation reaches the server, every call is answered, the next request is accepted', T, async () => {
  const log = { cancelled: [] as string[], started: [] as string[] };
  const h = await harness(standardServers(log));
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'util__slow', input: { label: 'a' } }, { type: 'tool_use', name: 'util__echo', input: { text: 'quick' } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'Stopped, as you asked.' }], stopReason: 'end_turn' },
    );
    const stop = new AbortController();
    const { result, events } = await collect(h.agent.run('do slow work', { signal: stop.signal }), (e) => {
      if (e.type === 'tool_progress') stop.abort();
    });
    assert.equal(result.reason, 'cancelled');
    assert.equal(result.message, 'Stopped by the user.');
    await eventually(() => log.cancelled.includes('a'), 'the server to see the cancellation');
    const outcomes = Object.fromEntries(ofType(events, 'tool_result').map((e) => [e.name, e.outcome]));
    assert.equal(outcomes['util__slow'], 'cancelled');
    const results = h.agent.messages.at(-1)!;
    assert.equal(results.role, 'user');
    const blocks = results.content as { type: string; is_error?: boolean; content: { text: string }[] }[];
    assert.equal(blocks.length, 2);
    assert.equal(blocks[0].is_error, true);
    assert.equal(blocks[0].content[0].text, CANCELLED_MESSAGE);

    const next = await collect(h.agent.run('never mind, just say hi'));
    assert.equal(next.result.reason, 'end_turn');
    assert.equal(h.fake.requests.length, 2);
    const last = h.fake.requests[1].body.messages.at(-1);
    assert.deepEqual(last.content.map((b: { type: string }) => b.type), ['tool_result', 'tool_result', 'text']);
  } finally {
    await h.close();
  }
});

test('the repeat guard stops the third identical call and answers it', T, async () => {
  const h = await harness(standardServers());
  try {
    const same = { content: [{ type: 'tool_use' as const, name: 'util__echo', input: { text: 'again' } }], stopReason: 'tool_use' as const };
    h.fake.script(same, same, same, { content: [{ type: 'text', text: 'ok' }], stopReason: 'end_turn' });
    const { result, events } = await collect(h.agent.run('loop'));
    assert.equal(result.reason, 'repeat_guard');
    assert.match(result.message, /same call to util\/echo 3 times/);
    assert.equal(h.provider.calls.length, 2);
    assert.equal(h.fake.requests.length, 3);
    assert.equal(ofType(events, 'tool_result').at(-1)!.outcome, 'not_run');
    const next = await collect(h.agent.run('stop looping'));
    assert.equal(next.result.reason, 'end_turn');
    assert.match(lastToolResults(h.fake.requests[3])[0].text, /^Not run/);
  } finally {
    await h.close();
  }
});

test('the round cap stops the run before a request past the limit', T, async () => {
  const h = await harness(standardServers(), { maxRounds: 2 });
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'one' } }], stopReason: 'tool_use' },
      { content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'two' } }], stopReason: 'tool_use' },
    );
    const { result } = await collect(h.agent.run('go on and on'));
    assert.equal(result.reason, 'round_cap');
    assert.equal(result.rounds, 2);
    assert.match(result.message, /2 model requests/);
    assert.equal(h.fake.requests.length, 2);
    assert.deepEqual(h.provider.calls.map((c) => c.args.text), ['one']);
    assert.equal(h.fake.pending, 0);
  } finally {
    await h.close();
  }
});

test('an image result reaches the model as an image block; other media as placeholders', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'util__picture', input: {} }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'Nice picture.' }], stopReason: 'end_turn' },
    );
    await collect(h.agent.run('show me'));
    const [r] = lastToolResults(h.fake.requests[1]);
    assert.equal(r.isError, false);
    const types = r.content.map((b: { type: string }) => b.type);
    assert.deepEqual(types, ['text', 'image', 'text', 'text']);
    assert.deepEqual(r.content[1].source, { type: 'base64', media_type: 'image/png', data: TINY_PNG });
    assert.match(r.content[2].text, /image\/svg\+xml.*not shown/);
    assert.match(r.content[3].text, /audio: audio\/wav.*not shown/);
  } finally {
    await h.close();
  }
});

test('a 5 MB result is cut to head and tail with a marker', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'util__huge', input: {} }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'That was big.' }], stopReason: 'end_turn' },
    );
    await collect(h.agent.run('get it all'));
    const [r] = lastToolResults(h.fake.requests[1]);
    assert.ok(r.text.startsWith('HEAD-MARK'));
    assert.ok(r.text.endsWith('TAIL-MARK'));
    const m = /\[\.\.\. ([\d,]+) of ([\d,]+) characters cut \.\.\.\]/.exec(r.text);
    assert.ok(m, 'a marker says how much was cut');
    const total = 5 * 1024 * 1024 + 'HEAD-MARK  TAIL-MARK'.length;
    assert.equal(Number(m[2].replace(/,/g, '')), total);
    assert.equal(Number(m[1].replace(/,/g, '')) + r.text.length - m[0].length - 4, total);
    assert.ok(h.fake.requests[1].bodyBytes < 200_000, `request stays small (${h.fake.requests[1].bodyBytes} bytes)`);
  } finally {
    await h.close();
  }
});

test('two servers with the same tool name: unique names for the model, each call reaches its own server', T, async () => {
  const lookup = (who: string) => ({ name: 'lookup', description: `Looks up in ${who}.`, handler: () => ({ content: [{ type: 'text' as const, text: `from ${who}` }] }) });
  const h = await harness([
    { name: 'alpha', tools: [lookup('alpha')] },
    { name: 'beta', tools: [lookup('beta')] },
  ]);
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'beta__lookup', input: {} }, { type: 'tool_use', name: 'alpha__lookup', input: {} }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'Both answered.' }], stopReason: 'end_turn' },
    );
    await collect(h.agent.run('look it up twice'));
    assert.deepEqual(h.fake.requests[0].body.tools.map((t: { name: string }) => t.name), ['alpha__lookup', 'beta__lookup']);
    assert.deepEqual(lastToolResults(h.fake.requests[1]).map((r) => `${r.name}=${r.text}`), ['beta__lookup=from beta', 'alpha__lookup=from alpha']);
  } finally {
    await h.close();
  }
});

test('a tool with a top-level oneOf is rewritten, never failing the request', T, async () => {
  const h = await harness(standardServers());
  try {
    h.fake.script(
      { content: [{ type: 'tool_use', name: 'util__shape', input: { radius: 2 } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'A circle.' }], stopReason: 'end_turn' },
    );
    const { events, result } = await collect(h.agent.run('draw a circle'));
    assert.equal(result.reason, 'end_turn');
    const tool = h.fake.requests[0].body.tools.find((t: { name: string }) => t.name === 'util__shape');
    assert.equal(tool.input_schema.oneOf, undefined);
    assert.deepEqual(Object.keys(tool.input_schema.properties), ['radius', 'side']);
    assert.match(tool.input_schema.description, /exactly one of: \(1\) circle: requires radius.*\(2\) square: requires side/);
    assert.ok(ofType(events, 'notice').some((n) => /util__shape.*oneOf/.test(n.message)));
    assert.equal(lastToolResults(h.fake.requests[1])[0].text, 'shape {"radius":2}');
  } finally {
    await h.close();
  }
});

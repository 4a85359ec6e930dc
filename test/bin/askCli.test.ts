// `archflow ask` as a child process (real stdio, no terminal, real SIGINT) against the fake API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { lastToolResults, startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic';
import { assertAllValid, eventually } from '../agent/helpers/harness';

const ENTRY = join(import.meta.dirname, '..', 'agent', 'fixtures', 'askEntry.ts');
const T = { timeout: 60_000 };

interface Child {
  code: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  kill: (signal: NodeJS.Signals) => void;
}

function ask(fake: FakeAnthropic, args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url, ARCHFLOW_TEST_PROVIDER: 'fixtures', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  return {
    code: new Promise((resolve) => child.on('close', (code) => resolve(code))),
    stdout: () => out,
    stderr: () => err,
    kill: (s) => child.kill(s),
  };
}

test('--yes approves every call; the answer streams to stdout and tool calls to stderr; exit 0', T, async () => {
  const fake = await startFakeAnthropic();
  try {
    fake.script(
      { content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', name: 'util__echo', input: { text: 'from the cli' } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'It said: echo: from the cli' }], stopReason: 'end_turn' },
    );
    const c = ask(fake, ['echo something', '--yes']);
    assert.equal(await c.code, 0, c.stderr());
    assert.equal(c.stdout(), 'Checking.\nIt said: echo: from the cli\n');
    assert.match(c.stderr(), /→ util › echo text="from the cli"\n {2}✓ util › echo: echo: from the cli\n/);
    assert.equal(lastToolResults(fake.requests[1])[0].isError, false);
    assertAllValid(fake);
  } finally {
    await fake.close();
  }
});

test('without a terminal and without --yes, calls are denied and the model is told; trusted read-only calls still run', T, async () => {
  const fake = await startFakeAnthropic();
  try {
    fake.script(
      { content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'x' } }, { type: 'tool_use', name: 'docs__read', input: {} }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'I was not allowed to echo.' }], stopReason: 'end_turn' },
    );
    const c = ask(fake, ['echo something']);
    assert.equal(await c.code, 0, c.stderr());
    const [echo, read] = lastToolResults(fake.requests[1]);
    assert.equal(echo.isError, true);
    assert.match(echo.text, /^Denied/);
    assert.equal(read.text, 'the docs');
    assert.match(c.stderr(), /no terminal to ask for approval.*--yes/);
    assertAllValid(fake);
  } finally {
    await fake.close();
  }
});

test('--json prints one JSON event per line', T, async () => {
  const fake = await startFakeAnthropic();
  try {
    fake.script(
      { content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'j' } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'Done.' }], stopReason: 'end_turn' },
    );
    const c = ask(fake, ['go', '--json', '--yes']);
    assert.equal(await c.code, 0, c.stderr());
    const events = c.stdout().trimEnd().split('\n').map((line) => JSON.parse(line));
    const types = new Set(events.map((e) => e.type));
    for (const t of ['request_start', 'tool_call_started', 'tool_call_input', 'tool_running', 'tool_result', 'usage', 'turn_done', 'text_delta', 'done']) assert.ok(types.has(t), t);
    assert.equal(events.at(-1).type, 'done');
    assert.equal(events.at(-1).result.reason, 'end_turn');
    assertAllValid(fake);
  } finally {
    await fake.close();
  }
});

test('Ctrl+C while streaming stops cleanly with exit 130', T, async () => {
  const fake = await startFakeAnthropic();
  try {
    fake.script({ content: [{ type: 'text', text: 'A long answer that will be interrupted by the user.' }], stopReason: 'end_turn', stallAfterEvents: 5 });
    const c = ask(fake, ['talk']);
    let exited = false;
    void c.code.then(() => (exited = true));
    await eventually(() => c.stdout().length > 0 || exited, 'the answer to start streaming', 30_000);
    assert.ok(!exited, c.stderr());
    c.kill('SIGINT');
    assert.equal(await c.code, 130, c.stderr());
    assert.match(c.stderr(), /Stopped by the user\./);
    await eventually(() => fake.requests[0].clientClosed, 'the stream to be closed');
    assertAllValid(fake);
  } finally {
    await fake.close();
  }
});

test('a missing configuration file exits 1', T, async () => {
  const fake = await startFakeAnthropic();
  try {
    const c = ask(fake, ['hi', '--config', 'does-not-exist.json']);
    assert.equal(await c.code, 1);
    assert.match(c.stderr(), /could not load the MCP servers: no configuration file at does-not-exist\.json/);
    assert.equal(fake.requests.length, 0);
  } finally {
    await fake.close();
  }
});

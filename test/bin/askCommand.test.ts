// `archflow ask` in-process: argument handling, terminal approvals, output and exit codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastToolResults, startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic';
import { runAskCommand, shortArguments, type AskDeps } from '../../src/bin/commands/ask';
import type { CliIo } from '../../src/bin/cliIo';
import { standardServers, TestToolProvider } from '../agent/helpers/fixtures';
import { assertAllValid } from '../agent/helpers/harness';

const T = { timeout: 20_000 };

function memoryIo(env: Record<string, string | undefined>, isTty = false) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => '', cwd: process.cwd(), env, isTty };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

async function withFake(fn: (fake: FakeAnthropic, deps: AskDeps & { closed: () => boolean }) => Promise<void>): Promise<void> {
  const fake = await startFakeAnthropic();
  let closed = false;
  const deps = {
    createToolProvider: async () => {
      const p = await TestToolProvider.connect(standardServers());
      return Object.assign(p, {
        close: async () => {
          closed = true;
          await TestToolProvider.prototype.close.call(p);
        },
      });
    },
    closed: () => closed,
  };
  try {
    await fn(fake, deps);
    assertAllValid(fake);
  } finally {
    await fake.close();
  }
}

test('usage errors exit 2; a missing key or a bad base URL exits 1 before any request', T, async () => {
  const deps: AskDeps = { createToolProvider: async () => assert.fail('not reached') };
  const none = memoryIo({ ANTHROPIC_API_KEY: 'k' });
  assert.equal(await runAskCommand([], none.io, deps), 2);
  assert.match(none.stderr(), /a prompt is required/);
  assert.equal(await runAskCommand(['hi', '--max-rounds', 'zero'], memoryIo({ ANTHROPIC_API_KEY: 'k' }).io, deps), 2);
  assert.equal(await runAskCommand(['hi', '--bogus'], memoryIo({ ANTHROPIC_API_KEY: 'k' }).io, deps), 2);
  const noKey = memoryIo({});
  assert.equal(await runAskCommand(['hi'], noKey.io, deps), 1);
  assert.match(noKey.stderr(), /ANTHROPIC_API_KEY is not set/);
  assert.equal(await runAskCommand(['hi', '--base-url', 'ftp://x'], memoryIo({ ANTHROPIC_API_KEY: 'k' }).io, deps), 1);
  const help = memoryIo({});
  assert.equal(await runAskCommand(['--help'], help.io, deps), 0);
  assert.match(help.stdout(), /archflow ask "PROMPT"/);
});

test('a configuration that fails to load exits 1 with the reason', T, async () => {
  const m = memoryIo({ ANTHROPIC_API_KEY: 'k' });
  const code = await runAskCommand(['hi', '--config', 'nope.json'], m.io, {
    createToolProvider: async (path) => {
      throw new Error(`cannot read ${path}`);
    },
  });
  assert.equal(code, 1);
  assert.match(m.stderr(), /could not load the MCP servers: cannot read nope\.json/);
});

test('on a terminal each call is asked about: yes, always for this tool, no', T, async () => {
  await withFake(async (fake, deps) => {
    fake.script(
      {
        content: [
          { type: 'text', text: 'Calling.' },
          { type: 'tool_use', name: 'util__echo', input: { text: 'one' } },
          { type: 'tool_use', name: 'util__fail', input: {} },
        ],
        stopReason: 'tool_use',
      },
      { content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'two' } }, { type: 'tool_use', name: 'util__fail', input: {} }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'All done.' }], stopReason: 'end_turn' },
    );
    const questions: string[] = [];
    const answers = ['a', 'n', 'n'];
    const m = memoryIo({ ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url }, true);
    const code = await runAskCommand(['echo twice'], m.io, {
      ...deps,
      question: async (q) => {
        questions.push(q);
        return answers.shift()!;
      },
    });
    assert.equal(code, 0);
    assert.ok(deps.closed(), 'the provider is closed at the end');
    // echo allowed "always" once; fail denied twice.
    assert.equal(questions.length, 3);
    assert.match(questions[0], /^Allow util › echo text="one"\? \[y\]es \/ \[n\]o \/ \[a\]lways for this tool: $/);
    assert.match(questions[1], /util › fail/);
    assert.deepEqual(lastToolResults(fake.requests[1]).map((r) => r.isError), [false, true]);
    assert.match(lastToolResults(fake.requests[2])[1].text, /^Denied/);
    assert.equal(m.stdout(), 'Calling.\nAll done.\n');
    const err = m.stderr();
    assert.match(err, /→ util › echo text="one"\n/);
    assert.match(err, /✓ util › echo: echo: one\n/);
    assert.match(err, /✗ util › fail: denied: Denied/);
    assert.match(err, /tokens: [\d,]+ in \(cache: [\d,]+ read, [\d,]+ written\), [\d,]+ out · \$\d+\.\d{4} at list prices of \d{4}-\d{2}-\d{2}\n$/);
  });
});

test('--base-url wins over ANTHROPIC_BASE_URL; --model and --max-rounds reach the request; a guard exits 3', T, async () => {
  await withFake(async (fake, deps) => {
    fake.script({ content: [{ type: 'tool_use', name: 'util__echo', input: { text: 'x' } }], stopReason: 'tool_use' });
    const m = memoryIo({ ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    const code = await runAskCommand(['go', '--base-url', fake.url, '--model', 'claude-haiku-4-5', '--max-rounds', '1', '--yes'], m.io, deps);
    assert.equal(code, 3);
    assert.equal(fake.requests.length, 1);
    assert.equal(fake.requests[0].body.model, 'claude-haiku-4-5');
    assert.match(m.stderr(), /Stopped after 1 model requests/);
  });
});

test('an API error exits 1 with its message', T, async () => {
  await withFake(async (fake, deps) => {
    fake.script({ httpError: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 300000 tokens > 200000 maximum' } });
    const m = memoryIo({ ANTHROPIC_API_KEY: fake.apiKey, ANTHROPIC_BASE_URL: fake.url });
    assert.equal(await runAskCommand(['hi'], m.io, deps), 1);
    assert.match(m.stderr(), /The API answered 400 invalid_request_error: prompt is too long/);
  });
});

test('shortArguments keeps tool lines short', () => {
  assert.equal(shortArguments({ text: 'a -> b', preview: true }), 'text="a -> b" preview=true');
  const long = shortArguments({ text: 'x'.repeat(500), output: 'docs/architecture.svg', theme: 'dark', more: 'y'.repeat(100) });
  assert.ok(long.length <= 120);
  assert.match(long, /^text="x+\.\.\. output="docs\/architecture\.svg"/);
});

test('--provider bedrock with a Bedrock API key from the environment, --provider compatible, and what is missing said before any request', T, async () => {
  const bedrock = await startFakeAnthropic({ platform: 'bedrock', apiKey: 'bedrock-key-from-env' });
  const local = await startFakeAnthropic({ apiKey: 'none' });
  const deps: AskDeps = { createToolProvider: async () => Object.assign(await TestToolProvider.connect(standardServers()), { close: async () => {} }) };
  try {
    bedrock.script({ content: [{ type: 'text', text: 'From Bedrock.' }], stopReason: 'end_turn', usage: { input_tokens: 1000, output_tokens: 100, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } });
    const b = memoryIo({ AWS_BEARER_TOKEN_BEDROCK: 'bedrock-key-from-env' });
    assert.equal(await runAskCommand(['hi', '--provider', 'bedrock', '--region', 'eu-central-1', '--model', 'claude-sonnet-5-5', '--base-url', bedrock.url], b.io, deps), 0, b.stderr());
    assert.equal(b.stdout(), 'From Bedrock.\n');
    assert.equal(bedrock.requests[0].path, '/model/global.anthropic.claude-sonnet-5-5/invoke-with-response-stream');
    // 1000 in at $2 and 100 out at $10 per million: $0.0030, with the table's date.
    assert.match(b.stderr(), /\$0\.0030 at list prices of \d{4}-\d{2}-\d{2}/);
    assertAllValid(bedrock);

    local.script({ content: [{ type: 'text', text: 'Local.' }], stopReason: 'end_turn' });
    const c = memoryIo({});
    assert.equal(await runAskCommand(['hi', '--provider', 'compatible', '--base-url', local.url, '--model', 'llama3.3'], c.io, deps), 0, c.stderr());
    assert.doesNotMatch(JSON.stringify(local.requests[0].body), /cache_control/);
    assert.match(c.stderr(), /cost unknown \(no price for llama3\.3\)/);

    const noRegion = memoryIo({ AWS_CONFIG_FILE: '/nonexistent', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent' });
    const savedRegion = [process.env.AWS_REGION, process.env.AWS_DEFAULT_REGION, process.env.AWS_CONFIG_FILE];
    delete process.env.AWS_REGION;
    delete process.env.AWS_DEFAULT_REGION;
    process.env.AWS_CONFIG_FILE = '/nonexistent';
    try {
      assert.equal(await runAskCommand(['hi', '--provider', 'bedrock'], noRegion.io, { createToolProvider: async () => assert.fail('not reached') }), 1);
    } finally {
      if (savedRegion[2] === undefined) delete process.env.AWS_CONFIG_FILE;
      else process.env.AWS_CONFIG_FILE = savedRegion[2];
      if (savedRegion[0] !== undefined) process.env.AWS_REGION = savedRegion[0];
      if (savedRegion[1] !== undefined) process.env.AWS_DEFAULT_REGION = savedRegion[1];
    }
    assert.match(noRegion.stderr(), /Amazon Bedrock: No AWS region is set/);
    const bad = memoryIo({});
    assert.equal(await runAskCommand(['hi', '--provider', 'openai'], bad.io, deps), 1);
    assert.match(bad.stderr(), /--provider must be one of anthropic, bedrock, vertex, foundry, compatible/);
    const noModel = memoryIo({});
    assert.equal(await runAskCommand(['hi', '--provider', 'compatible', '--base-url', local.url], noModel.io, deps), 1);
    assert.match(noModel.stderr(), /--model is required/);
  } finally {
    await bedrock.close();
    await local.close();
  }
});

test('--provider foundry with Microsoft Entra ID: the default without a key, the token as a bearer token, and no Azure sign-in said in one line before the servers start', T, async () => {
  const fake = await startFakeAnthropic({ platform: 'foundry', entraToken: 'entra-cli-token' });
  const deps: AskDeps = {
    createToolProvider: async () => Object.assign(await TestToolProvider.connect(standardServers()), { close: async () => {} }),
    entraCredential: { getToken: async () => ({ token: 'entra-cli-token', expiresOnTimestamp: Date.now() + 3_600_000 }) },
  };
  try {
    fake.script({ content: [{ type: 'text', text: 'From Foundry.' }], stopReason: 'end_turn' });
    const ok = memoryIo({});
    assert.equal(await runAskCommand(['hi', '--provider', 'foundry', '--base-url', `${fake.url}/anthropic/`, '--model', 'claude-sonnet-5-5'], ok.io, deps), 0, ok.stderr());
    assert.equal(ok.stdout(), 'From Foundry.\n');
    assert.deepEqual([fake.requests[0].path, fake.requests[0].headers.authorization, fake.requests[0].headers['x-api-key']], ['/anthropic/v1/messages', 'Bearer entra-cli-token', undefined]);
    assertAllValid(fake);

    const wrong = memoryIo({});
    assert.equal(await runAskCommand(['hi', '--provider', 'foundry', '--foundry-auth', 'token', '--resource', 'r'], wrong.io, deps), 1);
    assert.match(wrong.stderr(), /--foundry-auth must be key or entra/);
    const noKey = memoryIo({});
    assert.equal(await runAskCommand(['hi', '--provider', 'foundry', '--foundry-auth', 'key', '--resource', 'r'], noKey.io, deps), 1);
    assert.match(noKey.stderr(), /ANTHROPIC_FOUNDRY_API_KEY is not set/);

    // No Azure sign-in anywhere (DefaultAzureCredential's developer credentials only, none installed).
    const saved = { PATH: process.env.PATH, AZURE_TOKEN_CREDENTIALS: process.env.AZURE_TOKEN_CREDENTIALS };
    process.env.PATH = '/nonexistent';
    process.env.AZURE_TOKEN_CREDENTIALS = 'dev';
    const none = memoryIo({});
    try {
      assert.equal(await runAskCommand(['hi', '--provider', 'foundry', '--resource', 'contoso'], none.io, { createToolProvider: async () => assert.fail('not reached') }), 1);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    assert.match(none.stderr(), /^archflow ask: Microsoft Foundry: No Microsoft Entra ID credential was found \(tried [^)]*\)\. Run `az login`[^\n]*\n$/);
  } finally {
    await fake.close();
  }
});

test('--provider bedrock --bedrock-endpoint mantle: the Messages API under /anthropic with the Bedrock API key; a wrong endpoint name exits 1', T, async () => {
  const fake = await startFakeAnthropic({ platform: 'bedrock-mantle', apiKey: 'bedrock-key-from-env' });
  const deps: AskDeps = { createToolProvider: async () => Object.assign(await TestToolProvider.connect(standardServers()), { close: async () => {} }) };
  try {
    fake.script({ content: [{ type: 'text', text: 'From mantle.' }], stopReason: 'end_turn' });
    const m = memoryIo({ AWS_BEARER_TOKEN_BEDROCK: 'bedrock-key-from-env' });
    assert.equal(await runAskCommand(['hi', '--provider', 'bedrock', '--bedrock-endpoint', 'mantle', '--region', 'us-east-1', '--model', 'claude-sonnet-5-5', '--base-url', `${fake.url}/anthropic`], m.io, deps), 0, m.stderr());
    assert.equal(m.stdout(), 'From mantle.\n');
    assert.deepEqual([fake.requests[0].path, fake.requests[0].body.model, fake.requests[0].headers.authorization], ['/anthropic/v1/messages', 'anthropic.claude-sonnet-5-5', 'Bearer bedrock-key-from-env']);
    assertAllValid(fake);
    const bad = memoryIo({});
    assert.equal(await runAskCommand(['hi', '--provider', 'bedrock', '--bedrock-endpoint', 'converse'], bad.io, deps), 1);
    assert.match(bad.stderr(), /--bedrock-endpoint must be runtime or mantle/);
  } finally {
    await fake.close();
  }
});

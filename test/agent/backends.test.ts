// Each provider's backend against the fake API speaking that platform's wire format (paths,
// authentication, version fields, Bedrock's event-stream framing), and the loop's behaviour
// (approvals, Stop, retries, budgets) unchanged on every one of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { TokenCredential } from '@azure/identity';
import type { AuthClient } from 'google-auth-library';
import { Agent, CANCELLED_MESSAGE, type AgentOptions } from '../../src/agent';
import { createBackend, describeProvider, type ProviderSettings } from '../../src/agent/backends';
import { defaultCredential } from '../../src/agent/backends/cloud/foundry';
import { lastToolResults, startFakeAnthropic, type FakeAnthropic, type FakeAnthropicOptions } from '../fakeAnthropic';
import { standardServers, TestToolProvider } from './helpers/fixtures';
import { assertAllValid, collect, eventually, ofType } from './helpers/harness';

const T = { timeout: 30_000 };
const AWS = { accessKeyId: 'AKIDPROFILE0000TEST', secretAccessKey: 'secret-of-the-profile', region: 'eu-west-1' };
const VERTEX = { projectId: 'proj-from-adc', region: 'global' };

const call = (name: string, input: Record<string, unknown> = {}) => ({ content: [{ type: 'tool_use' as const, name, input }], stopReason: 'tool_use' as const });
const answer = (text: string) => ({ content: [{ type: 'text' as const, text }], stopReason: 'end_turn' as const });

/** A temporary AWS profile (credentials and config files), as `aws configure` writes them; no real credentials are read. */
async function awsProfileFiles(): Promise<{ env: NodeJS.ProcessEnv; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'archflow-aws-'));
  await writeFile(join(dir, 'credentials'), `[work]\naws_access_key_id = ${AWS.accessKeyId}\naws_secret_access_key = ${AWS.secretAccessKey}\n`);
  await writeFile(join(dir, 'config'), `[profile work]\nregion = ${AWS.region}\n`);
  const env = { AWS_SHARED_CREDENTIALS_FILE: join(dir, 'credentials'), AWS_CONFIG_FILE: join(dir, 'config'), AWS_EC2_METADATA_DISABLED: 'true' };
  return { env, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** Sets environment variables for one test (the AWS credential chain reads `process.env`), and clears the ones that would leak in. */
function withEnv(vars: NodeJS.ProcessEnv): () => void {
  const names = ['AWS_PROFILE', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_REGION', 'AWS_DEFAULT_REGION', 'AWS_BEARER_TOKEN_BEDROCK', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_CONFIG_FILE', 'AWS_EC2_METADATA_DISABLED', ...Object.keys(vars)];
  const saved = new Map(names.map((n) => [n, process.env[n]]));
  for (const n of names) delete process.env[n];
  Object.assign(process.env, vars);
  return () => {
    for (const [n, v] of saved) {
      if (v === undefined) delete process.env[n];
      else process.env[n] = v;
    }
  };
}

/** A Google auth client that hands out a fixed token, as application default credentials would. */
function stubAuthClient(token: string): AuthClient {
  return { projectId: VERTEX.projectId, getRequestHeaders: async () => new Headers({ Authorization: `Bearer ${token}` }) } as unknown as AuthClient;
}

interface Rig {
  fake: FakeAnthropic;
  settings: ProviderSettings;
  dispose(): Promise<void>;
}

type RigKind = 'anthropic' | 'compatible' | 'bedrock-sigv4' | 'bedrock-key' | 'bedrock-mantle' | 'vertex' | 'foundry' | 'foundry-entra';

/** A Microsoft Entra ID credential that hands out a fixed token and records the scopes it was asked for, as `az login` would. */
function stubTokenCredential(token: string): TokenCredential & { scopes: string[][] } {
  const scopes: string[][] = [];
  return {
    scopes,
    getToken: async (s) => {
      scopes.push([s].flat());
      return { token, expiresOnTimestamp: Date.now() + 3_600_000, tokenType: 'Bearer' };
    },
  };
}

async function rig(kind: RigKind, model = 'claude-sonnet-5-5', fakeOptions: FakeAnthropicOptions = {}): Promise<Rig> {
  switch (kind) {
    case 'anthropic': {
      const fake = await startFakeAnthropic(fakeOptions);
      return { fake, settings: { provider: 'anthropic', apiKey: fake.apiKey, baseURL: fake.url }, dispose: () => fake.close() };
    }
    case 'compatible': {
      const fake = await startFakeAnthropic({ apiKey: 'ollama', ...fakeOptions });
      return { fake, settings: { provider: 'compatible', apiKey: 'ollama', baseURL: fake.url, promptCaching: false, tokenCounting: false }, dispose: () => fake.close() };
    }
    case 'bedrock-sigv4': {
      const files = await awsProfileFiles();
      const restore = withEnv(files.env);
      const fake = await startFakeAnthropic({ platform: 'bedrock', aws: AWS, apiKey: 'unused-bedrock-key', ...fakeOptions });
      return {
        fake,
        settings: { provider: 'bedrock', model, profile: 'work', baseURL: fake.url },
        dispose: async () => {
          restore();
          await fake.close();
          await files.dispose();
        },
      };
    }
    case 'bedrock-mantle': {
      const files = await awsProfileFiles();
      const restore = withEnv(files.env);
      const fake = await startFakeAnthropic({ platform: 'bedrock-mantle', aws: AWS, apiKey: 'unused-bedrock-key', ...fakeOptions });
      return {
        fake,
        settings: { provider: 'bedrock', endpoint: 'mantle', model, profile: 'work', baseURL: `${fake.url}/anthropic` },
        dispose: async () => {
          restore();
          await fake.close();
          await files.dispose();
        },
      };
    }
    case 'bedrock-key': {
      const fake = await startFakeAnthropic({ platform: 'bedrock', apiKey: 'bedrock-api-key-123', ...fakeOptions });
      return { fake, settings: { provider: 'bedrock', model, region: 'us-east-1', apiKey: 'bedrock-api-key-123', baseURL: fake.url, env: {} }, dispose: () => fake.close() };
    }
    case 'vertex': {
      const fake = await startFakeAnthropic({ platform: 'vertex', apiKey: 'ya29.stub-token', vertex: VERTEX, ...fakeOptions });
      return {
        fake,
        settings: { provider: 'vertex', region: VERTEX.region, baseURL: `${fake.url}/v1`, authClient: stubAuthClient('ya29.stub-token'), env: {} },
        dispose: () => fake.close(),
      };
    }
    case 'foundry': {
      const fake = await startFakeAnthropic({ platform: 'foundry', apiKey: 'foundry-key-456', ...fakeOptions });
      return { fake, settings: { provider: 'foundry', apiKey: 'foundry-key-456', baseURL: `${fake.url}/anthropic/` }, dispose: () => fake.close() };
    }
    case 'foundry-entra': {
      const fake = await startFakeAnthropic({ platform: 'foundry', apiKey: 'foundry-key-456', entraToken: 'entra-token-789', ...fakeOptions });
      return { fake, settings: { provider: 'foundry', auth: 'entra', credential: stubTokenCredential('entra-token-789'), baseURL: `${fake.url}/anthropic/` }, dispose: () => fake.close() };
    }
  }
}

async function agentOn(r: Rig, provider: TestToolProvider, options: Partial<AgentOptions> = {}): Promise<Agent> {
  const backend = await createBackend({ ...r.settings, maxRetries: 0 });
  return new Agent({ backend, model: 'claude-sonnet-5-5', provider, approve: async () => 'allow_once', retryDelayMs: 10, ...options });
}

test('Anthropic: POST /v1/messages, bearer key, the current API version header', T, async () => {
  const r = await rig('anthropic');
  const provider = await TestToolProvider.connect(standardServers());
  try {
    r.fake.script(call('util__echo', { text: 'a' }), answer('done'));
    const { result } = await collect((await agentOn(r, provider)).run('echo'));
    assert.equal(result.reason, 'end_turn');
    assert.deepEqual(r.fake.requests.map((q) => [q.path, q.auth, q.version]), [['/v1/messages', 'bearer', '2026-10-21'], ['/v1/messages', 'bearer', '2026-10-21']]);
    assert.match(JSON.stringify(r.fake.requests[0].body), /cache_control/);
    assert.ok(result.usage.costUsd !== null && result.usage.costUsd > 0);
    assertAllValid(r.fake);
  } finally {
    await provider.close();
    await r.dispose();
  }
});

test('Anthropic-compatible endpoint: prompt caching switched off strips every cache_control; usage is reported as estimated', T, async () => {
  const r = await rig('compatible');
  const provider = await TestToolProvider.connect(standardServers());
  try {
    r.fake.script(call('util__echo', { text: 'a' }), answer('done'));
    const agent = await agentOn(r, provider, { model: 'qwen3-coder:30b' });
    const { result } = await collect(agent.run('echo'));
    assert.equal(result.reason, 'end_turn');
    for (const q of r.fake.requests) {
      assert.equal(q.path, '/v1/messages');
      assert.doesNotMatch(JSON.stringify(q.body), /cache_control/);
      assert.equal(q.body.model, 'qwen3-coder:30b');
    }
    assert.equal(agent.backend.caps.usage, 'estimated');
    assert.equal(agent.backend.countTokens, undefined);
    assert.equal(result.usage.costUsd, null, 'a local model has no price');
    assertAllValid(r.fake);
  } finally {
    await provider.close();
    await r.dispose();
  }
});

test('Bedrock with an AWS profile: InvokeModel with response stream, SigV4 for bedrock in the profile region, anthropic_version in the body, event-stream frames', T, async () => {
  const r = await rig('bedrock-sigv4');
  const provider = await TestToolProvider.connect(standardServers());
  try {
    r.fake.script(call('util__echo', { text: 'a' }), answer('Drawn.'));
    const { result, events } = await collect((await agentOn(r, provider)).run('echo'));
    assert.equal(result.reason, 'end_turn', result.message);
    assert.equal(result.text, 'Drawn.');
    assert.equal(ofType(events, 'tool_result')[0].summary.includes('echo: a'), true);
    for (const q of r.fake.requests) {
      assert.equal(q.path, '/model/global.anthropic.claude-sonnet-5-5/invoke-with-response-stream');
      assert.equal(q.auth, 'sigv4');
      assert.match(String(q.headers.authorization), /Credential=AKIDPROFILE0000TEST\/\d{8}\/eu-west-1\/bedrock\/aws4_request/);
      assert.equal(q.rawBody.anthropic_version, '2026-10-21');
      assert.equal('model' in q.rawBody, false);
    }
    assert.equal(lastToolResults(r.fake.requests[1])[0].text, 'echo: a');
    assertAllValid(r.fake);
  } finally {
    await provider.close();
    await r.dispose();
  }
});

test('Bedrock with a model before 4.7: the older API version is pinned; a Bedrock API key goes as a bearer token', T, async () => {
  const r = await rig('bedrock-key', 'us.anthropic.claude-haiku-4-5-20251001-v1:0');
  const provider = await TestToolProvider.connect(standardServers());
  try {
    r.fake.script(answer('Hello.'));
    const agent = await agentOn(r, provider, { model: 'us.anthropic.claude-haiku-4-5-20251001-v1:0' });
    const { result } = await collect(agent.run('hi'));
    assert.equal(result.reason, 'end_turn', result.message);
    const [q] = r.fake.requests;
    assert.equal(q.path, '/model/us.anthropic.claude-haiku-4-5-20251001-v1:0/invoke-with-response-stream');
    assert.equal(q.auth, 'bearer');
    assert.equal(q.rawBody.anthropic_version, '2023-06-01');
    // Priced as Haiku 4.5 although Bedrock names it otherwise.
    assert.ok(result.usage.costUsd !== null && result.usage.costUsd > 0);
    assertAllValid(r.fake);
  } finally {
    await provider.close();
    await r.dispose();
  }
});

test('Claude in Amazon Bedrock (mantle) with an AWS profile: the Messages API under /anthropic, SigV4 for bedrock-mantle, anthropic. model ids, the version in a header', T, async () => {
  const r = await rig('bedrock-mantle');
  const provider = await TestToolProvider.connect(standardServers());
  try {
    r.fake.script(call('util__echo', { text: 'm' }), answer('Drawn.'));
    const agent = await agentOn(r, provider);
    const { result } = await collect(agent.run('echo'));
    assert.equal(result.reason, 'end_turn', result.message);
    assert.equal(agent.backend.endpoint, 'Claude in Amazon Bedrock (eu-west-1)');
    for (const q of r.fake.requests) {
      assert.deepEqual([q.path, q.auth, q.version, q.body.model, q.body.stream], ['/anthropic/v1/messages', 'sigv4', '2026-10-21', 'anthropic.claude-sonnet-5-5', true]);
      assert.match(String(q.headers.authorization), /Credential=AKIDPROFILE0000TEST\/\d{8}\/eu-west-1\/bedrock-mantle\/aws4_request/);
      assert.equal(q.headers['x-api-key'], undefined);
    }
    assert.equal(lastToolResults(r.fake.requests[1])[0].text, 'echo: m');
    assert.ok(result.usage.costUsd !== null && result.usage.costUsd > 0, 'priced as claude-sonnet-5-5');
    assertAllValid(r.fake);
  } finally {
    await provider.close();
    await r.dispose();
  }
});

test('Claude in Amazon Bedrock (mantle) with a Bedrock API key from AWS_BEARER_TOKEN_BEDROCK: a bearer token; a model before 4.7 is refused with what to set', T, async () => {
  const fake = await startFakeAnthropic({ platform: 'bedrock-mantle', apiKey: 'bedrock-api-key-mantle' });
  const provider = await TestToolProvider.connect(standardServers());
  try {
    const backend = await createBackend({ provider: 'bedrock', endpoint: 'mantle', model: 'claude-opus-5-5', region: 'us-west-2', baseURL: `${fake.url}/anthropic`, env: { AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-mantle' }, maxRetries: 0 });
    fake.script(answer('Hello.'));
    const { result } = await collect(new Agent({ backend, model: 'claude-opus-5-5', provider }).run('hi'));
    assert.equal(result.reason, 'end_turn', result.message);
    const [q] = fake.requests;
    assert.deepEqual([q.path, q.auth, q.headers.authorization, q.body.model], ['/anthropic/v1/messages', 'bearer', 'Bearer bedrock-api-key-mantle', 'anthropic.claude-opus-5-5']);
    await assert.rejects(
      createBackend({ provider: 'bedrock', endpoint: 'mantle', model: 'claude-opus-4-6', region: 'us-west-2', apiKey: 'k', env: {} }),
      /claude-opus-4-6 is not served by Claude in Amazon Bedrock \(the mantle endpoint takes Claude 4\.7 and later\): set archflow\.chat\.bedrockEndpoint to runtime/,
    );
    const wrong = await createBackend({ provider: 'bedrock', endpoint: 'mantle', model: 'claude-opus-5-5', region: 'us-west-2', apiKey: 'wrong', baseURL: `${fake.url}/anthropic`, env: {}, maxRetries: 0 });
    assert.match((await collect(new Agent({ backend: wrong, model: 'claude-opus-5-5', provider }).run('hi'))).result.message, /403 .*AWS identity may invoke this model/);
    assertAllValid(fake);
  } finally {
    await provider.close();
    await fake.close();
  }
});

test('Vertex AI: streamRawPredict under the project and region, Google bearer token, no API key, anthropic_version in the body', T, async () => {
  const r = await rig('vertex');
  const provider = await TestToolProvider.connect(standardServers());
  try {
    r.fake.script(call('util__echo', { text: 'v' }), answer('ok'));
    const agent = await agentOn(r, provider);
    const { result } = await collect(agent.run('echo'));
    assert.equal(result.reason, 'end_turn', result.message);
    for (const q of r.fake.requests) {
      assert.equal(q.path, '/v1/projects/proj-from-adc/locations/global/publishers/anthropic/models/claude-sonnet-5-5:streamRawPredict');
      assert.equal(q.headers['authorization'], 'Bearer ya29.stub-token');
      assert.equal(q.headers['x-api-key'], undefined);
      assert.equal(q.rawBody.anthropic_version, '2026-10-21');
      assert.equal(q.rawBody.stream, true);
    }
    assert.equal(typeof agent.backend.countTokens, 'function');
    assertAllValid(r.fake);
  } finally {
    await provider.close();
    await r.dispose();
  }
});

test('Foundry: POST /anthropic/v1/messages with the key in x-api-key', T, async () => {
  const r = await rig('foundry');
  const provider = await TestToolProvider.connect(standardServers());
  try {
    r.fake.script(answer('ok'));
    const { result } = await collect((await agentOn(r, provider)).run('hi'));
    assert.equal(result.reason, 'end_turn', result.message);
    assert.deepEqual([r.fake.requests[0].path, r.fake.requests[0].auth, r.fake.requests[0].headers['x-api-key']], ['/anthropic/v1/messages', 'x-api-key', 'foundry-key-456']);
    assertAllValid(r.fake);
  } finally {
    await provider.close();
    await r.dispose();
  }
});

test('Foundry with Microsoft Entra ID: the token goes as Authorization: Bearer, asked for the ai.azure.com scope once, never with a key', T, async () => {
  const credential = stubTokenCredential('entra-token-789');
  const fake = await startFakeAnthropic({ platform: 'foundry', apiKey: 'foundry-key-456', entraToken: 'entra-token-789' });
  const provider = await TestToolProvider.connect(standardServers());
  try {
    // No key and no choice: Entra ID is the default.
    const backend = await createBackend({ provider: 'foundry', credential, baseURL: `${fake.url}/anthropic/`, maxRetries: 0 });
    assert.equal(credential.scopes.length, 0, 'no token is asked for before a request');
    fake.script(call('util__echo', { text: 'e' }), answer('ok'));
    const { result } = await collect(new Agent({ backend, model: 'claude-sonnet-5-5', provider, approve: async () => 'allow_once' }).run('echo'));
    assert.equal(result.reason, 'end_turn', result.message);
    for (const q of fake.requests) {
      assert.deepEqual([q.path, q.auth, q.headers['authorization'], q.headers['x-api-key']], ['/anthropic/v1/messages', 'bearer', 'Bearer entra-token-789', undefined]);
    }
    assert.equal(fake.requests.length, 2);
    assert.deepEqual(credential.scopes, [['https://ai.azure.com/.default']], 'the token is kept until it nears expiry');
    const who = await describeProvider({ provider: 'foundry', credential: stubTokenCredential('a.eyJ1cG4iOiJhbmFAY29udG9zby5jb20ifQ.c'), resource: 'contoso' });
    assert.deepEqual(who, { ready: true, identity: 'Microsoft Entra ID (ana@contoso.com)', region: 'contoso' });
    // The fake refuses a token it did not issue, as Foundry does.
    const wrong = await createBackend({ provider: 'foundry', auth: 'entra', credential: stubTokenCredential('someone-else'), baseURL: `${fake.url}/anthropic/`, maxRetries: 0 });
    const refused = await collect(new Agent({ backend: wrong, model: 'claude-sonnet-5-5', provider }).run('hi'));
    assert.match(refused.result.message, /401 .*Entra ID identity has a role on this Foundry resource/);
    assertAllValid(fake);
  } finally {
    await provider.close();
    await fake.close();
  }
});

test('Foundry with Microsoft Entra ID and no Azure sign-in: DefaultAzureCredential is built at the first request, and what is missing is one sentence', T, async () => {
  const restore = withEnv({ AZURE_TOKEN_CREDENTIALS: 'dev', AZURE_CLIENT_ID: '', AZURE_TENANT_ID: '', AZURE_CLIENT_SECRET: '', PATH: '/nonexistent' });
  const fake = await startFakeAnthropic({ platform: 'foundry', entraToken: 'never' });
  const provider = await TestToolProvider.connect(standardServers());
  const original = defaultCredential.make;
  let built = 0;
  defaultCredential.make = () => {
    built++;
    return original();
  };
  try {
    const backend = await createBackend({ provider: 'foundry', auth: 'entra', baseURL: `${fake.url}/anthropic/`, maxRetries: 0 });
    assert.equal(built, 0, 'creating the backend builds no credential');
    const { result } = await collect(new Agent({ backend, model: 'claude-sonnet-5-5', provider }).run('hi'));
    assert.equal(built, 1);
    assert.equal(result.reason, 'error');
    assert.match(result.message, /^No Microsoft Entra ID credential was found \(tried [^)]*Azure CLI[^)]*\)\. Run `az login` \(or `azd auth login`\), or store a Foundry API key\.$/);
    assert.doesNotMatch(result.message, /\n|https?:|CredentialUnavailableError|at /);
    assert.equal(fake.requests.length, 0, 'nothing is sent without a token');
    const d = await describeProvider({ provider: 'foundry', resource: 'contoso' });
    assert.equal(d.ready, false);
    assert.match((d as { missing: string }).missing, /^No Microsoft Entra ID credential was found/);
  } finally {
    defaultCredential.make = original;
    await provider.close();
    await fake.close();
    restore();
  }
});

test('wrong credentials: a readable error on each platform, not a stack trace', T, async () => {
  const provider = await TestToolProvider.connect(standardServers());
  try {
    const bad: [RigKind, (s: ProviderSettings) => ProviderSettings, RegExp][] = [
      ['bedrock-key', (s) => ({ ...s, apiKey: 'wrong' }), /403 .*AWS identity may invoke this model/],
      ['vertex', (s) => ({ ...s, authClient: stubAuthClient('expired') }), /401 .*Google account/],
      ['foundry', (s) => ({ ...s, apiKey: 'wrong' }), /401 .*Foundry API key/],
    ];
    for (const [kind, change, expected] of bad) {
      const r = await rig(kind);
      try {
        const agent = new Agent({ backend: await createBackend({ ...change(r.settings), maxRetries: 0 }), model: 'claude-sonnet-5-5', provider });
        const { result } = await collect(agent.run('hi'));
        assert.equal(result.reason, 'error', kind);
        assert.match(result.message, expected, kind);
      } finally {
        await r.dispose();
      }
    }
  } finally {
    await provider.close();
  }
});

// The loop's behaviour, on every backend.
for (const kind of ['anthropic', 'compatible', 'bedrock-sigv4', 'bedrock-mantle', 'vertex', 'foundry', 'foundry-entra'] as const) {
  test(`${kind}: a denied call is not made and the model is told so; Stop mid-stream answers the call; a stream broken mid-way is sent again; a budget stops the run`, T, async () => {
    const r = await rig(kind);
    const provider = await TestToolProvider.connect(standardServers());
    try {
      // Denied.
      let agent = await agentOn(r, provider, { approve: async () => 'deny' });
      r.fake.script(call('util__echo', { text: 'secret' }), answer('You said no.'));
      let { result } = await collect(agent.run('echo'));
      assert.equal(result.reason, 'end_turn', result.message);
      assert.equal(provider.calls.length, 0);
      assert.equal(lastToolResults(r.fake.requests.at(-1)!)[0].isError, true);

      // Stop while streaming, then the conversation goes on.
      agent = await agentOn(r, provider);
      r.fake.script(
        { content: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', name: 'util__echo', input: { text: 'x' } }, { type: 'text', text: 'more text that never ends' }], stopReason: 'tool_use', stallAfterEvents: 11 },
        answer('Fine.'),
      );
      const stop = new AbortController();
      ({ result } = await collect(agent.run('go', { signal: stop.signal }), (e) => {
        if (e.type === 'text_delta' && e.text.startsWith('more')) stop.abort();
      }));
      assert.equal(result.reason, 'cancelled');
      const stopped = r.fake.requests.at(-1)!;
      await eventually(() => stopped.clientClosed, 'the client to close the stream');
      const results = agent.messages[2].content as { type: string; content?: { text: string }[] }[];
      assert.equal(results[0].type, 'tool_result');
      assert.equal(results[0].content![0].text, CANCELLED_MESSAGE);
      assert.equal((await collect(agent.run('never mind'))).result.reason, 'end_turn');

      // A stream that fails mid-way is sent again.
      agent = await agentOn(r, provider);
      r.fake.script({ ...answer('This answer will break off halfway through.'), failAfterEvents: { events: 5 } }, answer('Second try worked.'));
      const retried = await collect(agent.run('hi'));
      assert.equal(retried.result.text, 'Second try worked.', retried.result.message);
      assert.equal(ofType(retried.events, 'retry').length, 1);

      // The token budget.
      agent = await agentOn(r, provider, { budget: { maxTokens: 50 } });
      r.fake.script({ ...call('util__echo', { text: 'x' }), usage: { input_tokens: 400, output_tokens: 30 } });
      ({ result } = await collect(agent.run('echo')));
      assert.equal(result.reason, 'budget');
      assertAllValid(r.fake);
    } finally {
      await provider.close();
      await r.dispose();
    }
  });
}

test('setup: what is missing is said plainly (no region, no AWS profile, no application default credentials, no Foundry resource)', T, async () => {
  const home = await mkdtemp(join(tmpdir(), 'archflow-home-'));
  const restore = withEnv({ AWS_SHARED_CREDENTIALS_FILE: join(home, 'none'), AWS_CONFIG_FILE: join(home, 'none-config'), AWS_EC2_METADATA_DISABLED: 'true', HOME: home, GOOGLE_APPLICATION_CREDENTIALS: '', METADATA_SERVER_DETECTION: 'none', CLOUDSDK_CONFIG: join(home, 'gcloud') });
  delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
  try {
    let d = await describeProvider({ provider: 'bedrock', model: 'claude-sonnet-5-5', env: {} });
    assert.deepEqual(d, { ready: false, missing: 'No AWS region is set: set archflow.chat.bedrockRegion (archflow ask: --region), AWS_REGION, or a region in your AWS profile.' });
    d = await describeProvider({ provider: 'bedrock', model: 'claude-sonnet-5-5', region: 'us-east-1', profile: 'nope', env: {} });
    assert.equal(d.ready, false);
    assert.match((d as { missing: string }).missing, /^No AWS credentials: no AWS profile "nope" with credentials was found in ~\/\.aws\/config or ~\/\.aws\/credentials\. Run `aws configure`/);
    await assert.rejects(createBackend({ provider: 'vertex', env: {} }), /No Vertex AI region is set/);
    d = await describeProvider({ provider: 'vertex', region: 'global', projectId: 'p', env: {} });
    assert.equal(d.ready, false);
    assert.match((d as { missing: string }).missing, /^No Google application default credentials: run `gcloud auth application-default login`/);
    d = await describeProvider({ provider: 'foundry', apiKey: 'k' });
    assert.deepEqual(d, { ready: false, missing: 'No Foundry resource is set: set archflow.chat.foundryResource (archflow ask: --resource).' });
  } finally {
    restore();
    await rm(home, { recursive: true, force: true });
  }
});

test('setup: the identity and region in use are named (profile and its region, never a secret)', T, async () => {
  const files = await awsProfileFiles();
  const restore = withEnv(files.env);
  try {
    const d = await describeProvider({ provider: 'bedrock', model: 'claude-sonnet-5-5', profile: 'work', env: {} });
    assert.deepEqual(d, { ready: true, identity: 'AWS profile work (access key …TEST)', region: 'eu-west-1' });
    assert.doesNotMatch(JSON.stringify(d), /secret-of-the-profile/);
  } finally {
    restore();
    await files.dispose();
  }
});

test('Bedrock: the fake recomputes SigV4, so a request signed with another secret is refused', T, async () => {
  const files = await awsProfileFiles();
  const restore = withEnv(files.env);
  const fake = await startFakeAnthropic({ platform: 'bedrock', aws: { ...AWS, secretAccessKey: 'the-real-secret' } });
  const provider = await TestToolProvider.connect(standardServers());
  try {
    const backend = await createBackend({ provider: 'bedrock', model: 'claude-sonnet-5-5', profile: 'work', baseURL: fake.url, maxRetries: 0 });
    const { result } = await collect(new Agent({ backend, model: 'claude-sonnet-5-5', provider }).run('hi'));
    assert.equal(result.reason, 'error');
    assert.match(result.message, /403 .*signature we calculated does not match/);
  } finally {
    await provider.close();
    await fake.close();
    restore();
    await files.dispose();
  }
});

test('the context window: near the limit the request is counted by the backend (count_tokens) and one that does not fit is not sent; without counting, the estimate decides and is said to be one', T, async () => {
  const provider = await TestToolProvider.connect(standardServers());
  let counted = 80;
  const r = await rig('anthropic', 'claude-sonnet-5-5', { countTokens: () => counted });
  const local = await rig('compatible');
  const vertex = await rig('vertex', 'claude-sonnet-5-5', { countTokens: () => 90 });
  try {
    // Far under the window: no count is asked for.
    r.fake.script(answer('ok'));
    let result = (await collect((await agentOn(r, provider, { contextWindow: 10_000_000 })).run('hi'))).result;
    assert.equal(result.reason, 'end_turn', result.message);
    assert.equal(r.fake.countRequests.length, 0);

    // Past half the window (the system prompt and tools alone estimate at well over 50 tokens): counted, fits, sent.
    r.fake.script(call('util__echo', { text: 'a' }), answer('ok'));
    result = (await collect((await agentOn(r, provider, { contextWindow: 100 })).run('echo'))).result;
    assert.equal(result.reason, 'end_turn', result.message);
    assert.equal(r.fake.countRequests.length, 2, 'one count per request');
    for (const q of r.fake.countRequests) {
      assert.deepEqual([q.path, q.auth, q.status], ['/v1/messages/count_tokens', 'bearer', 200]);
      assert.equal('max_tokens' in q.body, false);
      assert.equal(q.body.model, 'claude-sonnet-5-5');
    }

    // Counted over the window: not sent.
    counted = 150;
    const sent = r.fake.requests.length;
    result = (await collect((await agentOn(r, provider, { contextWindow: 100 })).run('hi'))).result;
    assert.equal(result.reason, 'context_window_exceeded');
    assert.match(result.message, /^The conversation \(150 tokens, counted by http:\/\/127\.0\.0\.1:\d+\) no longer fits in the model's context window of 100 tokens, so it was not sent\./);
    assert.equal(r.fake.requests.length, sent, 'no Messages request was made');

    // Vertex AI counts through count-tokens:rawPredict.
    vertex.fake.script(answer('ok'));
    result = (await collect((await agentOn(vertex, provider, { contextWindow: 100 })).run('hi'))).result;
    assert.equal(result.reason, 'end_turn', result.message);
    assert.deepEqual(vertex.fake.countRequests.map((q) => [q.path, q.rawBody.anthropic_version, q.body.model]), [['/v1/projects/proj-from-adc/locations/global/publishers/anthropic/models/count-tokens:rawPredict', '2026-10-21', 'claude-sonnet-5-5']]);

    // An endpoint without token counting: the estimate decides, and the message says so.
    result = (await collect((await agentOn(local, provider, { model: 'llama3.3', contextWindow: 100 })).run('hi'))).result;
    assert.equal(result.reason, 'context_window_exceeded');
    assert.match(result.message, /^The conversation \([\d,]+ tokens, estimated\) no longer fits/);
    assert.equal(local.fake.requests.length + local.fake.countRequests.length, 0);
    for (const x of [r, vertex, local]) assertAllValid(x.fake);
  } finally {
    await provider.close();
    for (const x of [r, local, vertex]) await x.dispose();
  }
});

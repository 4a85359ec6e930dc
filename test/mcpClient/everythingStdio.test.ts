import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/sdk/client/stdio.js';
import { pathToFileURL } from 'node:url';
import type { McpElicitationRequest, McpSamplingRequest } from '../../src/mcpClient/index';
import { everythingJs, managerFor, nodeServer, repoRoot, textOf, waitUntil, type TestManager } from './helpers';

// server-everything over stdio, with every client capability offered.
describe('server-everything over stdio', () => {
  let t: TestManager;
  const elicitations: McpElicitationRequest[] = [];
  const samplings: McpSamplingRequest[] = [];
  const toolEvents: string[] = [];
  const secretNames = ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'ARCHFLOW_TEST_SECRET'];

  before(() => {
    // The user's own environment holds keys that a server must never receive.
    for (const name of secretNames) process.env[name] = `sk-secret-${name}`;
    t = managerFor(
      { everything: nodeServer(everythingJs, { args: ['stdio'], env: { CONFIGURED_VAR: 'configured-value', FROM_ENV_REF: '${env:ARCHFLOW_TEST_SECRET}' } }) },
      {
        elicit: async (request) => {
          elicitations.push(request);
          return { action: 'accept', content: { name: 'Ada Lovelace', check: true } };
        },
        sample: async (request) => {
          samplings.push(request);
          return { role: 'assistant', content: { type: 'text', text: 'a sampled answer' }, model: 'test-model', stopReason: 'endTurn' };
        },
      },
    );
    t.manager.onDidChangeTools((e) => toolEvents.push(e.server));
  });
  after(async () => {
    for (const name of secretNames) delete process.env[name];
    await t.manager.dispose();
  });

  test('connects and lists every capability, including tools announced by tools/list_changed', { timeout: 30_000 }, async () => {
    const status = await t.manager.connect('everything');
    assert.equal(status.state, 'running');
    assert.equal(status.transport, 'stdio');
    assert.equal(status.serverInfo?.name, 'mcp-servers/everything');
    assert.ok(status.instructions && status.instructions.length > 0);
    assert.ok(toolEvents.includes('everything'));
    // Tools registered only once the server knows the client's capabilities: the server
    // announces them with tools/list_changed right after connecting.
    let names: string[] = [];
    await waitUntil(async () => {
      names = (await t.manager.listServerTools('everything')).map((x) => x.tool.name);
      return names.includes('trigger-sampling-request');
    }, 'the tools announced by tools/list_changed');
    for (const name of ['echo', 'get-env', 'get-sum', 'trigger-long-running-operation', 'get-roots-list', 'trigger-elicitation-request', 'trigger-sampling-request']) {
      assert.ok(names.includes(name), `${name} missing from ${names.join(', ')}`);
    }
    assert.equal((await t.manager.listResources('everything')).length, 7);
    assert.equal((await t.manager.listResourceTemplates('everything')).length, 2);
    assert.deepEqual((await t.manager.listPrompts('everything')).map((p) => p.name).sort(), ['args-prompt', 'completable-prompt', 'resource-prompt', 'simple-prompt']);
  });

  test('the spawned server gets only the default variables plus the configured ones, never API keys', { timeout: 30_000 }, async () => {
    const env = JSON.parse(textOf(await t.manager.callServerTool('everything', 'get-env', {}))) as Record<string, string>;
    const allowed = new Set([...DEFAULT_INHERITED_ENV_VARS, 'CONFIGURED_VAR', 'FROM_ENV_REF']);
    assert.deepEqual(Object.keys(env).filter((k) => !allowed.has(k)), []);
    assert.equal(env.CONFIGURED_VAR, 'configured-value');
    // Only an explicit ${env:...} reference passes a variable on.
    assert.equal(env.FROM_ENV_REF, 'sk-secret-ARCHFLOW_TEST_SECRET');
    for (const name of secretNames) assert.equal(env[name], undefined);
    assert.equal(env.HOME, process.env.HOME);
  });

  test('calls tools: text, structured content validated against its output schema, images', { timeout: 30_000 }, async () => {
    const tools = await t.manager.listTools();
    const sum = tools.find((x) => x.tool.name === 'get-sum')!;
    assert.equal(sum.qualifiedName, 'everything__get-sum');
    assert.match(textOf(await t.manager.callTool(sum.qualifiedName, { a: 2, b: 40 })), /42/);
    const structured = await t.manager.callTool('everything__get-structured-content', { location: 'Chicago' });
    assert.deepEqual(structured.structuredContent, { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 });
    const image = await t.manager.callTool('everything__get-tiny-image', {});
    assert.ok(image.content.some((c) => c.type === 'image' && c.mimeType === 'image/png' && c.data.length > 0));
    const invalid = await t.manager.callTool('everything__get-sum', { a: 'not a number' });
    assert.equal(invalid.isError, true);
  });

  test('progress notifications reach the caller of a long-running operation', { timeout: 30_000 }, async () => {
    const progress: Array<{ progress: number; total?: number }> = [];
    const result = await t.manager.callTool('everything__trigger-long-running-operation', { duration: 0.6, steps: 4 }, { onProgress: (p) => progress.push(p) });
    assert.match(textOf(result), /Long running operation completed/);
    assert.ok(progress.length >= 3, `got ${progress.length} progress reports`);
    assert.deepEqual(progress[0], { progress: 1, total: 4 });
  });

  test('cancellation ends a long-running operation at once', { timeout: 30_000 }, async () => {
    const controller = new AbortController();
    const call = t.manager.callTool('everything__trigger-long-running-operation', { duration: 20, steps: 20 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await assert.rejects(call, { name: 'AbortError' });
    assert.match(textOf(await t.manager.callTool('everything__echo', { message: 'after cancel' })), /after cancel/);
  });

  test('elicitation goes through the callback, with the schema defaults applied', { timeout: 30_000 }, async () => {
    const result = await t.manager.callTool('everything__trigger-elicitation-request', {});
    assert.equal(elicitations.length, 1);
    assert.equal(elicitations[0].server, 'everything');
    assert.match(elicitations[0].message, /Please provide inputs/);
    assert.ok('name' in elicitations[0].requestedSchema.properties);
    const text = textOf(result);
    assert.match(text, /Name: Ada Lovelace/);
    // Fields the user left empty come back with the schema's defaults (SEP-1034).
    assert.match(text, /It was a dark and stormy night\./);
    assert.match(text, /Favorite Integer: 42/);
  });

  test('sampling goes through the callback', { timeout: 30_000 }, async () => {
    const result = await t.manager.callTool('everything__trigger-sampling-request', { prompt: 'say hi', maxTokens: 10 });
    assert.equal(samplings.length, 1);
    assert.equal(samplings[0].params.maxTokens, 10);
    assert.match(textOf(result), /a sampled answer/);
  });

  test('roots: the server sees the workspace folder, and a new set after setRoots', { timeout: 30_000 }, async () => {
    const rootUri = pathToFileURL(repoRoot).href;
    await waitUntil(async () => textOf(await t.manager.callTool('everything__get-roots-list', {})).includes(rootUri), 'the workspace root');
    await t.manager.setRoots([{ uri: 'file:///tmp/another-root', name: 'another' }]);
    await waitUntil(async () => textOf(await t.manager.callTool('everything__get-roots-list', {})).includes('file:///tmp/another-root'), 'the new root');
  });

  test('resources: read one and a template; subscribed updates arrive as events', { timeout: 30_000 }, async () => {
    const resources = await t.manager.listResources('everything');
    const first = resources[0];
    const read = await t.manager.readResource('everything', first.uri);
    assert.equal(read.contents[0].uri, first.uri);
    const templated = await t.manager.readResource('everything', 'demo://resource/dynamic/text/3');
    assert.match(JSON.stringify(templated.contents[0]), /3/);
    const updates: string[] = [];
    const listener = t.manager.onDidUpdateResource((e) => e.server === 'everything' && updates.push(e.uri));
    await t.manager.subscribeResource('everything', first.uri);
    await t.manager.callTool('everything__toggle-subscriber-updates', {});
    await waitUntil(() => updates.includes(first.uri), 'a resource update');
    await t.manager.callTool('everything__toggle-subscriber-updates', {});
    await t.manager.unsubscribeResource('everything', first.uri);
    listener.dispose();
  });

  test('prompts and completion', { timeout: 30_000 }, async () => {
    const simple = await t.manager.getPrompt('everything', 'simple-prompt');
    assert.ok(simple.messages.length > 0);
    const args = await t.manager.getPrompt('everything', 'args-prompt', { city: 'Lisbon' });
    assert.match(JSON.stringify(args.messages), /Lisbon/);
    const completion = await t.manager.complete('everything', { ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'Eng' } });
    assert.deepEqual(completion.completion.values, ['Engineering']);
    await assert.rejects(t.manager.getPrompt('everything', 'no-such-prompt'), /prompt 'no-such-prompt' of server 'everything' failed: .*no-such-prompt/);
  });

  test("the server's log messages and stderr reach the logger under its name", { timeout: 30_000 }, async () => {
    await t.manager.callTool('everything__toggle-simulated-logging', {});
    await waitUntil(() => t.logs.some((l) => l.server === 'everything' && /level message|Roots updated/i.test(l.message)), 'a log message');
    await t.manager.callTool('everything__toggle-simulated-logging', {});
    assert.ok(t.logs.some((l) => l.server === 'everything' && l.message.startsWith('[stderr] ')));
    assert.ok((await t.manager.getServerLog('everything')).length > 0);
  });
});

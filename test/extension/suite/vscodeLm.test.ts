// Copilot's models through VS Code's Language Model API (experimental): the adapter that turns
// the Messages API request into LanguageModelChatMessages and the model's parts back into a
// Messages stream, run by the real agent loop against a fake LanguageModelChat built from the
// extension host's own vscode classes (the real API cannot be used in tests: it needs Copilot,
// a signed-in account and the user's consent).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Agent } from '../../../src/agent/index';
import type { QualifiedTool, ToolProvider } from '../../../src/mcpClient/types';
import { AFTER_TOOL_RESULTS, vscodeLmBackend } from '../../../src/extension/chat/vscodeLmBackend';

type Part = vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart;
type Reply = Part[] | Error;

/** A language model as `vscode.lm.selectChatModels` gives one, answering from a script and recording what it was sent. */
class FakeModel {
  readonly id = 'fake-gpt';
  readonly name = 'Fake GPT';
  readonly vendor = 'fake';
  readonly family = 'fake-gpt';
  readonly version = '1';
  readonly maxInputTokens = 128_000;
  readonly sent: { messages: vscode.LanguageModelChatMessage[]; options?: vscode.LanguageModelChatRequestOptions }[] = [];
  constructor(readonly replies: Reply[]) {}

  async sendRequest(messages: vscode.LanguageModelChatMessage[], options?: vscode.LanguageModelChatRequestOptions): Promise<vscode.LanguageModelChatResponse> {
    this.sent.push({ messages, ...(options ? { options } : {}) });
    const reply = this.replies.shift();
    if (!reply) throw new Error('fake model: no reply left');
    if (reply instanceof Error) throw reply;
    async function* stream() {
      for (const p of reply as Part[]) yield p;
    }
    async function* text() {
      for (const p of reply as Part[]) if (p instanceof vscode.LanguageModelTextPart) yield p.value;
    }
    return { stream: stream(), text: text() };
  }

  async countTokens(value: string | vscode.LanguageModelChatMessage): Promise<number> {
    const text = typeof value === 'string' ? value : value.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : JSON.stringify(p))).join('');
    return Math.ceil(text.length / 4);
  }
}

const echo: QualifiedTool = {
  qualifiedName: 'util__echo',
  server: 'util',
  tool: { name: 'echo', description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
  fingerprint: 'echo-1',
  trusted: false,
};

function tools(): ToolProvider & { calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  return {
    calls,
    listTools: async () => [echo],
    callTool: async (_name, args) => {
      calls.push(args);
      return { content: [{ type: 'text', text: `echo: ${String(args.text)}` }] };
    },
  };
}

function agentOn(model: FakeModel, provider = tools()) {
  return new Agent({ backend: vscodeLmBackend(model as unknown as vscode.LanguageModelChat), model: model.id, provider, approve: async () => 'allow_once', system: 'You draw diagrams.', budget: { maxTokens: 1_000_000 } });
}

function textOf(m: vscode.LanguageModelChatMessage): string {
  return m.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

suite('Copilot models (vscode.lm, experimental)', () => {
  test('messages are mapped (instructions first as a user message, tool calls and results as parts), tool calls run, and usage is estimated', async () => {
    const model = new FakeModel([
      [new vscode.LanguageModelTextPart('Let me check. '), new vscode.LanguageModelToolCallPart('call_1', 'util__echo', { text: 'hi' })],
      [new vscode.LanguageModelTextPart('It said hi.')],
    ]);
    const provider = tools();
    const agent = agentOn(model, provider);
    const run = agent.run('Echo hi');
    const events = [];
    for await (const e of run) events.push(e);
    const result = await run.result;
    assert.equal(result.reason, 'end_turn', result.message);
    assert.equal(result.text, 'It said hi.');
    assert.deepEqual(provider.calls, [{ text: 'hi' }]);

    const [first, second] = model.sent;
    // No system role: the instructions are the first user message.
    assert.equal(first.messages[0].role, vscode.LanguageModelChatMessageRole.User);
    assert.match(textOf(first.messages[0]), /You draw diagrams\./);
    assert.equal(textOf(first.messages[1]), 'Echo hi');
    assert.deepEqual(first.options?.tools?.map((t) => t.name), ['util__echo']);
    assert.equal(first.options?.toolMode, vscode.LanguageModelChatToolMode.Auto);
    // The second request carries the call and its result, and does not end on a tool result.
    const assistant = second.messages[2];
    assert.equal(assistant.role, vscode.LanguageModelChatMessageRole.Assistant);
    const call = assistant.content.find((p): p is vscode.LanguageModelToolCallPart => p instanceof vscode.LanguageModelToolCallPart);
    assert.deepEqual([call?.callId, call?.name, call?.input], ['call_1', 'util__echo', { text: 'hi' }]);
    const results = second.messages[3].content.find((p): p is vscode.LanguageModelToolResultPart => p instanceof vscode.LanguageModelToolResultPart);
    assert.equal(results?.callId, 'call_1');
    assert.equal((results?.content[0] as vscode.LanguageModelTextPart).value, 'echo: hi');
    assert.equal(textOf(second.messages.at(-1)!), AFTER_TOOL_RESULTS);
    assert.doesNotMatch(JSON.stringify(second.messages), /cache_control/);

    assert.ok(result.usage.inputTokens > 0 && result.usage.outputTokens > 0, 'tokens are estimated with the model’s tokenizer');
    assert.equal(result.usage.costUsd, null, 'a Copilot model has no list price');
    assert.equal(agent.backend.caps.usage, 'estimated');
  });

  test('a cost budget is not priced at Anthropic rates: the Copilot plan pays, so it becomes a token cap, said in a notice', async () => {
    const reply = () => [new vscode.LanguageModelTextPart('Checking. '), new vscode.LanguageModelToolCallPart(`call_${Math.random()}`, 'util__echo', { text: 'x' })];
    // $2: 1,000,000 tokens at Sonnet 5.5's $2 input price, far more than this run uses.
    let model = new FakeModel([reply(), [new vscode.LanguageModelTextPart('Done.')]]);
    let agent = new Agent({ backend: vscodeLmBackend(model as unknown as vscode.LanguageModelChat), model: 'claude-opus-5-5', provider: tools(), approve: async () => 'allow_once', maxRounds: 20, budget: { maxCostUsd: 2 } });
    let run = agent.run('Echo');
    const notices: string[] = [];
    for await (const e of run) if (e.type === 'notice') notices.push(e.message);
    let result = await run.result;
    assert.equal(result.reason, 'end_turn', result.message);
    assert.equal(result.usage.costUsd, null, 'a Copilot model is never priced, whatever its id');
    assert.deepEqual(notices, [
      "The requests are billed by your Copilot plan, which ArchFlow cannot see, so no cost is shown: the $2.00 budget is applied as a cap of 1,000,000 tokens (what it buys at claude-sonnet-5-5's $2 per million input tokens), besides the limit of 20 model requests.",
    ]);
    assert.equal(agent.backend.caps.billing, 'plan');

    // A budget of a few tokens' worth stops the run at its cap, not at the dearest price.
    model = new FakeModel([reply(), [new vscode.LanguageModelTextPart('never')]]);
    agent = new Agent({ backend: vscodeLmBackend(model as unknown as vscode.LanguageModelChat), model: model.id, provider: tools(), approve: async () => 'allow_once', budget: { maxCostUsd: 0.0001 } });
    run = agent.run('Echo');
    for await (const _ of run);
    result = await run.result;
    assert.equal(result.reason, 'budget');
    assert.match(result.message, /^Stopped: the run used [\d,]+ tokens \(estimated\), over the 50 its \$0\.0001 budget stands for; the requests are billed by your Copilot plan, not at list prices\.$/);
    assert.doesNotMatch(result.message, /dearest/);
    assert.equal(model.sent.length, 1);
  });

  test('a refusal of consent ends the run with a sentence saying how to allow it', async () => {
    const model = new FakeModel([vscode.LanguageModelError.NoPermissions('The user did not consent.')]);
    const run = agentOn(model).run('Hello');
    for await (const _ of run);
    const result = await run.result;
    assert.equal(result.reason, 'error');
    assert.match(result.message, /ArchFlow may not use Fake GPT \(fake\): the permission was not given/);
    assert.equal(model.sent.length, 1, 'not retried');
  });

  test('a model GitHub does not let extensions use is said plainly (model_not_supported)', async () => {
    const model = new FakeModel([new Error('Request Failed: 400 {"error":{"message":"The requested model is not supported.","code":"model_not_supported"}}')]);
    const run = agentOn(model).run('Hello');
    for await (const _ of run);
    const result = await run.result;
    assert.equal(result.reason, 'error');
    assert.match(result.message, /^GitHub does not let extensions use Fake GPT \(fake\) \(model_not_supported\); choose another Copilot model/);
  });

  test('Stop while the model streams answers the run as cancelled and keeps the history valid', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const model = new FakeModel([]);
    model.sendRequest = async (messages) => {
      model.sent.push({ messages });
      async function* stream() {
        yield new vscode.LanguageModelTextPart('Starting…');
        await gate;
        yield new vscode.LanguageModelTextPart(' never seen');
      }
      return { stream: stream(), text: (async function* () {})() };
    };
    const stop = new AbortController();
    const agent = agentOn(model);
    const run = agent.run('Go', { signal: stop.signal });
    for await (const e of run) {
      if (e.type === 'text_delta') {
        stop.abort();
        release();
      }
    }
    const result = await run.result;
    assert.equal(result.reason, 'cancelled');
    // What had arrived is kept, and the conversation goes on.
    assert.deepEqual(agent.messages.map((m) => m.role), ['user', 'assistant']);
    model.sendRequest = FakeModel.prototype.sendRequest.bind(model);
    model.replies.push([new vscode.LanguageModelTextPart('Fine.')]);
    const next = agent.run('Never mind');
    for await (const _ of next);
    assert.equal((await next.result).text, 'Fine.');
    assert.equal(textOf(model.sent.at(-1)!.messages.at(-1)!), 'Never mind');
  });
});

// The chat inside the real extension host: the real controller, MCP client manager (the
// built-in diagram server in process, fixture servers as child processes), agent loop and
// @anthropic-ai/sdk, against the project's fake Messages API. The view is open, so every
// message also goes through the real webview; the user's clicks are sent as the webview sends
// them (validated messages to the controller).
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ChatServices } from '../../../src/extension/chat/chatServices';
import { applyChatOps, parseChatMessage, type ChatChrome, type ChatItem, type ConversationView, type HostToChatMessage, type ToolItem } from '../../../src/protocol/index';
import { describeInvalid, lastToolResults, startFakeAnthropic, type FakeAnthropic, type ScriptStep } from '../../fakeAnthropic/index';
import { api, EXTENSION_ID, waitFor, workspaceRoot } from './helpers';

let fake: FakeAnthropic;
let chat: ChatServices;
let recorded: HostToChatMessage[];
const repo = () => vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
const fixtureServer = (name: string) => ({ type: 'stdio', command: process.execPath, args: [join(repo(), 'test/fixtures/mcp-servers', name)] });

async function setChat(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('archflow.chat').update(key, value, vscode.ConfigurationTarget.Global);
}

function writeMcpConfig(servers: Record<string, unknown>): void {
  mkdirSync(join(workspaceRoot().fsPath, '.vscode'), { recursive: true });
  writeFileSync(join(workspaceRoot().fsPath, '.vscode', 'mcp.json'), JSON.stringify({ servers }, null, 2));
}

function items(): ChatItem[] {
  return chat.controller.active.record.view.items;
}

function tool(name: string, nth = 0): ToolItem | undefined {
  return items().filter((i): i is ToolItem => i.kind === 'tool' && i.name === name)[nth];
}

/** Sends a message as the webview does; resolves when the run it starts has ended. */
function send(text: string): Promise<void> {
  return chat.controller.receive(parseOk({ type: 'send', text }));
}

/** A message the webview could send (validated like the real ones). */
function parseOk(message: unknown) {
  const parsed = parseChatMessage(message);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.value;
}

function latestChrome(): ChatChrome | undefined {
  return [...recorded].reverse().find((x): x is Extract<HostToChatMessage, { type: 'chrome' }> => x.type === 'chrome')?.chrome;
}

function lastChrome(): ChatChrome {
  const chrome = latestChrome();
  assert.ok(chrome, 'no chrome was sent');
  return chrome;
}

function runEnd() {
  const end = [...items()].reverse().find((i) => i.kind === 'runEnd');
  assert.ok(end && end.kind === 'runEnd', 'no run ended');
  return end;
}

async function fresh(...steps: ScriptStep[]): Promise<void> {
  await chat.controller.newConversation();
  assert.equal(items().length, 0);
  assert.equal(fake.pending, 0, 'a previous test left replies unused');
  fake.script(...steps);
}

function messagesPosts(): number {
  return fake.requests.filter((r) => r.path.startsWith('/v1/messages')).length;
}

suite('chat', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    fake = await startFakeAnthropic();
    process.env.ANTHROPIC_API_KEY = fake.apiKey;
    await setChat('baseUrl', fake.url);
    await vscode.workspace.getConfiguration('archflow.mcp').update('claudeDesktop', false, vscode.ConfigurationTarget.Global);
    writeMcpConfig({ toolbox: fixtureServer('toolbox.mjs') });
    const ext = await api();
    chat = await ext.chat.services();
    // The workspace's own servers start only once approved (VS Code refuses modals in tests).
    await chat.mcp.approveWorkspaceServers();
    await vscode.commands.executeCommand('archflow.openChat');
    recorded = ext.chat.view.recorded!;
    await waitFor(() => ext.chat.view.view !== undefined, 'the chat view to open');
    await waitFor(() => recorded.some((m) => m.type === 'conversation'), 'the webview to ask for the state');
  });

  suiteTeardown(async () => {
    for (const key of ['baseUrl', 'maxRounds']) await setChat(key, undefined);
    await vscode.workspace.getConfiguration('archflow.mcp').update('claudeDesktop', undefined, vscode.ConfigurationTarget.Global);
    rmSync(join(workspaceRoot().fsPath, '.vscode'), { recursive: true, force: true });
    rmSync(join(workspaceRoot().fsPath, 'chat-render.svg'), { force: true });
    // Leave the window as the other suites expect it: no side bar taking the focus or the width.
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await fake?.close();
  });

  teardown(() => {
    assert.equal(fake.invalidRequests().length, 0, `the fake API rejected requests:\n${describeInvalid(fake.requests)}`);
  });

  test('the chat opens in its own view container, with the built-in and configured servers running', async () => {
    const chrome = await waitFor(() => {
      const c = latestChrome();
      return c?.servers.some((s) => s.name === 'toolbox' && s.state === 'running') ? c : undefined;
    }, () => `both servers running; the chat shows ${JSON.stringify(latestChrome()?.servers.map((s) => [s.name, s.state, s.error]))}`);
    assert.equal(chrome.blocker, undefined);
    assert.equal(chrome.keySource, 'environment');
    assert.deepEqual(chrome.servers.map((s) => [s.name, s.state, s.builtin]).sort(), [
      ['archflow', 'running', true],
      ['editor', 'running', true],
      ['toolbox', 'running', false],
    ]);
    await waitFor(() => lastChrome().models.some((m) => m.id === 'claude-opus-5-5'), 'the models the API lists');
    assert.ok(lastChrome().prompts.some((p) => p.command === 'draw_architecture' && p.server === 'archflow'), 'MCP prompts become slash commands');
  });

  test('a streamed answer with a table and a code block arrives a batch at a time', async () => {
    const answer = `Here is the plan:\n\n| tier | service |\n|---|---|\n| edge | gateway |\n| data | postgres |\n\n\`\`\`diagram\nweb = retângulo "Web"\napi = retângulo "API"\nweb -> api\n\`\`\`\n\n${'More detail. '.repeat(150)}`;
    await fresh({ content: [{ type: 'text', text: answer }], stopReason: 'end_turn', textChunk: 8, delayMs: 1 });
    const before = recorded.length;
    await send('Plan the checkout flow');
    const [user, assistant, end] = items();
    assert.ok(user.kind === 'user' && user.text === 'Plan the checkout flow');
    assert.ok(assistant.kind === 'assistant' && assistant.done);
    assert.equal(assistant.text, answer);
    assert.ok(end.kind === 'runEnd' && end.reason === 'end_turn' && end.usage.outputTokens > 0);
    assert.equal(chat.controller.active.record.view.meta.title, 'Plan the checkout flow');
    const deltas = Math.ceil(answer.length / 8);
    const batches = recorded.slice(before).filter((m) => m.type === 'ops').length;
    assert.ok(batches > 1 && batches < deltas / 4, `${deltas} text deltas reached the webview in ${batches} messages`);
    assert.ok(chat.controller.active.record.view.meta.usage.outputTokens > 0, 'the conversation counts its tokens');
  });

  test('a tool call asks; "allow once" asks again next time, "always" never again in this workspace', async () => {
    const echo = (text: string): ScriptStep => ({ content: [{ type: 'tool_use', name: 'toolbox__echo', input: { text } }], stopReason: 'tool_use' });
    await fresh(echo('one'), echo('two'), echo('three'), { content: [{ type: 'text', text: 'Echoed three times.' }], stopReason: 'end_turn' });
    const run = send('Echo three things');
    await waitFor(() => tool('toolbox__echo', 0)?.status === 'approval', 'the first approval');
    assert.equal(tool('toolbox__echo', 0)!.approval!.trusted, false);
    await chat.controller.receive(parseOk({ type: 'approve', toolUseId: tool('toolbox__echo', 0)!.id, choice: 'allow_once' }));
    await waitFor(() => tool('toolbox__echo', 1)?.status === 'approval', 'the second approval (once means once)');
    await chat.controller.receive(parseOk({ type: 'approve', toolUseId: tool('toolbox__echo', 1)!.id, choice: 'allow_always' }));
    await run;
    assert.deepEqual(
      [0, 1, 2].map((n) => [tool('toolbox__echo', n)!.status, tool('toolbox__echo', n)!.approvedHow]),
      [
        ['done', 'once'],
        ['done', 'always'],
        ['done', 'always'],
      ],
    );
    assert.deepEqual(tool('toolbox__echo', 2)!.result!.parts, [{ type: 'text', text: 'three' }]);
    assert.ok(chat.approvals.alwaysAllowed().includes('toolbox__echo'), 'kept in the workspace state');
    await chat.approvals.revoke('toolbox__echo');
  });

  test('a denial reaches the model as an error result, and the run goes on', async () => {
    await fresh(
      { content: [{ type: 'tool_use', name: 'toolbox__echo', input: { text: 'secret' } }], stopReason: 'tool_use' },
      (request) => {
        const [result] = lastToolResults(request);
        assert.ok(result.isError && /did not allow/.test(result.text), result.text);
        return { content: [{ type: 'text', text: 'Understood, I will not echo it.' }], stopReason: 'end_turn' };
      },
    );
    const run = send('Echo my secret');
    await waitFor(() => tool('toolbox__echo')?.status === 'approval', 'the approval');
    await chat.controller.receive(parseOk({ type: 'approve', toolUseId: tool('toolbox__echo')!.id, choice: 'deny' }));
    await run;
    assert.equal(tool('toolbox__echo')!.status, 'denied');
    assert.equal(runEnd().reason, 'end_turn');
    assert.ok(items().some((i) => i.kind === 'assistant' && i.text.includes('will not echo')));
  });

  test("render_diagram's PNG preview is shown in the card, and the SVG is written in the workspace", async () => {
    const text = 'web = retângulo "Web"\napi = retângulo "API"\nweb -> api "HTTPS"';
    await fresh(
      { content: [{ type: 'tool_use', name: 'archflow__render_diagram', input: { text, output: 'chat-render.svg', preview: true } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'Rendered.' }], stopReason: 'end_turn' },
    );
    const run = send('Render it');
    await waitFor(() => tool('archflow__render_diagram')?.status === 'approval', 'render_diagram writes a file, so it asks');
    await chat.controller.receive(parseOk({ type: 'approve', toolUseId: tool('archflow__render_diagram')!.id, choice: 'allow_once' }));
    await run;
    const card = tool('archflow__render_diagram')!;
    assert.equal(card.status, 'done', JSON.stringify(card.result));
    const image = card.result!.parts.find((p) => p.type === 'image');
    assert.ok(image && image.type === 'image' && image.mimeType === 'image/png' && Buffer.from(image.data, 'base64').subarray(1, 4).toString() === 'PNG');
    assert.match(readFileSync(join(workspaceRoot().fsPath, 'chat-render.svg'), 'utf8'), /^<svg/);
  });

  test('Stop while streaming closes the stream; the next message works', async () => {
    await fresh({ content: [{ type: 'text', text: 'word '.repeat(2000) }], stopReason: 'end_turn', textChunk: 5, delayMs: 15 });
    const run = send('Talk for a long time');
    await waitFor(() => items().some((i) => i.kind === 'assistant' && i.text.length > 20), 'some streamed text');
    await chat.controller.receive(parseOk({ type: 'stop' }));
    await run;
    assert.equal(runEnd().reason, 'cancelled');
    assert.equal(chat.controller.active.record.view.meta.running, false);
    await waitFor(() => fake.requests.at(-1)!.clientClosed, 'the connection to be closed');
    fake.script({ content: [{ type: 'text', text: 'Short now.' }], stopReason: 'end_turn' });
    await send('Shorter, please');
    assert.equal(runEnd().reason, 'end_turn');
  });

  test('Stop while an approval is pending cancels the call; the next message works', async () => {
    await fresh({ content: [{ type: 'tool_use', name: 'toolbox__echo', input: { text: 'x' } }], stopReason: 'tool_use' });
    const run = send('Echo x');
    await waitFor(() => tool('toolbox__echo')?.status === 'approval', 'the approval');
    await chat.controller.receive(parseOk({ type: 'stop' }));
    await run;
    assert.equal(tool('toolbox__echo')!.status, 'cancelled');
    assert.equal(runEnd().reason, 'cancelled');
    fake.script((request) => {
      const [result] = lastToolResults(request);
      assert.ok(result.isError && /Cancelled by the user/.test(result.text), 'the stopped call has its result');
      return { content: [{ type: 'text', text: 'OK, skipped.' }], stopReason: 'end_turn' };
    });
    await send('Never mind');
    assert.equal(runEnd().reason, 'end_turn');
  });

  test('Stop during a slow tool sends MCP cancellation to the server; the next message works', async () => {
    await fresh({ content: [{ type: 'tool_use', name: 'toolbox__slow', input: { ms: 30_000, progressEveryMs: 50 } }], stopReason: 'tool_use' });
    const run = send('Do the slow thing');
    await waitFor(() => tool('toolbox__slow')?.status === 'approval', 'the approval');
    await chat.controller.receive(parseOk({ type: 'approve', toolUseId: tool('toolbox__slow')!.id, choice: 'allow_once' }));
    await waitFor(() => tool('toolbox__slow')?.progress !== undefined, 'MCP progress on the card');
    await chat.controller.receive(parseOk({ type: 'stop' }));
    await run;
    assert.equal(tool('toolbox__slow')!.status, 'cancelled');
    const cancelled = await waitFor(async () => {
      const r = await chat.mcp.manager!.callServerTool('toolbox', 'cancellations', {});
      const list = JSON.parse((r.content as { text: string }[])[0].text) as string[];
      return list.length > 0 ? list : undefined;
    }, 'the server to see the cancellation');
    assert.equal(cancelled.length, 1);
    fake.script({ content: [{ type: 'text', text: 'Stopped it.' }], stopReason: 'end_turn' });
    await send('What happened?');
    assert.equal(runEnd().reason, 'end_turn');
  });

  test('the round cap stops the run visibly, and Continue resumes it with a note to the model', async () => {
    await setChat('maxRounds', 1);
    try {
      await fresh(
        { content: [{ type: 'tool_use', name: 'archflow__syntax_help', input: {} }], stopReason: 'tool_use' },
        (request) => {
          const last = request.body.messages.at(-1);
          const note = last.content.find((b: { type: string }) => b.type === 'text');
          assert.match(note.text, /^\[ArchFlow\] The run stopped at its limit of 1 model requests/);
          assert.equal(request.body.messages.filter((m: { role: string }) => m.role === 'user').length, 2, 'no extra user turn');
          return { content: [{ type: 'text', text: 'Continuing: done.' }], stopReason: 'end_turn' };
        },
      );
      await send('Keep going');
      const stopped = runEnd();
      assert.equal(stopped.reason, 'round_cap');
      assert.ok(stopped.canContinue);
      assert.equal(tool('archflow__syntax_help')!.status, 'not_run');
      await chat.controller.receive(parseOk({ type: 'continue', itemId: stopped.id }));
      assert.equal(runEnd().reason, 'end_turn');
      const first = items().find((i) => i.id === stopped.id);
      assert.ok(first && first.kind === 'runEnd' && first.continued, 'the guard is marked continued');
    } finally {
      await setChat('maxRounds', undefined);
    }
  });

  test('what the webview was sent adds up to what the host holds', () => {
    const id = chat.controller.active.id;
    let copy: ConversationView | undefined;
    let seq = 0;
    for (const m of recorded) {
      if (m.type === 'conversation' && m.conversation.id === id) {
        copy = m.conversation;
        seq = m.seq;
      } else if (m.type === 'ops' && copy && m.conversationId === id && m.seq > seq) {
        assert.equal(m.from, seq, 'batches follow on from each other');
        copy = applyChatOps(copy, m.ops);
        seq = m.seq;
      }
    }
    assert.ok(copy);
    assert.deepEqual(copy, chat.controller.active.record.view);
    assert.equal(seq, chat.controller.active.seq);
    assert.ok(!JSON.stringify(recorded).includes(fake.apiKey), 'the key never went to the webview');
  });

  test("a message an app wrote is labelled as the app's for the model and is never a slash command", async () => {
    await fresh({ content: [{ type: 'text', text: 'Noted.' }], stopReason: 'end_turn' });
    const before = messagesPosts();
    // What ChatAppHost sends once the user agreed to an app's ui/message (the dialog is refused in tests).
    await chat.controller.send('/draw_architecture of everything', { server: 'toolbox', tool: 'show' });
    assert.equal(messagesPosts(), before + 1, 'a model run, not the draw_architecture prompt');
    const sent = fake.requests.filter((r) => r.path.startsWith('/v1/messages')).at(-1)!.body.messages.at(-1);
    const texts = sent.content.filter((b: { type: string }) => b.type === 'text').map((b: { text: string }) => b.text);
    assert.equal(texts.length, 1);
    assert.match(texts[0], /^\[ArchFlow\] A message written by the MCP App of toolbox\/show, not by the user; the user agreed to send it\..*\n\/draw_architecture of everything$/s);
    const user = items()[0];
    assert.ok(user.kind === 'user' && user.app?.server === 'toolbox' && !user.prompt, 'shown as sent by the app');
  });

  test('a server that fails to start shows its error in the chat; the other servers still work', async () => {
    writeMcpConfig({ toolbox: fixtureServer('toolbox.mjs'), broken: fixtureServer('crashAtStart.mjs') });
    await chat.mcp.manager!.reloadConfiguration();
    await chat.mcp.approveWorkspaceServers();
    // The file watcher may have tried it before the approval (and been refused: no modals in tests).
    if ((await chat.mcp.manager!.getStatus('broken')).state === 'failed') await chat.mcp.manager!.restartServer('broken').catch(() => {});
    await chat.controller.resync();
    const broken = await waitFor(() => latestChrome()?.servers.find((s) => s.name === 'broken' && s.state === 'failed'), 'the broken server to fail');
    assert.match(broken.error ?? '', /exited with code 3/);
    assert.match(broken.error ?? '', /missing API token/);
    assert.ok(lastChrome().servers.some((s) => s.name === 'toolbox' && s.state === 'running'));
    writeMcpConfig({ toolbox: fixtureServer('toolbox.mjs') });
    await chat.mcp.manager!.reloadConfiguration();
  });

  test('a truncated conversation file is reported and skipped; the others stay listed', async () => {
    const listed = (await chat.store.list()).entries.length;
    assert.ok(listed >= 5, `the earlier conversations are saved (${listed})`);
    writeFileSync(join(chat.store.dir, 'truncated000000000000000.json'), '{"format":1,"id":"truncated000000000000000","view":{"meta":');
    await chat.controller.resync();
    const history = [...recorded].reverse().find((m) => m.type === 'history');
    assert.ok(history && history.type === 'history');
    assert.equal(history.unreadable, 1);
    assert.equal(history.entries.length, listed);
  });

  test('without a key the chat says how to set one, and calls no model', async () => {
    const key = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      await fresh();
      const before = messagesPosts();
      await send('Hello?');
      assert.equal(lastChrome().blocker, 'noKey');
      assert.equal(messagesPosts(), before, 'no request was made');
      assert.equal(items().length, 0, 'nothing was added to the conversation');
    } finally {
      process.env.ANTHROPIC_API_KEY = key;
    }
    await chat.controller.resync();
    assert.equal(lastChrome().blocker, undefined);
  });
  /** Sends a message with `settings` and `env` in place: the chat must block on what is missing and call no model. */
  async function assertNotSetUp(env: Record<string, string | undefined>, settings: Record<string, unknown>, label: string, missing: RegExp): Promise<void> {
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    try {
      for (const [key, value] of Object.entries(settings)) await setChat(key, value);
      await fresh();
      const before = messagesPosts();
      await send('Hello?');
      const chrome = lastChrome();
      assert.equal(chrome.blocker, 'providerSetup');
      assert.equal(chrome.provider?.label, label);
      assert.match(chrome.provider?.missing ?? '', missing);
      assert.equal(messagesPosts(), before, 'no request was made');
      assert.equal(items().length, 0);
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      for (const key of Object.keys(settings)) await setChat(key, undefined);
    }
    await chat.controller.resync();
    assert.equal(lastChrome().blocker, undefined);
  }

  test('a provider that is not set up says exactly what is missing (Bedrock without a region), and calls no model', async () => {
    await assertNotSetUp(
      { AWS_REGION: undefined, AWS_DEFAULT_REGION: undefined, AWS_CONFIG_FILE: join(workspaceRoot().fsPath, 'no-aws-config') },
      { provider: 'bedrock' },
      'Amazon Bedrock',
      /^No AWS region is set: set archflow\.chat\.bedrockRegion/,
    );
    assert.equal(lastChrome().provider?.name, 'anthropic');
    assert.match(lastChrome().provider?.pricesAsOf ?? '', /^\d{4}-\d{2}-\d{2}$/);
  });

  test('a provider that is not set up says exactly what is missing (Foundry with Microsoft Entra ID and no Azure sign-in), and calls no model', async () => {
    // No key stored or in the environment: Foundry signs in with Entra ID, and finds no Azure credential here.
    await assertNotSetUp(
      { ANTHROPIC_FOUNDRY_API_KEY: undefined, AZURE_TOKEN_CREDENTIALS: 'dev' },
      { foundryResource: 'contoso', provider: 'foundry' },
      'Microsoft Foundry',
      /^No Microsoft Entra ID credential was found \(tried [^)]+\)\. Run `az login` \(or `azd auth login`\), or store a Foundry API key\.$/,
    );
  });

  test('an Anthropic-compatible endpoint (a local model): no prompt caching, its model and context window from settings, the endpoint shown', async () => {
    const local = await startFakeAnthropic({ apiKey: 'none' });
    try {
      await setChat('compatibleBaseUrl', local.url);
      await setChat('compatibleContextWindow', 65_536);
      await setChat('provider', 'compatible');
      await fresh();
      await chat.controller.receive(parseOk({ type: 'setModel', model: 'qwen3-coder:30b' }));
      local.script({ content: [{ type: 'text', text: 'Hello from a local model.' }], stopReason: 'end_turn' });
      await send('Hello?');
      assert.equal(runEnd().reason, 'end_turn');
      assert.equal(local.requests.length, 1);
      assert.equal(local.requests[0].body.model, 'qwen3-coder:30b');
      assert.doesNotMatch(JSON.stringify(local.requests[0].body), /cache_control/);
      await chat.controller.resync();
      const chrome = lastChrome();
      assert.equal(chrome.provider?.name, 'compatible');
      assert.equal(chrome.provider?.identity, local.url);
      assert.equal(chrome.provider?.estimated, true);
      assert.equal(chrome.contextWindow, 65_536);
      assert.equal(local.invalidRequests().length, 0, describeInvalid(local.requests));
    } finally {
      for (const key of ['provider', 'compatibleBaseUrl', 'compatibleContextWindow']) await setChat(key, undefined);
      await chat.controller.receive(parseOk({ type: 'setModel', model: 'claude-sonnet-5-5' }));
      await local.close();
    }
  });
  test("Copilot's models (experimental) where Copilot is not installed: the chat says so, and calls no model", async () => {
    try {
      await setChat('provider', 'copilot');
      await fresh();
      const before = messagesPosts();
      await send('Hello?');
      const chrome = lastChrome();
      assert.equal(chrome.blocker, 'providerSetup');
      assert.equal(chrome.provider?.label, "Copilot's models (experimental)");
      assert.match(chrome.provider?.missing ?? '', /^No Copilot model is available: install GitHub Copilot Chat and sign in/);
      // Copilot bills the user's plan: the header says so instead of a cost.
      assert.equal(chrome.provider?.billedByPlan, true);
      assert.equal(messagesPosts(), before);
    } finally {
      await setChat('provider', undefined);
    }
  });
});

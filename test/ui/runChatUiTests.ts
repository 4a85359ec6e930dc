#!/usr/bin/env -S node --import tsx
// The chat, as a user meets it: the packaged .vsix in code-server, driven through the UI by
// headless Chromium, with the project's fake Messages API as the model (its URL in the user
// settings, like a gateway; the key set through the command, into SecretStorage) and real MCP
// servers (the built-in diagram server, a fixture server as a child process). Every request the
// fake receives must be one the real API accepts. Screenshots go to test-results/.
//
// Usage: node --import tsx test/ui/runChatUiTests.ts [--vsix FILE] [--keep] [--screenshots DIR]
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { repoRoot, scratchWorkspace, startCodeServer } from '../extension/harness/codeServer';
import { describeInvalid, lastToolResults, startFakeAnthropic, type FakeAnthropic, type ScriptStep } from '../fakeAnthropic/index';
import { uiRunner, type Workbench } from './uiRunner';
import { approveMcpServersWhenAsked, chatFrame, openFolder, pickColorTheme, reloadWorkbench, runCommand, until, waitForCommand } from './workbench';

const runner = uiRunner();
const artifacts = runner.artifacts;
const TOOLBOX = join(repoRoot, 'test/fixtures/mcp-servers/toolbox.mjs');
const CRASHES = join(repoRoot, 'test/fixtures/mcp-servers/crashAtStart.mjs');
const T = { timeout: 120_000 };

let workbench: Workbench;
let browser: Browser;
let page: Page;
let workspace: string;
let fake: FakeAnthropic;
let vsix: string;

function mcpConfig(servers: Record<string, unknown>): string {
  return JSON.stringify({ servers }, null, 2);
}

function writeMcpConfig(servers: Record<string, unknown>): void {
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(join(workspace, '.vscode', 'mcp.json'), mcpConfig(servers));
}

const chat = () => chatFrame(page);

async function openChat(): Promise<Frame> {
  await waitForCommand(page, 'ArchFlow: Open Chat');
  await runCommand(page, 'ArchFlow: Open Chat');
  return chat();
}

async function screenshot(name: string): Promise<void> {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await runner.screenshot(page, name);
}

/** The id of the newest end of a run on screen ('' when none): the list follows the end, so it is rendered. */
async function lastEnd(frame: Frame): Promise<string> {
  const ends = frame.locator('[data-run-end]');
  return (await ends.count()) ? ((await ends.last().getAttribute('data-item-id')) ?? '') : '';
}

let endBeforeSend = '';

/** Types a message in the composer and presses Enter. */
async function send(text: string): Promise<void> {
  const frame = await chat();
  endBeforeSend = await lastEnd(frame);
  const input = frame.locator('textarea.af-input');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

/** Waits until the run the last `send` (or a Continue) started has ended, and checks why. */
async function runEnded(reason = 'end_turn', since = endBeforeSend): Promise<void> {
  const frame = await chat();
  await until(async () => (await lastEnd(frame)) !== since && (await frame.locator('.af-send').count()) === 1, 'the run to end', 60_000);
  assert.equal(await frame.locator('[data-run-end]').last().getAttribute('data-run-end'), reason);
}

function card(frame: Frame, toolName: string, status?: string) {
  const cards = frame.locator('.af-tool', { has: frame.locator('.af-tool-tool', { hasText: new RegExp(`^${toolName}$`) }) });
  return status ? cards.and(frame.locator(`[data-status="${status}"]`)) : cards;
}

function script(...steps: ScriptStep[]): void {
  assert.equal(fake.pending, 0, 'a previous test left replies unused');
  fake.script(...steps);
}

function messageRequests(): number {
  return fake.requests.filter((r) => r.path.startsWith('/v1/messages')).length;
}

before(async () => {
  vsix = runner.vsix('archflow-ui.vsix');
  fake = await startFakeAnthropic();
  workbench = await runner.openWorkbench({
    name: 'ui-chat',
    vsix,
    files: { '.vscode/mcp.json': mcpConfig({ toolbox: { type: 'stdio', command: 'node', args: [TOOLBOX] } }) },
    // No key anywhere: the first test sets it through the command.
    env: { ANTHROPIC_API_KEY: '' },
    settings: { 'archflow.chat.baseUrl': fake.url, 'archflow.mcp.claudeDesktop': false },
  });
  ({ browser, page, workspace } = workbench);
  approveMcpServersWhenAsked(page);
});

let step = 0;
afterEach(async () => {
  await page?.screenshot({ path: join(artifacts, `ui-chat-step-${++step}.png`) }).catch(() => undefined);
  assert.equal(fake.invalidRequests().length, 0, `the fake API rejected requests:\n${describeInvalid(fake.requests)}`);
});

after(async () => {
  await workbench?.close();
  await fake?.close();
});

test('without a key the chat says how to set one; "Set API Key" stores it and the chat is ready', T, async () => {
  const frame = await openChat();
  const banner = frame.locator('[data-banner="noKey"]');
  await banner.waitFor({ timeout: 60_000 });
  assert.match((await banner.textContent()) ?? '', /Anthropic API key/);
  assert.equal(await frame.locator('.af-send').isDisabled(), true, 'nothing can be sent');
  await banner.locator('button').click();
  const input = page.locator('.quick-input-widget input[type="password"]');
  await input.waitFor({ state: 'visible' });
  await input.fill(fake.apiKey);
  await page.keyboard.press('Enter');
  await until(async () => (await frame.locator('[data-banner="noKey"]').count()) === 0, 'the banner to go once the key is set');
  assert.equal(messageRequests(), 0, 'no model was called without a key');
});

test('a streamed answer renders Markdown: a table, highlighted code; HTML and script links from the model stay inert text', T, async () => {
  script({
    content: [
      {
        type: 'text',
        text: [
          'The checkout flow has **three tiers**:',
          '',
          '| tier | service | store |',
          '|---|---|---|',
          '| edge | gateway | - |',
          '| core | orders | postgres |',
          '',
          '```ts',
          'const order: Order = await orders.create(cart);',
          '```',
          '',
          '```diagram',
          'api = retângulo "API" icon=logos:nodejs-icon',
          'api -> db "SQL" anim=pacotes',
          '```',
          '',
          '<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> [click me](javascript:window.__pwned=3)',
        ].join('\n'),
      },
    ],
    stopReason: 'end_turn',
    textChunk: 12,
    delayMs: 2,
  });
  await send('Describe our checkout flow');
  await runEnded();
  const frame = await chat();
  const md = frame.locator('.af-assistant .af-markdown').last();
  assert.equal(await md.locator('table tr').count(), 3);
  assert.ok((await md.locator('pre code.hljs .hljs-keyword').count()) > 0, 'TypeScript highlighted');
  assert.ok((await md.locator('pre code.language-diagram .hljs-type').count()) > 0, 'the diagram fence is highlighted with its own grammar');
  assert.equal(await md.locator('script, img, iframe').count(), 0, 'no element made from the model\'s HTML');
  assert.match((await md.textContent()) ?? '', /<script>window.__pwned = 1<\/script>/, 'the HTML is shown as text');
  const link = md.locator('a', { hasText: 'click me' });
  if (await link.count()) assert.ok(!((await link.getAttribute('href')) ?? '').startsWith('javascript:'));
  await md.locator(':text("click me")').first().click();
  assert.equal(await frame.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined, 'nothing ran');
  const usage = (await frame.locator('.af-run-usage').last().textContent()) ?? '';
  assert.match(usage, /\d+ in · \d+ out/);
});

test('tool cards: "Allow once" by click, "Always" by keyboard, and the PNG of render_diagram shown in the chat', T, async () => {
  const diagram = 'web = retângulo "Web" icon=logos:react\napi = retângulo "API" icon=logos:nodejs-icon\ndb = cilindro "Postgres" icon=logos:postgresql\nweb -> api "HTTPS" anim=pacotes\napi -> db "SQL"';
  script(
    { content: [{ type: 'text', text: 'Checking the toolbox first.' }, { type: 'tool_use', name: 'toolbox__echo', input: { text: 'one' } }], stopReason: 'tool_use' },
    { content: [{ type: 'tool_use', name: 'toolbox__echo', input: { text: 'two' } }], stopReason: 'tool_use' },
    { content: [{ type: 'tool_use', name: 'archflow__check_diagram', input: { text: diagram } }], stopReason: 'tool_use' },
    { content: [{ type: 'tool_use', name: 'archflow__render_diagram', input: { text: diagram, output: 'checkout.svg', preview: true } }], stopReason: 'tool_use' },
    { content: [{ type: 'text', text: 'The drawing is in `checkout.svg`: the web app calls the API over HTTPS, which stores orders in Postgres.' }], stopReason: 'end_turn' },
  );
  await send('Draw our checkout flow');
  const frame = await chat();
  const first = card(frame, 'echo', 'approval');
  await first.waitFor({ timeout: 60_000 });
  assert.match((await first.textContent()) ?? '', /Run echo from toolbox\?/);
  await first.getByRole('button', { name: /Allow once/ }).click();
  await until(async () => (await card(frame, 'echo').nth(1).getAttribute('data-status')) === 'approval', 'the second call to ask');
  // The card takes the focus: W answers "Always in this workspace".
  await page.keyboard.press('w');
  const render = card(frame, 'render_diagram', 'approval');
  await render.waitFor({ timeout: 60_000 });
  // check_diagram is a read-only tool of the trusted built-in server: it ran without asking.
  assert.match((await card(frame, 'check_diagram').textContent()) ?? '', /read-only tool of a trusted server/);
  await render.getByRole('button', { name: /Allow once/ }).click();
  await runEnded();
  assert.deepEqual(await frame.locator('.af-tool').evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), ['done', 'done', 'done', 'done']);
  // render_diagram has an MCP App: the card draws the live diagram, and the result the model
  // saw (its summary and the PNG) is folded below it.
  await card(frame, 'render_diagram').locator('.af-app[data-app-state="ready"]').waitFor({ timeout: 60_000 });
  await card(frame, 'render_diagram').locator('.af-tool-result-toggle').click();
  const picture = card(frame, 'render_diagram').locator('img.af-result-image');
  await until(async () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100), 'the PNG preview decoded');
  assert.ok(existsSync(join(workspace, 'checkout.svg')), 'the SVG was written in the workspace');
  const argsToggle = card(frame, 'render_diagram').locator('.af-tool-args-toggle');
  await argsToggle.click();
  assert.match((await card(frame, 'render_diagram').locator('.af-tool-args').textContent()) ?? '', /"output": "checkout.svg"/);
  await argsToggle.click();
  await screenshot('chat-light');
});

test('after a window reload the conversation and its cost are restored, and "always" still holds', T, async () => {
  const before = await (await chat()).locator('.af-total').textContent();
  await reloadWorkbench(page);
  const frame = await chat().catch(() => openChat());
  await frame.locator('.af-user', { hasText: 'Draw our checkout flow' }).waitFor({ timeout: 60_000 });
  assert.equal(await frame.locator('.af-total').textContent(), before, 'the same total');
  await card(frame, 'render_diagram').locator('.af-app[data-app-state="ready"]').waitFor({ timeout: 60_000 });
  await card(frame, 'render_diagram').locator('.af-tool-result-toggle').click();
  assert.equal(await card(frame, 'render_diagram').locator('img.af-result-image').count(), 1, 'the picture too');
  script(
    { content: [{ type: 'tool_use', name: 'toolbox__echo', input: { text: 'after reload' } }], stopReason: 'tool_use' },
    { content: [{ type: 'text', text: 'Echoed without asking.' }], stopReason: 'end_turn' },
  );
  await send('Echo once more');
  await runEnded();
  const last = card(frame, 'echo').last();
  assert.equal(await last.getAttribute('data-status'), 'done');
  assert.match((await last.textContent()) ?? '', /always allowed in this workspace/);
});

test('Stop: the button while an answer streams, Escape while an approval waits; each time the next message works', T, async () => {
  await runCommand(page, 'ArchFlow: New Chat');
  const frame = await chat();
  await frame.locator('.af-empty').waitFor();
  script({ content: [{ type: 'text', text: 'streaming '.repeat(1500) }], stopReason: 'end_turn', textChunk: 6, delayMs: 10 });
  await send('Write a very long answer');
  await frame.locator('.af-assistant').first().waitFor();
  await frame.locator('.af-stop').click();
  await runEnded('cancelled');
  script({ content: [{ type: 'tool_use', name: 'toolbox__slow', input: { ms: 60_000 } }], stopReason: 'tool_use' });
  await send('Now the slow tool');
  await card(frame, 'slow', 'approval').waitFor({ timeout: 60_000 });
  await frame.locator('textarea.af-input').focus();
  await page.keyboard.press('Escape');
  await runEnded('cancelled');
  assert.equal(await card(frame, 'slow').getAttribute('data-status'), 'cancelled');
  script((request) => {
    assert.match(lastToolResults(request)[0].text, /Cancelled by the user/);
    return { content: [{ type: 'text', text: 'All good.' }], stopReason: 'end_turn' };
  });
  await send('Are you there?');
  await runEnded();
  await frame.locator('.af-assistant', { hasText: 'All good.' }).waitFor();
});

test('the round cap stops a run and says so; Continue resumes it', T, async () => {
  // Twenty requests (the default cap), each a different check, so no other guard stops it first.
  const rounds: ScriptStep[] = Array.from({ length: 20 }, (_, i) => ({
    content: [{ type: 'tool_use' as const, name: 'archflow__check_diagram', input: { text: `n${i} = retângulo "Node ${i}"` } }],
    stopReason: 'tool_use' as const,
  }));
  script(...rounds, { content: [{ type: 'text', text: 'Resumed and finished.' }], stopReason: 'end_turn' });
  await send('Check twenty variants');
  await runEnded('round_cap');
  const frame = await chat();
  const end = frame.locator('.af-run-end[data-reason="round_cap"]').last();
  assert.match((await end.textContent()) ?? '', /Round limit reached.*20 model requests/s);
  const before = await lastEnd(frame);
  await end.getByRole('button', { name: 'Continue' }).click();
  await runEnded('end_turn', before);
  await frame.locator('.af-assistant', { hasText: 'Resumed and finished.' }).waitFor();
  assert.equal(await frame.locator('.af-run-end[data-reason="round_cap"]').last().getByRole('button', { name: 'Continued' }).isDisabled(), true);
});

test('a server that fails to start is shown with its error, and its log opens', T, async () => {
  writeMcpConfig({ toolbox: { type: 'stdio', command: 'node', args: [TOOLBOX] }, broken: { type: 'stdio', command: 'node', args: [CRASHES] } });
  const frame = await chat();
  const banner = frame.locator('[data-banner="server"][data-server="broken"]');
  await banner.waitFor({ timeout: 60_000 });
  assert.match((await banner.textContent()) ?? '', /broken failed.*exited with code 3.*missing API token/s);
  await banner.getByRole('button', { name: 'Show Log' }).click();
  // Monaco draws spaces as no-break spaces.
  await until(async () => ((await page.locator('.part.panel').textContent()) ?? '').replace(/\u00a0/g, ' ').includes('missing API token'), 'the server log in the Output panel');
  writeMcpConfig({ toolbox: { type: 'stdio', command: 'node', args: [TOOLBOX] } });
  await until(async () => (await banner.count()) === 0, 'the banner to go with the server');
});

test('the chat follows the dark theme', T, async () => {
  await pickColorTheme(page, 'Dark Modern');
  await until(async () => (await page.locator('.monaco-workbench').getAttribute('class'))?.includes('vs-dark') ?? false, 'dark workbench');
  await runCommand(page, 'ArchFlow: Show Chat History');
  const frame = await chat();
  const entries = frame.locator('.af-history-entry');
  await until(async () => (await entries.count()) >= 2, 'two conversations in the history');
  await entries.filter({ hasText: 'Describe our checkout flow' }).locator('.af-history-open').click();
  // It opens at its end; its first message is above the live diagram of its render card.
  await until(async () => (await frame.locator('.af-user').count()) > 0, 'the conversation shown');
  await frame.locator('.af-messages').evaluate((el) => (el.scrollTop = 0));
  await frame.locator('.af-user', { hasText: 'Draw our checkout flow' }).waitFor();
  const background = await frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
  assert.ok(r + g + b < 200, `a dark background (${background})`);
  await screenshot('chat-dark');
  await pickColorTheme(page, 'Light Modern');
});

test('in Restricted Mode the chat starts no server and calls no model, and offers to manage trust', T, async () => {
  const restrictedWs = scratchWorkspace(join(repoRoot, 'test/extension/fixtures/workspace'));
  // A server that leaves a mark when it starts: in Restricted Mode it must not.
  const flag = join(restrictedWs, 'server-started.flag');
  mkdirSync(join(restrictedWs, '.vscode'), { recursive: true });
  writeFileSync(join(restrictedWs, '.vscode', 'mcp.json'), JSON.stringify({ servers: { marker: { type: 'stdio', command: 'node', args: ['-e', "require('fs').writeFileSync(process.argv[1], 'started')", flag] } } }));
  const restricted = await startCodeServer({
    workspace: restrictedWs,
    trusted: false,
    installVsix: [vsix],
    env: { ANTHROPIC_API_KEY: fake.apiKey },
    logFile: join(artifacts, 'ui-chat-restricted.server.log'),
    settings: { 'archflow.chat.baseUrl': fake.url, 'archflow.mcp.claudeDesktop': false, 'window.commandCenter': false },
  });
  const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await openFolder(other, restricted.origin, restrictedWs);
    const requests = messageRequests();
    await waitForCommand(other, 'ArchFlow: Open Chat');
    await runCommand(other, 'ArchFlow: Open Chat');
    const frame = await until(async () => {
      for (const f of other.frames()) if (await f.locator('.af-chat').count().catch(() => 0)) return f;
      return undefined;
    }, 'the chat in Restricted Mode', 60_000);
    const banner = frame.locator('[data-banner="untrusted"]');
    await banner.waitFor({ timeout: 60_000 });
    assert.match((await banner.textContent()) ?? '', /Restricted Mode/);
    assert.equal(await frame.locator('.af-send').isDisabled(), true);
    assert.equal(messageRequests(), requests, 'no model call');
    assert.equal(existsSync(flag), false, 'no MCP server started');
    await banner.getByRole('button', { name: 'Manage Workspace Trust' }).click();
    await other.locator('.workspace-trust-editor, .editor-instance').first().waitFor({ timeout: 30_000 });
  } finally {
    await other.close();
    await restricted.stop();
    rmSync(restrictedWs, { recursive: true, force: true });
  }
});

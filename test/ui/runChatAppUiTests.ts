#!/usr/bin/env -S node --import tsx
// MCP Apps in the chat, as a user meets them: the packaged .vsix in code-server, driven
// through the UI by headless Chromium, the project's fake Messages API as the model, and real
// MCP servers: the built-in diagram server (its app draws the diagram in the card) and a
// fixture server (test/fixtures/mcp-servers/appFixture.mjs) whose app tries what the host must
// not allow. Screenshots go to test-results/.
//
// Usage: node --import tsx test/ui/runChatAppUiTests.ts [--vsix FILE] [--keep] [--screenshots DIR]
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { analyzeText } from '../../src/node/diagramPipeline';
import { appMaxHeight } from '../../src/protocol/chatApps';
import { repoRoot } from '../extension/harness/codeServer';
import { describeInvalid, lastToolResults, startFakeAnthropic, type FakeAnthropic, type RecordedRequest, type ScriptStep } from '../fakeAnthropic/index';
import { uiRunner, type Workbench } from './uiRunner';
import { approveMcpServersWhenAsked, chatFrame, pickColorTheme, reloadWorkbench, runCommand, until, waitForCommand } from './workbench';

const runner = uiRunner();
const artifacts = runner.artifacts;
const TOOLBOX = join(repoRoot, 'test/fixtures/mcp-servers/toolbox.mjs');
const FIXTURE = join(repoRoot, 'test/fixtures/mcp-servers/appFixture.mjs');
const T = { timeout: 120_000 };
/** An app document's path on the app server: 64 hex characters. */
const APP_URL = /\/[0-9a-f]{64}$/;
const DIAGRAM = [
  'web = retângulo "Web" icon=logos:react',
  'api = retângulo "API" icon=logos:nodejs-icon',
  'db = cilindro "Postgres" icon=logos:postgresql',
  'queue = fila "Orders"',
  'web -> api "HTTPS" anim=pacotes',
  'api -> db "SQL"',
  'api -> queue "events"',
].join('\n');

let workbench: Workbench;
let page: Page;
let workspace: string;
let fake: FakeAnthropic;

const chat = () => chatFrame(page);

/** The app documents the page holds now (served by the chat's app server), newest last. */
function appFrames(): Frame[] {
  return page.frames().filter((f) => APP_URL.test(f.url()));
}

/** The app frame inside a tool card (the card's iframe, found by its element). */
async function appIn(cardId: string): Promise<Frame> {
  const frame = await chat();
  return until(async () => {
    const handle = await frame.locator(`.af-tool[data-tool-id="${cardId}"] iframe.af-app-frame`).elementHandle({ timeout: 1000 }).catch(() => null);
    const inner = await handle?.contentFrame();
    return inner && APP_URL.test(inner.url()) ? inner : undefined;
  }, `the app frame of card ${cardId}`, 60_000);
}

async function screenshot(name: string): Promise<void> {
  await runner.screenshot(page, name);
}

async function lastEnd(frame: Frame): Promise<string> {
  const ends = frame.locator('[data-run-end]');
  return (await ends.count()) ? ((await ends.last().getAttribute('data-item-id')) ?? '') : '';
}

let endBeforeSend = '';

async function send(text: string): Promise<void> {
  const frame = await chat();
  endBeforeSend = await lastEnd(frame);
  const input = frame.locator('textarea.af-input');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

async function runEnded(reason = 'end_turn', since = endBeforeSend): Promise<void> {
  const frame = await chat();
  await until(async () => (await lastEnd(frame)) !== since && (await frame.locator('.af-send').count()) === 1, 'the run to end', 60_000);
  assert.equal(await frame.locator('[data-run-end]').last().getAttribute('data-run-end'), reason);
}

function card(frame: Frame, toolName: string) {
  return frame.locator('.af-tool', { has: frame.locator('.af-tool-tool', { hasText: new RegExp(`^${toolName}$`) }) });
}

function script(...steps: ScriptStep[]): void {
  assert.equal(fake.pending, 0, 'a previous test left replies unused');
  fake.script(...steps);
}

function messageRequests(): RecordedRequest[] {
  return fake.requests.filter((r) => r.path.startsWith('/v1/messages'));
}

/** The text of the app's `#id` element. */
async function appText(app: Frame, id: string): Promise<string> {
  return (await app.locator(`#${id}`).textContent()) ?? '';
}

/** The fixture app's state: what the host sent it. */
async function appState(app: Frame): Promise<{ input: unknown; result: { content: { text: string }[]; _meta?: Record<string, unknown> } | null; cancelled: string | null; context: Record<string, any> | null; capabilities?: string[]; host?: string }> {
  return JSON.parse(await appText(app, 'state'));
}

/** Clicks a button of the fixture app and waits for its log to gain a line matching `expect`. */
async function press(app: Frame, id: string, expect: RegExp): Promise<string> {
  const before = (await appText(app, 'log')).split('\n').filter(Boolean).length;
  await app.locator(`#${id}`).click();
  return until(async () => {
    const lines = (await appText(app, 'log')).split('\n').filter(Boolean);
    const line = lines.slice(before).find((l) => expect.test(l));
    return line;
  }, `the app's log after #${id} to match ${expect}`);
}

before(async () => {
  const vsix = runner.vsix('archflow-ui.vsix');
  fake = await startFakeAnthropic();
  workbench = await runner.openWorkbench({
    name: 'ui-chat-apps',
    vsix,
    files: { '.vscode/mcp.json': JSON.stringify({ servers: { toolbox: { type: 'stdio', command: 'node', args: [TOOLBOX] }, fixture: { type: 'stdio', command: 'node', args: [FIXTURE] } } }, null, 2) },
    env: { ANTHROPIC_API_KEY: fake.apiKey },
    settings: { 'archflow.chat.baseUrl': fake.url, 'archflow.mcp.claudeDesktop': false },
  });
  ({ page, workspace } = workbench);
  approveMcpServersWhenAsked(page);
  await waitForCommand(page, 'ArchFlow: Open Chat');
  await runCommand(page, 'ArchFlow: Open Chat');
  await chat();
});

let step = 0;
afterEach(async () => {
  await page?.screenshot({ path: join(artifacts, `ui-chat-apps-step-${++step}.png`) }).catch(() => undefined);
  assert.equal(fake.invalidRequests().length, 0, `the fake API rejected requests:\n${describeInvalid(fake.requests)}`);
});

after(async () => {
  await workbench?.close();
  await fake?.close();
});

let fixtureCard = '';

test("a server's app shows in its tool card, in a document of its own under the CSP from its _meta.ui.csp; the sandbox holds", T, async () => {
  script(
    { content: [{ type: 'tool_use', name: 'fixture__show_app', input: { label: 'first', file: join(workspace, 'simple.diagram') } }], stopReason: 'tool_use' },
    { content: [{ type: 'text', text: 'The fixture app is above.' }], stopReason: 'end_turn' },
  );
  await send('Show me the fixture app');
  const frame = await chat();
  const shown = card(frame, 'show_app');
  await shown.locator('.af-approval').waitFor({ timeout: 60_000 });
  await shown.getByRole('button', { name: /Allow for this session/ }).click();
  await runEnded();
  fixtureCard = (await shown.getAttribute('data-tool-id'))!;
  await shown.locator('.af-app[data-app-state="ready"]').waitFor({ timeout: 60_000 });
  const app = await appIn(fixtureCard);

  // The app got the call's arguments and the server's whole result (its _meta included), and the host's offer.
  const state = await until(async () => {
    const s = await appState(app);
    return s.result ? s : undefined;
  }, 'the tool result in the app');
  assert.deepEqual(state.input, { label: 'first', file: join(workspace, 'simple.diagram') });
  assert.match(state.result!.content[0]!.text, /Showing the fixture app: first/);
  assert.deepEqual(state.result!._meta?.fixture, { secret: 'for the app only' });
  assert.equal(state.host, 'ArchFlow chat');
  assert.deepEqual(state.capabilities, ['logging', 'message', 'openLinks', 'sandbox', 'serverTools', 'updateModelContext']);
  assert.equal(state.context?.theme, 'light');
  assert.equal(state.context?.displayMode, 'inline');
  assert.ok(state.context?.styles?.variables?.['--color-text-primary'], 'VS Code colours as host variables');
  assert.equal(state.context?.toolInfo?.tool?.name, 'show_app');

  // Its sandbox: an opaque origin, no parent, no storage, no eval, no network outside its declaration.
  const probes = await until(async () => {
    const text = await appText(app, 'probes');
    return /fetch (failed|ALLOWED)/.test(text) ? text : undefined;
  }, 'the fixture app to finish its probes');
  assert.match(probes, /^script ran, origin null$/m);
  assert.match(probes, /^parent document blocked$/m);
  assert.match(probes, /^storage blocked$/m);
  assert.match(probes, /^eval blocked$/m);
  assert.match(probes, /^csp-violation connect-src https:\/\/evil\.example\.test\/steal$/m);
  assert.doesNotMatch(probes, /READABLE|ALLOWED/);

  // The document's own policy, from the resource's _meta.ui.csp: the good domain in, the rest out.
  const response = await fetch(app.url());
  assert.equal(response.status, 200);
  const policy = response.headers.get('content-security-policy') ?? '';
  assert.match(policy, /(^|; )connect-src https:\/\/api\.example\.test(;|$)/);
  assert.match(policy, /(^|; )script-src 'unsafe-inline'(;|$)/);
  assert.doesNotMatch(policy, /unsafe-eval|localhost|\*|'self'/);
  // The chat's own page keeps its strict policy: it only gains frames from the app server.
  const chatCsp = (await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  assert.match(chatCsp, /script-src 'nonce-[0-9a-f]{32}';/);
  assert.doesNotMatch(chatCsp, /unsafe-inline|unsafe-eval/);
  const frameSrc = /frame-src (\S+)/.exec(chatCsp)?.[1] ?? '';
  assert.ok(app.url().startsWith(frameSrc), `the app (${app.url()}) is under the chat's only frame source (${frameSrc})`);

  // A message the app posted as if it were the chat's host was not drawn.
  assert.equal(await frame.locator(':text("SPOOFED BY THE APP")').count(), 0);
  // The model is offered the tools meant for it, not the app's own; it never sees _meta.
  const tools: string[] = messageRequests().at(-1)!.body.tools.map((t: { name: string }) => t.name);
  assert.ok(tools.includes('fixture__show_app') && tools.includes('fixture__model_only'), tools.join(', '));
  assert.ok(!tools.includes('fixture__app_ping'), 'the app-only tool is hidden from the model');
  const seen = lastToolResults(messageRequests().at(-1)!)[0]!;
  assert.match(seen.text, /Showing the fixture app: first/);
  assert.doesNotMatch(JSON.stringify(seen.content), /for the app only/);
});

test("an app's tools/call reaches only its own server, only tools open to apps, and of an untrusted server only after the user agrees", T, async () => {
  const app = await appIn(fixtureCard);
  const dialog = page.locator('.monaco-dialog-box');
  // A destructive tool: asked, shown with its arguments, and not run when the user says no.
  await app.locator('#erase').click();
  await dialog.waitFor({ timeout: 30_000 });
  assert.match((await dialog.textContent()) ?? '', /The app of fixture › show_app wants to call the tool app_erase.*everything/s);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await until(async () => /app_erase ok The user did not allow the call to app_erase\./.test(await appText(app, 'log')), 'the refusal in the app');
  // The untrusted fixture's read-only hint is not believed either: it runs once the user allows it.
  await app.locator('#ping').click();
  await dialog.waitFor({ timeout: 30_000 });
  assert.match((await dialog.textContent()) ?? '', /wants to call the tool app_ping/);
  await dialog.getByRole('button', { name: 'Allow' }).click();
  await until(async () => /app_ping ok pong 1/.test(await appText(app, 'log')), 'the ping answered');
  assert.match(await press(app, 'other', /^echo /), /^echo refused .*may call only that server's tools.*no tool named 'echo'/);
  assert.match(await press(app, 'qualified', /^toolbox__echo /), /^toolbox__echo refused .*no tool named 'toolbox__echo'/);
  assert.match(await press(app, 'modelOnly', /^model_only /), /^model_only refused .*for the model only/);
});

test('an app that asks for 10,000 px gets the most an inline app may have', T, async () => {
  const frame = await chat();
  const app = await appIn(fixtureCard);
  await press(app, 'grow', /asked for 10000 px/);
  const box = frame.locator(`.af-tool[data-tool-id="${fixtureCard}"] .af-app`);
  await until(async () => (await box.getAttribute('data-app-requested')) === '10000', 'the request to reach the card');
  const viewHeight = await frame.evaluate(() => window.innerHeight);
  const expected = appMaxHeight(viewHeight);
  assert.ok(expected < 10_000);
  await until(async () => Number(await box.getAttribute('data-app-height')) === expected, `the frame clamped to ${expected} px`);
  const drawn = await box.locator('iframe').evaluate((el) => el.getBoundingClientRect().height);
  assert.equal(Math.round(drawn), expected);
});

test('a link opens only after the user agrees; other schemes never', T, async () => {
  const app = await appIn(fixtureCard);
  const dialog = page.locator('.monaco-dialog-box');
  await app.locator('#link').click();
  await dialog.waitFor({ timeout: 30_000 });
  assert.match((await dialog.textContent()) ?? '', /The app of fixture › show_app wants to open https:\/\/example\.com\/docs/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await until(async () => /link https:\/\/example\.com\/docs not opened/.test(await appText(app, 'log')), 'the refusal in the app');
  assert.match(await press(app, 'badLink', /^link command:/), /not opened$/);
  assert.equal(await dialog.count(), 0, 'no question for a command link: it is refused outright');
  await app.locator('#fileLink').click();
  await dialog.waitFor({ timeout: 30_000 });
  assert.match((await dialog.textContent()) ?? '', /wants to open the file .*simple\.diagram/);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await page.locator('.tabs-container .tab.active', { hasText: 'simple.diagram' }).waitFor({ timeout: 30_000 });
  await until(async () => /simple\.diagram opened/.test(await appText(app, 'log')), 'the app told the file opened');
  await runCommand(page, 'View: Close All Editor Groups');
});

test('model context from an app goes with the next message as a note; a ui/message is sent only when the user agrees, labelled as the app\'s', T, async () => {
  const frame = await chat();
  const app = await appIn(fixtureCard);
  await press(app, 'context', /context kept/);
  const chip = frame.locator('.af-composer .af-chip[data-kind="app"]').first();
  await chip.waitFor({ timeout: 30_000 });
  assert.match((await chip.textContent()) ?? '', /show_app app/);
  script((request) => {
    const last = request.body.messages.at(-1);
    const texts: string[] = last.content.filter((b: { type: string }) => b.type === 'text').map((b: { text: string }) => b.text);
    assert.equal(texts.length, 2, 'the note and the user\'s own words, in one user message');
    assert.match(texts[0]!, /^\[ArchFlow\] Context from the MCP App of fixture\/show_app .*not written by the user\.\nThe user picked row 7 of the fixture app\.\nStructured content: \{"row":7\}$/s);
    assert.equal(texts[1], 'Which row did I pick?');
    return { content: [{ type: 'text', text: 'Row 7.' }], stopReason: 'end_turn' };
  });
  await send('Which row did I pick?');
  await runEnded();
  assert.equal(await frame.locator('.af-composer .af-chip[data-kind="app"]').count(), 0, 'the note went with that message');

  script((request) => {
    const texts = request.body.messages.at(-1).content.filter((b: { type: string }) => b.type === 'text').map((b: { text: string }) => b.text);
    assert.equal(texts.length, 1, 'no pending attachment or context goes with an app message');
    assert.match(texts[0]!, /^\[ArchFlow\] A message written by the MCP App of fixture\/show_app, not by the user; the user agreed to send it\..*\nTell me about the fixture app/s);
    return { content: [{ type: 'text', text: 'It is a fixture.' }], stopReason: 'end_turn' };
  });
  const before = await lastEnd(frame);
  const dialog = page.locator('.monaco-dialog-box', { hasText: 'wants to send this message' });
  await app.locator('#message').click();
  await dialog.waitFor({ timeout: 30_000 });
  assert.match((await dialog.textContent()) ?? '', /The app of fixture › show_app wants to send this message to the model for you:.*Tell me about the fixture app/s);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await runEnded('end_turn', before);
  const user = frame.locator('.af-user', { hasText: 'Tell me about the fixture app' }).last();
  assert.match((await user.locator('.af-user-app').textContent()) ?? '', /Sent by the app of fixture › show_app/);
  assert.match(await appText(app, 'log'), /message sent/);
});

test('Stop while a call with an app runs sends tool-cancelled to the app', T, async () => {
  script({ content: [{ type: 'tool_use', name: 'fixture__slow_app', input: { ms: 60_000 } }], stopReason: 'tool_use' });
  await send('Run the slow one');
  const frame = await chat();
  const slow = card(frame, 'slow_app').last();
  await slow.locator('.af-approval').waitFor({ timeout: 60_000 });
  await slow.getByRole('button', { name: /Allow once/ }).click();
  await slow.locator('.af-app[data-app-state="ready"]').waitFor({ timeout: 60_000 });
  const id = (await slow.getAttribute('data-tool-id'))!;
  const app = await appIn(id);
  await until(async () => (await appState(app)).input !== null, 'the input in the app');
  await frame.locator('.af-stop').click();
  await runEnded('cancelled');
  const state = await until(async () => {
    const s = await appState(app);
    return s.cancelled !== null ? s : undefined;
  }, 'tool-cancelled in the app');
  assert.equal(state.cancelled, 'The call was cancelled.');
  assert.equal(state.result, null);
});

test('the built-in diagram app draws in the chat: every element and connection check_diagram counts; it follows light, dark and high contrast', T, async () => {
  await runCommand(page, 'ArchFlow: New Chat');
  await (await chat()).locator('.af-empty').waitFor();
  script(
    { content: [{ type: 'tool_use', name: 'archflow__render_diagram', input: { text: DIAGRAM, output: 'apps.svg' } }], stopReason: 'tool_use' },
    { content: [{ type: 'text', text: 'Drawn in `apps.svg`.' }], stopReason: 'end_turn' },
  );
  await send('Draw the orders flow');
  const frame = await chat();
  const render = card(frame, 'render_diagram');
  await render.locator('.af-approval').waitFor({ timeout: 60_000 });
  await render.getByRole('button', { name: /Allow for this session/ }).click();
  await runEnded();
  const id = (await render.getAttribute('data-tool-id'))!;
  const app = await appIn(id);
  await app.locator('.af-app[data-painted-at]').waitFor({ timeout: 60_000 });
  const counts = analyzeText(DIAGRAM, {}).counts;
  assert.equal(await app.locator('.react-flow__node:not(.react-flow__node-diagramTitle)').count(), counts.elements);
  assert.equal(await app.locator('.react-flow__edge').count(), counts.connections);
  assert.ok((await app.locator('.af-packets animateMotion').count()) > 0, 'traffic moves');
  assert.ok((await app.locator('.af-root').getAttribute('class'))?.includes('af-theme-light'));
  // The result text is folded under the app.
  assert.equal(await render.locator('.af-tool-result').count(), 0);
  await render.locator('.af-tool-result-toggle').click();
  assert.match((await render.locator('.af-tool-result').textContent()) ?? '', /apps\.svg/);
  await render.locator('.af-tool-result-toggle').click();
  await screenshot('chat-app-light');

  // A click on a node: the app asks its own server (an app-only tool) and shares it with the model.
  await app.locator('.react-flow__node', { hasText: 'API' }).first().click();
  await frame.locator('.af-chip[data-kind="app"]', { hasText: 'render_diagram app' }).waitFor({ timeout: 30_000 });

  // Keys pressed inside an app's frame stay there: the workbench's shortcuts need the focus back.
  await frame.locator('textarea.af-input').click();
  await pickColorTheme(page, 'Dark Modern');
  await until(async () => ((await app.locator('.af-root').getAttribute('class')) ?? '').includes('af-theme-dark'), 'the app in the dark palette');
  await screenshot('chat-app-dark');
  await pickColorTheme(page, 'Dark High Contrast');
  // High contrast reaches the app as VS Code's own colours: its border is the theme's contrast border.
  const border = await until(
    () => frame.evaluate(() => document.body.classList.contains('vscode-high-contrast') && getComputedStyle(document.documentElement).getPropertyValue('--vscode-contrastBorder').trim()),
    'the chat in high contrast',
  );
  await until(async () => (await app.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-border-primary').trim())) === border, 'the contrast border in the app');
  await screenshot('chat-app-hc');
  await pickColorTheme(page, 'Light Modern');
  await until(async () => ((await app.locator('.af-root').getAttribute('class')) ?? '').includes('af-theme-light'), 'the app light again');
});

test('full screen fills the chat view and comes back', T, async () => {
  const frame = await chat();
  const render = card(frame, 'render_diagram');
  const id = (await render.getAttribute('data-tool-id'))!;
  const app = await appIn(id);
  await app.locator('.af-fullscreen').click();
  const box = render.locator('.af-app');
  await until(async () => (await box.getAttribute('data-app-mode')) === 'fullscreen', 'full screen');
  const [view, drawn] = await Promise.all([frame.evaluate(() => window.innerHeight), box.evaluate((el) => el.getBoundingClientRect().height)]);
  assert.ok(drawn >= view - 2, `the app fills the view (${drawn} of ${view} px)`);
  await screenshot('chat-app-fullscreen');
  await render.locator('.af-app-exit').click();
  await until(async () => (await box.getAttribute('data-app-mode')) === 'inline', 'inline again');
});

test('after a window reload the app draws again from the kept result', T, async () => {
  await reloadWorkbench(page);
  const frame = await chat().catch(async () => {
    await runCommand(page, 'ArchFlow: Open Chat');
    return chat();
  });
  const render = card(frame, 'render_diagram');
  await render.waitFor({ timeout: 60_000 });
  const app = await appIn((await render.getAttribute('data-tool-id'))!);
  await app.locator('.af-app[data-painted-at]').waitFor({ timeout: 60_000 });
  assert.equal(await app.locator('.react-flow__node:not(.react-flow__node-diagramTitle)').count(), analyzeText(DIAGRAM, {}).counts.elements);
  assert.ok(appFrames().length >= 1);
});

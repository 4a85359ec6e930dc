#!/usr/bin/env -S node --import tsx
// The chat drawing in the editor, as a user sees it: the packaged .vsix in code-server, driven
// through the UI by headless Chromium, with the project's fake Messages API scripted as a model
// that draws with the editor tools, and real MCP servers. What only the UI shows: the editor's
// text after each edit, the Problems panel, the preview's drawing, undo with the keyboard, the
// user typing while a write waits, the MCP servers view and its log, the "Fix with ArchFlow"
// quick fix; and the .vsix's own MCP server running on its own (no node_modules). Screenshots
// go to test-results/.
//
// Usage: node --import tsx test/ui/runEditorUiTests.ts [--vsix FILE] [--keep] [--screenshots DIR]
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { repoRoot, toolNode, type CodeServer } from '../extension/harness/codeServer';
import { describeInvalid, lastToolResults, startFakeAnthropic, type FakeAnthropic, type ScriptStep, type SeenToolResult } from '../fakeAnthropic/index';
import { uiRunner, type Workbench } from './uiRunner';
import { analyzeText } from '../../src/core/analysis';
import { approveMcpServersWhenAsked, lastRunEnd, problemCounts, quickOpen, runCommand, sendChatMessage, toolCards as card, until, waitForCommand } from './workbench';

const runner = uiRunner();
const TOOLBOX = join(repoRoot, 'test/fixtures/mcp-servers/toolbox.mjs');
const CRASHES = join(repoRoot, 'test/fixtures/mcp-servers/crashAtStart.mjs');
const T = { timeout: 120_000 };
const WITH_MISTAKE = 'diagram "Checkout"\nweb = rectangle "Web"\napi = rectangel "API"\ndb = cylinder "Orders"\nweb -> api "HTTPS" anim=packets\napi -> db "SQL"\n';
const FIXED = WITH_MISTAKE.replace('rectangel', 'rectangle');

let workbench: Workbench;
let server: CodeServer;
let page: Page;
let workspace: string;
let fake: FakeAnthropic;

/** The frame whose document holds `selector` (the chat, the preview): code-server nests webviews two frames deep. */
async function frameWith(selector: string, what: string): Promise<Frame> {
  return until(async () => {
    for (const frame of page.frames()) {
      if (await frame.locator(selector).count().catch(() => 0)) return frame;
    }
    return undefined;
  }, what, 60_000);
}

const chat = () => frameWith('.af-chat', 'the chat view');
// The preview's root names its document; the diagram apps in the chat's cards draw with React Flow too.
const preview = () => frameWith('.af-root[data-uri] .react-flow', 'the preview');

/** Scrolls the (virtualised) conversation to its end, where the newest items are rendered (an empty one has no list). */
async function scrollToEnd(frame: Frame): Promise<void> {
  const list = frame.locator('.af-messages');
  if (await list.count()) await list.evaluate((el) => void (el.scrollTop = el.scrollHeight));
}

/**
 * The card of tool call `id`, scrolled into view. The conversation renders only the items near
 * its viewport, so it is searched from the top down, half a view at a time.
 */
async function cardOf(frame: Frame, id: string): Promise<Locator> {
  const found = frame.locator(`.af-tool[data-tool-id="${id}"]`);
  const list = frame.locator('.af-messages');
  await list.evaluate((el) => void (el.scrollTop = 0));
  await until(async () => {
    // The list re-renders as it scrolls: a card found may be gone a moment later, so look again.
    if (await found.count()) return found.scrollIntoViewIfNeeded({ timeout: 2000 }).then(() => true, () => false);
    await list.evaluate((el) => void (el.scrollTop += el.clientHeight / 2));
    return false;
  }, `the card of ${id}`, 60_000);
  return found;
}

/** The document of the MCP App a card shows (served by the chat's app server, in the card's iframe). */
async function appOf(card: Locator): Promise<Frame> {
  return until(async () => {
    const handle = await card.locator('iframe.af-app-frame').elementHandle({ timeout: 1000 }).catch(() => null);
    const inner = await handle?.contentFrame();
    return inner && (await inner.locator('.af-app').count()) ? inner : undefined;
  }, 'the app in the card', 60_000);
}

/** Elements (the title left out) and connections the diagram app in a card draws, once painted. */
async function drawnIn(card: Locator): Promise<{ elements: number; connections: number; caption: string }> {
  const app = await appOf(card);
  await app.locator('.af-app[data-painted-at]').waitFor({ timeout: 60_000 });
  return {
    elements: await app.locator('.react-flow__node:not(.react-flow__node-diagramTitle)').count(),
    connections: await app.locator('.react-flow__edge').count(),
    caption: ((await app.locator('.af-caption').textContent()) ?? '').trim(),
  };
}

/** Types a message in the composer and presses Enter; resolves with a function that waits for the run's end. */
async function send(text: string): Promise<() => Promise<void>> {
  const frame = await chat();
  await scrollToEnd(frame);
  const before = await lastRunEnd(frame);
  await sendChatMessage(frame, text);
  return async () => {
    await until(async () => (await lastRunEnd(frame)) !== before && (await frame.locator('.af-send').count()) === 1, 'the run to end', 60_000);
    assert.equal(await frame.locator('[data-run-end]').last().getAttribute('data-run-end'), 'end_turn');
  };
}

function script(...steps: ScriptStep[]): void {
  assert.equal(fake.pending, 0, 'a previous test left replies unused');
  fake.script(...steps);
}

/** The text of the editor in the editor area (Monaco draws spaces as no-break spaces). */
async function editorText(): Promise<string> {
  const lines = await page.locator('.part.editor .monaco-editor .view-lines .view-line').evaluateAll((els) =>
    els.map((e) => ({ top: parseFloat((e as HTMLElement).style.top || '0'), text: e.textContent ?? '' })),
  );
  return lines
    .sort((a, b) => a.top - b.top)
    .map((l) => l.text.replace(/\u00a0/g, ' '))
    .join('\n');
}

async function problemRows(): Promise<string[]> {
  return page.locator('.markers-panel .monaco-list-row[aria-label]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

/** The node is wholly inside the preview's pane. */
async function onScreen(frame: Frame, id: string): Promise<boolean> {
  const pane = await frame.locator('.react-flow').boundingBox();
  const node = await frame.locator(`.react-flow__node[data-id="${id}"]`).boundingBox();
  if (!pane || !node) return false;
  return node.x >= pane.x && node.y >= pane.y && node.x + node.width <= pane.x + pane.width && node.y + node.height <= pane.y + pane.height;
}

function versionIn(result: SeenToolResult | undefined): number {
  const m = /baseVersion: (\d+)|version (\d+)/.exec(result?.text ?? '');
  return Number(m?.[1] ?? m?.[2] ?? NaN);
}

const screenshot = (name: string) => runner.screenshot(page, name);

/** The model's calls in the first test, by their tool_use ids: the cards the next test looks at. */
const loop: { write1?: SeenToolResult; write2?: SeenToolResult; show?: SeenToolResult } = {};

before(async () => {
  const vsix = runner.vsix('archflow-editor-ui.vsix');
  fake = await startFakeAnthropic();
  workbench = await runner.openWorkbench({
    name: 'ui-editor',
    vsix,
    files: {
      '.vscode/mcp.json': JSON.stringify({ servers: { toolbox: { type: 'stdio', command: 'node', args: [TOOLBOX] }, broken: { type: 'stdio', command: 'node', args: [CRASHES] } } }, null, 2),
      'race.diagram': FIXED,
    },
    env: { ANTHROPIC_API_KEY: fake.apiKey },
    // (files.autoSave is off in every workbench: VS Code for the web saves after a delay by default; the desktop does not.)
    settings: { 'archflow.chat.baseUrl': fake.url, 'archflow.mcp.claudeDesktop': false },
    viewport: { width: 1600, height: 900 },
  });
  ({ server, page, workspace } = workbench);
  approveMcpServersWhenAsked(page);
  await waitForCommand(page, 'ArchFlow: Open Chat');
});

let step = 0;
afterEach(async () => {
  await page?.screenshot({ path: join(runner.artifacts, `ui-editor-step-${++step}.png`) }).catch(() => undefined);
  assert.equal(fake.invalidRequests().length, 0, `the fake API rejected requests:\n${describeInvalid(fake.requests)}`);
});

after(async () => {
  await workbench?.close();
  await fake?.close();
});

test('the model draws in the editor: its mistake in the Problems panel, its fix, the preview, one undo step', T, async () => {
  script(
    { content: [{ type: 'text', text: 'Reading the syntax first.' }, { type: 'tool_use', name: 'archflow__syntax_help', input: {} }], stopReason: 'tool_use' },
    { content: [{ type: 'tool_use', name: 'editor__write_diagram', input: { path: 'checkout.diagram', text: WITH_MISTAKE } }], stopReason: 'tool_use' },
    (request) => {
      [loop.write1] = lastToolResults(request);
      return {
        content: [
          { type: 'text', text: 'One mistake on line 3: fixing it.' },
          { type: 'tool_use', name: 'editor__write_diagram', input: { path: 'checkout.diagram', text: FIXED, baseVersion: versionIn(loop.write1) } },
        ],
        stopReason: 'tool_use',
      };
    },
    (request) => {
      [loop.write2] = lastToolResults(request);
      return { content: [{ type: 'tool_use', name: 'editor__show_diagram', input: { path: 'checkout.diagram', select: 'api' } }], stopReason: 'tool_use' };
    },
    (request) => {
      [loop.show] = lastToolResults(request);
      return { content: [{ type: 'text', text: '`checkout.diagram`: the web tier calls the API, which keeps the orders in a database.' }], stopReason: 'end_turn' };
    },
  );
  await runCommand(page, 'ArchFlow: Open Chat');
  const ended = await send('Draw the checkout flow in checkout.diagram');
  const frame = await chat();
  const write1 = card(frame, 'write_diagram', 'approval');
  await write1.waitFor({ timeout: 60_000 });
  await write1.getByRole('button', { name: /Allow once/ }).click();

  // The editor shows the model's first text, and the Problems panel its mistake.
  await page.locator('.tabs-container .tab', { hasText: 'checkout.diagram' }).waitFor({ timeout: 30_000 });
  await until(async () => (await editorText()).includes('api = rectangel "API"'), 'the first version in the editor');
  await until(async () => (await problemCounts(page)).errors === 1, 'one error in the status bar');
  await page.locator('#status\\.problems').first().click();
  await until(async () => (await problemRows()).some((r) => r.includes("unknown shape 'rectangel'; did you mean 'rectangle'?")), 'the error in the Problems panel');
  await screenshot('editor-tools-mistake');

  const write2 = card(frame, 'write_diagram', 'approval');
  await write2.waitFor({ timeout: 60_000 });
  assert.match(loop.write1?.text ?? '', /checkout\.diagram:3:7: error/, 'the model read the problem from its own edit');
  await write2.getByRole('button', { name: /Allow once/ }).click();
  await ended();

  // The fix: in the editor, the Problems panel empty, the preview draws it with `api` highlighted.
  await until(async () => (await editorText()).includes('api = rectangle "API"'), 'the fix in the editor');
  await until(async () => (await problemCounts(page)).errors === 0, 'no error in the status bar');
  await until(async () => (await problemRows()).length === 0, 'the Problems panel empty');
  const drawing = await preview();
  await until(async () => (await drawing.locator('.react-flow__node .af-node').count()) === 3, 'three nodes in the preview');
  assert.deepEqual((await drawing.locator('.react-flow__node .af-node').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''))).sort(), ['API', 'Orders', 'Web']);
  assert.equal(await drawing.locator('.react-flow__edge').count(), 2);
  await until(async () => (await drawing.locator('.react-flow__node.af-highlight').getAttribute('data-id')) === 'api', 'api selected in the preview');
  assert.deepEqual(await card(frame, 'write_diagram').evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), ['done', 'done']);
  await runCommand(page, 'View: Hide Panel');
  for (const id of ['web', 'api', 'db']) assert.ok(await onScreen(drawing, id), `${id} on screen: selecting api moved nothing`);
  await screenshot('editor-tools');

  // Zoomed in so that the database is out of sight, "show me the database" brings it to the middle.
  for (let i = 0; i < 4; i++) await drawing.locator('.react-flow__controls-zoomin').click();
  await until(async () => !(await onScreen(drawing, 'db')), 'the database out of sight');
  script(
    { content: [{ type: 'tool_use', name: 'editor__show_diagram', input: { path: 'checkout.diagram', select: 'db' } }], stopReason: 'tool_use' },
    { content: [{ type: 'text', text: 'That is the orders database.' }], stopReason: 'end_turn' },
  );
  await (await send('Show me the database'))();
  await until(async () => onScreen(drawing, 'db'), 'the database centred in the preview');
  await until(async () => (await drawing.locator('.react-flow__node.af-highlight').getAttribute('data-id')) === 'db', 'db selected');

  // One undo step with the keyboard brings the mistake back; redo the fix.
  await page.locator('.part.editor .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Z');
  await until(async () => (await editorText()).includes('api = rectangel "API"'), 'undo to the first version');
  assert.ok(!(await editorText()).includes('api = rectangle "API"'));
  await page.keyboard.press('Control+Shift+Z');
  await until(async () => (await editorText()).includes('api = rectangle "API"'), 'redo to the fix');
  assert.equal(readFileSync(join(workspace, 'checkout.diagram'), 'utf8'), FIXED, 'the fix is saved');
});

test("the cards draw each version live, with the preview's components: the fix's card keeps its version after a later edit; Open File and Open Preview from a card", T, async () => {
  const frame = await chat();
  assert.ok(loop.write1 && loop.write2 && loop.show, 'the first test ran the loop');
  const fixed = analyzeText(FIXED).counts;

  // The first write had an error: its card says so, with the problem, instead of a drawing.
  const mistake = await appOf(await cardOf(frame, loop.write1.toolUseId));
  await mistake.locator('.af-app[data-state="notDrawn"]').waitFor({ timeout: 60_000 });
  assert.match((await mistake.locator('.af-status').innerText()).trim(), /^Not drawn: checkout\.diagram \(version \d+\) has 1 error\n+3:7 error: unknown shape 'rectangel'; did you mean 'rectangle'\?$/);

  // The fix's card draws the fixed version, as the preview does: nodes, connections, moving traffic.
  const fixCard = await cardOf(frame, loop.write2.toolUseId);
  const fix = await drawnIn(fixCard);
  assert.deepEqual([fix.elements, fix.connections], [fixed.elements, fixed.connections]);
  assert.match(fix.caption, /^checkout\.diagram, version \d+: 3 elements, 2 connections$/);
  assert.ok((await (await appOf(fixCard)).locator('.af-packets animateMotion').count()) > 0, 'traffic moves in the card');
  assert.equal(await fixCard.locator('.af-tool-result').count(), 0, 'the text answer is folded under the drawing');
  await screenshot('editor-tools-card');
  const shown = await drawnIn(await cardOf(frame, loop.show.toolUseId));
  assert.deepEqual([shown.elements, shown.connections], [fixed.elements, fixed.connections]);

  // A later edit adds a cache: its card draws four elements, the fix's card still three.
  const withCache = `${FIXED}cache = cylinder "Cache"\napi -> cache "reads"\n`;
  let later: SeenToolResult | undefined;
  script(
    { content: [{ type: 'tool_use', name: 'editor__read_diagram', input: { path: 'checkout.diagram' } }], stopReason: 'tool_use' },
    (request) => ({
      content: [{ type: 'tool_use', name: 'editor__write_diagram', input: { path: 'checkout.diagram', text: withCache, baseVersion: versionIn(lastToolResults(request)[0]) } }],
      stopReason: 'tool_use',
    }),
    (request) => {
      [later] = lastToolResults(request);
      return { content: [{ type: 'text', text: 'The API now reads through a cache.' }], stopReason: 'end_turn' };
    },
  );
  const ended = await send('Add a cache behind the API');
  const write3 = card(frame, 'write_diagram', 'approval');
  await write3.waitFor({ timeout: 60_000 });
  await write3.getByRole('button', { name: /Allow once/ }).click();
  await ended();
  assert.ok(later && !later.isError, later?.text);
  const withCacheCounts = analyzeText(withCache).counts;
  const latest = await drawnIn(await cardOf(frame, later.toolUseId));
  assert.deepEqual([latest.elements, latest.connections], [withCacheCounts.elements, withCacheCounts.connections]);
  const again = await drawnIn(await cardOf(frame, loop.write2.toolUseId));
  assert.deepEqual([again.elements, again.connections, again.caption], [fix.elements, fix.connections, fix.caption], "the fix's card still draws its own version");

  // Open File and Open Preview from the fix's card.
  await runCommand(page, 'View: Close All Editors');
  await until(async () => (await page.locator('.tabs-container .tab').count()) === 0, 'no editor open');
  const buttons = await cardOf(frame, loop.write2.toolUseId);
  assert.equal(await buttons.locator('.af-open-file').getAttribute('title'), 'Open checkout.diagram in the editor');
  await buttons.locator('.af-open-file').click();
  await page.locator('.tabs-container .tab.active', { hasText: 'checkout.diagram' }).waitFor({ timeout: 30_000 });
  await until(async () => (await editorText()).includes('cache = cylinder "Cache"'), 'the file as it is now in the editor');
  await (await cardOf(frame, loop.write2.toolUseId)).locator('.af-open-preview').click();
  await page.locator('.tabs-container .tab', { hasText: 'Preview checkout.diagram' }).waitFor({ timeout: 30_000 });
  const drawing = await preview();
  await until(async () => (await drawing.locator('.react-flow__node .af-node').count()) === withCacheCounts.elements, 'the preview of the file as it is now');
  await scrollToEnd(frame);
});

test('the user types while the model\'s write waits: it is refused with the current text, nothing typed is lost', T, async () => {
  let refused: SeenToolResult | undefined;
  await quickOpen(page, 'race.diagram');
  script(
    { content: [{ type: 'tool_use', name: 'editor__read_diagram', input: {} }], stopReason: 'tool_use' },
    (request) => ({ content: [{ type: 'tool_use', name: 'editor__write_diagram', input: { path: 'race.diagram', text: WITH_MISTAKE, baseVersion: versionIn(lastToolResults(request)[0]) } }], stopReason: 'tool_use' }),
    (request) => {
      [refused] = lastToolResults(request);
      return { content: [{ type: 'text', text: 'You are editing race.diagram: I kept your change.' }], stopReason: 'end_turn' };
    },
  );
  const ended = await send('Rewrite the diagram I have open');
  const frame = await chat();
  const write = card(frame, 'write_diagram', 'approval').last();
  await write.waitFor({ timeout: 60_000 });
  await page.locator('.part.editor .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('cache = cylinder "Cache"', { delay: 15 });
  await until(async () => (await editorText()).includes('cache = cylinder "Cache"'), 'the typed line');
  await write.getByRole('button', { name: /Allow once/ }).click();
  await ended();
  assert.equal(refused?.isError, true);
  assert.match(refused?.text ?? '', /Nothing was written: race\.diagram changed since version 1/);
  assert.match(refused?.text ?? '', /cache = cylinder "Cache"/, 'the model got the current text');
  assert.match(await editorText(), /cache = cylinder "Cache"/, 'what the user typed is still there');
  assert.ok(!(await editorText()).includes('rectangel'), 'the model\'s text was not written');
  assert.equal(readFileSync(join(workspace, 'race.diagram'), 'utf8'), FIXED, 'nothing was saved for the user: the typing stays theirs to save');
  // The card's diagram app says nothing was drawn, and why; the answer is folded under it.
  const refusedCard = card(frame, 'write_diagram').last();
  const app = await appOf(refusedCard);
  await app.locator('.af-app[data-state="failed"]').waitFor({ timeout: 60_000 });
  assert.match(await app.locator('.af-status').innerText(), /^Nothing was drawn\n+Nothing was written: race\.diagram changed since version 1/);
  await refusedCard.locator('.af-tool-result-toggle').click();
  assert.match((await refusedCard.locator('.af-tool-result').textContent()) ?? '', /Nothing was written/);
});

test('the MCP servers view: a broken server with its error and its log, a restart', T, async () => {
  await runCommand(page, 'ArchFlow: Focus on MCP Servers View');
  const pane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'MCP Servers' }) });
  const row = (name: string) => pane.locator('.monaco-list-row', { has: page.locator('.label-name', { hasText: new RegExp(`^${name}$`) }) });
  await row('broken').waitFor({ timeout: 30_000 });
  await until(async () => /^failed: .*exited with code 3/.test(((await row('broken').locator('.label-description').textContent()) ?? '').trim()), 'the broken server failed, with its message');
  assert.match(((await row('toolbox').locator('.label-description').textContent()) ?? '').trim(), /^running$/);
  assert.deepEqual(await pane.locator('.monaco-list-row .label-name').evaluateAll((els) => els.map((e) => e.textContent?.trim())), ['archflow', 'editor', 'toolbox', 'broken']);
  await row('broken').hover();
  await row('broken').locator('.action-label[aria-label="Show Server Log"]').click();
  await until(async () => ((await page.locator('.part.panel').textContent()) ?? '').replace(/\u00a0/g, ' ').includes('fatal: missing API token'), 'the server log in the Output panel');
  await screenshot('mcp-servers-view');
  await runCommand(page, 'View: Hide Panel');
  await row('toolbox').hover();
  await row('toolbox').locator('.action-label[aria-label="Restart Server"]').click();
  await until(async () => ((await row('toolbox').locator('.label-description').textContent()) ?? '').trim() === 'running', 'toolbox running again');
});

test('"Fix with ArchFlow" from the light bulb opens the chat with the file, its problems and a draft', T, async () => {
  await quickOpen(page, 'broken.diagram');
  await page.locator('.part.editor .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+G');
  await page.keyboard.type('2:9');
  await page.keyboard.press('Enter');
  // The light bulb comes once the diagnostics are in: ask until the menu lists the fix.
  const item = page.locator('.action-widget .monaco-list-row', { hasText: 'Fix with ArchFlow' });
  await until(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+.');
    return item.waitFor({ timeout: 3000 }).then(() => true, () => false);
  }, 'the quick fix menu with "Fix with ArchFlow"');
  const titles = await page.locator('.action-widget .monaco-list-row .title').evaluateAll((els) => els.map((e) => e.textContent?.trim()));
  assert.ok(titles.includes("Change to 'retângulo'"), `the text's own fix comes too: ${titles.join(', ')}`);
  await screenshot('fix-with-archflow');
  await item.click();
  const frame = await chat();
  await until(async () => (await frame.locator('textarea.af-input').inputValue()) === 'Fix the problems in broken.diagram.', 'the draft in the composer');
  await until(async () => (await frame.locator('.af-chip', { hasText: 'broken.diagram (2 problems)' }).count()) === 1, 'the file as a chip');
  assert.equal(await frame.locator('.af-chip').getAttribute('title'), 'broken.diagram');
});

test('the .vsix carries its MCP server: it runs on its own, as VS Code\'s chat starts it', T, async () => {
  const installed = readdirSync(join(server.scratch, 'extensions')).find((d) => d.startsWith('archflow.archflow-'));
  assert.ok(installed, 'the extension is installed');
  const dir = join(server.scratch, 'extensions', installed);
  assert.ok(!existsSync(join(dir, 'node_modules')), 'no node_modules in the .vsix');
  const script = join(dir, 'dist', 'mcp.js');
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'ANTHROPIC_API_KEY') env[k] = v;
  // code-server's extension host runs on this Node; under Electron the same variable makes the binary a Node.
  env.ELECTRON_RUN_AS_NODE = '1';
  const client = new Client({ name: 'vscode-like', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: toolNode(), args: [script, '--locale', 'en'], env, cwd: workspace, stderr: 'ignore' }));
  try {
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    assert.deepEqual(names, ['check_diagram', 'render_diagram', 'search_icons', 'syntax_help']);
    const found = (await client.callTool({ name: 'search_icons', arguments: { query: 'postgres', limit: 3 } })) as CallToolResult;
    assert.match((found.content[0] as { text: string }).text, /logos:postgresql/, 'the icon catalog ships in the .vsix');
    const rendered = (await client.callTool({ name: 'render_diagram', arguments: { text: FIXED, output: 'vsix-server.svg', preview: true } })) as CallToolResult;
    assert.equal(rendered.isError, undefined, JSON.stringify(rendered.content));
    assert.ok(rendered.content.some((c) => c.type === 'image' && c.mimeType === 'image/png'), 'a PNG from the WebAssembly rasteriser');
    assert.match(readFileSync(join(workspace, 'vsix-server.svg'), 'utf8'), /^<svg/);
  } finally {
    await client.close();
  }
});

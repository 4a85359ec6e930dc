#!/usr/bin/env -S node --import tsx
// VS Code for the Web, tested offline: code-server runs the packaged .vsix's `browser` entry
// (dist/web/extension.js) in its web worker extension host when the user setting
// `remote.extensionKind` asks for the extension on the UI side. That host refuses
// `new Worker`, so what runs is the web entry as it is everywhere it cannot start one: layout on
// the host's own thread, icons and resvg's wasm read from the extension through
// vscode.workspace.fs, no Node.js. Driven through the UI by headless Chromium; screenshots
// in test-results/.
//
// Usage: node --import tsx test/ui/runWebUiTests.ts [--vsix FILE] [--keep] [--screenshots DIR]
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { uiRunner, type Workbench } from './uiRunner';
import { expectBrokenDiagramProblems, focusWorkbench, quickOpen, runCommand, until, waitForCommand, webviewFrame } from './workbench';

const runner = uiRunner();
const T = { timeout: 120_000 };
// publisher.name of package.json: the extension code-server is told to run on the UI side.
const EXTENSION_ID = (() => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { publisher: string; name: string };
  return `${pkg.publisher}.${pkg.name}`;
})();

let workbench: Workbench;
let page: Page;
let workspace: string;

before(async () => {
  workbench = await runner.openWorkbench({
    name: 'ui-web',
    vsix: runner.vsix('archflow-ui.vsix'),
    settings: { 'remote.extensionKind': { [EXTENSION_ID]: ['ui'] }, 'workbench.secondarySideBar.defaultVisibility': 'hidden' },
  });
  ({ page, workspace } = workbench);
});

let step = 0;
afterEach(async () => {
  await page?.screenshot({ path: join(runner.artifacts, `ui-web-step-${++step}.png`) }).catch(() => undefined);
});

after(async () => {
  await workbench?.close();
});

/** The titles the command palette lists for `filter`. */
async function paletteTitles(filter: string): Promise<string[]> {
  await focusWorkbench(page);
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${filter}`);
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
  const titles = await page.locator('.quick-input-list .monaco-list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? r.textContent ?? ''));
  await page.keyboard.press('Escape');
  return titles;
}

test('the browser entry runs in the web worker extension host, and the Problems panel lists the diagnostics', T, async () => {
  await quickOpen(page, 'broken.diagram');
  // The web worker extension host lives in its own iframe in the workbench page.
  await until(async () => page.frames().some((f) => f.url().includes('webWorkerExtensionHostIframe')), 'the web worker extension host');
  await expectBrokenDiagramProblems(page, 60_000);
});

test('what needs Node.js is hidden: the palette offers export but neither the chat nor MCP servers', T, async () => {
  await quickOpen(page, 'simple.diagram');
  await waitForCommand(page, 'ArchFlow: Export as SVG');
  // Only the web entry sets `archflow.web`, which hides these: proof that it, not the Node one, runs.
  const titles = await until(async () => {
    const t = await paletteTitles('ArchFlow: ');
    return t.some((x) => x.includes('Open Chat')) ? undefined : t;
  }, 'the chat commands hidden');
  assert.ok(titles.some((t) => t.includes('Export as PNG')), titles.join('\n'));
  for (const hidden of ['Open Chat', 'New Chat', 'Set Anthropic API Key', 'Add MCP Server']) assert.ok(!titles.some((t) => t.includes(hidden)), `${hidden} offered:\n${titles.join('\n')}`);
});

test('hovering an icon id shows its picture, read from the bundled catalog', T, async () => {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  // Line 4 is `web = rectangle "Web" icon=lucide:globe`: the cursor inside the icon id.
  await page.keyboard.press('Control+G');
  await page.keyboard.type('4:33');
  await page.keyboard.press('Enter');
  const picture = page.locator('.monaco-hover img[src^="data:image/svg+xml"]');
  await until(async () => {
    await runCommand(page, 'Show or Focus Hover');
    return picture.first().waitFor({ timeout: 5000 }).then(() => true, () => page.keyboard.press('Escape').then(() => false));
  }, 'the hover picture', 60_000);
  await until(async () => picture.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the hover picture decoded');
  assert.match((await page.locator('.monaco-hover').first().textContent()) ?? '', /lucide:globe/);
  await page.keyboard.press('Escape');
});

test('the preview draws the diagram, laid out on the extension host thread', T, async () => {
  await runCommand(page, 'ArchFlow: Open Preview to the Side');
  const frame = webviewFrame(page);
  const nodes = frame.locator('.react-flow__node .af-node');
  await until(async () => (await nodes.count()) === 3, 'three nodes in the preview', 90_000);
  assert.deepEqual((await nodes.evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''))).sort(), ['API', 'Postgres', 'Web']);
  assert.equal(await frame.locator('.react-flow__edge').count(), 2);
  await runner.screenshot(page, 'web-preview');
});

test('typing a node redraws the preview', T, async () => {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('cache = rectangle "Cache"', { delay: 15 });
  const frame = webviewFrame(page);
  await until(async () => (await frame.locator('.react-flow__node .af-node', { hasText: 'Cache' }).count()) === 1, 'the Cache node', 60_000);
  // Back to the text on disk, so the exports below match it.
  await runCommand(page, 'File: Revert File');
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === 3, 'three nodes again', 60_000);
});

/** Answers the save dialog (a quick input holding the proposed path) and waits for the file. */
async function saveAs(fileName: string): Promise<Buffer> {
  const target = join(workspace, fileName);
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor({ state: 'visible' });
  await until(async () => ((await input.inputValue()) ?? '').endsWith(`/${fileName}`), `the proposed name ${fileName}`);
  await page.keyboard.press('Enter');
  await until(async () => existsSync(target) && readFileSync(target).length > 100, `${fileName} written`, 60_000);
  return readFileSync(target);
}

test('Export as SVG writes the drawing next to the file', T, async () => {
  rmSync(join(workspace, 'simple.svg'), { force: true });
  await quickOpen(page, 'simple.diagram');
  await runCommand(page, 'ArchFlow: Export as SVG');
  const svg = (await saveAs('simple.svg')).toString('utf8');
  assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  for (const label of ['>Web<', '>API<', '>Postgres<', '>HTTPS<', '>SQL<']) assert.ok(svg.includes(label), label);
  assert.ok(svg.trimEnd().endsWith('</svg>'));
});

test("the preview's PNG button exports with resvg's WebAssembly build on the web host", T, async () => {
  rmSync(join(workspace, 'simple.png'), { force: true });
  await webviewFrame(page).locator('.af-export-png').click();
  const png = await saveAs('simple.png');
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // The default pngScale is 2: a drawing of three nodes is well over 400 px wide.
  assert.ok(png.readUInt32BE(16) >= 400, `width ${png.readUInt32BE(16)}`);
});

test('the chat and MCP servers views say why they are empty on the web', T, async () => {
  const reason = /need the desktop VS Code \(or a remote with Node\.js\)/;
  await runCommand(page, 'ArchFlow: Focus on MCP Servers View');
  const pane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'MCP Servers' }) });
  await until(async () => reason.test((await pane.textContent()) ?? ''), 'the MCP servers view giving the reason');
  await runCommand(page, 'ArchFlow: Focus on Chat View');
  // The chat view's page: a webview two frames deep, holding only the reason (no script).
  const text = await until(async () => {
    for (const frame of page.frames()) {
      const p = frame.locator('.af-web-unavailable');
      if (await p.count().catch(() => 0)) return (await p.textContent()) ?? '';
    }
    return undefined;
  }, 'the chat view giving the reason', 60_000);
  assert.match(text, reason);
  await runner.screenshot(page, 'web-chat-unavailable');
});

test("Markdown: a fence's problem is listed at its line of the .md, and its CodeLens exports it as SVG", T, async () => {
  await runCommand(page, 'View: Close All Editor Groups');
  await quickOpen(page, 'fences.md');
  await page.keyboard.press('Control+Shift+M');
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: "unknown shape 'retangolo'; did you mean 'retângulo'?" });
  await row.first().waitFor({ timeout: 60_000 });
  // `a = retangolo "A"` is line 13 of fences.md, indented by the list.
  assert.match((await row.first().textContent()) ?? '', /\[Ln 13, Col \d+\]/);
  await runCommand(page, 'View: Hide Panel');
  rmSync(join(workspace, 'shop.svg'), { force: true });
  // The first fence (`id=shop`): its CodeLens, above line 5.
  await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Export as SVG' }).first().click();
  const svg = (await saveAs('shop.svg')).toString('utf8');
  for (const label of ['>Web<', '>API<', '>HTTPS<']) assert.ok(svg.includes(label), label);
});

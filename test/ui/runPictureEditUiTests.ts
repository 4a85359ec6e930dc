#!/usr/bin/env -S node --import tsx
// Editing in the picture, as a user does it: the packaged .vsix in code-server, the preview
// driven by headless Chromium. Each gesture (connect, rename, delete, restyle, add) must leave
// exactly the expected text in the editor, the Problems panel empty, the preview showing the
// change, and one undo in the editor must bring the text back. Screenshots in test-results/.
//
// Usage: node --import tsx test/ui/runPictureEditUiTests.ts [--vsix FILE] [--keep] [--screenshots DIR]
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { formatDiagram } from '../../src/core/language/index';
import { uiRunner, type Workbench } from './uiRunner';
import { problemCounts, quickOpen, runCommand, until, webviewFrame } from './workbench';

const runner = uiRunner();
const T = { timeout: 120_000 };
const TEXT = 'diagram "Shop"\n\nweb = rectangle "Web"\napi = rounded "API"\ndb  = cylinder "Postgres"\n\nweb -> api "HTTPS"\n';

let workbench: Workbench;
let page: Page;
let frame: FrameLocator;

/** The editor's text as shown (the file is short: every line is on screen). */
async function editorText(): Promise<string> {
  const lines = await page.locator('.editor-instance .monaco-editor .view-lines .view-line').evaluateAll((els) =>
    els
      .map((e) => ({ top: parseFloat((e as HTMLElement).style.top), text: (e.textContent ?? '').replace(/\u00a0/g, ' ') }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text),
  );
  return lines.join('\n') + '\n';
}

/** Waits for the editor to show `expected` (the text ends with a line break: Monaco shows an empty last line). */
async function expectText(expected: string, what: string): Promise<void> {
  let seen = '';
  try {
    await until(async () => (seen = await editorText()) === `${expected}\n`, what);
  } catch (e) {
    assert.equal(seen, `${expected}\n`, `${what}: ${(e as Error).message}`);
  }
}

async function expectNoProblems(): Promise<void> {
  await until(async () => {
    const c = await problemCounts(page);
    return c.errors === 0 && c.warnings === 0;
  }, 'no problems');
}

/** One undo in the editor restores the text the test started from. */
async function undoOnce(): Promise<void> {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Z');
  await expectText(TEXT, 'the text back after one undo');
}

const node = (id: string) => frame.locator(`.react-flow__node[data-id="${id}"]`);

/** Focuses a node of the preview from the keyboard's side (the webview gets the focus). */
async function focusNode(id: string): Promise<void> {
  await node(id).focus();
  await until(() => node(id).evaluate((el) => document.hasFocus() && document.activeElement === el), `${id} focused`);
}

/** Drags with the mouse from the middle of `from` to the middle of node `id`. */
async function dragOnto(from: Locator, id: string): Promise<void> {
  const a = await from.boundingBox();
  const b = await node(id).boundingBox();
  assert.ok(a && b);
  // The frame's boxes are in page coordinates already (Playwright maps nested frames).
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

before(async () => {
  workbench = await runner.openWorkbench({ name: 'ui-picture', vsix: runner.vsix('archflow-ui.vsix'), files: { 'edit.diagram': TEXT }, settings: { 'workbench.secondarySideBar.defaultVisibility': 'hidden' } });
  ({ page } = workbench);
  await quickOpen(page, 'edit.diagram');
  await runCommand(page, 'ArchFlow: Open Preview to the Side');
  frame = webviewFrame(page);
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === 3, 'three nodes in the preview');
});

let step = 0;
afterEach(async () => {
  await page?.screenshot({ path: join(runner.artifacts, `ui-picture-step-${++step}.png`) }).catch(() => undefined);
});

after(async () => {
  await workbench?.close();
});

test('connect from the keyboard: C on a node, Enter on the target adds the line after its connection', T, async () => {
  await focusNode('web');
  await page.keyboard.press('c');
  await frame.locator('.af-edit-notice').waitFor();
  await focusNode('db');
  await page.keyboard.press('Enter');
  await expectText(TEXT.replace('web -> api "HTTPS"\n', 'web -> api "HTTPS"\nweb -> db\n'), 'the new connection in the text');
  await until(async () => (await frame.locator('.react-flow__edge').count()) === 2, 'two connections drawn');
  await expectNoProblems();
  await runner.screenshot(page, 'picture-connect');
  await undoOnce();
  await until(async () => (await frame.locator('.react-flow__edge').count()) === 1, 'one connection drawn again');
});

test('connect by dragging from a node’s handle onto another node', T, async () => {
  await node('api').hover();
  const handle = node('api').locator('.react-flow__handle.source');
  await handle.waitFor();
  await dragOnto(handle, 'db');
  await expectText(TEXT.replace('web -> api "HTTPS"\n', 'web -> api "HTTPS"\napi -> db\n'), 'the dragged connection in the text');
  await expectNoProblems();
  await undoOnce();
});

test('reconnect: dragging a connection’s end onto another node changes that end in the text', T, async () => {
  const anchor = frame.locator('.react-flow__edge .react-flow__edgeupdater-target').first();
  await anchor.waitFor({ state: 'attached' });
  await dragOnto(anchor, 'db');
  await expectText(TEXT.replace('web -> api "HTTPS"', 'web -> db "HTTPS"'), 'the connection’s new end in the text');
  await expectNoProblems();
  await undoOnce();
});

test('rename in place: a double-click edits the label, quotes escaped', T, async () => {
  await node('api').dblclick();
  const input = frame.locator('.af-label-input');
  await input.waitFor();
  await input.fill('Say "hi"');
  await input.press('Enter');
  await expectText(TEXT.replace('api = rounded "API"', 'api = rounded "Say \\"hi\\""'), 'the new label in the text');
  await until(async () => ((await node('api').textContent()) ?? '').includes('Say "hi"'), 'the new label drawn');
  await expectNoProblems();
  await undoOnce();
});

test('delete: Delete on a focused node removes it and its connection', T, async () => {
  await focusNode('api');
  await page.keyboard.press('Delete');
  await expectText('diagram "Shop"\n\nweb = rectangle "Web"\ndb  = cylinder "Postgres"\n', 'api gone with its connection');
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === 2, 'two nodes drawn');
  await expectNoProblems();
  await undoOnce();
});

test('restyle from the context menu: a connection’s line style', T, async () => {
  // On a short connection its label covers the line: the label opens the connection's menu too.
  await frame.locator('.af-edge-label').first().click({ button: 'right' });
  const menu = frame.locator('.af-menu');
  await menu.waitFor();
  await menu.locator('.af-menu-item', { hasText: /^Line style/ }).click();
  await menu.locator('.af-menu-item', { hasText: /^dashed$/ }).click();
  await expectText(TEXT.replace('web -> api "HTTPS"', 'web -> api "HTTPS" style=dashed'), 'the style in the text');
  await expectNoProblems();
  await runner.screenshot(page, 'picture-restyle');
  await undoOnce();
});

test('add from the palette: Enter on a shape adds its declaration after the last one', T, async () => {
  const item = frame.locator('.af-palette-item[data-shape="cloud"]');
  await item.focus();
  await page.keyboard.press('Enter');
  await expectText(TEXT.replace('db  = cylinder "Postgres"\n', 'db  = cylinder "Postgres"\ncloud_2 = cloud "cloud"\n').replace('web = rectangle', 'web     = rectangle').replace('api = rounded', 'api     = rounded').replace('db  = cylinder', 'db      = cylinder'), 'the new node in the text');
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === 4, 'four nodes drawn');
  await expectNoProblems();
  await undoOnce();
});

test('add an icon from the palette’s search: the same icons search_icons ranks, an icon node in the text', T, async () => {
  const search = frame.locator('.af-palette-search');
  await search.fill('postgresql');
  const item = frame.locator('.af-palette-item[data-icon="logos:postgresql"]');
  await item.waitFor();
  await item.focus();
  await page.keyboard.press('Enter');
  await expectText(formatDiagram(TEXT.replace('db  = cylinder "Postgres"\n', 'db  = cylinder "Postgres"\npostgresql = icon logos:postgresql "postgresql"\n')), 'the icon node in the text');
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === 4, 'four nodes drawn');
  await expectNoProblems();
  await undoOnce();
});

#!/usr/bin/env -S node --import tsx
// Editing in the picture, as a user does it: the packaged .vsix in code-server, the preview
// driven by headless Chromium. Each gesture (connect, rename, delete, restyle, add) must leave
// exactly the expected text in the editor, the Problems panel empty, the preview showing the
// change, and one undo in the editor must bring the text back. The same for a Markdown
// fence's own preview, opened from its CodeLens: the gesture edits the fence's line in the
// .md, and a dragged box lands in the fence's entry of NAME.md.layout.json, where the CLI
// draws it too. Screenshots in test-results/.
//
// Usage: node --import tsx test/ui/runPictureEditUiTests.ts [--vsix FILE] [--keep] [--screenshots DIR]
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { formatDiagram } from '../../src/core/language/index';
import { uiRunner, type Workbench } from './uiRunner';
import { dragBoxDown, problemCounts, quickOpen, runCommand, until, webviewFrame } from './workbench';

const runner = uiRunner();
const T = { timeout: 120_000 };
const TEXT = 'diagram "Shop"\n\nweb = rectangle "Web"\napi = rounded "API"\ndb  = cylinder "Postgres"\n\nweb -> api "HTTPS"\n';
const MARKDOWN = '# Checkout\n\nHow an order flows:\n\n```diagram id=checkout\nweb = rectangle "Web"\napi = rounded "API"\nweb -> api "HTTPS"\n```\n\nThe end.\n';
const repoRoot = resolve(import.meta.dirname, '../..');

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
async function undoOnce(original = TEXT): Promise<void> {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Z');
  await expectText(original, 'the text back after one undo');
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
  workbench = await runner.openWorkbench({ name: 'ui-picture', vsix: runner.vsix('archflow-ui.vsix'), files: { 'edit.diagram': TEXT, 'fence.md': MARKDOWN }, settings: { 'workbench.secondarySideBar.defaultVisibility': 'hidden' } });
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

test('a Markdown fence’s preview from its CodeLens: a rename edits the fence’s line, a dragged box lands in NAME.md.layout.json', T, async () => {
  await runCommand(page, 'View: Close All Editors');
  await quickOpen(page, 'fence.md');
  await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Open Preview' }).first().click();
  await until(async () => (await page.locator('.tabs-container .tab', { hasText: 'fence.md: checkout' }).count()) === 1, 'the fence’s preview tab');
  frame = webviewFrame(page);
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === 2, 'the fence’s two nodes in its preview');

  await node('api').dblclick();
  const input = frame.locator('.af-label-input');
  await input.waitFor();
  await input.fill('Gateway');
  await input.press('Enter');
  const renamed = MARKDOWN.replace('api = rounded "API"', 'api = rounded "Gateway"');
  await expectText(renamed, 'the new label on the fence’s line of the Markdown');
  await until(async () => ((await node('api').textContent()) ?? '').includes('Gateway'), 'the new label drawn');
  await expectNoProblems();
  await runner.screenshot(page, 'picture-fence-rename');
  await undoOnce(MARKDOWN);
  await until(async () => ((await node('api').textContent()) ?? '').includes('API'), 'the old label drawn again');

  // A box dragged straight down: the fence's entry of fence.md.layout.json, which the CLI reads.
  const layoutFile = join(workbench.workspace, 'fence.md.layout.json');
  const drawnY = async () => Number(/translate\(-?[\d.]+px, ?(-?[\d.]+)px\)/.exec((await node('web').getAttribute('style')) ?? '')?.[1] ?? 'NaN');
  const startY = await drawnY();
  assert.ok(Number.isFinite(startY), 'web’s place in the drawing');
  await dragBoxDown(page, (await node('web').boundingBox())!, 8);
  type Entry = { nodes: Record<string, { x: number; y: number }> };
  const kept = await until(async () => {
    if (!existsSync(layoutFile)) return undefined;
    const file = JSON.parse(readFileSync(layoutFile, 'utf8')) as { diagrams?: Record<string, Entry> };
    return file.diagrams?.checkout?.nodes.web && file.diagrams.checkout;
  }, `the checkout entry written to ${layoutFile}`);
  const out = execFileSync(process.execPath, [join(repoRoot, 'dist/cli.js'), 'layout', join(workbench.workspace, 'fence.md'), '--json'], { encoding: 'utf8' });
  const drawn = (JSON.parse(out) as { diagrams: Array<{ name: string; layout: { nodes: Array<{ id: string; x: number; y: number }> } }> }).diagrams.find((d) => d.name === 'checkout');
  const web = drawn?.layout.nodes.find((n) => n.id === 'web');
  assert.deepEqual(web && { x: web.x, y: web.y }, { x: kept.nodes.web!.x, y: kept.nodes.web!.y }, 'the CLI draws web where it was dropped');
  assert.ok(kept.nodes.web!.y > startY + 10, `web moved down from ${startY} (kept at ${kept.nodes.web!.y})`);
  await until(async () => (await drawnY()) === kept.nodes.web!.y, 'the preview drawing web at the kept position');
  await expectText(MARKDOWN, 'the Markdown untouched by the move');
  await runner.screenshot(page, 'picture-fence-moved');
});

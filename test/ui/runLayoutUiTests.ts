#!/usr/bin/env -S node --import tsx
// Moving boxes in the preview, as a user does it: the packaged .vsix in code-server, driven by
// headless Chromium. A box dragged with the mouse lands in the layout file beside the diagram,
// which the CLI then draws from; Ctrl+Z puts it back; typing a new connection moves no other
// box; Re-layout in the toolbar rewrites the file with a fresh layout. Gestures that edit the
// text and place boxes: a shape dropped from the palette is declared (inside the group it was
// dropped in) and kept where it was dropped; a box dragged onto a group moves into it; Ctrl+Z in
// the preview takes back the last action, a move or a picture edit, each with one undo.
// Screenshots go to test-results/.
//
// Usage: node --import tsx test/ui/runLayoutUiTests.ts [--vsix FILE] [--keep] [--screenshots DIR]
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { ARROW_TRIM } from '../../src/core/render/metrics';
import { repoRoot } from '../extension/harness/codeServer';
import { uiRunner, type Workbench } from './uiRunner';
import { dragBoxDown, quickOpen, runCommand, until, webviewFrame } from './workbench';

/** A diagram with a group, formatted (the edits keep it formatted), for the gestures that edit the text. */
const SHOP = 'diagram "Shop"\n\nweb = rectangle "Web"\nbackend = group "Backend" {\n  api = rounded "API"\n  db  = cylinder "DB"\n}\n\nweb -> api\napi -> db\n';

/** Two connections from A: a straight one to B, and one to C with a segment between two bends. */
const ROUTE = 'a = rectangle "A"\nb = rectangle "B"\nc = rectangle "C"\n\na -> b\na -> c\n';

const runner = uiRunner();
const T = { timeout: 120_000 };

let workbench: Workbench;
let page: Page;
let diagram: string;
let layoutFile: string;

interface Box {
  x: number;
  y: number;
}

interface SizedBox extends Box {
  width: number;
  height: number;
}

/** The boxes of the layout file beside the diagram (undefined while there is none). */
function fileBoxes(file = layoutFile): Record<string, SizedBox> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { nodes: Record<string, SizedBox> }).nodes;
  } catch {
    return undefined; // caught half-written
  }
}

/** The CLI's drawing of the diagram (`archflow layout FILE --json`, plus any flags). */
function cliDrawing(file: string, ...flags: string[]): { nodes: Record<string, SizedBox>; groups: Record<string, SizedBox> } {
  const out = execFileSync(process.execPath, [join(repoRoot, 'dist/cli.js'), 'layout', file, '--json', ...flags], { encoding: 'utf8' });
  const json = JSON.parse(out) as { nodes: Array<SizedBox & { id: string }>; groups: Array<SizedBox & { id: string }> };
  const boxes = (list: Array<SizedBox & { id: string }>) => Object.fromEntries(list.map(({ id, x, y, width, height }) => [id, { x, y, width, height }]));
  return { nodes: boxes(json.nodes), groups: boxes(json.groups) };
}

function cliBoxes(...flags: string[]): Record<string, Box> {
  return Object.fromEntries(Object.entries(cliDrawing(diagram, ...flags).nodes).map(([id, { x, y }]) => [id, { x, y }]));
}

/** Where the preview draws each box, in the drawing's own coordinates (React Flow's node transform). */
async function previewBoxes(frame: FrameLocator): Promise<Record<string, Box>> {
  const styles = await frame.locator('.react-flow__node[data-id]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-id') ?? '', (e as HTMLElement).style.transform]));
  const out: Record<string, Box> = {};
  for (const [id, transform] of styles) {
    const m = /translate\((-?[\d.]+)px, ?(-?[\d.]+)px\)/.exec(transform ?? '');
    if (id && m) out[id] = { x: Number(m[1]), y: Number(m[2]) };
  }
  return out;
}

const node = (frame: FrameLocator, id: string) => frame.locator(`.react-flow__node[data-id="${id}"]`);

before(async () => {
  workbench = await runner.openWorkbench({ name: 'ui-layout', vsix: runner.vsix('archflow-ui.vsix'), files: { 'shop.diagram': SHOP, 'route.diagram': ROUTE } });
  page = workbench.page;
  diagram = join(workbench.workspace, 'simple.diagram');
  layoutFile = `${diagram}.layout.json`;
  rmSync(layoutFile, { force: true });
});

let step = 0;
afterEach(async () => {
  await page?.screenshot({ path: join(runner.artifacts, `ui-layout-step-${++step}.png`) }).catch(() => undefined);
});

after(async () => {
  await workbench?.close();
});

test('a box dragged in the preview lands in the layout file, and the CLI draws it there', T, async () => {
  await quickOpen(page, 'simple.diagram');
  await runCommand(page, 'ArchFlow: Open Preview to the Side');
  const frame = webviewFrame(page);
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === 3, 'three nodes in the preview');
  // No layout file: the preview holds its drawing, and says so.
  await frame.locator('.af-held-note').waitFor({ timeout: 30_000 });
  const before = await previewBoxes(frame);
  const zoom = Number(/scale\(([\d.]+)\)/.exec((await frame.locator('.react-flow__viewport').getAttribute('style')) ?? '')?.[1] ?? 'NaN');
  assert.ok(zoom > 0, 'the viewport has a zoom');

  await dragBoxDown(page, (await node(frame, 'web').boundingBox())!, 10);

  const expected = before.web!.y + 150 / zoom;
  const kept = await until(async () => fileBoxes()?.web && fileBoxes(), `a layout file written beside the diagram (${layoutFile})`);
  // Where the mouse let go, within a pixel or two.
  assert.ok(Math.abs(kept.web!.y - expected) <= 2 / zoom + 1, `web at y ${kept.web!.y}, dropped at ≈ ${expected} (zoom ${zoom}, from ${before.web!.y})`);
  assert.equal(kept.web!.x, Math.round(before.web!.x), 'moved straight down');
  assert.deepEqual({ x: kept.api!.x, y: kept.api!.y }, { x: Math.round(before.api!.x), y: Math.round(before.api!.y) }, 'api stayed');
  // The CLI reads the same file: the box is where it was dropped.
  const cli = cliBoxes();
  assert.deepEqual(cli.web, { x: kept.web!.x, y: kept.web!.y });
  // And the preview draws the host's drawing of it (connections routed again), with the box there.
  await until(async () => (await previewBoxes(frame)).web?.y === kept.web!.y, 'the preview at the kept position');
  await runner.screenshot(page, 'layout-dragged');
});

test('Ctrl+Z in the preview puts the box back', T, async () => {
  const frame = webviewFrame(page);
  const original = cliBoxes('--fresh');
  // The focus in the preview, on the canvas (not a box).
  const pane = (await frame.locator('.react-flow__pane').boundingBox())!;
  await page.mouse.click(pane.x + 5, pane.y + pane.height - 5);
  await page.keyboard.press('Control+z');
  const first = Math.round(original.web!.y);
  await until(async () => fileBoxes()?.web?.y === first, `web back at y ${first} in the file`);
  await until(async () => (await previewBoxes(frame)).web?.y === first, 'the preview shows it back');
});

test('typing a new connection in the text moves no other box', T, async () => {
  const frame = webviewFrame(page);
  // Without the file the preview holds what it shows: deleting it must not make the drawing jump either.
  rmSync(layoutFile, { force: true });
  await frame.locator('.af-held-note').waitFor({ timeout: 30_000 });
  const before = await previewBoxes(frame);
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('cache = rectangle "Cache"\napi -> cache', { delay: 15 });
  await until(async () => (await frame.locator('.react-flow__node[data-id="cache"]').count()) === 1, 'the Cache node');
  // A moment for any transition to end, then every box that was there is where it was.
  await until(async () => {
    const now = await previewBoxes(frame);
    return ['web', 'api', 'db'].every((id) => now[id]?.x === before[id]!.x && now[id]?.y === before[id]!.y) && now;
  }, 'web, api and db unmoved', 15_000);
  assert.equal(existsSync(layoutFile), false, 'typing writes no layout file');
  await runner.screenshot(page, 'layout-held-typing');
});

test('Re-layout in the toolbar rewrites the layout file with a fresh layout', T, async () => {
  const frame = webviewFrame(page);
  // The file of someone who dragged everything into a corner.
  const fresh = cliBoxes('--fresh');
  const nodes = Object.fromEntries(Object.entries(fresh).map(([id], i) => [id, { x: 900 + i * 10, y: 600 + i * 80, width: 120, height: 48 }]));
  writeFileSync(layoutFile, JSON.stringify({ format: 'archflow-layout-file/1', direction: 'LR', groups: {}, nodes, connections: {} }, null, 2));
  await until(async () => (await previewBoxes(frame)).web?.x === 900, 'the preview follows the file on disk');
  await page.keyboard.press('Control+s'); // the typed lines, so the CLI reads the same text
  await frame.locator('.af-relayout').click();
  const tidy = cliBoxes('--fresh');
  await until(async () => {
    const boxes = fileBoxes();
    return boxes && Object.entries(tidy).every(([id, b]) => boxes[id]?.x === Math.round(b.x) && boxes[id]?.y === Math.round(b.y));
  }, 'the file holds the fresh layout');
  await until(async () => (await previewBoxes(frame)).web?.x === Math.round(tidy.web!.x), 'the preview redrawn tidy');
  assert.equal(await frame.locator('.af-held-note').count(), 0, 'with a layout file nothing is held');
  await runner.screenshot(page, 'layout-relayout');
});

// --- Gestures that edit the text and place boxes, on shop.diagram (a group, a layout file) ---

let shop: string;
let shopLayout: string;
/** The layout file the gestures start from (every box on one line, Backend taller). */
let shopStartLayout: string;

/** The viewport's pan and zoom, to turn the drawing's coordinates into the page's. */
async function toPage(frame: FrameLocator, p: Box): Promise<Box> {
  const style = (await frame.locator('.react-flow__viewport').getAttribute('style')) ?? '';
  const m = /translate\((-?[\d.]+)px, ?(-?[\d.]+)px\) scale\(([\d.]+)\)/.exec(style);
  assert.ok(m, `a viewport transform in ${style}`);
  const pane = (await frame.locator('.react-flow').boundingBox())!;
  return { x: pane.x + Number(m[1]) + p.x * Number(m[3]), y: pane.y + Number(m[2]) + p.y * Number(m[3]) };
}

/** The editor's text, saved first so it can be read from disk. */
async function savedText(): Promise<string> {
  await runCommand(page, 'File: Save All');
  return readFileSync(shop, 'utf8');
}

async function expectSaved(expected: string, what: string): Promise<void> {
  let seen = '';
  try {
    await until(async () => (seen = await savedText()) === expected, what);
  } catch (e) {
    assert.equal(seen, expected, `${what}: ${(e as Error).message}`);
  }
}

/** Ctrl+Z (or with Shift, redo) with the focus on the preview's canvas. */
async function previewKey(frame: FrameLocator, key: string): Promise<void> {
  const pane = (await frame.locator('.react-flow__pane').boundingBox())!;
  await page.mouse.click(pane.x + 5, pane.y + pane.height - 5);
  await until(() => frame.locator('.react-flow__pane').evaluate(() => document.hasFocus()), 'the focus in the preview');
  // The workbench learns of the webview's focus by a message: until then it would send the key's command to the text editor.
  await new Promise((r) => setTimeout(r, 400));
  await page.keyboard.press(key);
}

/** Drags box `id` with the mouse so that its centre lands on the drawing's point `to`. */
async function dragCentreTo(frame: FrameLocator, id: string, to: Box): Promise<void> {
  const from = (await node(frame, id).boundingBox())!;
  const [sx, sy] = [from.x + from.width / 2, from.y + from.height / 2];
  const target = await toPage(frame, to);
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  // React Flow starts a drag once the pointer has moved past its threshold, and counts from there.
  await page.mouse.move(sx, sy + 2);
  await page.mouse.move(sx + 1, sy + 3);
  for (let i = 1; i <= 10; i++) await page.mouse.move(sx + 1 + ((target.x - sx - 1) * i) / 10, sy + 3 + ((target.y - sy - 3) * i) / 10, { steps: 2 });
  await page.mouse.up();
}

const centre = (b: SizedBox) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** The layout file's text now, and a wait until it is something else. */
function layoutText(): string {
  return readFileSync(shopLayout, 'utf8');
}

test('a shape dropped from the palette into a group is declared there and kept where it was dropped; one Ctrl+Z takes both back', T, async () => {
  shop = join(workbench.workspace, 'shop.diagram');
  shopLayout = `${shop}.layout.json`;
  // A layout file with room in the group: the fresh drawing, Backend 200 px taller.
  const fresh = cliDrawing(shop, '--fresh');
  const backend = fresh.groups.backend!;
  writeFileSync(
    shopLayout,
    JSON.stringify({ format: 'archflow-layout-file/1', direction: 'LR', groups: { backend: { ...backend, height: backend.height + 200 } }, nodes: fresh.nodes, connections: {} }, null, 2) + '\n',
  );
  // From the first editor group, so the diagram opens there and the preview beside it follows it.
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await quickOpen(page, 'shop.diagram');
  await runCommand(page, 'ArchFlow: Open Preview to the Side');
  const frame = webviewFrame(page);
  await until(async () => (await previewBoxes(frame)).db !== undefined && (await frame.locator('.react-flow__node[data-id="web"]').count()) === 1, 'shop.diagram in the preview');
  await frame.locator('.react-flow__controls-fitview').click();
  await new Promise((r) => setTimeout(r, 500));
  const before = layoutText();
  shopStartLayout = before;

  // Below DB, inside the taller Backend.
  const drop = { x: Math.round(backend.x + backend.width / 2), y: Math.round(backend.y + backend.height + 100) };
  const at = await toPage(frame, drop);
  const pane = (await frame.locator('.react-flow__pane').boundingBox())!;
  await frame.locator('.af-palette-item[data-shape="cloud"]').dragTo(frame.locator('.react-flow__pane'), { targetPosition: { x: at.x - pane.x, y: at.y - pane.y } });

  await expectSaved(SHOP.replace('  api = rounded "API"\n  db  = cylinder "DB"\n', '  api     = rounded "API"\n  db      = cylinder "DB"\n  cloud_2 = cloud "cloud"\n'), 'the cloud declared inside Backend');
  const kept = await until(async () => fileBoxes(shopLayout)?.cloud_2, 'the new box in the layout file');
  const c = centre(kept);
  assert.ok(Math.abs(c.x - drop.x) <= 2 && Math.abs(c.y - drop.y) <= 2, `cloud_2 centred at (${c.x}, ${c.y}), dropped at (${drop.x}, ${drop.y})`);
  assert.deepEqual(fileBoxes(shopLayout)!.web, fresh.nodes.web, 'the other boxes stay');
  await until(async () => (await previewBoxes(frame)).cloud_2?.x === kept.x && (await previewBoxes(frame)).cloud_2?.y === kept.y, 'the preview draws it where it was dropped');
  await runner.screenshot(page, 'layout-palette-drop');

  await previewKey(frame, 'Control+z');
  await expectSaved(SHOP, 'one undo: the declaration gone');
  await until(async () => layoutText() === before, 'one undo: the layout file as it was');
  await until(async () => (await frame.locator('.react-flow__node[data-id="cloud_2"]').count()) === 0, 'the preview without it');
});

test('a connection dragged from a handle onto empty canvas makes a new box there, kept where it was let go; one Ctrl+Z takes both back', T, async () => {
  const frame = webviewFrame(page);
  const before = layoutText();
  const { nodes, groups } = cliDrawing(shop);
  // Below Web, level with the bottom of the taller Backend: empty canvas inside the fitted view
  // (a drop on a group's own area connects to the group, as on a node's body).
  const drop = { x: Math.round(centre(nodes.web!).x), y: Math.round(groups.backend!.y + groups.backend!.height - 60) };
  const handle = (await node(frame, 'api').locator('.react-flow__handle.source').boundingBox())!;
  const to = await toPage(frame, drop);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  const input = frame.locator('.af-label-input');
  await input.waitFor();
  await input.fill('Cache');
  await input.press('Enter');

  const text = await until(async () => {
    const t = await savedText();
    return /^\}\n\w+ += [^\n]*"Cache"\n/m.test(t) && t;
  }, 'a node labelled Cache declared at the top level');
  const id = /^(\w+) += [^\n]*"Cache"$/m.exec(text)![1]!;
  assert.ok(text.includes(`\napi -> db\napi -> ${id}\n`), `connected from api after its connection:\n${text}`);
  assert.equal(text.replace(/^\w+ += [^\n]*"Cache"\n/m, '').replace(`api -> ${id}\n`, ''), SHOP, 'nothing else in the text changed');
  const kept = await until(async () => fileBoxes(shopLayout)?.[id], 'the new box in the layout file');
  const c = centre(kept);
  assert.ok(Math.abs(c.x - drop.x) <= 3 && Math.abs(c.y - drop.y) <= 3, `${id} centred at (${c.x}, ${c.y}), let go at (${drop.x}, ${drop.y})`);
  assert.deepEqual(fileBoxes(shopLayout)!.web, JSON.parse(before).nodes.web, 'the other boxes stay');
  await until(async () => (await previewBoxes(frame))[id]?.y === kept.y, 'the preview draws it there');

  await previewKey(frame, 'Control+z');
  await expectSaved(SHOP, 'one undo: the box and its connection gone');
  await until(async () => layoutText() === before, 'one undo: the layout file as it was');
});

test('a box dragged onto a group moves into it in the text and stays where it was let go; one Ctrl+Z takes both back', T, async () => {
  const frame = webviewFrame(page);
  const before = layoutText();
  const backend = cliDrawing(shop).groups.backend!;
  const to = { x: Math.round(backend.x + backend.width / 2), y: Math.round(backend.y + backend.height - 60) };
  await dragCentreTo(frame, 'web', to);
  await expectSaved('diagram "Shop"\n\nbackend = group "Backend" {\n  api = rounded "API"\n  db  = cylinder "DB"\n  web = rectangle "Web"\n}\n\nweb -> api\napi -> db\n', 'web declared inside Backend');
  const kept = await until(async () => layoutText() !== before && fileBoxes(shopLayout)?.web, 'web moved in the layout file');
  const c = centre(kept);
  assert.ok(Math.abs(c.x - to.x) <= 3 && Math.abs(c.y - to.y) <= 3, `web centred at (${c.x}, ${c.y}), let go at (${to.x}, ${to.y})`);
  await until(async () => (await previewBoxes(frame)).web?.y === kept.y, 'the preview draws it there');
  await runner.screenshot(page, 'layout-drag-into-group');

  await previewKey(frame, 'Control+z');
  await expectSaved(SHOP, 'one undo: web back at the top level');
  await until(async () => layoutText() === before, 'one undo: the layout file as it was');

  // A move inside the group it is in stays a move: the text does not change.
  const api = fileBoxes(shopLayout)!.api!;
  await dragCentreTo(frame, 'api', { x: centre(api).x, y: centre(api).y + 40 });
  await until(async () => fileBoxes(shopLayout)?.api?.y !== api.y && fileBoxes(shopLayout), 'api moved in the layout file');
  assert.equal(await savedText(), SHOP, 'a move within its group leaves the text');
  await previewKey(frame, 'Control+z');
  await until(async () => layoutText() === before, 'the move undone');
});

test('one history in the preview: Ctrl+Z takes back a rename, then a move; Shift+Ctrl+Z makes the move again', T, async () => {
  const frame = webviewFrame(page);
  const start = layoutText();
  const web = fileBoxes(shopLayout)!.web!;
  await dragCentreTo(frame, 'web', { x: centre(web).x, y: centre(web).y + 120 });
  const moved = await until(async () => layoutText() !== start && layoutText(), 'the move in the layout file');

  await node(frame, 'db').dblclick();
  const input = frame.locator('.af-label-input');
  await input.waitFor();
  await input.fill('Postgres');
  await input.press('Enter');
  const renamed = SHOP.replace('cylinder "DB"', 'cylinder "Postgres"');
  await expectSaved(renamed, 'the rename in the text');

  await previewKey(frame, 'Control+z');
  await expectSaved(SHOP, 'the first undo takes back the rename');
  assert.equal(layoutText(), moved, 'and leaves the move');
  await previewKey(frame, 'Control+z');
  await until(async () => layoutText() === start, 'the second undo takes back the move');
  assert.equal(await savedText(), SHOP);
  await previewKey(frame, 'Control+Shift+z');
  await until(async () => layoutText() === moved, 'redo makes the move again');
  await previewKey(frame, 'Control+Shift+z');
  await expectSaved(renamed, 'and redo the rename');
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(await savedText(), renamed, 'the rename stays');

  // Typed over since: the preview says so and leaves the text alone.
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('// typed\n');
  await expectSaved(`${renamed}// typed\n`, 'the typed line');
  await previewKey(frame, 'Control+z');
  await page.locator('.notifications-toasts', { hasText: 'The text changed since that edit' }).waitFor({ timeout: 30_000 });
  assert.equal(await savedText(), `${renamed}// typed\n`, 'nothing undone');
});


/** Focuses a box of the preview from the keyboard's side (the webview gets the focus). */
async function focusBox(frame: FrameLocator, id: string): Promise<void> {
  await node(frame, id).focus();
  await until(() => node(frame, id).evaluate((el) => document.hasFocus() && document.activeElement === el), `${id} focused`);
}

const edgeLine = (frame: FrameLocator, id: string) => frame.locator(`.react-flow__edge[data-id="${id}"] .af-edge-line`).first();

test('several selected with Shift+click: Delete removes both boxes, a restyle changes both connections', T, async () => {
  const frame = webviewFrame(page);
  // As the gestures started: straight connections, to click on their middle.
  writeFileSync(shop, SHOP);
  writeFileSync(shopLayout, shopStartLayout);
  const start = JSON.parse(shopStartLayout) as { nodes: Record<string, SizedBox> };
  await until(async () => ((await node(frame, 'db').textContent()) ?? '').includes('DB') && (await previewBoxes(frame)).web?.y === start.nodes.web!.y && (await savedText()) === SHOP, 'shop.diagram as it started');

  // The plain click shows web's line in the editor, which takes the focus: Shift goes down there.
  await node(frame, 'web').click();
  await node(frame, 'db').click({ modifiers: ['Shift'] });
  await focusBox(frame, 'db');
  await page.keyboard.press('Delete');
  await expectSaved('diagram "Shop"\n\nbackend = group "Backend" {\n  api = rounded "API"\n}\n', 'web and db deleted with their connections');
  await previewKey(frame, 'Control+z');
  await expectSaved(SHOP, 'one undo in the preview brings both back');
  await until(async () => (await frame.locator('.react-flow__edge').count()) === 2, 'both connections drawn again');

  // A connection's line is thin: clicked where it is, whatever Playwright thinks of its visibility.
  await edgeLine(frame, 'c0').click({ force: true });
  await edgeLine(frame, 'c1').click({ force: true, modifiers: ['Shift'] });
  await edgeLine(frame, 'c1').click({ button: 'right', force: true });
  const menu = frame.locator('.af-menu');
  await menu.waitFor();
  assert.equal(await menu.locator('.af-menu-title').textContent(), 'Edit 2', 'the menu edits the two connections');
  await menu.locator('.af-menu-item', { hasText: /^Line style/ }).click();
  await menu.locator('.af-menu-item', { hasText: /^dashed$/ }).click();
  await expectSaved(SHOP.replace('web -> api\n', 'web -> api style=dashed\n').replace('api -> db\n', 'api -> db style=dashed\n'), 'both connections dashed');
  await runner.screenshot(page, 'layout-multi-restyle');
  await previewKey(frame, 'Control+z');
  await expectSaved(SHOP, 'one undo in the preview');
});

test('without a layout file a dropped shape goes into the held drawing where it was dropped, and no file is written', T, async () => {
  const frame = webviewFrame(page);
  rmSync(shopLayout, { force: true });
  await frame.locator('.af-held-note').waitFor({ timeout: 30_000 });
  const web = (await node(frame, 'web').boundingBox())!;
  // Well below Web, on empty canvas.
  const at = { x: web.x + web.width / 2, y: web.y + web.height * 4 };
  const pane = (await frame.locator('.react-flow__pane').boundingBox())!;
  await frame.locator('.af-palette-item[data-shape="note"]').dragTo(frame.locator('.react-flow__pane'), { targetPosition: { x: at.x - pane.x, y: at.y - pane.y } });
  await expectSaved(SHOP.replace('}\n\nweb -> api', '}\nnote_2 = note "note"\n\nweb -> api'), 'the note declared at the top level');
  const placed = await until(async () => {
    const b = await node(frame, 'note_2').boundingBox().catch(() => null);
    return b && Math.abs(b.x + b.width / 2 - at.x) <= 3 && Math.abs(b.y + b.height / 2 - at.y) <= 3 && b;
  }, 'the note drawn centred where it was dropped');
  assert.ok(placed);
  assert.equal(existsSync(shopLayout), false, 'no layout file written');
  await previewKey(frame, 'Control+z');
  await expectSaved(SHOP, 'one undo in the preview takes it back');
  await until(async () => (await frame.locator('.react-flow__node[data-id="note_2"]').count()) === 0, 'the preview without the note');
  // Redo declares it again, and draws it where it was dropped, not where placement would put a new box.
  await previewKey(frame, 'Control+Shift+z');
  await expectSaved(SHOP.replace('}\n\nweb -> api', '}\nnote_2 = note "note"\n\nweb -> api'), 'redo declares the note again');
  await until(async () => {
    const b = await node(frame, 'note_2').boundingBox().catch(() => null);
    return b && Math.abs(b.x + b.width / 2 - (placed.x + placed.width / 2)) <= 3 && Math.abs(b.y + b.height / 2 - (placed.y + placed.height / 2)) <= 3;
  }, 'the note drawn again where it was dropped');
  assert.equal(existsSync(shopLayout), false, 'still no layout file');
  await previewKey(frame, 'Control+z');
  await expectSaved(SHOP, 'undone again');
});

// --- Reshaping a connection by dragging a segment (route.diagram, no layout file to begin with) ---

type XY = { x: number; y: number };

/** The CLI's route of each connection, by `source -> target`. */
function cliRoutes(file: string): Record<string, XY[]> {
  const out = execFileSync(process.execPath, [join(repoRoot, 'dist/cli.js'), 'layout', file, '--json'], { encoding: 'utf8' });
  const json = JSON.parse(out) as { connections: Array<{ source: string; target: string; points: XY[] }> };
  return Object.fromEntries(json.connections.map((c) => [`${c.source} -> ${c.target}`, c.points]));
}

/** The waypoints of the layout file's connections (undefined while there is no file). */
function fileWaypoints(file: string): Record<string, number[][]> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { connections: Record<string, number[][]> }).connections;
  } catch {
    return undefined; // caught half-written
  }
}

/**
 * Every point of a connection's drawn path in the preview, in whole pixels: its corners are
 * rounded (each bend is a curve's control point, between the curve's ends), and its arrowhead
 * end stops short of the box (ARROW_TRIM), so that end is not the route's.
 */
async function drawnPoints(frame: FrameLocator, id: string): Promise<XY[]> {
  const d = (await frame.locator(`.react-flow__edge[data-id="${id}"] .af-edge-interaction`).first().getAttribute('d')) ?? '';
  const numbers = (d.match(/-?[\d.]+/g) ?? []).map((n) => Math.round(Number(n)));
  return numbers.flatMap((x, k) => (k % 2 === 0 ? [{ x, y: numbers[k + 1]! }] : []));
}

/** The x of every point of a connection's drawn path in the preview (see {@link drawnPoints}). */
async function drawnXs(frame: FrameLocator, id: string): Promise<number[]> {
  return (await drawnPoints(frame, id)).map((p) => p.x);
}

const passesThrough = (route: XY[], p: XY) =>
  route.some((a, k) => {
    const b = route[k + 1];
    return b !== undefined && p.x >= Math.min(a.x, b.x) && p.x <= Math.max(a.x, b.x) && p.y >= Math.min(a.y, b.y) && p.y <= Math.max(a.y, b.y);
  });

test('a segment of a selected connection dragged in the preview: its waypoints land in the layout file, the CLI routes through them, Ctrl+Z takes it back, Reset Route forgets them', T, async () => {
  const route = join(workbench.workspace, 'route.diagram');
  const routeLayout = `${route}.layout.json`;
  rmSync(routeLayout, { force: true });
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await quickOpen(page, 'route.diagram');
  await runCommand(page, 'ArchFlow: Open Preview to the Side');
  const frame = webviewFrame(page);
  await until(async () => (await frame.locator('.react-flow__node[data-id="c"]').count()) === 1 && (await frame.locator('.react-flow__edge[data-id="c1"]').count()) === 1, 'route.diagram in the preview');
  await frame.locator('.react-flow__controls-fitview').click();
  await new Promise((r) => setTimeout(r, 500));

  // a -> c leaves A, turns down and turns again into C: its middle segment is vertical.
  const freshRoutes = cliRoutes(route);
  const fresh = freshRoutes['a -> c']!;
  assert.equal(fresh.length, 4, `a -> c has a segment between two bends: ${JSON.stringify(fresh)}`);
  const [p1, p2] = [fresh[1]!, fresh[2]!];
  assert.equal(p1.x, p2.x, 'its middle segment is vertical');
  // Selected by a click on that segment; its handles show.
  const mid = await toPage(frame, { x: p1.x, y: (p1.y + p2.y) / 2 });
  await page.mouse.click(mid.x, mid.y);
  const handle = frame.locator('.react-flow__edge[data-id="c1"] .af-segment-handle[data-segment="1"]');
  await handle.waitFor({ timeout: 30_000 });
  assert.equal(await frame.locator('.react-flow__edge[data-id="c1"] .af-segment-handle').count(), 3, 'a handle on each of its three segments');

  // Dragged 20 px of the drawing to the right (and a little down, which a vertical segment ignores).
  const to = await toPage(frame, { x: p1.x + 20, y: (p1.y + p2.y) / 2 + 8 });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await runner.screenshot(page, 'layout-segment-dragging', undefined, { midGesture: true });
  await page.mouse.up();

  const x = p1.x + 20;
  const waypoints = await until(async () => fileWaypoints(routeLayout)?.['a -> c'], 'the waypoints of a -> c in a new layout file');
  assert.deepEqual(waypoints, [[x, p1.y], [x, p2.y]], 'the two bends, moved 20 px, in whole pixels');
  assert.equal(fileWaypoints(routeLayout)!['a -> b'], undefined, 'a -> b has none');
  // The CLI draws from the same file: through the waypoints, and a -> b where it was.
  const cli = cliRoutes(route);
  for (const [wx, wy] of waypoints) assert.ok(passesThrough(cli['a -> c']!, { x: wx!, y: wy! }), `the CLI's a -> c passes (${wx}, ${wy}): ${JSON.stringify(cli['a -> c'])}`);
  assert.deepEqual(cli['a -> b'], freshRoutes['a -> b']);
  await until(async () => (await drawnXs(frame, 'c1')).includes(x), 'the preview draws a -> c through them');
  await runner.screenshot(page, 'layout-segment-dragged');

  await previewKey(frame, 'Control+z');
  await until(async () => {
    const w = fileWaypoints(routeLayout);
    return w !== undefined && Object.keys(w).length === 0;
  }, 'Ctrl+Z: no waypoints in the layout file');
  assert.deepEqual(cliRoutes(route)['a -> c'], fresh, 'the CLI routes a -> c as before');
  await until(async () => (await drawnXs(frame, 'c1')).includes(p1.x) && !(await drawnXs(frame, 'c1')).includes(x), 'the preview draws it as before');

  await previewKey(frame, 'Control+Shift+z');
  await until(async () => fileWaypoints(routeLayout)?.['a -> c'], 'redo puts the waypoints back');
  await until(async () => (await drawnXs(frame, 'c1')).includes(x), 'and the preview draws them');

  // Reset Route, from the connection's context menu.
  const again = await toPage(frame, { x, y: (p1.y + p2.y) / 2 });
  await page.mouse.click(again.x, again.y, { button: 'right' });
  const menu = frame.locator('.af-menu');
  await menu.waitFor();
  await menu.locator('.af-menu-item', { hasText: /^Reset Route$/ }).click();
  await until(async () => {
    const w = fileWaypoints(routeLayout);
    return w !== undefined && Object.keys(w).length === 0;
  }, 'Reset Route: no waypoints in the layout file');
  // Routed again by the kept layout (not necessarily ELK's first line): the preview draws what the CLI does.
  const rerouted = cliRoutes(route)['a -> c']!;
  await until(async () => {
    const drawn = await drawnPoints(frame, 'c1');
    // Its points, but the arrowhead's end, which the preview draws a few pixels short of the box on the last segment.
    const [end, before] = [rerouted[rerouted.length - 1]!, rerouted[rerouted.length - 2]!];
    const drawnEnd = drawn[drawn.length - 1]!;
    const endClose = Math.abs(drawnEnd.x - end.x) + Math.abs(drawnEnd.y - end.y) <= ARROW_TRIM + 1 && passesThrough([before, end], drawnEnd);
    return endClose && rerouted.slice(0, -1).every((p) => drawn.some((q) => q.x === Math.round(p.x) && q.y === Math.round(p.y)));
  }, 'the preview draws a -> c as the CLI does');
});

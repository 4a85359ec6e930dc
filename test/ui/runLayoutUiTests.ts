#!/usr/bin/env -S node --import tsx
// Moving boxes in the preview, as a user does it: the packaged .vsix in code-server, driven by
// headless Chromium. A box dragged with the mouse lands in the layout file beside the diagram,
// which the CLI then draws from; Ctrl+Z puts it back; typing a new connection moves no other
// box; Re-layout in the toolbar rewrites the file with a fresh layout. Screenshots go to
// test-results/.
//
// Usage: node --import tsx test/ui/runLayoutUiTests.ts [--vsix FILE] [--keep] [--screenshots DIR]
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { repoRoot } from '../extension/harness/codeServer';
import { uiRunner, type Workbench } from './uiRunner';
import { quickOpen, runCommand, until, webviewFrame } from './workbench';

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

/** The boxes of the layout file beside the diagram (undefined while there is none). */
function fileBoxes(): Record<string, Box> | undefined {
  if (!existsSync(layoutFile)) return undefined;
  try {
    return (JSON.parse(readFileSync(layoutFile, 'utf8')) as { nodes: Record<string, Box> }).nodes;
  } catch {
    return undefined; // caught half-written
  }
}

/** The CLI's drawing of the diagram (`archflow layout FILE --json`, plus any flags). */
function cliBoxes(...flags: string[]): Record<string, Box> {
  const out = execFileSync(process.execPath, [join(repoRoot, 'dist/cli.js'), 'layout', diagram, '--json', ...flags], { encoding: 'utf8' });
  const json = JSON.parse(out) as { nodes: Array<{ id: string; x: number; y: number }> };
  return Object.fromEntries(json.nodes.map((n) => [n.id, { x: n.x, y: n.y }]));
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
  workbench = await runner.openWorkbench({ name: 'ui-layout', vsix: runner.vsix('archflow-ui.vsix') });
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

  const box = (await node(frame, 'web').boundingBox())!;
  const [sx, sy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  // React Flow starts a drag once the pointer has moved past its threshold, and counts from there.
  await page.mouse.move(sx, sy + 2);
  for (let i = 1; i <= 10; i++) await page.mouse.move(sx, sy + 2 + i * 15, { steps: 2 });
  await page.mouse.up();

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

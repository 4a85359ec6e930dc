#!/usr/bin/env -S node --import tsx
// The README's animation of editing in the picture (docs/images/editing-gestures.gif), captured
// from a real VS Code as test/ui drives it: the packaged .vsix in code-server, headless Chromium.
// In the preview of a small diagram: connect two boxes by dragging from a handle, rename one by
// a double-click, restyle a connection from its menu, the text beside changing with each.
// Frames are screenshots of the editor area (a drawn pointer shows where the mouse is: headless
// screenshots have none); ffmpeg, a docs-only tool (`apt-get install ffmpeg`), makes the GIF.
//
// Usage: node --import tsx scripts/recordEditingAnimation.ts [--vsix FILE] [--keep]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { repoRoot } from '../test/extension/harness/codeServer';
import { uiRunner } from '../test/ui/uiRunner';
import { quickOpen, runCommand, until, webviewFrame } from '../test/ui/workbench';

const TEXT = 'diagram "Shop"\n\nweb = rectangle "Web"\napi = rounded "API"\ndb  = cylinder "Postgres"\n\nweb -> api "HTTPS"\n';
const OUT = join(repoRoot, 'docs', 'images', 'editing-gestures.gif');
/** The GIF's width in pixels (frames are scaled down to it). */
const WIDTH = 960;
/** Above this the README's page gets slow to load. */
const MAX_BYTES = 1.5 * 1024 * 1024;

const ffmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
if (ffmpeg.status !== 0) {
  console.error('ffmpeg is needed to assemble the frames: sudo apt-get install -y ffmpeg');
  process.exit(1);
}

const runner = uiRunner();
const frames = mkdtempSync(join(tmpdir(), 'archflow-animation-'));
/** Each frame's file and how long it shows, in seconds. */
const shots: Array<{ file: string; seconds: number }> = [];
let page: Page;
let area: Locator;

/** Draws a pointer at a page position over everything (the webview's iframes included). */
async function pointerAt(x: number, y: number): Promise<void> {
  await page.evaluate(
    ([px, py]) => {
      let el = document.getElementById('archflow-pointer');
      if (!el) {
        el = document.createElement('div');
        el.id = 'archflow-pointer';
        el.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;width:18px;height:24px';
        el.innerHTML = '<svg width="18" height="24" viewBox="0 0 18 24"><path d="M1 1 L1 19 L6 14 L10 23 L13 21.5 L9 13 L16 13 Z" fill="#111" stroke="#fff" stroke-width="1.5"/></svg>';
        document.body.appendChild(el);
      }
      el.style.left = `${px}px`;
      el.style.top = `${py}px`;
    },
    [x, y],
  );
}

async function moveTo(x: number, y: number, steps = 1): Promise<void> {
  await page.mouse.move(x, y, { steps });
  await pointerAt(x, y);
}

async function shot(seconds: number): Promise<void> {
  const file = join(frames, `frame-${String(shots.length).padStart(4, '0')}.png`);
  await area.screenshot({ path: file });
  shots.push({ file, seconds });
}

/** A glide of the pointer to (x, y), a frame every few steps (with the mouse button held, a drag). */
async function glide(from: { x: number; y: number }, to: { x: number; y: number }, frameCount = 6): Promise<void> {
  for (let i = 1; i <= frameCount; i++) {
    await moveTo(from.x + ((to.x - from.x) * i) / frameCount, from.y + ((to.y - from.y) * i) / frameCount, 2);
    await shot(0.08);
  }
}

const centreOf = async (l: Locator) => {
  const b = (await l.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

async function main(): Promise<void> {
  const workbench = await runner.openWorkbench({
    name: 'editing-animation',
    vsix: runner.vsix('archflow-ui.vsix'),
    files: { 'shop.diagram': TEXT },
    settings: { 'workbench.secondarySideBar.defaultVisibility': 'hidden', 'workbench.sideBar.location': 'left', 'editor.fontSize': 15 },
    viewport: { width: 1280, height: 640 },
  });
  page = workbench.page;
  try {
    await quickOpen(page, 'shop.diagram');
    await runCommand(page, 'ArchFlow: Open Preview to the Side');
    // Only the editors: the text and the preview.
    await runCommand(page, 'View: Close Primary Side Bar');
    const frame: FrameLocator = webviewFrame(page);
    await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === 3, 'three nodes in the preview');
    area = page.locator('.part.editor');
    const node = (id: string) => frame.locator(`.react-flow__node[data-id="${id}"]`);
    let at = { x: 640, y: 560 };
    await moveTo(at.x, at.y);
    await new Promise((r) => setTimeout(r, 1500));
    await shot(1.2);

    // Connect: from API's handle onto Postgres.
    const api = await centreOf(node('api'));
    await glide(at, api, 5);
    await node('api').hover();
    const handle = await centreOf(node('api').locator('.react-flow__handle.source'));
    await glide(api, handle, 3);
    await page.mouse.down();
    const db = await centreOf(node('db'));
    await glide(handle, db, 8);
    await page.mouse.up();
    await until(async () => (await frame.locator('.react-flow__edge').count()) === 2, 'the new connection drawn');
    await new Promise((r) => setTimeout(r, 700));
    await shot(1.4);

    // Rename: a double-click on Web, a new label.
    const web = await centreOf(node('web'));
    await glide(db, web, 6);
    await node('web').dblclick();
    const input = frame.locator('.af-label-input');
    await input.waitFor();
    await input.fill('');
    await shot(0.4);
    for (const word of ['Store', 'Store front']) {
      await input.fill(word);
      await shot(0.3);
    }
    await input.press('Enter');
    await until(async () => ((await node('web').textContent()) ?? '').includes('Store front'), 'the new label drawn');
    await new Promise((r) => setTimeout(r, 700));
    await shot(1.4);

    // Restyle: the HTTPS connection's menu, Line style, dashed.
    const label = await centreOf(frame.locator('.af-edge-label').first());
    await glide(web, label, 5);
    at = label;
    await frame.locator('.af-edge-label').first().click({ button: 'right' });
    const menu = frame.locator('.af-menu');
    await menu.waitFor();
    await shot(0.7);
    const style = await centreOf(menu.locator('.af-menu-item', { hasText: /^Line style/ }));
    await glide(at, style, 3);
    await menu.locator('.af-menu-item', { hasText: /^Line style/ }).click();
    await shot(0.6);
    const dashed = await centreOf(menu.locator('.af-menu-item', { hasText: /^dashed$/ }));
    await glide(style, dashed, 3);
    await menu.locator('.af-menu-item', { hasText: /^dashed$/ }).click();
    await until(async () => (await page.locator('.view-lines').first().textContent())?.includes('style=dashed'), 'the style in the text');
    await moveTo(dashed.x + 40, dashed.y + 120);
    await new Promise((r) => setTimeout(r, 900));
    await shot(2.5);
  } finally {
    await workbench.close();
  }

  const list = join(frames, 'frames.txt');
  // The concat demuxer takes each frame's duration from the line after it; the last is repeated to be honoured.
  writeFileSync(list, [...shots.flatMap((s) => [`file '${s.file}'`, `duration ${s.seconds}`]), `file '${shots.at(-1)!.file}'`, ''].join('\n'));
  const filters = `scale=${WIDTH}:-1:flags=lanczos,split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=none:diff_mode=rectangle`;
  const r = spawnSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-vf', filters, '-loop', '0', OUT], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg failed:\n${r.stderr}`);
  const bytes = statSync(OUT).size;
  console.log(`${OUT}: ${shots.length} frames, ${(bytes / 1024).toFixed(0)} KB`);
  if (bytes > MAX_BYTES) throw new Error(`the animation is ${(bytes / 1024 / 1024).toFixed(2)} MB, over ${MAX_BYTES / 1024 / 1024} MB: fewer frames or a smaller WIDTH`);
  if (!runner.keep) rmSync(frames, { recursive: true, force: true });
  else console.log(`frames kept in ${frames}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

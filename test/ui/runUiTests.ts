#!/usr/bin/env -S node --import tsx
// Route 2 of shared/testing/real-vscode.md: the packaged .vsix installed into code-server,
// driven through the UI by headless Chromium. Covers what only the UI shows: Problems
// panel rows, the preview webview's drawing, clicking a node to move the cursor, typing
// to update the drawing, and screenshots in light and dark themes (test-results/).
//
// Usage: node --import tsx test/ui/runUiTests.ts [--vsix FILE] [--keep] [--screenshots DIR]
import { after, afterEach, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { MAX_LABEL_LENGTH, parseDiagram } from '../../src/core/language/index';
import { layoutDiagram } from '../../src/core/layout/index';
import { shapeGeometry, THEMES, type ThemeName } from '../../src/core/render/index';
import { repoRoot, startCodeServer, type CodeServer } from '../extension/harness/codeServer';
import { uiRunner, type Workbench } from './uiRunner';
import { cursorStatus, expectBrokenDiagramProblems, openFolder, pickColorTheme, quickOpen, reloadWorkbench, runCommand, until, webviewContextMenu, webviewFrame } from './workbench';

const runner = uiRunner();
const artifacts = runner.artifacts;
const EXAMPLE = join(repoRoot, 'examples/microservices.diagram');
// A held-out Markdown document (written for these tests only): three diagram fences, the third with an error.
const ARCHITECTURE_MD = join(repoRoot, 'test/ui/fixtures/architecture.md');

let workbench: Workbench;
let server: CodeServer;
let browser: Browser;
let page: Page;
let workspace: string;
let vsix: string;

function screenshot(name: string, only?: 'preview'): Promise<void> {
  return runner.screenshot(page, name, only === 'preview' ? page.locator('iframe.webview.ready').first() : undefined);
}

async function setTheme(theme: string): Promise<void> {
  await pickColorTheme(page, theme);
  const dark = /dark/i.test(theme);
  const kind = /high contrast/i.test(theme) ? (dark ? 'hc-black' : 'hc-light') : dark ? 'vs-dark' : 'vs';
  await until(async () => (await page.locator('.monaco-workbench').getAttribute('class'))?.split(' ').includes(kind) ?? false, `theme ${theme}`);
}

before(async () => {
  vsix = runner.vsix('archflow-ui.vsix');
  workbench = await runner.openWorkbench({
    name: 'ui-tests',
    vsix,
    files: {
      // A real example for the README screenshots.
      ...(existsSync(EXAMPLE) ? { 'example.diagram': readFileSync(EXAMPLE, 'utf8') } : {}),
      'architecture.md': readFileSync(ARCHITECTURE_MD, 'utf8'),
    },
    settings: { 'workbench.secondarySideBar.defaultVisibility': 'hidden' },
  });
  ({ server, browser, page, workspace } = workbench);
});

// One picture after every test, to see what the workbench showed when something failed.
let step = 0;
afterEach(async () => {
  await page?.screenshot({ path: join(artifacts, `ui-step-${++step}.png`) }).catch(() => undefined);
});

after(async () => {
  await workbench?.close();
});

test('a .diagram file opens in the archflow language', { timeout: 90_000 }, async () => {
  await quickOpen(page, 'broken.diagram');
  await until(async () => ((await page.locator('#status\\.editor\\.mode').first().textContent()) ?? '').includes('ArchFlow'), 'language mode ArchFlow');
});

test('the Problems panel lists the diagnostics of a broken file', { timeout: 90_000 }, async () => {
  await expectBrokenDiagramProblems(page);
});

test('the preview draws one element per node with the right labels', { timeout: 120_000 }, async () => {
  await quickOpen(page, 'simple.diagram');
  await runCommand(page, 'ArchFlow: Open Preview to the Side');
  const frame = webviewFrame(page);
  const nodes = frame.locator('.react-flow__node .af-node');
  await until(async () => (await nodes.count()) === 3, 'three nodes in the preview');
  const labels = (await nodes.evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''))).sort();
  assert.deepEqual(labels, ['API', 'Postgres', 'Web']);
  assert.equal(await frame.locator('.react-flow__edge').count(), 2);
  const edgeLabels = (await frame.locator('.af-edge-label').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''))).sort();
  assert.deepEqual(edgeLabels, ['HTTPS', 'SQL']);
  // `anim=packets` puts travelling dots on the first connection.
  assert.ok((await frame.locator('.af-packets circle').count()) >= 2);
  // The page runs under the extension's strict policy (see src/extension/util/webviewPage.ts).
  const csp = (await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  // (VS Code's cspSource is `'self' https://*.vscode-cdn.net`: where it serves webview resources.)
  assert.match(csp, /^default-src 'none'; img-src [^;']*'self'[^;]* data:; style-src [^;]+; script-src 'nonce-[0-9a-f]{32}'; font-src [^;]+$/);
  assert.ok(!/unsafe-inline|unsafe-eval|connect-src|\*;/.test(csp), csp);
  await screenshot('preview-light');
});

test('clicking a node moves the editor cursor to its line', { timeout: 90_000 }, async () => {
  const frame = webviewFrame(page);
  await frame.locator('.react-flow__node .af-node', { hasText: 'Postgres' }).click();
  // `db  = cylinder "Postgres" …` is line 6: its id `db` gets selected (cursor after it).
  await until(async () => (await cursorStatus(page)) === 'Ln 6, Col 3 (2 selected)', 'the id db selected on line 6');
  // And the editor's cursor highlights that node in the preview.
  await until(async () => (await frame.locator('.react-flow__node.af-highlight').getAttribute('data-id')) === 'db', 'db highlighted');
});

test('typing a new node adds it to the preview', { timeout: 90_000 }, async () => {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  const frame = webviewFrame(page);
  const viewportBefore = await frame.locator('.react-flow__viewport').getAttribute('style');
  await page.keyboard.type('cache = rectangle "Cache"', { delay: 15 });
  await until(async () => (await frame.locator('.react-flow__node .af-node', { hasText: 'Cache' }).count()) === 1, 'the Cache node');
  assert.equal(await frame.locator('.react-flow__node .af-node').count(), 4);
  assert.equal(await frame.locator('.react-flow__viewport').getAttribute('style'), viewportBefore, 'pan and zoom kept across updates');
});

test('while the text has errors the last drawing stays, with a banner that jumps to the problem', { timeout: 90_000 }, async () => {
  await page.keyboard.press('Enter');
  await page.keyboard.type('oops = retangolo', { delay: 15 });
  const frame = webviewFrame(page);
  const banner = frame.locator('.af-banner');
  // A pause while typing on a busy machine can show the problem of a half-typed line first:
  // the banner to click is the one about the finished line.
  const problem = banner.locator('.af-problem', { hasText: 'retangolo' });
  await problem.first().waitFor({ timeout: 30_000 });
  assert.equal(await frame.locator('.react-flow__node .af-node').count(), 4, 'last good drawing kept');
  await problem.first().click();
  // simple.diagram ends with a newline: `cache` went on line 11, `oops` on line 12.
  await until(async () => (await cursorStatus(page)).startsWith('Ln 12, Col 8'), 'cursor at the problem');
  await page.keyboard.press('Control+Shift+K');
  await until(async () => (await banner.count()) === 0, 'banner gone once the line is deleted');
  assert.equal(await frame.locator('.react-flow__node .af-node').count(), 4);
});

test('the preview follows the dark theme', { timeout: 90_000 }, async () => {
  await setTheme('Dark Modern');
  const frame = webviewFrame(page);
  await until(async () => ((await frame.locator('.af-root').getAttribute('class')) ?? '').includes('af-theme-dark'), 'dark palette in the preview');
  await screenshot('preview-dark');
  await setTheme('Dark High Contrast');
  await until(async () => ((await frame.locator('.af-root').getAttribute('class')) ?? '').includes('af-hc'), 'high-contrast drawing in the preview');
  await setTheme('Light Modern');
});

test('hovering an icon id shows a picture of the icon', { timeout: 90_000 }, async () => {
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  // Line 4 is `web = rectangle "Web" icon=lucide:globe`: put the cursor inside the icon id.
  await page.keyboard.press('Control+G');
  await page.keyboard.type('4:33');
  await page.keyboard.press('Enter');
  await runCommand(page, 'Show or Focus Hover');
  const picture = page.locator('.monaco-hover img[src^="data:image/svg+xml"]');
  await picture.first().waitFor({ timeout: 30_000 });
  // The image decoded and has a size on screen: the picture really shows, not a broken image.
  await until(async () => picture.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0), 'the hover picture decoded');
  assert.match((await page.locator('.monaco-hover').first().textContent()) ?? '', /lucide:globe/);
  await screenshot('hover-icon');
  await page.keyboard.press('Escape');
});

test('completing an icon id shows its picture in the suggestion details', { timeout: 90_000 }, async () => {
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('store = cylinder "Store" icon=postgresq', { delay: 15 });
  try {
    await page.keyboard.press('Control+Space');
    const row = page.locator('.suggest-widget .monaco-list-row', { hasText: 'logos:postgresql' });
    await row.first().waitFor({ timeout: 30_000 });
    // The details side shows by itself when it was open last time; otherwise Ctrl+Space
    // again opens it (pressed only once it is clear the side stays closed: it toggles).
    const details = page.locator('.suggest-details img[src^="data:image/svg+xml"]');
    const shown = await details
      .first()
      .waitFor({ timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (!shown) await page.keyboard.press('Control+Space');
    await details.first().waitFor({ timeout: 30_000 });
    await until(async () => details.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0), 'the suggestion picture decoded');
    await screenshot('completion-icon');
  } finally {
    // Leave the document as it was for the next tests.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+K');
  }
});

test('under reduced motion the preview stops its animations, and starts them again after', { timeout: 90_000 }, async () => {
  const frame = webviewFrame(page);
  const rootClass = async () => (await frame.locator('.af-root').getAttribute('class')) ?? '';
  await until(async () => (await frame.locator('.af-packets circle').count()) >= 2, 'packets moving');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await until(async () => (await rootClass()).includes('af-still'), 'the still class');
  assert.equal(await frame.locator('.af-packets circle').count(), 0, 'no travelling dots under reduced motion');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await until(async () => !(await rootClass()).includes('af-still'), 'animations back');
  await until(async () => (await frame.locator('.af-packets circle').count()) >= 2, 'packets back');
});

test('while the page is hidden the preview pauses its animations', { timeout: 90_000 }, async () => {
  const frame = webviewFrame(page);
  const state = () =>
    frame.locator('.af-root').evaluate((root) => ({
      visibility: document.visibilityState,
      paused: root.classList.contains('af-paused'),
      // The SVG that holds the travelling dots (SMIL) reports whether its clock is stopped.
      smilPaused: [...document.querySelectorAll('.af-packets')].map((g) => ((g as SVGGElement).ownerSVGElement as SVGSVGElement).animationsPaused()),
    }));
  await until(async () => (await state()).smilPaused.length > 0, 'an edge with packets');
  assert.deepEqual((await state()).smilPaused.every((p) => !p), true, 'playing while visible');
  // Headless Chromium never hides a page (not for a background tab, nor a minimised window),
  // so the webview's document is told it is hidden the way a browser tells it: its
  // visibilityState changes and `visibilitychange` fires. What follows is the app's own doing.
  const setVisibility = (value: 'hidden' | 'visible') =>
    frame.locator('.af-root').evaluate((_root, v) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, writable: true, value: v });
      document.dispatchEvent(new Event('visibilitychange'));
    }, value);
  await setVisibility('hidden');
  const hidden = await until(async () => {
    const s = await state();
    return s.visibility === 'hidden' && s.paused ? s : undefined;
  }, 'the preview paused while hidden');
  assert.ok(hidden.smilPaused.length > 0 && hidden.smilPaused.every(Boolean), JSON.stringify(hidden));
  await setVisibility('visible');
  const shown = await until(async () => {
    const s = await state();
    return s.visibility === 'visible' && !s.paused ? s : undefined;
  }, 'the preview playing again');
  assert.ok(shown.smilPaused.every((p) => !p), JSON.stringify(shown));
});

test("the preview's PNG button exports through the packaged extension (WebAssembly resvg, no native binary in the .vsix)", { timeout: 120_000 }, async () => {
  const target = join(workspace, 'simple.png');
  rmSync(target, { force: true });
  await webviewFrame(page).locator('.af-export-png').click();
  // code-server's save dialog is a quick input holding the proposed path: next to the source.
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor({ state: 'visible' });
  await until(async () => ((await input.inputValue()) ?? '').endsWith('/simple.png'), 'the proposed name simple.png');
  await page.keyboard.press('Enter');
  await until(async () => existsSync(target) && readFileSync(target).length > 100, 'simple.png written', 60_000);
  const png = readFileSync(target);
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // The default pngScale is 2: twice as wide as the exported SVG would be, and not empty.
  assert.ok(png.readUInt32BE(16) >= 400, `width ${png.readUInt32BE(16)}`);
  await page.locator('.notifications-toasts .monaco-list-row', { hasText: 'simple.png' }).first().waitFor({ timeout: 30_000 });
});

test('the preview survives a window reload (WebviewPanelSerializer)', { timeout: 120_000 }, async () => {
  await reloadWorkbench(page);
  await page.locator('.tabs-container .tab', { hasText: 'Preview simple.diagram' }).waitFor({ timeout: 60_000 });
  const frame = webviewFrame(page);
  // The reload starts the extension host again: on a busy machine activation alone takes seconds.
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) >= 3, 'the restored drawing', 60_000);
  const labels = await frame.locator('.react-flow__node .af-node').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
  for (const label of ['Web', 'API', 'Postgres']) assert.ok(labels.includes(label), labels.join(', '));
});

test('an edit that moves nodes is a short transition in the preview, and a jump under reduced motion', { timeout: 180_000 }, async () => {
  writeFileSync(join(workspace, 'moves.diagram'), 'direction LR\na = rectangle "Alpha"\nb = rectangle "Beta"\nc = rectangle "Gamma"\na -> b\nb -> c\n');
  await runCommand(page, 'File: Save All Files');
  await runCommand(page, 'View: Close All Editor Groups');
  await quickOpen(page, 'moves.diagram');
  await runCommand(page, 'ArchFlow: Open Preview to the Side');
  const frame = webviewFrame(page);
  const root = frame.locator('.af-root');
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === 3, 'three nodes');
  type Sample = { x: number; y: number };
  // Every transform node c's wrapper gets, as it happens (React Flow positions nodes with it).
  // Page code as text: the test's compiler would wrap named functions in a helper the page lacks.
  const record = () =>
    root.evaluate(`(() => {
      window.afObserver?.disconnect();
      const transform = () => document.querySelector('.react-flow__node[data-id="c"]')?.style.transform ?? '';
      window.afSamples = [transform()];
      window.afObserver = new MutationObserver(() => {
        const t = transform();
        if (t !== window.afSamples[window.afSamples.length - 1]) window.afSamples.push(t);
      });
      window.afObserver.observe(document.querySelector('.react-flow__nodes'), { attributes: true, attributeFilter: ['style'], subtree: true, childList: true });
    })()`);
  const samples = async (): Promise<Sample[]> =>
    (await root.evaluate(() => (window as unknown as { afSamples: string[] }).afSamples)).map((t) => {
      const m = /translate\(([-\d.]+)px, ?([-\d.]+)px\)/.exec(t);
      assert.ok(m, `a transform: ${t}`);
      return { x: Number(m[1]), y: Number(m[2]) };
    });
  const setDirection = async (direction: string) => {
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.type(`direction ${direction}`, { delay: 15 });
  };
  const settled = async (): Promise<Sample[]> => {
    let count = -1;
    return until(async () => {
      const s = await samples();
      // Moved, and no new frame for a while: the transition (if any) is over.
      if (s.length < 2 || s.length !== count) {
        count = s.length;
        await new Promise((r) => setTimeout(r, 700));
        return undefined;
      }
      return s;
    }, 'node c to settle in its new place', 60_000);
  };
  const between = (v: number, a: number, b: number) => v > Math.min(a, b) + 0.5 && v < Math.max(a, b) - 0.5;

  await record();
  await setDirection('TB');
  const moved = await settled();
  const [first, last] = [moved[0]!, moved[moved.length - 1]!];
  assert.ok(Math.abs(first.x - last.x) > 20 || Math.abs(first.y - last.y) > 20, `node c moved: ${JSON.stringify(moved)}`);
  const midway = moved.slice(1, -1).filter((p) => between(p.x, first.x, last.x) || between(p.y, first.y, last.y));
  // (How many frames a busy machine paints in 320 ms varies; one on the way is a transition.)
  assert.ok(midway.length >= 1, `node c was seen between its places: ${JSON.stringify(moved)}`);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await until(async () => ((await root.getAttribute('class')) ?? '').includes('af-still'), 'reduced motion in the preview');
    await record();
    await setDirection('LR');
    const jumped = await settled();
    assert.deepEqual(jumped, [last, first], 'under reduced motion node c jumps straight back');
  } finally {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await runCommand(page, 'File: Save All Files');
  }
});

test('a real example: one element per node, in light and dark (README screenshots)', { timeout: 180_000 }, async () => {
  assert.ok(existsSync(EXAMPLE), `${EXAMPLE} is missing`);
  const { model } = parseDiagram(readFileSync(EXAMPLE, 'utf8'));
  const expected = model.elements.filter((e) => e.kind === 'node').length;
  await page.setViewportSize({ width: 1920, height: 1080 });
  // Save the edits of earlier tests so closing editors asks nothing.
  await runCommand(page, 'File: Save All Files');
  await runCommand(page, 'View: Close All Editor Groups');
  await quickOpen(page, 'example.diagram');
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
  await runCommand(page, 'ArchFlow: Open Preview to the Side');
  const frame = webviewFrame(page);
  await until(async () => (await frame.locator('.react-flow__node .af-node').count()) === expected, `${expected} nodes`, 60_000);
  assert.equal(await frame.locator('.react-flow__node .af-group').count(), model.elements.filter((e) => e.kind === 'group').length);
  // The preview draws each person with the core's own outline, as the SVG and the PNG do.
  const scene = await layoutDiagram(model, {});
  const persons = scene.nodes.filter((n) => n.shape === 'person');
  assert.ok(persons.length >= 2, 'the example has persons');
  for (const n of persons) {
    const d = await frame.locator(`.react-flow__node .af-node[data-id="${n.id}"] path.af-outline`).getAttribute('d');
    assert.equal(d, shapeGeometry('person', n.width, n.height, n.size).path, n.id);
  }
  await frame.locator('.react-flow__controls-fitview').click();
  await screenshot('example-light');
  await screenshot('example-preview-light', 'preview');
  await setTheme('Dark Modern');
  await until(async () => ((await frame.locator('.af-root').getAttribute('class')) ?? '').includes('af-theme-dark'), 'dark palette');
  await screenshot('example-dark');
  await screenshot('example-preview-dark', 'preview');
  await setTheme('Light Modern');
});

test('a label past the limit is drawn shortened in the preview, the whole label in its tooltip', { timeout: 120_000 }, async () => {
  const blob = 'QUJDRA'.repeat(700);
  writeFileSync(join(workspace, 'long-label.diagram'), `blob = rectangle "${blob}"\nshort = rectangle "Short"\nblob -> short "${blob}"\n`);
  await runCommand(page, 'View: Close All Editor Groups');
  await quickOpen(page, 'long-label.diagram');
  await runCommand(page, 'ArchFlow: Open Preview to the Side');
  const frame = webviewFrame(page);
  const node = frame.locator('.react-flow__node .af-node[data-id="blob"]');
  await node.waitFor({ timeout: 60_000 });
  assert.equal(await node.getAttribute('title'), blob, 'the node tooltip is the whole label');
  const drawn = ((await node.textContent()) ?? '').trim();
  assert.ok(drawn.endsWith('…') && blob.startsWith(drawn.slice(0, -1)) && Array.from(drawn).length === MAX_LABEL_LENGTH, `drawn: ${drawn.length} characters`);
  assert.equal(await frame.locator('.af-edge-label').first().getAttribute('title'), blob, 'the connection label tooltip is the whole label');
  await screenshot('long-label-preview');
});

test('in Restricted Mode accented keywords are not boxed in .diagram files; an invisible character still is', { timeout: 180_000 }, async () => {
  // U+200B (zero-width space) is invisible: VS Code keeps boxing it. The accents must not be.
  const text = 'diagrama "Loja virtual"\ndireção LR\ncliente = retângulo "Cliente"\npedido = círculo "Pedido\u200b"\ncliente -> pedido "ação"\n';
  const folder = mkdtempSync(join(tmpdir(), 'archflow-untrusted-'));
  writeFileSync(join(folder, 'acentos.diagram'), text);
  writeFileSync(join(folder, 'acentos.txt'), text);
  const untrusted = await startCodeServer({ workspace: folder, installVsix: [vsix], trusted: false, logFile: join(artifacts, 'ui-tests.untrusted.log'), settings: { 'editor.minimap.enabled': false } });
  const restricted = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  try {
    await openFolder(restricted, untrusted.origin, folder);
    const boxes = restricted.locator('.editor-instance .monaco-editor .view-overlays .unicode-highlight');
    // A plain text file shows what Restricted Mode does to the same characters.
    await quickOpen(restricted, 'acentos.txt');
    await until(async () => (await boxes.count()) >= 5, 'accents boxed in a .txt file in Restricted Mode');
    await quickOpen(restricted, 'acentos.diagram');
    await until(async () => ((await restricted.locator('#status\\.editor\\.mode').first().textContent()) ?? '').includes('ArchFlow'), 'language mode ArchFlow');
    await until(async () => (await boxes.count()) === 1, 'only the invisible character boxed');
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(await boxes.count(), 1, 'still only the invisible character, once the highlighter settled');
    await restricted.mouse.move(5, 300);
    await restricted.screenshot({ path: join(artifacts, 'restricted-mode-accents.png') });
  } finally {
    await restricted.close().catch(() => undefined);
    await untrusted.stop({ keep: runner.keep });
    rmSync(folder, { recursive: true, force: true });
  }
});

// The line of the .md that holds `text` (1-based), read from the held-out document itself.
function lineOf(text: string): { line: number; column: number } {
  const lines = readFileSync(ARCHITECTURE_MD, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  assert.ok(line >= 0, text);
  return { line: line + 1, column: lines[line]!.indexOf(text) + 1 };
}

/**
 * The text of a drawn fence block: its inline SVG, or the SVG files the preview script shows
 * as images when the drawing arrived after the render (read from the installed extension's
 * preview-cache folder, where the extension wrote them for this window).
 */
async function drawingText(block: Locator): Promise<string> {
  const { text, images } = await block.evaluate((b) => ({
    text: [...b.querySelectorAll('svg')].map((svg) => svg.textContent ?? '').join(' '),
    images: [...b.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? ''),
  }));
  const extensions = join(server.scratch, 'extensions');
  const files = images.map((src) => {
    const name = decodeURIComponent(new URL(src).pathname.split('/').pop() ?? '');
    // <extensions>/<archflow>/preview-cache/<window session>/<name>
    const found = readdirSync(extensions)
      .map((d) => join(extensions, d, 'preview-cache'))
      .filter((d) => existsSync(d))
      .flatMap((d) => readdirSync(d).map((session) => join(d, session, name)))
      .find((f) => existsSync(f));
    return found ? readFileSync(found, 'utf8') : '';
  });
  return [text, ...files].join(' ');
}

test('Markdown: the Problems panel lists the error of a diagram fence at its line of the .md', { timeout: 120_000 }, async () => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await runCommand(page, 'View: Close All Editor Groups');
  await quickOpen(page, 'architecture.md');
  const where = lineOf('hexagone');
  await page.keyboard.press('Control+Shift+M');
  const row = page.locator('.markers-panel .monaco-list-row', { hasText: "unknown shape 'hexagone'; did you mean 'hexagon'?" });
  await row.first().waitFor({ timeout: 60_000 });
  const text = (await row.first().textContent()) ?? '';
  assert.ok(text.includes(`[Ln ${where.line}, Col ${where.column}]`), text);
  // The row belongs to architecture.md (its file row is the parent in the tree).
  assert.ok((await page.locator('.markers-panel .monaco-list-row', { hasText: 'architecture.md' }).count()) >= 1);
  await runCommand(page, 'View: Hide Panel');
});

test("Markdown: VS Code's preview shows two drawings and one problem box", { timeout: 120_000 }, async () => {
  await runCommand(page, 'Markdown: Open Preview to the Side');
  const frame = webviewFrame(page);
  await until(async () => (await frame.locator('.archflow-md-drawn').count()) === 2, 'two drawings', 60_000);
  assert.equal(await frame.locator('.archflow-md-problems').count(), 1);
  assert.equal(await frame.locator('.archflow-md-pending').count(), 0);
  // Each drawing is one picture for both palettes (see renderLightDark) with the fence's labels.
  const drawn = frame.locator('.archflow-md-drawn');
  for (const i of [0, 1]) {
    const visible = await drawn.nth(i).locator('.archflow-md-drawing').evaluateAll((parts) => parts.filter((p) => p.getBoundingClientRect().width > 0).map((p) => p.className));
    assert.deepEqual(visible, ['archflow-md-drawing archflow-md-both'], `drawing ${i}`);
  }
  const [first, second] = [await drawingText(drawn.nth(0)), await drawingText(drawn.nth(1))];
  for (const label of ['Shopper', 'Load balancer', 'Checkout API', 'HTTP/2']) assert.ok(first.includes(label), label);
  for (const label of ['Orders', 'Stock', 'order.placed']) assert.ok(second.includes(label), label);
  // The box names the problem and its line in the .md.
  const box = frame.locator('.archflow-md-problems .archflow-md-box');
  const boxText = (await box.textContent()) ?? '';
  assert.ok(boxText.includes('This diagram has 1 problem'), boxText);
  assert.ok(boxText.includes(`Line ${lineOf('hexagone').line}`), boxText);
  assert.ok(boxText.includes("unknown shape 'hexagone'; did you mean 'hexagon'?"), boxText);
  assert.ok((await box.boundingBox())!.height > 20, 'the box is visible');
  await screenshot('markdown-preview-light');
});

test('Markdown: the preview follows a theme switch (dark, high contrast)', { timeout: 120_000 }, async () => {
  const frame = webviewFrame(page);
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  const palette = (theme: ThemeName) => ({ canvas: rgb(THEMES[theme].canvas), nodeFill: rgb(THEMES[theme].node.fill), nodeStroke: rgb(THEMES[theme].node.stroke) });
  // The colours the first drawing paints now: its canvas and its first node (the Shopper,
  // default colours), as the page resolves them (light-dark() rules by the block's color-scheme).
  // The preview's page may be loaded again meanwhile (VS Code reloads it, replacing its frame):
  // each look retries on the page that is there then.
  const shown = () =>
    until(
      () =>
        frame
          .locator('.archflow-md-drawn')
          .first()
          .evaluate((block) => {
            const svg = block.querySelector('.archflow-md-drawing > svg')!;
            const node = getComputedStyle(svg.querySelector("g[class$='-nodes'] path[stroke]")!);
            return {
              body: document.body.className,
              pictures: block.querySelectorAll('svg').length,
              canvas: getComputedStyle(svg.querySelector(':scope > rect')!).fill,
              nodeFill: node.fill,
              nodeStroke: node.stroke,
              outline: getComputedStyle(svg).outlineStyle,
            };
          }),
      'the first drawing of the preview',
    );
  const colours = (s: Awaited<ReturnType<typeof shown>>) => ({ canvas: s.canvas, nodeFill: s.nodeFill, nodeStroke: s.nodeStroke });
  const before = await shown();
  assert.equal(before.pictures, 1, 'one picture for both palettes');
  assert.deepEqual(colours(before), palette('light'));
  await setTheme('Dark Modern');
  await until(async () => {
    const s = await shown();
    return s.body.includes('vscode-dark') && JSON.stringify(colours(s)) === JSON.stringify(palette('dark'));
  }, 'the dark palette shown');
  await screenshot('markdown-preview-dark');
  await setTheme('Dark High Contrast');
  // High contrast: the dark palette, but the node outlined in the theme's contrast colour (the preview's rules beat the palette's).
  const hc = await until(async () => {
    const s = await shown();
    return s.body.includes('vscode-high-contrast') && s.canvas === palette('dark').canvas && s.nodeStroke !== palette('dark').nodeStroke ? s : undefined;
  }, 'the dark palette in high contrast');
  assert.equal(hc.nodeFill, palette('dark').nodeFill);
  assert.notEqual(hc.nodeStroke, palette('light').nodeStroke);
  assert.equal(hc.outline, 'solid', 'high contrast outlines the drawing');
  assert.equal(hc.pictures, 1, 'no new render: still one picture');
  await setTheme('Light Modern');
  await until(async () => JSON.stringify(colours(await shown())) === JSON.stringify(palette('light')), 'light again');
});

/**
 * Resolves once the Markdown preview's page has not changed for 1.5 s (at most 15 s per try).
 * An earlier test may still have an update of the page on its way, or VS Code may load the page
 * again (after a theme switch, its frame is then replaced: that try is lost and made again).
 */
async function markdownPreviewQuiet(frame: FrameLocator): Promise<void> {
  const quiet = () =>
    frame.locator('.markdown-body').evaluate(
      (body) =>
        new Promise<void>((resolve) => {
          // Anonymous callbacks only: this runs in the page, where tsx's name helper does not exist.
          const state = { timer: setTimeout(() => resolve(), 1500) };
          setTimeout(() => resolve(), 15_000);
          new MutationObserver(() => {
            clearTimeout(state.timer);
            state.timer = setTimeout(() => resolve(), 1500);
          }).observe(body, { childList: true, subtree: true, attributes: true, characterData: true });
        }),
    );
  await until(
    () =>
      quiet().then(
        () => true,
        (err: Error) => {
          if (/detached/i.test(err.message)) return false;
          throw err;
        },
      ),
    'the preview page quiet',
    60_000,
  );
}

test('Markdown: editing one fence redraws that block only', { timeout: 120_000 }, async () => {
  const frame = webviewFrame(page);
  const drawn = frame.locator('.archflow-md-drawn');
  // Mark the page only once it is quiet.
  await markdownPreviewQuiet(frame);
  // Mark the DOM nodes of the second drawing (a redraw would replace them) and the page's body (a reload would).
  await drawn.nth(1).locator('svg').first().evaluate((svg) => ((svg as SVGSVGElement & { __kept?: boolean }).__kept = true));
  await frame.locator('.markdown-body').evaluate((body) => ((body as HTMLElement & { __kept?: boolean }).__kept = true));
  const at = lineOf('lb -> api "HTTP/2" anim=packets');
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+G');
  await page.keyboard.type(String(at.line + 1));
  await page.keyboard.press('Enter');
  // On the closing fence's line: a new line above it, inside the fence.
  await until(async () => (await cursorStatus(page)).startsWith(`Ln ${at.line + 1},`), 'the cursor on the closing fence');
  await page.keyboard.press('Home');
  await page.keyboard.insertText('api -> cache "GET"\n');
  await until(async () => (await cursorStatus(page)).startsWith(`Ln ${at.line + 2},`), 'the line inserted');
  await until(async () => (await drawingText(drawn.first())).includes('GET'), 'the first drawing updated', 60_000).catch(async (err: Error) => {
    // What the first block showed instead: its state, and whether it was waiting for files.
    const blocks = await frame.locator('.archflow-md').evaluateAll((els) => els.map((e) => `${e.className} files=${e.hasAttribute('data-archflow-files')} imgs=${e.querySelectorAll('img').length}`));
    throw new Error(`${err.message}; blocks: ${blocks.join(' | ')}`);
  });
  assert.equal(await drawn.count(), 2);
  const pageKept = await frame.locator('.markdown-body').evaluate((body) => (body as HTMLElement & { __kept?: boolean }).__kept === true);
  assert.equal(pageKept, true, 'the preview page was not reloaded');
  const second = await drawn.nth(1).evaluate((b) => ({ kept: (b.querySelector('svg') as (SVGSVGElement & { __kept?: boolean }) | null)?.__kept === true, html: b.outerHTML.slice(0, 200) }));
  assert.equal(second.kept, true, `the second drawing was not redrawn (it is now ${second.html})`);
  await runCommand(page, 'File: Revert File');
});

test("Markdown: a drawing's context menu in the preview exports it as SVG", { timeout: 120_000 }, async () => {
  const target = join(workspace, 'storage.svg');
  rmSync(target, { force: true });
  const frame = webviewFrame(page);
  // The last test reverted its edit: let that redraw land before the menu is opened on the block,
  // or the block the menu was opened on can be replaced under it.
  await until(async () => !(await drawingText(frame.locator('.archflow-md-drawn').first())).includes('GET'), 'the revert drawn', 60_000);
  await markdownPreviewQuiet(frame);
  const input = page.locator('.quick-input-widget input[type="text"]');
  const missed: string[] = [];
  for (let attempt = 0; ; attempt++) {
    await webviewContextMenu(page, frame.locator('.archflow-md-drawn').nth(1), 'Export as SVG');
    const shown = await input.waitFor({ state: 'visible', timeout: 20_000 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    // The menu's click reached it: say what the workbench shows instead of the save box.
    const toasts = await page.locator('.notifications-toasts .monaco-list-row').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent));
    missed.push(`no save box within 20 s; notifications: ${JSON.stringify(toasts)}`);
    if (attempt === 1) throw new Error(missed.join('; '));
    console.error(`Markdown export: the menu's item ran but ${missed.at(-1)}; trying the gesture again`);
    await page.keyboard.press('Escape');
  }
  // The proposed name is the fence's id, next to the Markdown file (as `archflow render` names it).
  await until(async () => ((await input.inputValue()) ?? '').endsWith('/storage.svg'), 'the proposed name storage.svg');
  await page.keyboard.press('Enter');
  await until(async () => existsSync(target) && readFileSync(target, 'utf8').includes('</svg>'), 'storage.svg written', 60_000);
  assert.ok(readFileSync(target, 'utf8').includes('>Orders<'));
});

// The Markdown preview script's fill-in of late drawings, in Debian's Chromium: the files
// appear a moment after the block (served from 127.0.0.1 with 404s until then).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../harness/browser';

// The functions given to page.evaluate run in the page; this project's tests have no DOM types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dom = any;

const root = join(import.meta.dirname, '../../..');
const SVG = (label: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="4" y="20">${label}</text></svg>`;
let server: Server;
let origin: string;
let browser: Browser;
let page: Page;
let script: string;
/** Whether the files "exist" yet (404 until then). */
let ready = false;
/** Files that exist already while `ready` is false (paths). */
const readyFiles = new Set<string>();

before(async () => {
  const out = await esbuild.build({ entryPoints: [join(root, 'webview/markdownPreview/main.ts')], bundle: true, write: false, format: 'iife', target: 'es2022', logLevel: 'warning' });
  script = out.outputFiles[0]!.text;
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body><div class="markdown-body"></div><script>${script}</script></body>`);
    } else if (/^\/(late|fixed|early)-?\w*\.svg$/.test(path) && (ready || readyFiles.has(path))) {
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG(path));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(origin);
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** Puts a pending block into the page, the way the preview's DOM diff would. */
function addBlock(id: string, files: unknown): Promise<void> {
  return page.evaluate(
    ([id, files]) => {
      const document: Dom = (globalThis as Dom).document;
      const block = document.createElement('div');
      block.id = id;
      block.className = 'archflow-md archflow-md-pending code-line';
      block.dataset.line = '7';
      block.dataset.archflowFiles = typeof files === 'string' ? files : JSON.stringify(files);
      block.innerHTML = '<div class="archflow-md-status">Drawing…</div>';
      document.querySelector('.markdown-body')!.appendChild(block);
    },
    [id, files] as const,
  );
}

test('a pending block shows its files once they exist, one drawing per palette, and becomes drawn', async () => {
  ready = false;
  await addBlock('two', { light: `${origin}/late-light.svg`, dark: `${origin}/late-dark.svg` });
  await page.waitForTimeout(500);
  assert.equal(await page.locator('#two.archflow-md-pending .archflow-md-status').count(), 1, 'still waiting while the files are missing');
  ready = true;
  await page.locator('#two.archflow-md-drawn').waitFor({ timeout: 10_000 });
  // The palette not shown may arrive a moment after the one shown.
  await page.locator('#two > .archflow-md-drawing:nth-child(2)').waitFor({ timeout: 10_000 });
  const shown = await page.locator('#two').evaluate((b: Dom) => ({
    line: b.dataset.line as string,
    parts: [...b.children].map((c: Dom) => `${c.className}|${(c.firstElementChild.src as string).split('/').pop()?.split('?')[0]}`),
  }));
  assert.deepEqual(shown, { line: '7', parts: ['archflow-md-drawing archflow-md-light|late-light.svg', 'archflow-md-drawing archflow-md-dark|late-dark.svg'] });
});

test('a block the preview removed or re-rendered meanwhile is left alone; bad specs are ignored', async () => {
  ready = false;
  await addBlock('gone', { fixed: `${origin}/fixed.svg` });
  await addBlock('changed', { fixed: `${origin}/fixed.svg` });
  await addBlock('bad', '{not json');
  await addBlock('script', { fixed: 'javascript:alert(1)' });
  await page.evaluate(() => {
    const document: Dom = (globalThis as Dom).document;
    document.getElementById('gone')!.remove();
    document.getElementById('changed')!.className = 'archflow-md archflow-md-problems';
  });
  ready = true;
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('#changed img').count(), 0);
  assert.equal(await page.locator('#bad.archflow-md-pending').count(), 1);
  assert.equal(await page.locator('#script.archflow-md-pending img').count(), 0);
  // A fixed-theme drawing is one image without a palette class.
  await addBlock('fixed', { fixed: `${origin}/fixed.svg` });
  await page.locator('#fixed.archflow-md-drawn').waitFor({ timeout: 10_000 });
  assert.equal(await page.locator('#fixed > .archflow-md-drawing').getAttribute('class'), 'archflow-md-drawing');
});

test('the palette the theme shows is drawn without waiting for the other, which joins it when it arrives', async () => {
  ready = false;
  readyFiles.clear();
  readyFiles.add('/early-dark.svg');
  await page.evaluate(() => (globalThis as Dom).document.body.classList.add('vscode-dark'));
  try {
    await addBlock('early', { light: `${origin}/early-light.svg`, dark: `${origin}/early-dark.svg` });
    await page.locator('#early.archflow-md-drawn').waitFor({ timeout: 10_000 });
    const parts = () => page.locator('#early > .archflow-md-drawing').evaluateAll((els: Dom[]) => els.map((e) => e.className as string));
    assert.deepEqual(await parts(), ['archflow-md-drawing archflow-md-dark'], 'drawn with the dark palette alone while the light file is missing');
    readyFiles.add('/early-light.svg');
    await page.locator('#early > .archflow-md-drawing:nth-child(2)').waitFor({ timeout: 10_000 });
    assert.deepEqual(await parts(), ['archflow-md-drawing archflow-md-light', 'archflow-md-drawing archflow-md-dark'], 'in the order of a drawn block');
  } finally {
    await page.evaluate(() => (globalThis as Dom).document.body.classList.remove('vscode-dark'));
    readyFiles.clear();
  }
});

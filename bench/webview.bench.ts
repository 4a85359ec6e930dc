/**
 * The preview webview's own cost, outside VS Code: the production bundle of the React Flow
 * app in Debian's Chromium (headless, driven by playwright-core), fed the same `update`
 * messages the extension posts. For each size it times the first drawing (mount) and an
 * edit (the first node's label changes, which moves most of the drawing) from the message
 * to the task after the frame that shows it (so style, layout and paint are included),
 * median of several edits. The anchor is the core's parse + layout of the same text in
 * the same run: what an edit costs before the webview sees it.
 *
 * ARCHFLOW_BENCH_WEBVIEW_BASELINE=<dir> (a folder with another build's preview.js and
 * preview.css) also times that build on the same updates, interleaved with ours, and
 * prints our time as a ratio to it. ARCHFLOW_BENCH_PROFILE=<dir> writes a CPU profile of
 * our page over each size's edits.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { Scene } from '../src/core/scene';
import type { UpdateMessage } from '../src/protocol/index';
import { launchChromium } from '../test/harness/browser';
import { median, type BenchRow } from './measure';
import { applyFirstNodeEdit, coreScene, generatePreviewDiagram } from './previewDiagram';

const root = resolve(__dirname, '..');
export const URI = 'file:///bench.diagram';
const WARMUP = 2;

/** A production bundle (minified, React's production build) of `entry`, as `npm run package` ships the preview. */
export async function buildPage(entry: string, dir: string, readableNames: boolean): Promise<void> {
  await esbuild.build({
    entryPoints: [{ in: join(root, entry), out: 'preview' }],
    outdir: dir,
    bundle: true,
    minify: true,
    // Profiles read better with the functions' own names.
    minifyIdentifiers: !readableNames,
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    loader: { '.css': 'css' },
    logLevel: 'warning',
  });
}

/** A page around a bundle in `dir`, with a stand-in for VS Code's webview API. */
export function writePage(dir: string): string {
  const boot = { uri: URI, settings: { minimap: false, animations: false }, fonts: { regular: '', semibold: '' }, strings: {} };
  const attr = JSON.stringify(boot).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  // What the app posts is kept on `window.__posted`; a `rendered` is stamped again in the
  // task after its frame, so the time includes style, layout and paint.
  const html = `<!DOCTYPE html><html><head><meta charset="UTF-8"><link rel="stylesheet" href="preview.css">
<meta id="archflow-preview-config" data-config="${attr}"></head><body><div id="root"></div>
<script>
window.__posted = [];
window.acquireVsCodeApi = () => ({
  postMessage(m) {
    window.__posted.push(m);
    if (m.type === 'rendered') setTimeout(() => { m.paintedAt = performance.now(); }, 0);
  },
  getState() { return undefined; },
  setState() {},
});
</script><script src="preview.js"></script></body></html>`;
  writeFileSync(join(dir, 'index.html'), html);
  return pathToFileURL(join(dir, 'index.html')).href;
}

export async function openPreview(browser: Browser, url: string, viewport = { width: 1000, height: 800 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as unknown as { __posted: Array<{ type: string }> }).__posted.some((m) => m.type === 'ready'));
  return page;
}

/** Posts `update` and resolves with the time until its frame has been painted. */
export async function drawn(page: Page, update: UpdateMessage): Promise<{ totalMs: number; renderMs: number }> {
  return page.evaluate(async (message) => {
    type Posted = { type: string; version?: number; renderMs?: number; paintedAt?: number };
    // Runs in the page (this project's lib has no DOM types).
    const page = globalThis as unknown as { __posted: Posted[]; postMessage(message: unknown, target: string): void };
    const posted = page.__posted;
    const t0 = performance.now();
    page.postMessage(message, '*');
    for (;;) {
      const r = posted.find((m) => m.type === 'rendered' && m.version === message.version && m.paintedAt !== undefined);
      if (r) return { totalMs: r.paintedAt! - t0, renderMs: r.renderMs ?? Number.NaN };
      await new Promise((ok) => setTimeout(ok, 1));
    }
  }, update);
}

async function startProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
}

export async function benchWebview(options: { sizes: number[]; edits: number }): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'archflow-webview-bench-'));
  const baselineSource = process.env.ARCHFLOW_BENCH_WEBVIEW_BASELINE;
  const profileDir = process.env.ARCHFLOW_BENCH_PROFILE;
  const browser = await launchChromium();
  const rows: BenchRow[] = [];
  try {
    await buildPage('webview/preview/main.tsx', join(dir, 'ours'), profileDir !== undefined);
    const ours = writePage(join(dir, 'ours'));
    await buildPage('bench/reactFlowFloor/main.tsx', join(dir, 'floor'), false);
    // What each edit of ours is compared with, page by page and edit by edit.
    const contenders = [{ name: 'bare React Flow', url: writePage(join(dir, 'floor')) }];
    if (baselineSource) {
      mkdirSync(join(dir, 'baseline'));
      for (const f of ['preview.js', 'preview.css']) copyFileSync(join(baselineSource, f), join(dir, 'baseline', f));
      contenders.push({ name: 'baseline build', url: writePage(join(dir, 'baseline')) });
    }
    await coreScene(generatePreviewDiagram(10)); // loads the icon catalog and the layout engine
    for (const n of options.sizes) {
      const page = await openPreview(browser, ours);
      const others = await Promise.all(contenders.map(async (c) => ({ ...c, page: await openPreview(browser, c.url), times: [] as number[], ratios: [] as number[] })));
      let text = generatePreviewDiagram(n);
      let version = 1;
      const first = await coreScene(text);
      const update = (scene: Scene): UpdateMessage => ({ type: 'update', uri: URI, version, sceneVersion: version, scene, problems: [] });
      const mount = await drawn(page, update(first.scene));
      for (const o of others) await drawn(o.page, update(first.scene));
      const cdp = profileDir ? await startProfile(page) : undefined;
      const totals: number[] = [];
      const renders: number[] = [];
      const cores: number[] = [];
      for (let i = 0; i < options.edits + WARMUP; i++) {
        text = applyFirstNodeEdit(text, i);
        version++;
        const { scene, ms } = await coreScene(text);
        // Alternate which page goes first, so drift in the machine's speed hits all alike.
        const drawOthers = async () => {
          const times = [];
          for (const o of others) times.push(await drawn(o.page, update(scene)));
          return times;
        };
        const before = i % 2 === 1 ? await drawOthers() : undefined;
        const t = await drawn(page, update(scene));
        const theirs = before ?? (await drawOthers());
        if (i < WARMUP) continue;
        totals.push(t.totalMs);
        renders.push(t.renderMs);
        cores.push(ms);
        others.forEach((o, k) => {
          o.times.push(theirs[k]!.totalMs);
          o.ratios.push(t.totalMs / theirs[k]!.totalMs);
        });
      }
      if (cdp) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(join(profileDir!, `webview-${n}.cpuprofile`), JSON.stringify(profile));
      }
      const drawnNodes = await page.locator('.react-flow__node').count();
      const drawnEdges = await page.locator('.react-flow__edge').count();
      if (drawnNodes < n || drawnEdges < n - 1) throw new Error(`the webview drew ${drawnNodes} nodes and ${drawnEdges} edges for ${n} nodes`);
      await page.close();
      for (const o of others) await o.page.close();
      const core = median(cores);
      const kb = (JSON.stringify(first.scene).length / 1024).toFixed(0);
      // The first layout of a size is a cold one: the anchor is the warm median, as for edits.
      rows.push({ name: `${n} nodes: first drawing`, medianMs: mount.totalMs, baselineMs: core, ratio: mount.totalMs / core, note: `scene ${kb} KB; baseline: core parse+layout` });
      rows.push({
        name: `${n} nodes: edit`,
        medianMs: median(totals),
        baselineMs: core,
        ratio: median(totals) / core,
        note: `React ${median(renders).toFixed(1)} ms, then style/layout/paint; baseline: core parse+layout`,
      });
      for (const o of others) {
        rows.push({ name: `${n} nodes: edit vs ${o.name}`, medianMs: median(totals), baselineMs: median(o.times), ratio: median(o.ratios), note: 'median of interleaved per-edit ratios' });
      }
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

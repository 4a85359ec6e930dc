/**
 * The MCP App (the diagram inside an AI chat): how long from the host's `tool-result` to
 * the drawing painted in the view, as a ratio to the VS Code preview's first paint of the
 * same scene, measured in the same run. The view is the one `npm run build` wrote
 * (dist/mcpApp/diagram.html), served by the real diagram server, in the offline test
 * host (headless Chromium, ext-apps' AppBridge, the sandboxed iframe and default CSP);
 * the preview is its production bundle fed the `update` message the extension posts.
 * Both start from a freshly loaded page each run, idle, and the runs alternate between them.
 * Also prints the view's document size (raw and gzip).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Frame, Page } from 'playwright-core';
import { DIAGRAM_VIEW_META_KEY, type DiagramViewData } from '../src/protocol/mcpAppMessages';
import { createDiagramServer } from '../src/mcpServer';
import type { UpdateMessage } from '../src/protocol/index';
import { launchChromium } from '../test/harness/browser';
import { openAppHost } from '../test/harness/mcpAppHost';
import { median, type BenchRow } from './measure';
import { generatePreviewDiagram } from './previewDiagram';
import { buildPage, openPreview, URI, writePage } from './webview.bench';

const root = resolve(__dirname, '..');
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

/**
 * The preview's time from `update` to its painted frame. Waited for from outside, with
 * requestAnimationFrame polling, as the view's is (bench/webview.bench.ts polls with timers
 * inside the page, which takes turns with React's own work and is fine for its edits but
 * not for comparing a first paint with the view's).
 */
/** Resolves once the frame has nothing left to do: both pages are timed from idle, not from the tail of their boot. */
async function settled(frame: Frame): Promise<void> {
  type Idle = { requestIdleCallback(cb: () => void, options: { timeout: number }): void };
  await frame.evaluate(() => new Promise<void>((done) => (globalThis as unknown as Idle).requestIdleCallback(() => done(), { timeout: 2000 })));
}

async function firstPaint(page: Page, update: UpdateMessage): Promise<number> {
  type Posted = { type: string; version?: number; paintedAt?: number };
  // Runs in the page (this project's lib has no DOM types).
  type PreviewPage = { __posted: Posted[]; postMessage(message: unknown, target: string): void };
  const t0 = await page.evaluate((m) => {
    const t = performance.now();
    (globalThis as unknown as PreviewPage).postMessage(m, '*');
    return t;
  }, update);
  const painted = await page.waitForFunction(
    (version) => (globalThis as unknown as PreviewPage).__posted.find((m) => m.type === 'rendered' && m.version === version && m.paintedAt !== undefined)?.paintedAt,
    update.version,
    { polling: 'raf', timeout: 120_000 },
  );
  return (await painted.jsonValue())! - t0;
}

export async function benchMcpApp(options: { sizes: number[]; runs: number }): Promise<BenchRow[]> {
  const html = readFileSync(join(root, 'dist', 'mcpApp', 'diagram.html'), 'utf8');
  const raw = Buffer.byteLength(html);
  const gzip = gzipSync(html, { level: 9 }).length;
  console.log(`\nMCP App document: dist/mcpApp/diagram.html ${(raw / 1024).toFixed(0)} KB raw, ${(gzip / 1024).toFixed(0)} KB gzip`);

  const dir = mkdtempSync(join(tmpdir(), 'archflow-mcp-app-bench-'));
  const server = createDiagramServer({ roots: [dir] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench-chat', version: '1.0.0' }, { capabilities: APPS });
  await client.connect(clientSide);
  const browser = await launchChromium();
  const rows: BenchRow[] = [];
  try {
    await buildPage('webview/preview/main.tsx', join(dir, 'preview'), false);
    const previewUrl = writePage(join(dir, 'preview'));
    const host = await openAppHost(browser, (params) => client.callTool(params) as Promise<CallToolResult>, { width: 1000, height: 800 });
    for (const n of options.sizes) {
      const args = { text: generatePreviewDiagram(n), output: `bench-${n}.svg` };
      const result = (await client.callTool({ name: 'render_diagram', arguments: args })) as CallToolResult;
      if (result.isError) throw new Error(`render_diagram failed: ${JSON.stringify(result.content)}`);
      const scene = (result._meta?.[DIAGRAM_VIEW_META_KEY] as DiagramViewData).scene;

      const inView = async (): Promise<number> => {
        const frame = await host.load({ html });
        await host.sendToolInput(args);
        await settled(frame);
        const sent = await host.sendToolResult(result);
        type Doc = { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } };
        const stamp = await frame.waitForFunction(() => (globalThis as unknown as Doc).document.querySelector('.af-app[data-painted-at]')?.getAttribute('data-painted-at'), undefined, {
          polling: 'raf',
          timeout: 120_000,
        });
        const painted = Number(await stamp.jsonValue());
        const drawnNodes = await frame.locator('.react-flow__node').count();
        if (drawnNodes < n) throw new Error(`the view drew ${drawnNodes} nodes for ${n}`);
        return painted - sent;
      };
      const inPreview = async (): Promise<number> => {
        // The size of the view's frame (inline, 500 px high), so both paint the same area.
        const page = await openPreview(browser, previewUrl, { width: 1000, height: 500 });
        try {
          await settled(page.mainFrame());
          return await firstPaint(page, { type: 'update', uri: URI, version: 1, sceneVersion: 1, scene, problems: [] });
        } finally {
          await page.close();
        }
      };

      await inView();
      await inPreview();
      const views: number[] = [];
      const previews: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        // Alternate which goes first, so drift in the machine's speed hits both alike.
        if (i % 2 === 0) {
          views.push(await inView());
          previews.push(await inPreview());
        } else {
          previews.push(await inPreview());
          views.push(await inView());
        }
      }
      const kb = (Buffer.byteLength(JSON.stringify(result._meta)) / 1024).toFixed(0);
      rows.push({
        name: `${n} nodes: tool-result to drawing painted`,
        medianMs: median(views),
        baselineMs: median(previews),
        ratio: median(views.map((v, i) => v / previews[i]!)),
        note: `scene ${kb} KB in _meta; baseline: the preview's first paint of the same scene; median of ${options.runs} paired ratios`,
      });
    }
    await host.page.close();
  } finally {
    await browser.close();
    await client.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

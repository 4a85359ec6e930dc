/**
 * The chat webview's own cost, outside VS Code: the production bundle of the chat app in
 * Debian's Chromium (headless, driven by playwright-core), fed the messages the extension
 * posts. Each figure has an anchor measured in the same run:
 * - opening a conversation of 200 messages with 50 tool cards, from the message to the frame
 *   that shows it, against opening an empty one in the same app;
 * - scrolling it from end to start, frames per second against a page of plain text
 *   scrolled the same way (what this headless Chromium can do at all);
 * - its JavaScript heap after garbage collection, against the empty conversation's;
 * - streaming a 20 KB answer in batches of one frame each (as the host sends them): each
 *   batch's message to the frame showing it, against react-markdown re-rendering the whole
 *   answer (bench/chatFloor), interleaved batch by batch.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import type { ChatBootConfig, ChatChrome, ChatOp, ConversationView, HostToChatMessage } from '../src/protocol/index';
import { launchChromium } from '../test/harness/browser';
import { longConversation, markdownAnswer } from './chatConversation';
import { median, type BenchRow } from './measure';

const root = resolve(__dirname, '..');

/** Every key of ChatStrings, read from its declaration (the host localises them; here each is its own key). */
function benchStrings(): ChatBootConfig['strings'] {
  const source = readFileSync(join(root, 'src/protocol/chatMessages.ts'), 'utf8');
  const body = /export interface ChatStrings \{([\s\S]*?)\n\}/.exec(source)![1]!;
  const keys = [...body.matchAll(/^\s+(\w+): string;/gm)].map((m) => m[1]!);
  return Object.fromEntries(keys.map((k) => [k, k === 'tokensIn' ? '{0} in' : k === 'tokensOut' ? '{0} out' : k])) as unknown as ChatBootConfig['strings'];
}

export async function build(entry: string, dir: string, out: string): Promise<void> {
  await esbuild.build({
    entryPoints: [{ in: join(root, entry), out }],
    outdir: dir,
    bundle: true,
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    loader: { '.css': 'css', '.ttf': 'file' },
    assetNames: '[name]',
    logLevel: 'warning',
  });
}

/**
 * A page around a bundle, with a stand-in for VS Code's webview API that keeps what the app
 * posts (in `window.__posted`) and hands each message to `window.__onPost` when a bench set
 * one (to answer as the extension would).
 */
export function writePage(dir: string, name: string, script: string, css: string | undefined): string {
  const boot: ChatBootConfig = { strings: benchStrings(), reportPaints: true };
  const attr = JSON.stringify(boot).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const html = `<!DOCTYPE html><html><head><meta charset="UTF-8">${css ? `<link rel="stylesheet" href="${css}">` : ''}
<meta id="archflow-chat-config" data-config="${attr}"></head><body><div id="root"></div>
<script>
window.__posted = [];
window.acquireVsCodeApi = () => ({ postMessage(m) { window.__posted.push(m); if (window.__onPost) window.__onPost(m); }, getState() { return undefined; }, setState() {} });
</script><script src="${script}"></script></body></html>`;
  writeFileSync(join(dir, `${name}.html`), html);
  return pathToFileURL(join(dir, `${name}.html`)).href;
}

export const CHROME: ChatChrome = {
  model: 'claude-sonnet-4-6',
  models: [{ id: 'claude-sonnet-4-6', label: 'Claude Sonnet 4.6', contextWindow: 200_000 }],
  contextWindow: 200_000,
  servers: [],
  prompts: [],
  attachments: [],
};

export async function open(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 420, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'ready'));
  return page;
}

/** Posts the messages and resolves with the time until the frame after `selector` appears has been painted. */
function shown(page: Page, messages: HostToChatMessage[], selector: string): Promise<number> {
  return page.evaluate(
    async ({ messages, selector }) => {
      const w = globalThis as unknown as { postMessage(m: unknown, t: string): void; document: { querySelector(s: string): unknown }; requestAnimationFrame(f: () => void): void };
      const t0 = performance.now();
      for (const m of messages) w.postMessage(m, '*');
      while (!w.document.querySelector(selector)) await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => w.requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    },
    { messages, selector },
  );
}

/** Scrolls `selector` from its end to its start, 60 px a frame for `ms`; frames per second and the longest frame. */
function scroll(page: Page, selector: string, ms: number): Promise<{ fps: number; longestFrameMs: number }> {
  return page.evaluate(
    async ({ selector, ms }) => {
      // No named functions in here: the page has no `__name` helper of the bundler.
      const w = globalThis as unknown as { document: { querySelector(s: string): { scrollTop: number; scrollHeight: number } }; requestAnimationFrame(f: (t: number) => void): void };
      const el = w.document.querySelector(selector);
      el.scrollTop = el.scrollHeight;
      await new Promise((r) => setTimeout(r, 200));
      const frames: number[] = [];
      const start = performance.now();
      while (performance.now() - start < ms) {
        frames.push(await new Promise<number>((r) => w.requestAnimationFrame(r)));
        el.scrollTop = el.scrollTop <= 0 ? el.scrollHeight : el.scrollTop - 60;
      }
      const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
      return { fps: (frames.length - 1) / ((frames.at(-1)! - frames[0]!) / 1000), longestFrameMs: Math.max(...gaps) };
    },
    { selector, ms },
  );
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** Streams `text` into a fresh conversation as the host does: one batch of appends per 16 ms of a fast model. */
async function stream(page: Page, text: string, charsPerBatch: number): Promise<number[]> {
  const conversation: ConversationView = { ...longConversation(2, 0), id: 'stream' };
  await shown(page, [{ type: 'conversation', conversation, seq: 0 }], 'body');
  const id = 'answer';
  const batches: { from: number; ops: ChatOp[]; end: number }[] = [];
  let seq = 0;
  for (let at = 0; at < text.length; at += charsPerBatch) {
    const piece = text.slice(at, at + charsPerBatch);
    const ops: ChatOp[] = at === 0 ? [{ op: 'put', item: { kind: 'assistant', id, run: 's', round: 1, text: piece, done: false } }] : [{ op: 'append', id, text: piece }];
    batches.push({ from: seq, ops, end: at + piece.length });
    seq += ops.length;
  }
  return page.evaluate(
    async ({ batches, id }) => {
      type Painted = { type: string; id?: string; length?: number; at?: number };
      const w = globalThis as unknown as { __posted: Painted[]; postMessage(m: unknown, t: string): void };
      const latencies: number[] = [];
      for (const b of batches) {
        const sent = performance.timeOrigin + performance.now();
        w.postMessage({ type: 'ops', conversationId: 'stream', from: b.from, seq: b.from + b.ops.length, ops: b.ops }, '*');
        for (;;) {
          const p = w.__posted.find((m) => m.type === 'painted' && m.id === id && (m.length ?? 0) >= b.end && (m.at ?? 0) >= sent);
          if (p) {
            latencies.push(p.at! - sent);
            break;
          }
          await new Promise((r) => setTimeout(r, 0));
        }
        // The host sends at most one batch a frame.
        await new Promise((r) => setTimeout(r, 16));
      }
      return latencies;
    },
    { batches, id },
  );
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export async function benchChatWebview(options: { runs: number; answerChars: number }): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'archflow-chat-bench-'));
  const browser = await launchChromium();
  const rows: BenchRow[] = [];
  try {
    await build('webview/chat/main.tsx', dir, 'chat');
    await build('bench/chatFloor/main.tsx', dir, 'floor');
    const chatUrl = writePage(dir, 'chat', 'chat.js', 'chat.css');
    const floorUrl = writePage(dir, 'floor', 'floor.js', undefined);
    const plainUrl = pathToFileURL(join(dir, 'plain.html')).href;
    writeFileSync(join(dir, 'plain.html'), `<!DOCTYPE html><html><body style="margin:0"><div id="s" style="height:100vh;overflow:auto">${'<p>Plain text to scroll through, line after line.</p>'.repeat(4000)}</div></body></html>`);

    const conversation = longConversation(200, 50);
    const items = conversation.items.length;
    // Opening: the long conversation against an empty one, each on a fresh page, interleaved.
    const full: number[] = [];
    const empty: number[] = [];
    for (let i = 0; i < options.runs + 1; i++) {
      const a = await open(browser, chatUrl);
      const b = await open(browser, chatUrl);
      const t = await shown(a, [{ type: 'chrome', chrome: CHROME }, { type: 'conversation', conversation, seq: 0 }], '.af-item [data-run-end]');
      const e = await shown(b, [{ type: 'chrome', chrome: CHROME }, { type: 'conversation', conversation: { ...conversation, items: [] }, seq: 0 }], '.af-empty');
      if (i > 0) {
        full.push(t);
        empty.push(e);
      }
      if (i === options.runs) {
        const rendered = await a.locator('.af-item').count();
        if (rendered === 0 || rendered >= items) throw new Error(`expected a virtualised list, got ${rendered} of ${items} items in the DOM`);
        const [heapFull, heapEmpty] = [await heapMb(a), await heapMb(b)];
        const fps = await scroll(a, '[data-testid="virtuoso-scroller"], .af-messages', 2000);
        const plain = await open(browser, plainUrl).catch(async () => {
          const p = await browser.newPage({ viewport: { width: 420, height: 900 } });
          await p.goto(plainUrl);
          return p;
        });
        const floorFps = await scroll(plain, '#s', 2000);
        await plain.close();
        rows.push({
          name: `open: ${items} items (200 messages, 50 tool cards)`,
          medianMs: median(full),
          baselineMs: median(empty),
          ratio: median(full) / median(empty),
          note: `${rendered} items in the DOM (virtualised); baseline: an empty conversation`,
        });
        rows.push({
          name: 'scroll it end to start, 60 px a frame',
          medianMs: 1000 / fps.fps,
          baselineMs: 1000 / floorFps.fps,
          ratio: floorFps.fps / fps.fps,
          note: `${fps.fps.toFixed(0)} fps (longest frame ${fps.longestFrameMs.toFixed(0)} ms) vs plain text ${floorFps.fps.toFixed(0)} fps`,
        });
        rows.push({
          name: 'JS heap with it open',
          medianMs: heapFull,
          baselineMs: heapEmpty,
          ratio: heapFull / heapEmpty,
          note: `MB, not ms: ${heapFull.toFixed(1)} MB vs ${heapEmpty.toFixed(1)} MB for an empty conversation`,
        });
      }
      await a.close();
      await b.close();
    }

    // Streaming: ours and the floor on the same batches, interleaved run by run.
    const text = markdownAnswer(options.answerChars, 42);
    const charsPerBatch = 48;
    const ours: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const a = await open(browser, chatUrl);
      await shown(a, [{ type: 'chrome', chrome: CHROME }], 'body');
      ours.push(...(await stream(a, text, charsPerBatch)));
      await a.close();
      const b = await open(browser, floorUrl);
      floor.push(...(await stream(b, text, charsPerBatch)));
      await b.close();
    }
    rows.push({
      name: `stream ${(text.length / 1024).toFixed(0)} KB, one batch a frame: batch to screen`,
      medianMs: median(ours),
      baselineMs: median(floor),
      ratio: median(ours) / median(floor),
      note: `p95 ${percentile(ours, 95).toFixed(1)} ms vs ${percentile(floor, 95).toFixed(1)} ms; baseline: react-markdown re-rendering the whole answer`,
    });
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

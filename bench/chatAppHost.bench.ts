/**
 * The chat as an MCP Apps host: from the tool result reaching the chat to the diagram app's
 * drawing painted in its tool card, as a ratio to the same app in the offline host page of
 * test/harness/mcpAppHost (ext-apps' AppBridge and a sandboxed frame, the result sent straight
 * to it), measured in the same run; and, of that, the host's part: from the result reaching
 * the chat to the app receiving it, against AppBridge's `sendToolResult` alone.
 *
 * The chat is its production bundle (and the bridge bundle it loads for apps) in Debian's
 * Chromium, fed the messages the extension posts; the app is dist/mcpApp/diagram.html served
 * by the chat's own app document server with the default CSP, the result the real diagram
 * server's. The chat's time includes what the host adds: the card's update, its `result`
 * request (answered at once by the page's stand-in for the extension, so VS Code's webview
 * messaging is not in it) and the bridge. The host page's frame is as wide as the card's.
 *
 * Each side keeps one page, as a chat session does: every run is a new card (a new frame of
 * the app) in the chat and a new frame in the host page, timed from idle once the app has
 * its input. After each run its drawing is taken away (an empty conversation, a blank
 * frame): a drawn diagram animates, which keeps a core busy and would slow the other side's
 * run. Runs alternate which side goes first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Browser, Frame, Page } from 'playwright-core';
import { createDiagramServer } from '../src/mcpServer';
import type { AppDocumentView, AppRequestMessage, AppRequestResults, AppResponseMessage, ConversationView, ToolItem } from '../src/protocol/index';
import { launchChromium } from '../test/harness/browser';
import { openAppHost, type AppHostPage } from '../test/harness/mcpAppHost';
import { build, CHROME, open, writePage } from './chatWebview.bench';
import { median, type BenchRow } from './measure';
import { generatePreviewDiagram } from './previewDiagram';

const root = resolve(__dirname, '..');
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const BLANK = '<!DOCTYPE html><html><head></head><body></body></html>';

// Shapes of what runs in the pages (this project's lib has no DOM types).
type Doc = { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null; querySelectorAll(s: string): { length: number } } };
type Idle = { requestIdleCallback(cb: () => void, options: { timeout: number }): void };
type AppWindow = { addEventListener(type: 'message', listener: (e: { data: unknown }) => void, capture: boolean): void; __resultArrivedAt?: number };
type ChatWindow = { __onPost?: (m: { type: string }) => void; postMessage(m: unknown, target: string): void };

/** What the bench uses of src/extension/chat/apps (appDocumentServer.ts, appCsp.ts). */
interface ChatAppServing {
  AppDocumentServer: new () => { start(): Promise<number>; publish(html: string, csp: string): string; dispose(): void };
  buildAppCsp(declared: undefined): { policy: string };
}

/**
 * The chat's app document server and CSP builder, imported at run time: the bench's
 * TypeScript project (test/tsconfig.json) does not take in src/extension, whose project
 * needs VS Code's types; both modules are plain Node.
 */
async function chatAppServing(): Promise<ChatAppServing> {
  const load = (file: string) => import(pathToFileURL(join(root, 'src/extension/chat/apps', file)).href) as Promise<unknown>;
  const [server, csp] = (await Promise.all([load('appDocumentServer.ts'), load('appCsp.ts')])) as [Pick<ChatAppServing, 'AppDocumentServer'>, Pick<ChatAppServing, 'buildAppCsp'>];
  if (typeof server.AppDocumentServer !== 'function' || typeof csp.buildAppCsp !== 'function') throw new Error('src/extension/chat/apps no longer exports AppDocumentServer and buildAppCsp');
  return { AppDocumentServer: server.AppDocumentServer, buildAppCsp: csp.buildAppCsp };
}

/** One run's times, in ms from the result reaching the host. */
interface Run {
  /** To the drawing painted. */
  painted: number;
  /** To the app receiving `ui/notifications/tool-result`. */
  forwarded: number;
}

/** Resolves once the frame has nothing left to do. */
async function settled(frame: Frame): Promise<void> {
  await frame.evaluate(() => new Promise<void>((done) => (globalThis as unknown as Idle).requestIdleCallback(() => done(), { timeout: 2000 })));
}

/** From now on the app's window notes when the tool result arrives (before the app's own listener runs). */
async function watchResult(app: Frame): Promise<void> {
  await app.evaluate(() => {
    const w = globalThis as unknown as AppWindow;
    w.addEventListener(
      'message',
      (e) => {
        const method = e.data && typeof e.data === 'object' ? (e.data as { method?: unknown }).method : undefined;
        if (method === 'ui/notifications/tool-result') w.__resultArrivedAt ??= performance.timeOrigin + performance.now();
      },
      true,
    );
  });
}

/** Once the app painted its drawing of at least `nodes` nodes: its times from `sent` (epoch ms). */
async function drawn(app: Frame, sent: number, nodes: number): Promise<Run> {
  const stamp = await app.waitForFunction(() => (globalThis as unknown as Doc).document.querySelector('.af-app[data-painted-at]')?.getAttribute('data-painted-at'), undefined, { polling: 'raf', timeout: 120_000 });
  const painted = Number(await stamp.jsonValue());
  const { arrived, count } = await app.evaluate(() => ({
    arrived: (globalThis as unknown as AppWindow).__resultArrivedAt,
    count: (globalThis as unknown as Doc).document.querySelectorAll('.react-flow__node').length,
  }));
  if (arrived === undefined) throw new Error('the app painted without receiving the tool result');
  if (count < nodes) throw new Error(`the app drew ${count} nodes for ${nodes}`);
  return { painted: painted - sent, forwarded: arrived - sent };
}

/**
 * The chat page, with a stand-in for the extension that answers the app's requests at once
 * (its document, then the call's result), as the host would.
 */
async function openChat(browser: Browser, url: string, doc: AppDocumentView): Promise<Page> {
  const page = await open(browser, url);
  await page.evaluate(({ doc, chrome }) => {
    const w = globalThis as unknown as ChatWindow & { __result?: AppRequestResults['result'] };
    w.__onPost = (m) => {
      if (m.type !== 'appRequest') return;
      const { requestId, method } = m as AppRequestMessage;
      const result = method === 'load' ? doc : method === 'result' ? (w.__result ?? {}) : {};
      const reply: AppResponseMessage = { type: 'appResponse', requestId, result };
      w.postMessage(reply, '*');
    };
    w.postMessage({ type: 'chrome', chrome }, '*');
  }, { doc, chrome: CHROME });
  return page;
}

function conversation(id: string, items: ConversationView['items'], running: boolean, card?: string): ConversationView {
  return {
    id,
    meta: { title: 'bench', model: CHROME.model, running, usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 }, contextTokens: 0, createdAt: 0, updatedAt: 0 },
    items,
    apps: card ? { [card]: { server: 'archflow', tool: 'render_diagram', uri: 'ui://archflow/diagram' } } : {},
  };
}

let cards = 0;

/**
 * One run in the chat: a new conversation shows the card running with its app; once the app
 * has its input and both are idle, the call ends (the `ops` the extension posts); then the
 * conversation is replaced by an empty one.
 */
async function inChat(page: Page, args: Record<string, unknown>, result: CallToolResult, nodes: number): Promise<Run & { frameWidth: number }> {
  const id = `bench-${++cards}`;
  const card = `toolu_${cards}`;
  const running: ToolItem = { kind: 'tool', id: card, run: 'r', round: 1, name: 'archflow__render_diagram', server: 'archflow', tool: 'render_diagram', args: JSON.stringify(args, null, 2), status: 'running', startedAt: 1 };
  const user: ConversationView['items'][number] = { kind: 'user', id: 'u', text: 'Draw it', attachments: [], at: 0 };
  await page.evaluate(
    ({ conversation, result }) => {
      const w = globalThis as unknown as ChatWindow & { __result?: unknown };
      w.__result = { result };
      w.postMessage({ type: 'conversation', conversation, seq: 0 }, '*');
    },
    { conversation: conversation(id, [user, running], true, card), result: result as unknown },
  );
  const frame = page.locator(`.af-tool[data-tool-id="${card}"] iframe`);
  await page.locator(`.af-tool[data-tool-id="${card}"] .af-app[data-app-state="ready"]`).waitFor({ timeout: 60_000 });
  const app = await (await frame.elementHandle())?.contentFrame();
  if (!app) throw new Error('the app frame has no document');
  // With the input, the app says it is rendering (and waits for the result).
  await app.waitForFunction(() => (globalThis as unknown as Doc).document.querySelector('.af-app')?.getAttribute('data-state') === 'rendering', undefined, { timeout: 60_000 });
  await watchResult(app);
  await settled(app);
  await settled(page.mainFrame());
  const done: ToolItem = { ...running, status: 'done', endedAt: 2, result: { isError: false, summary: 'drawn', parts: [] } };
  const sent = await page.evaluate(
    ({ id, done }) => {
      const t = performance.timeOrigin + performance.now();
      (globalThis as unknown as ChatWindow).postMessage({ type: 'ops', conversationId: id, from: 0, seq: 1, ops: [{ op: 'put', item: done }] }, '*');
      return t;
    },
    { id, done },
  );
  const run = await drawn(app, sent, nodes);
  const frameWidth = (await frame.boundingBox())?.width ?? 0;
  await page.evaluate((c) => (globalThis as unknown as ChatWindow).postMessage({ type: 'conversation', conversation: c, seq: 0 }, '*'), conversation(`${id}-idle`, [], false));
  await page.locator(`.af-tool[data-tool-id="${card}"]`).waitFor({ state: 'detached' });
  return { ...run, frameWidth };
}

/** One run in the host page: a new frame of the app, its input, then the result from idle; then a blank frame. */
async function inHostPage(host: AppHostPage, html: string, csp: string, args: Record<string, unknown>, result: CallToolResult, nodes: number): Promise<Run> {
  const app = await host.load({ html, csp });
  await host.sendToolInput(args);
  await watchResult(app);
  await settled(app);
  const sent = await host.sendToolResult(result);
  const run = await drawn(app, sent, nodes);
  await host.load({ html: BLANK, csp, answer: false });
  return run;
}

export async function benchChatAppHost(options: { sizes: number[]; runs: number }): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'archflow-chat-apps-bench-'));
  const html = readFileSync(join(root, 'dist', 'mcpApp', 'diagram.html'), 'utf8');
  const { AppDocumentServer, buildAppCsp } = await chatAppServing();
  const documents = new AppDocumentServer();
  const server = createDiagramServer({ roots: [dir] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench-chat-apps', version: '1.0.0' }, { capabilities: APPS });
  await client.connect(clientSide);
  const browser = await launchChromium();
  const rows: BenchRow[] = [];
  try {
    await build('webview/chat/main.tsx', dir, 'chat');
    await build('webview/chat/apps/bridgeEntry.ts', dir, 'chatApps');
    const url = writePage(dir, 'chat', 'chat.js', 'chat.css');
    const port = await documents.start();
    const csp = buildAppCsp(undefined).policy;
    const doc: AppDocumentView = { url: `http://127.0.0.1:${port}${documents.publish(html, csp)}`, csp, allow: '', prefersBorder: true, sandbox: { csp: {}, permissions: {} } };
    const chat = await openChat(browser, url, doc);
    let host: AppHostPage | undefined;
    for (const n of options.sizes) {
      const args = { text: generatePreviewDiagram(n), output: `bench-${n}.svg` };
      const result = (await client.callTool({ name: 'render_diagram', arguments: args })) as CallToolResult;
      if (result.isError) throw new Error(`render_diagram failed: ${JSON.stringify(result.content)}`);
      // Warm-up, one run of each; the host page is opened as wide as the card's frame.
      const { frameWidth } = await inChat(chat, args, result, n);
      host ??= await openAppHost(browser, (params) => client.callTool(params) as Promise<CallToolResult>, { width: Math.round(frameWidth), height: 900 });
      const hostPage = host;
      await inHostPage(hostPage, html, csp, args, result, n);
      const ours: Run[] = [];
      const theirs: Run[] = [];
      const inChatRun = async () => ours.push(await inChat(chat, args, result, n));
      const inHostRun = async () => theirs.push(await inHostPage(hostPage, html, csp, args, result, n));
      for (let i = 0; i < options.runs; i++) {
        // Alternate which goes first, so drift in the machine's speed hits both alike.
        if (i % 2 === 0) {
          await inChatRun();
          await inHostRun();
        } else {
          await inHostRun();
          await inChatRun();
        }
      }
      const pairedRatio = (of: (r: Run) => number) => median(ours.map((r, i) => of(r) / of(theirs[i]!)));
      const kb = (Buffer.byteLength(JSON.stringify(result)) / 1024).toFixed(0);
      rows.push({
        name: `${n} nodes: tool result to drawing painted in the card`,
        medianMs: median(ours.map((r) => r.painted)),
        baselineMs: median(theirs.map((r) => r.painted)),
        ratio: pairedRatio((r) => r.painted),
        note: `baseline: the same app in the offline host page; result ${kb} KB; median of ${options.runs} paired ratios`,
      });
      rows.push({
        name: `${n} nodes:   of which the result to the app`,
        medianMs: median(ours.map((r) => r.forwarded)),
        baselineMs: median(theirs.map((r) => r.forwarded)),
        ratio: pairedRatio((r) => r.forwarded),
        note: "the card's update, its result request (answered in the page) and the bridge; baseline: AppBridge's sendToolResult",
      });
    }
    await host?.page.close();
    await chat.close();
  } finally {
    await browser.close();
    await client.close();
    await server.close();
    documents.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

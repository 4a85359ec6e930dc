// Drives an MCP App the way a chat does, offline: a headless Chromium page served from
// http://host.test (through page.route, nothing reaches the network) runs ext-apps'
// AppBridge with the app in a sandboxed iframe under the CSP MCP hosts apply by default;
// the app's tools/call reach a real MCP server through `callTool`.
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { McpUiHostCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Browser, Frame, Page } from 'playwright-core';
import type { HostApi, HostEvent, LoadOptions } from './types';

export type { HostEvent } from './types';

/** The CSP the MCP Apps standard makes hosts apply to an app that declares none. */
export const DEFAULT_APP_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data:; connect-src 'none'";

export const HOST_ORIGIN = 'http://host.test';

/** What a capable chat offers: links, tools of the app's server, model context and messages, logs. */
export const FULL_HOST_CAPABILITIES: McpUiHostCapabilities = {
  openLinks: {},
  serverTools: {},
  updateModelContext: { text: {}, structuredContent: {} },
  message: { text: {} },
  logging: {},
};

/** Host variables as Claude-like chats send them (`light-dark()` values), so the app's mapping is exercised. */
export const HOST_VARIABLES: Partial<NonNullable<NonNullable<McpUiHostContext['styles']>['variables']>> = {
  '--color-background-primary': 'light-dark(rgb(250, 249, 245), rgb(38, 38, 36))',
  '--color-background-secondary': 'light-dark(rgb(240, 238, 230), rgb(48, 48, 46))',
  '--color-text-primary': 'light-dark(rgb(20, 20, 19), rgb(250, 249, 245))',
  '--color-text-secondary': 'light-dark(rgb(94, 93, 89), rgb(194, 192, 182))',
  '--color-border-primary': 'light-dark(rgba(31, 30, 29, 0.4), rgba(222, 220, 209, 0.4))',
  '--font-sans': 'system-ui, sans-serif',
};

export function hostContext(theme: 'light' | 'dark', extra: McpUiHostContext = {}): McpUiHostContext {
  return {
    theme,
    styles: { variables: HOST_VARIABLES as NonNullable<NonNullable<McpUiHostContext['styles']>['variables']> },
    displayMode: 'inline',
    availableDisplayModes: ['inline', 'fullscreen'],
    containerDimensions: { maxHeight: 900, width: 960 },
    locale: 'en-US',
    platform: 'web',
    ...extra,
  };
}

export interface AppHostPage {
  page: Page;
  /** Console errors and warnings (host page and app) and uncaught exceptions, as they came. */
  problems: string[];
  /** Every URL the page or the app tried to load other than the host page itself. */
  requested: string[];
  /** Loads an app document; resolves once it finished `ui/initialize` (at once when `answer` is false). */
  load(options: Partial<LoadOptions> & { html: string }): Promise<Frame>;
  /** The app's frame. */
  app(): Promise<Frame>;
  events(): Promise<HostEvent[]>;
  sendToolInputPartial(args: Record<string, unknown>): Promise<void>;
  sendToolInput(args: Record<string, unknown>): Promise<void>;
  /** Resolves with when the result was sent, in epoch milliseconds. */
  sendToolResult(result: CallToolResult): Promise<number>;
  sendToolCancelled(reason: string): Promise<void>;
  setHostContext(context: McpUiHostContext): Promise<void>;
  frameHeight(): Promise<number>;
}

let hostScript: Promise<string> | undefined;

function bundleHostPage(): Promise<string> {
  hostScript ??= esbuild
    .build({ entryPoints: [join(__dirname, 'hostPage.ts')], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', minify: true, logLevel: 'warning' })
    .then((r) => r.outputFiles[0]!.text);
  return hostScript;
}

/**
 * A new page of `browser` running the test host. `callTool` answers the app's `tools/call`
 * (pass a real SDK client's `callTool`). Close it with `page.close()`.
 */
export async function openAppHost(
  browser: Browser,
  callTool: (params: CallToolRequest['params']) => Promise<CallToolResult>,
  viewport = { width: 960, height: 720 },
): Promise<AppHostPage> {
  const script = await bundleHostPage();
  const page = await browser.newPage({ viewport });
  const problems: string[] = [];
  const requested: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url === `${HOST_ORIGIN}/`) return route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><html><head><meta charset="utf-8"><title>host</title></head><body style="margin:0"><script src="/host.js"></script></body></html>' });
    if (url === `${HOST_ORIGIN}/host.js`) return route.fulfill({ contentType: 'text/javascript', body: script });
    requested.push(url);
    return route.abort('blockedbyclient');
  });
  await page.exposeFunction('archflowCallTool', (params: CallToolRequest['params']) => callTool(params));
  await page.goto(`${HOST_ORIGIN}/`);

  const app = async (): Promise<Frame> => {
    const handle = await page.waitForSelector('iframe');
    const frame = await handle.contentFrame();
    if (!frame) throw new Error('the app frame has no document');
    return frame;
  };
  // Runs in the page: the host page's API (this project's lib has no DOM types).
  type Window = { archflowHost: HostApi };
  // Host contexts go in as plain JSON: Playwright's argument type recurses too deep into ext-apps 2's `McpUiHostContext`.
  type PlainJson = Record<string, unknown>;

  return {
    page,
    problems,
    requested,
    async load(options) {
      const full: LoadOptions = { csp: DEFAULT_APP_CSP, hostContext: hostContext('light'), capabilities: FULL_HOST_CAPABILITIES, answer: true, ...options };
      await page.evaluate((o) => (globalThis as unknown as Window).archflowHost.load(o as unknown as LoadOptions), full as unknown as PlainJson);
      return app();
    },
    app,
    events: () => page.evaluate(() => (globalThis as unknown as Window).archflowHost.events),
    sendToolInputPartial: (args) => page.evaluate((a) => (globalThis as unknown as Window).archflowHost.sendToolInputPartial(a), args),
    sendToolInput: (args) => page.evaluate((a) => (globalThis as unknown as Window).archflowHost.sendToolInput(a), args),
    sendToolResult: (result) => page.evaluate((r) => (globalThis as unknown as Window).archflowHost.sendToolResult(r), result),
    sendToolCancelled: (reason) => page.evaluate((r) => (globalThis as unknown as Window).archflowHost.sendToolCancelled(r), reason),
    setHostContext: (context) => page.evaluate((c) => (globalThis as unknown as Window).archflowHost.setHostContext(c as McpUiHostContext), context as PlainJson),
    frameHeight: () => page.evaluate(() => (globalThis as unknown as Window).archflowHost.frameHeight()),
  };
}

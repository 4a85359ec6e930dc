// The diagram view as an AI chat shows it, offline:
// the real diagram server and an SDK Client in memory announcing MCP Apps; a headless
// Chromium page as the chat, running ext-apps' AppBridge; the view the server serves, in
// a sandboxed iframe under the CSP hosts apply by default; its tools/call answered by the
// same server. Screenshots go to test-results/mcp-app (and ARCHFLOW_SCREENSHOTS=DIR).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Browser, Frame } from 'playwright-core';
import { DIAGRAM_VIEW_META_KEY, type DiagramViewData } from '../../../src/protocol/mcpAppMessages';
import { THEMES } from '../../../src/core/render/index';
import { createEditorServer } from '../../../src/editorTools';
import { createDiagramServer } from '../../../src/mcpServer';
import { launchChromium } from '../../harness/browser';
import { FULL_HOST_CAPABILITIES, hostContext, openAppHost, type AppHostPage, type HostEvent } from '../../harness/mcpAppHost';
import type { LoadOptions } from '../../harness/mcpAppHost/types';
import { MemoryWorkspace } from '../../editorTools/memoryWorkspace';
import { repoRoot, tempDir } from '../../mcpServer/helpers';
import { ARCHFLOW_CHAT_HOST } from '../../../src/protocol/chatApps';
import { fittedViewHeight, MAX_VIEW_HEIGHT } from '../../../webview/mcpApp/frameFit';

// A safety net for a hung browser, not a speed check: on a loaded 2-core machine the suite takes minutes.
const T = { timeout: 600_000 };
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const EXAMPLE = readFileSync(join(repoRoot, 'examples', 'microservices.diagram'), 'utf8');
const SMALL = `diagram "Orders"
web = rectangle "Web" icon=logos:nginx
api = rectangle "API"
db = cylinder "Orders DB"
web -> api "HTTPS" anim=packets
api -> db anim=flow
`;
const shots = join(repoRoot, 'test-results', 'mcp-app');

// Page-side code is typed by hand: this project's lib has no DOM types.
type El = { getAttribute(name: string): string | null; classList: { contains(name: string): boolean }; getBoundingClientRect(): { height: number } };
type Win = { getComputedStyle(e: unknown): { backgroundColor: string; animationName: string }; document: { documentElement: El } };

// A diagram much taller than wide: a chain from top to bottom.
const TALL = `diagram "Pipeline"
direction TB
a = rectangle "Ingest"
b = rectangle "Parse"
c = rectangle "Validate"
d = rectangle "Enrich"
e = rectangle "Store"
f = rectangle "Index"
a -> b -> c -> d -> e -> f
`;

/** The scene a tool result carries for its view. */
function sceneOf(result: CallToolResult): DiagramViewData['scene'] {
  return (result._meta?.[DIAGRAM_VIEW_META_KEY] as DiagramViewData).scene;
}

/** The inline height the view of `result` should ask for in `frame` (see fittedViewHeight), with the host's limit. */
async function expectedHeight(frame: Frame, result: CallToolResult, maxHeight = 900): Promise<number> {
  const width = await frame.evaluate(() => (globalThis as unknown as { innerWidth: number }).innerWidth);
  return fittedViewHeight(sceneOf(result), width, maxHeight);
}

/** What the view shows: drawn elements (the title excluded), connections, and its status. */
async function drawnCounts(frame: Frame): Promise<{ elements: number; edges: number }> {
  return {
    elements: await frame.locator('.react-flow__node:not(.react-flow__node-diagramTitle)').count(),
    edges: await frame.locator('.react-flow__edge').count(),
  };
}

async function state(frame: Frame): Promise<string | null> {
  return frame.locator('.af-app').getAttribute('data-state');
}

async function waitForState(frame: Frame, kind: string): Promise<void> {
  await frame.locator(`.af-app[data-state="${kind}"]`).waitFor({ timeout: 30_000 });
}

async function statusText(frame: Frame): Promise<string> {
  return (await frame.locator('.af-status').innerText()).trim();
}

async function eventsNamed(host: AppHostPage, method: string): Promise<HostEvent[]> {
  return (await host.events()).filter((e) => e.method === method);
}

async function until<T>(what: string, get: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const v = await get();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the diagram view in an MCP Apps host (headless Chromium, offline)', T, () => {
  let browser: Browser;
  let client: Client;
  let closeServer: () => Promise<void>;
  let html: string;
  let root: string;
  let cleanup: () => Promise<void>;
  const serverCalls: Array<{ params: CallToolRequest['params']; result: CallToolResult }> = [];
  const callTool = async (params: CallToolRequest['params']): Promise<CallToolResult> => {
    const result = (await client.callTool(params)) as CallToolResult;
    serverCalls.push({ params, result });
    return result;
  };
  const render = async (text: string, output: string) => {
    const args = { text, output };
    return { args, result: (await client.callTool({ name: 'render_diagram', arguments: args })) as CallToolResult };
  };
  /** A fresh host page for `fn`, closed after it whatever happens. */
  const withHost = async (fn: (host: AppHostPage) => Promise<void>): Promise<void> => {
    const host = await openAppHost(browser, callTool);
    try {
      await fn(host);
    } finally {
      await host.page.close();
    }
  };
  /** What a chat does for one call: load the view, render on the server, hand the view input and result. */
  const drawIn = async (host: AppHostPage, output: string, load: Partial<LoadOptions> = {}, text = SMALL): Promise<Frame> => {
    const frame = await host.load({ html, ...load });
    const { args, result } = await render(text, output);
    drawn.set(frame, result);
    await host.sendToolInput(args);
    await host.sendToolResult(result);
    await waitForState(frame, 'drawn');
    return frame;
  };
  /** The result each frame of `drawIn` drew. */
  const drawn = new WeakMap<Frame, CallToolResult>();

  before(async () => {
    ({ dir: root, cleanup } = await tempDir('archflow-mcp-app-'));
    const server = createDiagramServer({ roots: [root] });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: 'test-chat', version: '1.0.0' }, { capabilities: APPS });
    await client.connect(clientSide);
    closeServer = () => Promise.all([client.close(), server.close()]).then(() => undefined);
    // What a host does: the tool names its view; the view is read from the server.
    const uri = (await client.listTools()).tools.find((t) => t.name === 'render_diagram')?._meta?.ui as { resourceUri: string };
    const content = (await client.readResource({ uri: uri.resourceUri })).contents[0]!;
    assert.equal(content.mimeType, 'text/html;profile=mcp-app');
    html = 'text' in content ? content.text : '';
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await closeServer?.();
    await cleanup?.();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: draws every element and connection check_diagram counts, animated, in the host's colours, without a console error`, async () => {
      await withHost(async (host) => {
        const frame = await host.load({ html, hostContext: hostContext(theme) });
        const { args, result } = await render(EXAMPLE, `docs/shop-${theme}.svg`);
        assert.equal(result.isError, undefined);
        await host.sendToolInput(args);
        await waitForState(frame, 'rendering');
        assert.match(await statusText(frame), /^Drawing docs\/shop-\w+\.svg…$/);
        await host.sendToolResult(result);
        await waitForState(frame, 'drawn');
        await frame.locator('.af-app[data-painted-at]').waitFor();

        const check = (await client.callTool({ name: 'check_diagram', arguments: { text: EXAMPLE } })).structuredContent as { elements: number; connections: number };
        assert.deepEqual(await drawnCounts(frame), { elements: check.elements, edges: check.connections });
        assert.equal(await frame.locator('.af-status').count(), 0, 'no status over a drawing');
        assert.equal(await frame.locator('.af-caption').innerText(), (result.content[0] as { text: string }).text.split('\n')[0]);

        // Animated: travelling packets (SMIL) and marching dashes (CSS) are running.
        assert.ok((await frame.locator('.af-packets animateMotion').count()) > 0, 'packets');
        const flows = await frame.locator('path.af-flow').evaluateAll((paths) => paths.map((p) => (globalThis as unknown as Win).getComputedStyle(p).animationName));
        assert.ok(flows.length > 0 && flows.every((n) => n === 'af-flow'), `flow animations: ${flows.join()}`);

        // The host's colours and the matching palette; icons drawn from data: images only.
        const background = await frame.locator('.react-flow').evaluate((e) => (globalThis as unknown as Win).getComputedStyle(e).backgroundColor);
        assert.equal(background, theme === 'light' ? 'rgb(250, 249, 245)' : 'rgb(38, 38, 36)');
        const fill = await frame.locator('.react-flow__node-rectangle .af-outline').first().getAttribute('fill');
        assert.equal(fill, THEMES[theme].node.fill);
        const icons = await frame.locator('image.af-icon').evaluateAll((images) => images.map((i) => (i as unknown as El).getAttribute('href') ?? ''));
        assert.ok(icons.length > 5 && icons.every((h) => h.startsWith('data:image/svg+xml')), 'icons inline');

        // Inline at a fixed height while it draws, then the height the drawing needs at the frame's width.
        const fitted = await expectedHeight(frame, result);
        assert.ok(fitted < 500, `the wide example asks for ${fitted} px`);
        await until('the fitted frame', async () => ((await host.frameHeight()) === fitted ? true : undefined));
        assert.deepEqual((await eventsNamed(host, 'ui/notifications/size-changed')).map((e) => e.params), [{ height: 500 }, { height: fitted }]);

        // Shown with an element clicked, as a person would use it.
        await frame.locator('.react-flow__node[data-id="checkout"]').click();
        await frame.locator('.af-selection[data-shared="shared"]').waitFor();
        mkdirSync(shots, { recursive: true });
        const file = join(shots, `mcp-app-${theme}.png`);
        await host.page.locator('iframe').screenshot({ path: file });
        if (process.env.ARCHFLOW_SCREENSHOTS) {
          mkdirSync(process.env.ARCHFLOW_SCREENSHOTS, { recursive: true });
          copyFileSync(file, join(process.env.ARCHFLOW_SCREENSHOTS, `mcp-app-${theme}.png`));
        }
        assert.deepEqual(host.problems, []);
        assert.deepEqual(host.requested, []);
      });
    });
  }

  test('a click on a node reaches the server and tells the model which element the user means', async () => {
    await withHost(async (host) => {
      const frame = await drawIn(host, 'docs/orders.svg');
      const before = serverCalls.length;
      await frame.locator('.react-flow__node[data-id="db"]').click();

      const context = await until('the model context update', async () => (await eventsNamed(host, 'ui/update-model-context'))[0]);
      const call = serverCalls.slice(before).find((c) => c.params.name === 'select_diagram_element');
      assert.ok(call, 'the click reached the server');
      assert.deepEqual(call.params.arguments, { kind: 'node', id: 'db', label: 'Orders DB', line: 4, diagram: 'Orders', output: 'docs/orders.svg' });
      const sentence = (call.result.content[0] as { text: string }).text;
      assert.match(sentence, /^The user selected the node db \("Orders DB", line 4\) in the ArchFlow diagram "Orders" written to docs\/orders\.svg\./);
      assert.deepEqual(context.params, { content: [{ type: 'text', text: sentence }], structuredContent: { selectedElement: call.params.arguments } });
      await frame.locator('.af-selection[data-shared="shared"]').waitFor();
      assert.ok(await frame.locator('.react-flow__node[data-id="db"]').evaluate((e) => (e as unknown as El).classList.contains('af-highlight')));

      // A connection too, by its line or its label.
      await frame.locator('.af-edge-label').first().click();
      const edge = await until('the connection selection', async () => (await eventsNamed(host, 'ui/update-model-context'))[1]);
      assert.match((edge.params as { content: Array<{ text: string }> }).content[0]!.text, /^The user selected the connection web -> api \("HTTPS", line 5\)/);
      assert.ok(await frame.locator('.react-flow__edge.af-highlight').count() === 1);
      assert.deepEqual(host.problems, []);
    });
  });

  test('a chat without model context offers to ask; full screen and Open in VS Code go through the host', async () => {
    await withHost(async (host) => {
      const frame = await drawIn(host, 'docs/ask.svg', { capabilities: { openLinks: {}, serverTools: {}, message: { text: {} } } });
      await frame.locator('.react-flow__node[data-id="api"]').click();
      await frame.locator('.af-selection[data-shared="canAsk"] .af-ask').click();
      const message = await until('the message', async () => (await eventsNamed(host, 'ui/message'))[0]);
      assert.deepEqual(message.params, { role: 'user', content: [{ type: 'text', text: 'Tell me about “API” (api) in this diagram.' }] });
      assert.deepEqual(await eventsNamed(host, 'ui/update-model-context'), []);

      await frame.locator('.af-open-vscode').click();
      const link = await until('the link', async () => (await eventsNamed(host, 'ui/open-link'))[0]);
      assert.deepEqual(link.params, { url: `vscode://file${encodeURI(join(root, 'docs', 'ask.svg'))}` });

      const transform = () => frame.locator('.react-flow__viewport').getAttribute('style');
      const inline = await transform();
      await frame.locator('.af-fullscreen').click();
      await until('full screen', async () => ((await host.frameHeight()) === 720 ? true : undefined));
      await until('the drawing fitted again', async () => ((await transform()) !== inline ? true : undefined));
      assert.ok(await frame.evaluate(() => (globalThis as unknown as Win).document.documentElement.classList.contains('af-fill')));
      assert.equal(await frame.locator('.react-flow').evaluate((e) => (e as unknown as El).getBoundingClientRect().height), 720);
      await frame.locator('.af-fullscreen').click();
      const fitted = await expectedHeight(frame, drawn.get(frame)!);
      await until('back inline', async () => ((await host.frameHeight()) === fitted ? true : undefined));
      assert.deepEqual(
        (await eventsNamed(host, 'ui/request-display-mode')).map((e) => e.params),
        [{ mode: 'fullscreen' }, { mode: 'inline' }],
      );
      assert.deepEqual(host.problems, []);
    });
  });

  test('a wide diagram in a narrow side bar asks for a short frame, a tall one for the tallest allowed; fitted to the width', async () => {
    const host = await openAppHost(browser, callTool, { width: 290, height: 720 });
    try {
      const wide = await drawIn(host, 'docs/wide.svg');
      const height = await expectedHeight(wide, drawn.get(wide)!);
      assert.ok(height < 300, `three nodes left to right in 290 px ask for ${height} px, not a thin strip in 500`);
      await until('the short frame', async () => ((await host.frameHeight()) === height ? true : undefined));
      assert.deepEqual((await eventsNamed(host, 'ui/notifications/size-changed')).at(-1)?.params, { height });
      // Fitted to the width: the drawing spans the frame from side to side, padding aside.
      await until('the drawing fitted', async () => {
        const boxes = await wide.locator('.react-flow__node').evaluateAll((els) => els.map((e) => (e as unknown as { getBoundingClientRect(): { left: number; right: number } }).getBoundingClientRect()));
        const span = Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left));
        return boxes.length > 0 && span > 290 * 0.75 && span <= 290 ? true : undefined;
      });
      assert.equal(await wide.locator('.react-flow__controls').count(), 1, 'the zoom controls stay');

      const tall = await drawIn(host, 'docs/tall.svg', {}, TALL);
      assert.equal(await expectedHeight(tall, drawn.get(tall)!), MAX_VIEW_HEIGHT);
      await until('the tall frame', async () => ((await host.frameHeight()) === MAX_VIEW_HEIGHT ? true : undefined));
      assert.deepEqual(host.problems, []);
    } finally {
      await host.page.close();
    }
  });

  test('a host that allows less height gets a view that fits it', async () => {
    await withHost(async (host) => {
      const frame = await drawIn(host, 'docs/short.svg', { hostContext: hostContext('light', { containerDimensions: { maxHeight: 320, width: 960 } }) }, TALL);
      await until('the frame at the limit', async () => ((await host.frameHeight()) === 320 ? true : undefined));
      assert.deepEqual((await eventsNamed(host, 'ui/notifications/size-changed')).map((e) => e.params), [{ height: 320 }]);
      assert.equal(await frame.locator('.react-flow').evaluate((e) => (e as unknown as El).getBoundingClientRect().height), 320);
      assert.deepEqual(host.problems, []);
    });
  });

  test('inside ArchFlow\'s own chat the written file opens with Open File, not a link to VS Code', async () => {
    await withHost(async (host) => {
      const frame = await drawIn(host, 'docs/own.svg', { hostName: ARCHFLOW_CHAT_HOST });
      await frame.locator('.af-open-file').click();
      assert.equal(await frame.locator('.af-open-vscode').count(), 0);
      assert.equal(await frame.locator('.af-open-file').innerText(), 'Open File');
      const link = await until('the link', async () => (await eventsNamed(host, 'ui/open-link'))[0]);
      assert.deepEqual(link.params, { url: `vscode://file${encodeURI(join(root, 'docs', 'own.svg'))}` });
      assert.deepEqual(host.problems, []);
    });
  });

  test('the theme follows the host live; reduced motion stops every animation', async () => {
    await withHost(async (host) => {
      await host.page.emulateMedia({ reducedMotion: 'reduce' });
      const frame = await drawIn(host, 'docs/still.svg');
      assert.equal(await frame.locator('.af-packets').count(), 0);
      assert.equal(await frame.locator('path.af-flow').count(), 0);
      await host.setHostContext(hostContext('dark'));
      await until('the dark palette', async () => ((await frame.locator('.af-app').getAttribute('class'))?.includes('af-theme-dark') ? true : undefined));
      assert.equal(await frame.locator('.react-flow').evaluate((e) => (globalThis as unknown as Win).getComputedStyle(e).backgroundColor), 'rgb(38, 38, 36)');
      assert.deepEqual(host.problems, []);
    });
  });

  test('bad input and silent hosts each show a clear state, never a blank frame or a console error', async () => {
    await withHost(async (host) => {
      const cases: Array<{ name: string; drive: (frame: Frame) => Promise<void>; state: string; text: RegExp }> = [
        { name: 'waiting', drive: async () => undefined, state: 'waiting', text: /^Waiting for the diagram…$/ },
        { name: 'streaming', drive: () => host.sendToolInputPartial({ text: 'diagram "A"\na = rectangle\nb = cylinder' }), state: 'writing', text: /^The diagram is being written \(3 lines so far\)…$/ },
        {
          name: 'an error result',
          drive: async () => {
            const { args, result } = await render('a -> ', 'docs/bad.svg');
            await host.sendToolInput(args);
            await host.sendToolResult(result);
          },
          state: 'failed',
          text: /^Nothing was drawn\n+Nothing was written: the diagram has 1 error[\s\S]*diagrama:1:\d+: error:/,
        },
        {
          name: 'a scene that fails the schema',
          drive: async () => {
            const { result } = await render(SMALL, 'docs/broken.svg');
            const meta = result._meta![DIAGRAM_VIEW_META_KEY] as { scene: { edges: Array<{ target: string }> } };
            meta.scene.edges[0]!.target = 'nowhere';
            await host.sendToolResult(result);
          },
          state: 'unreadable',
          text: /^This drawing could not be read\n+scene: element ids must be unique and every connection must join two of them$/,
        },
        {
          name: 'a host that drops _meta',
          drive: async () => {
            const { result } = await render(SMALL, 'docs/stripped.svg');
            await host.sendToolResult({ content: result.content });
          },
          state: 'unreadable',
          text: /^The chat did not pass the drawing to this view\n+The diagram was written: 3 elements, 2 connections, \d+ KB -> docs\/stripped\.svg$/,
        },
        { name: 'a cancelled call', drive: async () => (await host.sendToolInput({ text: SMALL, output: 'x.svg' }), host.sendToolCancelled('user action')), state: 'cancelled', text: /^The drawing was cancelled\n+Reason: user action$/ },
      ];
      for (const c of cases) {
        const frame = await host.load({ html });
        await c.drive(frame);
        await waitForState(frame, c.state);
        assert.match(await statusText(frame), c.text, c.name);
        // Still waiting: room for the drawing to come; ended without one: a short frame for the message.
        const height = c.state === 'waiting' || c.state === 'writing' ? 500 : 220;
        await until(`${c.name}: a frame ${height} px high`, async () => ((await host.frameHeight()) === height ? true : undefined));
        assert.ok((await frame.locator('.af-status').boundingBox())!.height > 100, `${c.name}: the status covers the frame`);
      }

      // A host that never answers ui/initialize: connecting, then a message saying so.
      const silent = await host.load({ html, answer: false });
      assert.match(await statusText(silent), /^Connecting to the chat…$/);
      await waitForState(silent, 'hostSilent');
      assert.match(await statusText(silent), /^The chat has not connected this view yet\n+Still waiting/);
      assert.equal(await state(silent), 'hostSilent');
      assert.deepEqual(host.problems, []);
    });
  });

  test("the editor tools' cards: the problems of a version with errors in a short frame, the fixed version drawn with its file, a click that names it", async () => {
    const editor = createEditorServer({ workspace: new MemoryWorkspace([root]) });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await editor.connect(serverSide);
    const editorClient = new Client({ name: 'test-chat', version: '1.0.0' }, { capabilities: APPS });
    await editorClient.connect(clientSide);
    const calls: Array<{ params: CallToolRequest['params']; result: CallToolResult }> = [];
    const host = await openAppHost(browser, async (params) => {
      const result = (await editorClient.callTool(params)) as CallToolResult;
      calls.push({ params, result });
      return result;
    });
    try {
      const served = (await editorClient.readResource({ uri: 'ui://archflow/diagram' })).contents[0]!;
      assert.equal('text' in served ? served.text : '', html, 'the editor server serves the same view');
      const withMistake = 'diagram "Checkout"\nweb = rectangle "Web"\napi = rectangel "API"\nweb -> api "HTTPS" anim=packets\n';
      const written = new WeakMap<Frame, CallToolResult>();
      const write = async (args: Record<string, unknown>) => {
        const frame = await host.load({ html });
        await host.sendToolInput(args);
        const result = (await editorClient.callTool({ name: 'write_diagram', arguments: args })) as CallToolResult;
        written.set(frame, result);
        await host.sendToolResult(result);
        return frame;
      };

      const first = await write({ path: 'checkout.diagram', text: withMistake });
      await waitForState(first, 'notDrawn');
      assert.match(await statusText(first), /^Not drawn: checkout\.diagram \(version 1\) has 1 error\n+3:7 error: unknown shape 'rectangel'; did you mean 'rectangle'\?$/);
      await until('the short frame', async () => ((await host.frameHeight()) === 220 ? true : undefined));
      assert.deepEqual((await eventsNamed(host, 'ui/notifications/size-changed')).at(-1)?.params, { height: 220 });

      const fixed = await write({ path: 'checkout.diagram', text: withMistake.replace('rectangel', 'rectangle'), baseVersion: 1 });
      await waitForState(fixed, 'drawn');
      assert.deepEqual(await drawnCounts(fixed), { elements: 2, edges: 1 });
      assert.equal(await fixed.locator('.af-caption').innerText(), 'checkout.diagram, version 2: 2 elements, 1 connection');
      assert.ok((await fixed.locator('.af-packets animateMotion').count()) > 0, 'traffic moves');
      assert.equal(await fixed.locator('.af-open-vscode').count(), 0, 'the chat card opens the file itself');
      const fitted = await expectedHeight(fixed, written.get(fixed)!);
      await until('the fitted frame', async () => ((await host.frameHeight()) === fitted ? true : undefined));

      await fixed.locator('.react-flow__node[data-id="api"]').click();
      await fixed.locator('.af-selection[data-shared="shared"]').waitFor();
      const select = calls.find((c) => c.params.name === 'select_diagram_element');
      assert.deepEqual(select?.params.arguments, { kind: 'node', id: 'api', label: 'API', line: 3, diagram: 'Checkout', file: 'checkout.diagram' });
      assert.match((select!.result.content[0] as { text: string }).text, /^The user selected the node api \("API", line 3\) in the ArchFlow diagram "Checkout" of checkout\.diagram\./);
      assert.deepEqual(host.problems, []);
      assert.deepEqual(host.requested, []);
    } finally {
      await host.page.close();
      await Promise.all([editorClient.close(), editor.close()]);
    }
  });

  test('sandboxed like a chat sandboxes it: no origin, no network, nothing requested', async () => {
    await withHost(async (host) => {
      const frame = await drawIn(host, 'docs/sandbox.svg', { capabilities: FULL_HOST_CAPABILITIES });
      assert.deepEqual(host.problems, []);
      assert.equal(await frame.evaluate(() => (globalThis as unknown as { origin: string }).origin), 'null');
      const probe = await frame.evaluate(() => fetch('http://host.test/probe').then(() => 'fetched', (e: Error) => `blocked: ${e.name}`));
      assert.equal(probe, 'blocked: TypeError');
      assert.deepEqual(host.requested, [], 'nothing left the page (the CSP stopped the fetch before the network)');
      assert.ok(host.problems.some((p) => /Content Security Policy/.test(p)), 'the browser reported the refused connection');
    });
  });
});

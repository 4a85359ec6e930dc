// The editor over time (ARCHFLOW_BENCH_PART=soak): 1,000 edits in a row to a 100-node diagram
// with the preview open, each waited for until the webview reports it on screen, and every
// 100th edit the chat (against the fake Messages API) draws a diagram card in a new
// conversation. It also checks: a listener, emitter, element or frame more at the end than
// after the warm-up fails the run (countsThatGrew); ARCHFLOW_SOAK_EDITS=60 is the quick check.
// Measured in the real extension host and webviews:
// - the extension host's heap after a forced full GC (V8's gc, reached through
//   --expose-gc set at run time) after the warm-up edits and after the last, and its RSS;
// - the webview's JS heap as Chromium reports it (performance.memory, precise because the
//   harness starts Chromium with --enable-precise-memory-info), sent with each `rendered`
//   message: the webview cannot be made to collect, so the lowest reading of a window of
//   edits stands for its live heap (the floor between collections);
// - timers left behind: setTimeout/setInterval are wrapped for the soak, so every timer
//   created during it is counted until it fires or is cleared; and Node's own list of active
//   resources (timers, handles such as worker ports and sockets), before and after; in each
//   webview, the runner wraps its timers and animation frames the same way from the end of
//   the warm-up (webviewTimers.ts), and more than a few pending of a kind fails the run;
// - listeners left behind: the extension host's event listeners, emitters and subscriptions
//   (hostCounts.ts), and in each webview the listeners on window, on document and on the
//   whole tree, its elements and the renderer's heap after a forced collection
//   (webviewProbe.ts, when the runner counts them), after the warm-up and at the end.
import * as vscode from 'vscode';
import { editedFirstNode, generatePreviewDiagram } from '../../../bench/previewDiagram';
import type { ChatHandle } from '../../../src/extension/chat/registerChat';
import { drawCard, openChatOnFake, type FakeChat } from './fakeChat';
import { fullGc, hostCounts, type HostCounts } from './hostCounts';
import { requestWebviewCounts, type TimersAction, type WebviewProbe } from './webviewProbe';
import { timersLeftBehind } from './webviewTimers';

interface Rendered {
  uri: string;
  version: number;
  webviewHeapBytes?: number;
}

export interface SoakResult {
  edits: number;
  warmupEdits: number;
  hostHeapAfterWarmupMb: number;
  hostHeapAtEndMb: number;
  hostHeapGrowthPct: number;
  hostRssAfterWarmupMb: number;
  hostRssAtEndMb: number;
  /** Lowest webview heap reading over the window after warm-up, and over the last window; undefined when the browser does not report it. */
  webviewHeapAfterWarmupMb?: number;
  webviewHeapAtEndMb?: number;
  webviewHeapGrowthPct?: number;
  /** Timers created during the soak and still pending once the last edit is drawn and a second has passed. */
  timersLeftBehind: number;
  timersCreated: number;
  /** The pending ones by kind and delay, half-way through (after a second's pause) and at the end. */
  timersLiveHalfWay: string[];
  timersLiveAtEnd: string[];
  /** Node's active resources by type, after warm-up and at the end. */
  activeResourcesAfterWarmup: Record<string, number>;
  activeResourcesAtEnd: Record<string, number>;
  /** Diagram cards the chat drew during the soak (one every `cardEvery` edits). */
  cards: number;
  /** Listeners and the like, after warm-up and at the end (see hostCounts.ts and webviewProbe.ts). */
  countsAfterWarmup: SoakCounts;
  countsAtEnd: SoakCounts;
  /** The counts that must not grow and did, as `what: before -> after` (countsThatGrew); empty when nothing piles up. */
  grew: string[];
  /** The webviews' renderer heap after a forced collection (the probe's), after warm-up and at the end; undefined when no runner counts. */
  rendererHeapAfterGcMb?: [number, number];
  rendererHeapAfterGcGrowthPct?: number;
}

export interface SoakCounts {
  host: HostCounts;
  /** Undefined when no runner counts the webviews (ARCHFLOW_WEBVIEW_PROBE_DIR unset, as under @vscode/test-electron). */
  webviews?: WebviewProbe;
}

export interface SoakOptions {
  edits?: number;
  warmup?: number;
  /** The chat draws a card every this many edits (from the first edits on, so the chat's first use is warm-up); 0: never. */
  cardEvery?: number;
  /** Nodes of the edited diagram. */
  nodes?: number;
}

/**
 * The listeners, emitters, subscriptions, DOM elements and frames that are more numerous at the
 * end than after the warm-up. Exact counts: an edit or a card that leaves one thing behind adds
 * one per edit or card, and VS Code's own objects were seen to hold still between the two.
 * The heaps may move (collections are lazy); they are reported, not compared here. The
 * webviews' timers are counted from the warm-up's end, so they are held to a few pending.
 */
export function countsThatGrew(warm: SoakCounts, end: SoakCounts): string[] {
  const grew: string[] = [];
  const compare = (what: string, before: number | undefined, after: number | undefined) => {
    if (after !== undefined && (before === undefined || after > before)) grew.push(`${what}: ${before} -> ${after}`);
  };
  for (const key of ['listeners', 'emitters', 'subscriptions'] as const) compare(`host ${key}`, warm.host[key], end.host[key]);
  if (end.webviews) {
    compare('frames', warm.webviews?.frames, end.webviews.frames);
    for (const webview of end.webviews.webviews) {
      const before = warm.webviews?.webviews.find((w) => w.kind === webview.kind);
      for (const key of ['windowListeners', 'documentListeners', 'treeListeners', 'elements'] as const) compare(`${webview.kind} ${key}`, before?.[key], webview[key]);
      // Counted from the warm-up's end, when none were pending by construction.
      grew.push(...timersLeftBehind(webview.kind, webview.timers));
    }
  }
  return grew;
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const pct = (from: number, to: number) => Math.round(((to - from) / from) * 1000) / 10;

function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** Counts timers created from now on until they fire or are cleared; `restore` puts the globals back. */
function countTimers() {
  /** Each live timer's kind and delay, to tell a per-edit leak from the extension's few long-lived timers. */
  const live = new Map<unknown, string>();
  let created = 0;
  const original = { setTimeout, clearTimeout, setInterval, clearInterval };
  const g = globalThis as Record<string, unknown>;
  g.setTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    created++;
    const handle: unknown = original.setTimeout(
      (...a: unknown[]) => {
        live.delete(handle);
        fn(...a);
      },
      ms,
      ...args,
    );
    live.set(handle, `timeout ${ms ?? 0} ms`);
    return handle;
  };
  g.clearTimeout = (handle: NodeJS.Timeout | undefined) => {
    live.delete(handle);
    original.clearTimeout(handle);
  };
  g.setInterval = (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    created++;
    const handle = original.setInterval(fn, ms, ...args);
    live.set(handle, `interval ${ms ?? 0} ms`);
    return handle;
  };
  g.clearInterval = (handle: NodeJS.Timeout | undefined) => {
    live.delete(handle);
    original.clearInterval(handle);
  };
  return {
    get live() {
      return live.size;
    },
    get liveKinds() {
      return [...live.values()].sort();
    },
    get created() {
      return created;
    },
    restore: () => Object.assign(g, original),
  };
}

export async function benchSoak(api: { onDidRenderPreview: vscode.Event<Rendered>; chat: ChatHandle }, folder: vscode.Uri, options: SoakOptions = {}): Promise<SoakResult> {
  const { edits = 1000, warmup = 100, cardEvery = 50, nodes = 100 } = options;
  const file = vscode.Uri.joinPath(folder, `soak-${nodes}.diagram`);
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(generatePreviewDiagram(nodes)));
  const doc = await vscode.workspace.openTextDocument(file);
  let editor: vscode.TextEditor | undefined;
  const uri = doc.uri.toString();
  const heaps: number[] = [];
  let waiting: { version: number; resolve: () => void } | undefined;
  const sub = api.onDidRenderPreview((e) => {
    if (e.uri !== uri || !waiting || e.version < waiting.version) return;
    if (e.webviewHeapBytes !== undefined) heaps.push(e.webviewHeapBytes);
    const w = waiting;
    waiting = undefined;
    w.resolve();
  });
  const drawn = (version: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`version ${version} never reached the preview`)), 60_000);
      waiting = {
        version,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  const settle = () => new Promise((r) => setTimeout(r, 1000));
  let timers: ReturnType<typeof countTimers> | undefined;
  let chat: FakeChat | undefined;
  let cards = 0;
  const counts = async (label: string, webviewTimers: TimersAction): Promise<SoakCounts> => {
    const host = await hostCounts();
    const webviews = await requestWebviewCounts(label, webviewTimers);
    return { host, ...(webviews ? { webviews } : {}) };
  };
  try {
    if (cardEvery > 0) chat = await openChatOnFake(api.chat);
    // The preview beside the editor, the chat in its own view: both drawn while the edits go on.
    editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const first = drawn(doc.version);
    await vscode.commands.executeCommand('archflow.showPreviewToSide', file);
    await first;
    let halfWay: string[] = [];
    let afterWarmup: { heap: number; rss: number; resources: Record<string, number>; heapsFrom: number; counts: SoakCounts } | undefined;
    for (let i = 0; i < edits; i++) {
      if (i === warmup) {
        await settle();
        fullGc();
        const m = process.memoryUsage();
        afterWarmup = { heap: m.heapUsed, rss: m.rss, resources: activeResources(), heapsFrom: heaps.length, counts: await counts('after-warmup', 'install') };
        timers = countTimers();
      }
      if (i === Math.floor((warmup + edits) / 2)) {
        await settle();
        halfWay = timers!.liveKinds;
      }
      const line = doc.getText().split('\n').findIndex((l) => l.includes('n0 = rectangle'));
      const shown = drawn(doc.version + 1);
      await editor.edit((e) => e.replace(doc.lineAt(line).range, editedFirstNode(i)));
      await shown;
      if (chat && (i + 1) % cardEvery === 0) {
        await drawCard(chat, doc.getText(), `soak-card-${++cards}.svg`);
        // The card's chat took the focus: the edits go on in the editor.
        editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
      }
      if ((i + 1) % 50 === 0) console.log(`[soak] ${i + 1} of ${edits} edits drawn, ${cards} cards`);
    }
    await settle();
    fullGc();
    const end = process.memoryUsage();
    const resourcesAtEnd = activeResources();
    const countsAtEnd = await counts('end', 'read');
    const window = Math.min(100, Math.floor((heaps.length - (afterWarmup?.heapsFrom ?? 0)) / 2));
    const warmHeap = window > 0 ? Math.min(...heaps.slice(afterWarmup!.heapsFrom, afterWarmup!.heapsFrom + window)) : undefined;
    const endHeap = window > 0 ? Math.min(...heaps.slice(-window)) : undefined;
    // Every webview of the page shares one renderer heap: the preview's reading stands for it.
    const rendererHeap = (c: SoakCounts) => c.webviews?.webviews.find((w) => w.kind === 'preview')?.heapBytes;
    const [warmRenderer, endRenderer] = [rendererHeap(afterWarmup!.counts), rendererHeap(countsAtEnd)];
    return {
      edits,
      warmupEdits: warmup,
      hostHeapAfterWarmupMb: mb(afterWarmup!.heap),
      hostHeapAtEndMb: mb(end.heapUsed),
      hostHeapGrowthPct: pct(afterWarmup!.heap, end.heapUsed),
      hostRssAfterWarmupMb: mb(afterWarmup!.rss),
      hostRssAtEndMb: mb(end.rss),
      ...(warmHeap !== undefined && endHeap !== undefined ? { webviewHeapAfterWarmupMb: mb(warmHeap), webviewHeapAtEndMb: mb(endHeap), webviewHeapGrowthPct: pct(warmHeap, endHeap) } : {}),
      timersLeftBehind: timers?.live ?? Number.NaN,
      timersCreated: timers?.created ?? Number.NaN,
      timersLiveHalfWay: halfWay,
      timersLiveAtEnd: timers?.liveKinds ?? [],
      activeResourcesAfterWarmup: afterWarmup!.resources,
      activeResourcesAtEnd: resourcesAtEnd,
      cards,
      countsAfterWarmup: afterWarmup!.counts,
      countsAtEnd,
      grew: countsThatGrew(afterWarmup!.counts, countsAtEnd),
      ...(warmRenderer !== undefined && endRenderer !== undefined ? { rendererHeapAfterGcMb: [mb(warmRenderer), mb(endRenderer)] as [number, number], rendererHeapAfterGcGrowthPct: pct(warmRenderer, endRenderer) } : {}),
    };
  } finally {
    timers?.restore();
    sub.dispose();
    await chat?.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}

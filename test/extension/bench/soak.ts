// The editor over time (ARCHFLOW_BENCH_PART=soak): 1,000 edits in a row to a 100-node diagram
// with the preview open, each waited for until the webview reports it on screen. Measured in
// the real extension host and webview:
// - the extension host's heap after a forced full GC (V8's gc, reached through
//   --expose-gc set at run time) after the warm-up edits and after the last, and its RSS;
// - the webview's JS heap as Chromium reports it (performance.memory, precise because the
//   harness starts Chromium with --enable-precise-memory-info), sent with each `rendered`
//   message: the webview cannot be made to collect, so the lowest reading of a window of
//   edits stands for its live heap (the floor between collections);
// - timers left behind: setTimeout/setInterval are wrapped for the soak, so every timer
//   created during it is counted until it fires or is cleared; and Node's own list of active
//   resources (timers, handles such as worker ports and sockets), before and after.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import { editedFirstNode, generatePreviewDiagram } from '../../../bench/previewDiagram';

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
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const pct = (from: number, to: number) => Math.round(((to - from) / from) * 1000) / 10;

function fullGc(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

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

export async function benchSoak(api: { onDidRenderPreview: vscode.Event<Rendered> }, folder: vscode.Uri, edits = 1000, warmup = 100): Promise<SoakResult> {
  const file = vscode.Uri.joinPath(folder, 'soak-100.diagram');
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(generatePreviewDiagram(100)));
  const doc = await vscode.workspace.openTextDocument(file);
  const editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
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
  try {
    const first = drawn(doc.version);
    await vscode.commands.executeCommand('archflow.showPreviewToSide', file);
    await first;
    let halfWay: string[] = [];
    let afterWarmup: { heap: number; rss: number; resources: Record<string, number>; heapsFrom: number } | undefined;
    for (let i = 0; i < edits; i++) {
      if (i === warmup) {
        await settle();
        fullGc();
        const m = process.memoryUsage();
        afterWarmup = { heap: m.heapUsed, rss: m.rss, resources: activeResources(), heapsFrom: heaps.length };
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
      if ((i + 1) % 50 === 0) console.log(`[soak] ${i + 1} of ${edits} edits drawn`);
    }
    await settle();
    fullGc();
    const end = process.memoryUsage();
    const resourcesAtEnd = activeResources();
    const window = Math.min(100, Math.floor((heaps.length - (afterWarmup?.heapsFrom ?? 0)) / 2));
    const warmHeap = window > 0 ? Math.min(...heaps.slice(afterWarmup!.heapsFrom, afterWarmup!.heapsFrom + window)) : undefined;
    const endHeap = window > 0 ? Math.min(...heaps.slice(-window)) : undefined;
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
    };
  } finally {
    timers?.restore();
    sub.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}

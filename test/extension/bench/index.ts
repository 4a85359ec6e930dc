// Keystroke-to-preview benchmark, run inside the real extension host (code-server or
// @vscode/test-electron) in place of the mocha suite. For diagrams of 10, 100 and 300
// nodes with groups it times an edit until the preview webview reports that version on
// screen, and in the same run times the core's own parse + layout of the same text; the
// difference is the extension's overhead (messaging, worker transfer, React Flow update).
// It also records activation time and the longest extension-host event-loop stall.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { median } from '../../../bench/measure';
import { coreScene, editedFirstNode, generatePreviewDiagram } from '../../../bench/previewDiagram';
import type { ChatHandle } from '../../../src/extension/chat/registerChat';
import { benchChat } from './chat';
import { benchLanguage } from './language';
import { benchSoak } from './soak';

const SIZES = [10, 100, 300];
const EDITS = 9;
const WARMUP = 2;

interface SizeResult {
  nodes: number;
  groups: number;
  /** The preview command -> the first drawing on screen (the first size: nothing warm yet but the extension). */
  openToDrawingMs: number;
  /** [webview boot until the first refresh, host refresh, posted until on screen] of that first drawing. */
  openParts: number[];
  /** Edit applied -> the webview reports the new version on screen (median). */
  editToPreviewMs: number;
  /** The core's parse + icon load + layout of the same text, in-thread, same run (median). */
  coreParseLayoutMs: number;
  /** editToPreview - core: everything the extension adds (median of per-edit differences). */
  overheadMs: number;
  /** VS Code's own floor for the same edit and a message of the update's size (see vscodeFloor; median). */
  vscodeFloorMs: number;
  /** overhead - floor: what ArchFlow itself adds beyond VS Code's messaging and the core. */
  archflowOverheadMs: number;
  ratio: number;
  /** Host: refresh start -> update posted (parse, worker layout, serialisation) (median). */
  hostMs: number;
  /** Webview: update received -> first frame showing it (React Flow update) (median). */
  webviewRenderMs: number;
  /** Edit request -> refresh start: the edit's round trip through the workbench (bench artefact, median). */
  editRoundTripMs: number;
  /** Update posted -> `rendered` back, minus the webview's drawing: a messaging round trip (median). */
  messagingRoundTripMs: number;
  /** The two legs of that round trip (epoch clocks of two processes, so ±1 ms): host -> webview, webview -> host (medians). */
  toWebviewMs: number;
  fromWebviewMs: number;
  /**
   * What a keystroke pays on top of the core: host time beyond the core's parse+layout,
   * one messaging leg (half the round trip) and the webview's drawing (median of per-edit sums).
   */
  keystrokeOverheadMs: number;
  /** Longest stretch of the preview's refresh that ran on the extension host's event loop (median over edits, and max). */
  hostLongestSyncMedianMs: number;
  hostLongestSyncMaxMs: number;
  /** Longest extension-host event-loop delay during an edit, whatever its cause (median over edits, and max). */
  eventLoopDelayMedianMs: number;
  eventLoopDelayMaxMs: number;
  /** The same delay while the core lays the text out in-thread, for contrast (what the worker avoids). */
  inThreadLayoutDelayMs: number;
  samples: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

interface Rendered {
  uri: string;
  version: number;
  elements: number;
  hostMs?: number;
  renderMs?: number;
  refreshStartedAt?: number;
  postedAt?: number;
  postedAtEpoch?: number;
  receivedAtEpoch?: number;
  longestSyncMs?: number;
}

interface Api {
  onDidRenderPreview: vscode.Event<Rendered & { webviewHeapBytes?: number }>;
  chat: ChatHandle;
}

function waitRendered(api: Api, uri: string, version: number, timeoutMs = 60_000): Promise<{ at: number; event: Rendered }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`version ${version} of ${uri} never reached the preview`));
    }, timeoutMs);
    const sub = api.onDidRenderPreview((e) => {
      if (e.uri === uri && e.version >= version) {
        clearTimeout(timer);
        sub.dispose();
        resolve({ at: performance.now(), event: e });
      }
    });
  });
}

/** Resolves the first time `event` fires with a value `accept` takes. */
function once<T>(event: vscode.Event<T>, accept: (value: T) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const sub = event((value) => {
      if (!accept(value)) return;
      sub.dispose();
      resolve();
    });
  });
}

/**
 * VS Code's own floor for what the preview does on an edit, with none of ArchFlow's work:
 * a bare webview beside the editor that answers each message in its next frame. Each
 * sample applies the same edit and, as soon as the extension host hears of it, posts a
 * message the size of the preview's update; it ends when the answer is back. So it holds
 * the edit's trip through the workbench, both messaging legs and a frame: the baseline the
 * preview's overhead is measured against.
 */
async function vscodeFloor(editor: vscode.TextEditor, payload: unknown, samples: number): Promise<number[]> {
  const panel = vscode.window.createWebviewPanel('archflowBenchEcho', 'Echo', { viewColumn: vscode.ViewColumn.Two, preserveFocus: true }, { enableScripts: true });
  const nonce = Math.random().toString(36).slice(2);
  panel.webview.html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}'"></head>
<body><script nonce="${nonce}">const vscode = acquireVsCodeApi();
window.addEventListener('message', (e) => requestAnimationFrame(() => vscode.postMessage({ n: e.data.n })));
vscode.postMessage({ n: -1 });</script></body></html>`;
  const replies = new vscode.EventEmitter<number>();
  const sub = panel.webview.onDidReceiveMessage((m: { n: number }) => replies.fire(m.n));
  const reply = (n: number) => once(replies.event, (k) => k === n);
  try {
    await reply(-1);
    const doc = editor.document;
    const times: number[] = [];
    for (let i = 0; i < samples + WARMUP; i++) {
      const line = doc.getText().split('\n').findIndex((l) => l.includes('n0 = rectangle'));
      const changed = once(vscode.workspace.onDidChangeTextDocument, (e) => e.document === doc);
      const back = reply(i);
      const start = performance.now();
      await editor.edit((e) => e.replace(doc.lineAt(line).range, editedFirstNode(100 + i)));
      await changed;
      void panel.webview.postMessage({ n: i, payload });
      await back;
      if (i >= WARMUP) times.push(performance.now() - start);
    }
    return times;
  } finally {
    sub.dispose();
    replies.dispose();
    panel.dispose();
  }
}

export async function run(): Promise<void> {
  const out = process.env.ARCHFLOW_TEST_RESULTS;
  // ARCHFLOW_BENCH_PROFILE=<dir>: also record a CPU profile of the extension host over each size's edits.
  const profileDir = process.env.ARCHFLOW_BENCH_PROFILE;
  let profiler: Session | undefined;
  if (profileDir) {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  }
  const t0 = performance.now();
  const ext = vscode.extensions.getExtension<Api>('archflow.archflow');
  if (!ext) throw new Error('extension not installed');
  const api = await ext.activate();
  const activationMs = performance.now() - t0;
  await vscode.workspace.getConfiguration('archflow.preview').update('debounceMs', 0, vscode.ConfigurationTarget.Global);
  await vscode.workspace.getConfiguration('archflow.preview').update('animations', false, vscode.ConfigurationTarget.Global);
  const folder = vscode.workspace.workspaceFolders![0]!.uri;
  const results: SizeResult[] = [];
  const lag = monitorEventLoopDelay({ resolution: 5 });
  // The noise floor: event-loop delay of an idle extension host on this machine.
  lag.enable();
  await new Promise((r) => setTimeout(r, 1500));
  lag.disable();
  const idleDelayMs = lag.max / 1e6;

  // ARCHFLOW_BENCH_PART=preview|chat|language|soak runs one part only (soak, 1,000 edits, only when asked for).
  const part = process.env.ARCHFLOW_BENCH_PART;
  const language = part === undefined || part === 'language' ? await benchLanguage(folder) : undefined;
  for (const n of part === 'chat' || part === 'language' || part === 'soak' ? [] : SIZES) {
    const text = generatePreviewDiagram(n);
    const file = vscode.Uri.joinPath(folder, `bench-${n}.diagram`);
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
    const doc = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const uri = doc.uri.toString();
    const first = waitRendered(api, uri, doc.version, 120_000);
    const opened = performance.now();
    await vscode.commands.executeCommand('archflow.showPreviewToSide', file);
    const { at: drawnAt, event: firstEvent } = await first;
    const openToDrawingMs = drawnAt - opened;
    // Its parts: the panel and the webview booting until the first refresh; the host; messaging and drawing.
    const openParts = [(firstEvent.refreshStartedAt ?? Number.NaN) - opened, firstEvent.hostMs ?? Number.NaN, drawnAt - (firstEvent.postedAt ?? Number.NaN)].map(round);

    const e2e: number[] = [];
    const core: number[] = [];
    const host: number[] = [];
    const render: number[] = [];
    const editTrip: number[] = [];
    const messageTrip: number[] = [];
    const toWebview: number[] = [];
    const fromWebview: number[] = [];
    const delays: number[] = [];
    const syncs: number[] = [];
    for (let i = 0; i < WARMUP + EDITS; i++) {
      const line = doc.getText().split('\n').findIndex((l) => l.includes('n0 = rectangle'));
      const range = doc.lineAt(line).range;
      const replacement = editedFirstNode(i);
      if (i === WARMUP && profiler) await profiler.post('Profiler.start');
      lag.reset();
      lag.enable();
      const start = performance.now();
      await editor.edit((e) => e.replace(range, replacement));
      const { at: end, event } = await waitRendered(api, uri, doc.version);
      const endEpoch = performance.timeOrigin + end;
      lag.disable();
      const delay = lag.max / 1e6;
      const { ms: coreMs } = await coreScene(doc.getText());
      if (i >= WARMUP) {
        e2e.push(end - start);
        core.push(coreMs);
        host.push(event.hostMs ?? Number.NaN);
        render.push(event.renderMs ?? Number.NaN);
        editTrip.push((event.refreshStartedAt ?? Number.NaN) - start);
        messageTrip.push(end - (event.postedAt ?? Number.NaN) - (event.renderMs ?? Number.NaN));
        toWebview.push((event.receivedAtEpoch ?? Number.NaN) - (event.postedAtEpoch ?? Number.NaN));
        fromWebview.push(endEpoch - (event.receivedAtEpoch ?? Number.NaN) - (event.renderMs ?? Number.NaN));
        delays.push(delay);
        syncs.push(event.longestSyncMs ?? Number.NaN);
      }
    }
    if (profiler) {
      // The edits' CPU profile (the core timings between them included), for chrome://inspect or speedscope.
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(join(profileDir!, `extension-host-${n}.cpuprofile`), JSON.stringify(profile));
    }
    // For contrast: the delay the event loop would see if this layout ran in-thread.
    lag.reset();
    lag.enable();
    await new Promise((r) => setTimeout(r, 20));
    await coreScene(doc.getText());
    lag.disable();
    const inThread = lag.max / 1e6;
    const overheads = e2e.map((t, i) => t - core[i]!);
    const keystroke = e2e.map((_, i) => host[i]! - core[i]! + messageTrip[i]! / 2 + render[i]!);
    results.push({
      nodes: n,
      groups: Math.ceil(n / 10),
      openToDrawingMs: round(openToDrawingMs),
      openParts,
      editToPreviewMs: round(median(e2e)),
      coreParseLayoutMs: round(median(core)),
      overheadMs: round(median(overheads)),
      vscodeFloorMs: Number.NaN,
      archflowOverheadMs: Number.NaN,
      ratio: round(median(e2e) / median(core)),
      hostMs: round(median(host)),
      webviewRenderMs: round(median(render)),
      editRoundTripMs: round(median(editTrip)),
      messagingRoundTripMs: round(median(messageTrip)),
      toWebviewMs: round(median(toWebview)),
      fromWebviewMs: round(median(fromWebview)),
      keystrokeOverheadMs: round(median(keystroke)),
      hostLongestSyncMedianMs: round(median(syncs)),
      hostLongestSyncMaxMs: round(Math.max(...syncs)),
      eventLoopDelayMedianMs: round(median(delays)),
      eventLoopDelayMaxMs: round(Math.max(...delays)),
      inThreadLayoutDelayMs: round(inThread),
      samples: e2e.length,
    });
    // The same edits again with the preview closed and a bare echo webview in its place.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const echoEditor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const update = { type: 'update', uri, version: doc.version, problems: [], scene: (await coreScene(doc.getText())).scene };
    const floor = median(await vscodeFloor(echoEditor, update, EDITS));
    results[results.length - 1]!.vscodeFloorMs = round(floor);
    results[results.length - 1]!.archflowOverheadMs = round(median(overheads) - floor);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }

  const chat = part === 'preview' || part === 'language' || part === 'soak' ? undefined : await benchChat(api.chat, ext.extensionPath);
  const soakEdits = Number(process.env.ARCHFLOW_SOAK_EDITS ?? 1000);
  // A card every 100 edits; a shorter soak (ARCHFLOW_SOAK_EDITS=60: the quick leak check) warms
  // up on its first quarter and draws a card as often, the first one within the warm-up.
  const soakWarmup = Math.min(100, Math.floor(soakEdits / 4));
  const soak = part === 'soak' ? await benchSoak(api, folder, { edits: soakEdits, warmup: soakWarmup, cardEvery: soakWarmup }) : undefined;
  if (soak?.grew.length) console.log(`[soak] grew between the warm-up and the end: ${soak.grew.join('; ')}`);
  const bench = { activationMs: round(activationMs), idleEventLoopDelayMs: round(idleDelayMs), sizes: results, chat, language, soak };
  console.log(JSON.stringify(bench, null, 2));
  // The soak also checks: a count that grew fails the run (the figures are written all the same).
  const tests = [{ title: 'benchmark', state: 'passed' }, ...(soak ? [{ title: 'soak: no listener, emitter, element, frame or webview timer piles up', state: soak.grew.length ? 'failed' : 'passed', ...(soak.grew.length ? { error: soak.grew.join('\n') } : {}) }] : [])];
  const failed = tests.filter((t) => t.state === 'failed').length;
  if (out) writeFileSync(out, JSON.stringify({ passed: tests.length - failed, failed, pending: 0, tests, bench }, null, 2));
}

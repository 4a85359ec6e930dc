// The chat in a real VS Code (code-server), in the extension host, against the fake Messages
// API started in this process:
// - token to screen: for each text chunk of a streamed 20 KB answer, the time from the fake
//   writing it to the chat webview painting it, against the same stream printed by
//   `archflow ask` (the agent loop without VS Code), read from its stdout here, interleaved
//   run by run;
// - VS Code's own floor for it: the same messages (sizes and timing) posted to a bare webview
//   that answers each in its next frame, so what the chat adds beyond VS Code's messaging
//   shows apart from it;
// - the longest extension-host event-loop stall during the streamed answer, and during a tool
//   run (render_diagram of a 100-node diagram with its PNG preview, in process), against the
//   same stream's floor replay and the idle host's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { ChatHandle } from '../../../src/extension/chat/registerChat';
import type { PaintedEvent } from '../../../src/extension/chat/chatController';
import type { HostToChatMessage, ToolItem } from '../../../src/protocol/index';
import { markdownAnswer } from '../../../bench/chatConversation';
import { median } from '../../../bench/measure';
import { generatePreviewDiagram } from '../../../bench/previewDiagram';
import type { FakeAnthropic, ScriptedMessage } from '../../fakeAnthropic/index';
import { openChatOnFake } from './fakeChat';

const RUNS = 3;
const ANSWER_CHARS = 20_000;
const CHUNK = 24;
const EVENT_DELAY_MS = 5;

export interface ChatBenchResult {
  chunks: number;
  /** Fake wrote the chunk -> the chat painted it (median and p95 over every chunk of every run). */
  chatChunkMs: number;
  chatChunkP95Ms: number;
  /** Fake wrote the chunk -> `archflow ask` printed it (median and p95). */
  askChunkMs: number;
  askChunkP95Ms: number;
  /** chat / ask, of the medians. */
  ratio: number;
  /** The same batches (size and timing) through a bare webview: posted -> its next frame (median, p95). */
  vscodeFloorMs: number;
  vscodeFloorP95Ms: number;
  /** chat - ask - floor (medians): what ArchFlow's chat itself adds per chunk. */
  archflowAddedMs: number;
  /** What the chat adds per chunk beyond the loop itself (median chat - median ask). */
  addedPerChunkMs: number;
  /** Messages the host posted to the webview per text chunk. */
  messagesPerChunk: number;
  /** Longest extension-host event-loop delay while the answer streamed, and while render_diagram ran (100 nodes, PNG). */
  streamStallMs: number;
  /** The longest stall while the floor replay ran (VS Code's own messaging, at the same rate). */
  floorStallMs: number;
  toolStallMs: number;
  toolRunMs: number;
}

const now = () => performance.timeOrigin + performance.now();
const round = (n: number) => Math.round(n * 10) / 10;

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** When each text chunk of each request left the fake: request index, end offset in the answer, epoch ms. */
interface Sent {
  request: number;
  end: number;
  at: number;
}

function recordSends(sent: Sent[], requests: () => number): (name: string, data: unknown) => void {
  let end = 0;
  return (name, data) => {
    if (name === 'message_start') end = 0;
    const d = data as { type?: string; delta?: { type?: string; text?: string } };
    if (name === 'content_block_delta' && d.delta?.type === 'text_delta') {
      end += d.delta.text!.length;
      sent.push({ request: requests() - 1, end, at: now() });
    }
  };
}

/** Per chunk: when the first sighting at or past its end came, minus when it was sent. */
function latencies(sent: Sent[], seen: { length: number; at: number }[]): number[] {
  return sent.map((s) => {
    const hit = seen.find((p) => p.length >= s.end && p.at >= s.at);
    if (!hit) throw new Error(`chunk ending at ${s.end} was never seen`);
    return hit.at - s.at;
  });
}

/** `archflow ask` against the fake: when each part of its stdout arrived here. */
function askRun(fake: FakeAnthropic, cli: string): Promise<{ length: number; at: number }[]> {
  const cwd = mkdtempSync(join(tmpdir(), 'archflow-ask-bench-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'ask', 'Write a long answer', '--base-url', fake.url, '--yes', '--max-rounds', '1'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: cwd, ANTHROPIC_API_KEY: fake.apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const seen: { length: number; at: number }[] = [];
    let length = 0;
    let err = '';
    child.stdout.on('data', (b: Buffer) => {
      length += b.toString('utf8').length;
      seen.push({ length, at: now() });
    });
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      rmSync(cwd, { recursive: true, force: true });
      if (code === 0) resolve(seen);
      else reject(new Error(`archflow ask exited with ${code}: ${err}`));
    });
  });
}

/**
 * Posts messages of the given sizes at the given offsets to a bare webview that answers each in
 * its next frame; resolves with each message's posted -> answered time.
 */
async function vscodeFloor(batches: { offsetMs: number; bytes: number }[]): Promise<number[]> {
  const panel = vscode.window.createWebviewPanel('archflowBenchChatEcho', 'Echo', { viewColumn: vscode.ViewColumn.Two, preserveFocus: true }, { enableScripts: true });
  const nonce = Math.random().toString(36).slice(2);
  panel.webview.html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}'"></head>
<body><script nonce="${nonce}">const vscode = acquireVsCodeApi();
window.addEventListener('message', (e) => requestAnimationFrame(() => setTimeout(() => vscode.postMessage({ n: e.data.n, at: performance.timeOrigin + performance.now() }), 0)));
vscode.postMessage({ n: -1, at: 0 });</script></body></html>`;
  const answers = new Map<number, number>();
  let ready = false;
  const sub = panel.webview.onDidReceiveMessage((m: { n: number; at: number }) => (m.n === -1 ? (ready = true) : answers.set(m.n, m.at)));
  try {
    while (!ready) await new Promise((r) => setTimeout(r, 20));
    const posted: number[] = [];
    const start = now();
    for (const [n, b] of batches.entries()) {
      const wait = start + b.offsetMs - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      posted.push(now());
      void panel.webview.postMessage({ n, payload: 'x'.repeat(b.bytes) });
    }
    const until = Date.now() + 10_000;
    while (answers.size < batches.length && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return posted.map((at, n) => (answers.get(n) ?? Number.NaN) - at);
  } finally {
    sub.dispose();
    panel.dispose();
  }
}

export async function benchChat(chatHandle: ChatHandle, extensionPath: string): Promise<ChatBenchResult> {
  const sent: Sent[] = [];
  let requests = () => 0;
  const opened = await openChatOnFake(chatHandle, { onEvent: recordSends(sent, () => requests()) });
  const { fake, chat } = opened;
  requests = () => fake.requests.length;
  try {
    const posted = chatHandle.view.recorded ?? [];
    const paints: PaintedEvent[] = [];
    const sub = chat.controller.onDidPaint((p) => paints.push(p));
    const answer = markdownAnswer(ANSWER_CHARS, 3);
    const reply: ScriptedMessage = { content: [{ type: 'text', text: answer }], stopReason: 'end_turn', textChunk: CHUNK, delayMs: EVENT_DELAY_MS };
    const lag = monitorEventLoopDelay({ resolution: 5 });
    const chatLatencies: number[] = [];
    const askLatencies: number[] = [];
    const floorLatencies: number[] = [];
    const streamStalls: number[] = [];
    const floorStalls: number[] = [];
    let chunks = 0;
    let opsMessages = 0;
    const cli = join(extensionPath, 'dist', 'cli.js');
    // ARCHFLOW_BENCH_PROFILE=<dir>: a CPU profile of the extension host over the chat's streams.
    const profileDir = process.env.ARCHFLOW_BENCH_PROFILE;
    const profiler = profileDir ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    }
    for (let run = 0; run < RUNS + 1; run++) {
      // The chat: a new conversation, the answer streamed into it.
      await chat.controller.newConversation();
      fake.script(reply);
      sent.length = 0;
      paints.length = 0;
      const before = posted.length;
      lag.reset();
      lag.enable();
      if (profiler && run === 1) await profiler.post('Profiler.start');
      await chat.controller.receive({ type: 'send', text: 'Write a long answer' });
      lag.disable();
      const streamStall = lag.max / 1e6;
      if (profiler && run === 1) writeFileSync(join(profileDir!, 'extension-host-chat.cpuprofile'), JSON.stringify((await profiler.post('Profiler.stop')).profile));
      const item = chat.controller.active.record.view.items.find((i) => i.kind === 'assistant');
      if (!item || item.kind !== 'assistant' || item.text !== answer) throw new Error('the chat did not receive the whole answer');
      // The last paint can come a frame after the run ends.
      const until = Date.now() + 30_000;
      while (!paints.some((p) => p.id === item.id && p.length >= answer.length) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const chatSeen = paints.filter((p) => p.id === item.id).map((p) => ({ length: p.length, at: p.at }));
      const chatRun = latencies([...sent], chatSeen);
      if (profileDir && run === 1) {
        const times = chatHandle.view.recordedAt ?? [];
        const ops = posted.map((m, i) => ({ m, at: times[i]! })).slice(before).filter(({ m }) => m.type === 'ops').map(({ m, at }) => ({ at, seq: m.type === 'ops' ? m.seq : 0, bytes: JSON.stringify(m).length }));
        writeFileSync(join(profileDir, 'chat-timeline.json'), JSON.stringify({ sent, paints: chatSeen, ops }));
      }
      const times = chatHandle.view.recordedAt ?? [];
      const batches = posted
        .map((m: HostToChatMessage, i) => ({ m, at: times[i]! }))
        .slice(before)
        .filter(({ m }) => m.type === 'ops');
      const ops = batches.length;
      // VS Code's floor: the same messages, sizes and timing, to a bare webview.
      lag.reset();
      lag.enable();
      const floorRun = await vscodeFloor(batches.map(({ m, at }) => ({ offsetMs: at - batches[0]!.at, bytes: JSON.stringify(m).length })));
      lag.disable();
      const floorStall = lag.max / 1e6;
      // The same stream through `archflow ask`.
      fake.script(reply);
      sent.length = 0;
      const askSeen = await askRun(fake, cli);
      const askSent = [...sent];
      if (run === 0) continue; // warm-up
      chatLatencies.push(...chatRun);
      askLatencies.push(...latencies(askSent, askSeen));
      floorLatencies.push(...floorRun.filter(Number.isFinite));
      streamStalls.push(streamStall);
      floorStalls.push(floorStall);
      chunks += chatRun.length;
      opsMessages += ops;
    }
    sub.dispose();

    // A tool run: render_diagram of 100 nodes with its PNG, in process, approved as it asks.
    await chat.controller.newConversation();
    const text = generatePreviewDiagram(100);
    fake.script(
      { content: [{ type: 'tool_use', name: 'archflow__render_diagram', input: { text, output: 'bench-chat-100.svg', preview: true } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'Rendered.' }], stopReason: 'end_turn' },
    );
    const running = chat.controller.receive({ type: 'send', text: 'Render it' });
    let card: ToolItem | undefined;
    for (;;) {
      card = chat.controller.active.record.view.items.find((i): i is ToolItem => i.kind === 'tool');
      if (card?.status === 'approval') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    lag.reset();
    lag.enable();
    if (profiler) await profiler.post('Profiler.start');
    const t0 = performance.now();
    await chat.controller.receive({ type: 'approve', toolUseId: card.id, choice: 'allow_once' });
    for (;;) {
      card = chat.controller.active.record.view.items.find((i): i is ToolItem => i.kind === 'tool');
      if (card && card.status !== 'running' && card.status !== 'approval') break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const toolRunMs = performance.now() - t0;
    lag.disable();
    if (profiler) writeFileSync(join(profileDir!, 'extension-host-tool.cpuprofile'), JSON.stringify((await profiler.post('Profiler.stop')).profile));
    await running;
    if (card?.status !== 'done') throw new Error(`render_diagram ended ${card?.status}: ${JSON.stringify(card?.result)}`);

    const chat50 = median(chatLatencies);
    const ask50 = median(askLatencies);
    const floor50 = median(floorLatencies);
    return {
      chunks,
      chatChunkMs: round(chat50),
      chatChunkP95Ms: round(percentile(chatLatencies, 95)),
      askChunkMs: round(ask50),
      askChunkP95Ms: round(percentile(askLatencies, 95)),
      ratio: round(chat50 / ask50),
      vscodeFloorMs: round(floor50),
      vscodeFloorP95Ms: round(percentile(floorLatencies, 95)),
      archflowAddedMs: round(chat50 - ask50 - floor50),
      addedPerChunkMs: round(chat50 - ask50),
      messagesPerChunk: Math.round((opsMessages / chunks) * 100) / 100,
      streamStallMs: round(Math.max(...streamStalls)),
      floorStallMs: round(Math.max(...floorStalls)),
      toolStallMs: round(lag.max / 1e6),
      toolRunMs: round(toolRunMs),
    };
  } finally {
    await opened.close();
  }
}

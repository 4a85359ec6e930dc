#!/usr/bin/env -S node --import tsx
/**
 * `npm run bench -- --only markdown` (bench/run.ts runs this file in its own process).
 * Diagram fences in VS Code's own Markdown preview, in a real VS Code (code-server, the
 * extension loaded from this checkout, driven by Debian's Chromium), against the same
 * document with the fences turned into plain code blocks, in the same run:
 * - open: from Quick Open of the document to its preview (opened to the side) showing all ten
 *   blocks (ten drawings of 20 nodes, laid out cold: every repetition has new diagrams;
 *   or ten highlighted code blocks for the baseline);
 * - edit: from inserting one line into the fifth block to the preview showing it (the
 *   Markdown preview's own 300 ms debounce is in both), and whether the nine other
 *   drawings kept their DOM nodes (not redrawn).
 * Each figure is the median over repetitions that alternate the two documents, and the
 * ratio is the median of the per-pair ratios. Times are polled from outside the page
 * (resolution of a few ms).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { median, type BenchRow } from '../../bench/measure';
import { codeServerToolchain, repoRoot, startCodeServer } from '../extension/harness/codeServer';
import { launchChromium } from '../harness/browser';
import { benchDiagramText } from '../../bench/markdownFences';
import { quickOpen, runCommand, until, waitForWorkbench, webviewFrame } from './workbench';

const FENCES = 10;
const NODES = 20;
const EDITED = 4;

type Kind = 'diagrams' | 'plain';

/** A document of FENCES sections, each with a fence of NODES nodes; plain: the same text in ```text blocks. */
function documentText(kind: Kind, rep: number): { text: string; editLine: number } {
  const lines = ['# Architecture', ''];
  let editLine = 0;
  for (let k = 0; k < FENCES; k++) {
    lines.push(`## Part ${k}`, '', kind === 'diagrams' ? '```diagram' : '```text');
    // Every repetition has new diagrams, so every opening lays out cold.
    lines.push(...benchDiagramText(rep * 100 + k, NODES).split('\n'));
    if (k === EDITED) editLine = lines.length + 1;
    lines.push('```', '');
  }
  return { text: lines.join('\n'), editLine };
}

const blockSelector = (kind: Kind) => (kind === 'diagrams' ? '.archflow-md-drawn' : 'pre > code');

async function closeEverything(page: Page): Promise<void> {
  await runCommand(page, 'View: Close All Editor Groups');
  await until(async () => (await page.locator('iframe.webview').count()) === 0, 'no webview left');
}

/** The editor title's "Open Preview to the Side" button of the Markdown editor (no dependence on palette filtering). */
async function openPreviewToSide(page: Page): Promise<void> {
  await page.locator('.editor-actions .action-label[aria-label^="Open Preview to the Side"]').first().click();
}

/**
 * ARCHFLOW_MD_TRACE=FILE: the extension host appends its timestamps there (see
 * src/extension/markdown/fenceTraceFile.ts), the page records its own, and each edit prints
 * where its time went, from the keystroke (all on one machine: the clocks compare).
 */
const TRACE = process.env.ARCHFLOW_MD_TRACE;

interface TraceEvent {
  t: number;
  event: string;
  [detail: string]: unknown;
}

/**
 * In the preview's page: when VS Code updated the content, and when the edited block changed
 * state. A string, so that no helper the TypeScript loader adds to functions reaches the page.
 */
const PAGE_TRACE = `(() => {
  const events = [];
  window.__mdTrace = events;
  window.addEventListener('vscode.markdown.updateContent', () => events.push({ t: Date.now(), event: 'page-update' }));
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!/\\.svg/.test(e.name)) continue;
      events.push({ t: Math.round(performance.timeOrigin + e.startTime), event: 'page-img-start', file: e.name.split('/').pop().slice(0, 40) });
      events.push({ t: Math.round(performance.timeOrigin + e.responseEnd), event: 'page-img-end', status: e.responseStatus });
    }
  }).observe({ type: 'resource' });
  let state = '';
  const look = () => {
    const block = document.querySelectorAll('.archflow-md, pre > code')[${EDITED}];
    const m = block ? /archflow-md-(drawn|pending|problems)/.exec(block.className) : null;
    const now = block ? (m ? m[1] : 'code') + ':' + block.innerHTML.length : 'none';
    if (now !== state) events.push({ t: Date.now(), event: 'page-block', state: now });
    state = now;
  };
  look();
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
})()`;

const traced: Array<Record<string, number>> = [];

/** Prints one edit's events relative to the keystroke and keeps its phases for the summary. */
function reportTrace(kind: Kind, rep: number, wall0: number, wallEnd: number, pageEvents: TraceEvent[]): void {
  const host = readFileSync(TRACE!, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as TraceEvent);
  const events = [...host, ...pageEvents].sort((a, b) => a.t - b.t);
  const line = events.map((e) => {
    const { t, event, pt: _pt, ...rest } = e;
    const detail = Object.entries(rest).map(([k, v]) => `${k}=${String(v)}`).join(' ');
    return `  +${t - wall0} ${event}${detail ? ` ${detail}` : ''}`;
  });
  console.error(`[markdown] trace rep ${rep} ${kind} (seen at +${wallEnd - wall0}):\n${line.join('\n')}`);
  const first = (name: string) => events.find((e) => e.event === name)?.t;
  const phases: Record<string, number> = { kind: kind === 'diagrams' ? 1 : 0, seen: wallEnd - wall0 };
  const block = events.filter((e) => e.event === 'page-block');
  if (block.length > 1) phases['page-block-last'] = block.at(-1)!.t - wall0;
  for (const name of ['change', 'prepared', 'layout-done', 'parse-begin', 'render', 'page-update', 'files-written', 'page-img-end']) {
    const t = first(name);
    if (t !== undefined) phases[name] = t - wall0;
  }
  traced.push(phases);
}

function traceSummary(): void {
  for (const kind of [1, 0]) {
    const rows = traced.filter((r) => r.kind === kind);
    if (!rows.length) continue;
    const names = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((n) => n !== 'kind');
    const cells = names.map((n) => {
      const values = rows.map((r) => r[n]).filter((v): v is number => v !== undefined);
      return `${n} ${Math.round(median(values))} (${values.length})`;
    });
    console.error(`[markdown] trace medians, ${kind ? 'diagrams' : 'plain'}, ms after the keystroke: ${cells.join(', ')}`);
  }
}

async function countBlocks(frame: FrameLocator, kind: Kind): Promise<number> {
  try {
    return await frame.locator(blockSelector(kind)).count();
  } catch {
    return 0;
  }
}

async function timeOpen(page: Page, kind: Kind, rep: number): Promise<number> {
  await closeEverything(page);
  const t0 = performance.now();
  await quickOpen(page, `${kind}-${rep}.md`);
  await openPreviewToSide(page);
  const frame = webviewFrame(page);
  for (;;) {
    if ((await countBlocks(frame, kind)) >= FENCES) return performance.now() - t0;
    if (performance.now() - t0 > 60_000) {
      await page.screenshot({ path: join(repoRoot, 'test-results/markdown-bench-failure.png') }).catch(() => undefined);
      throw new Error(`the ${kind} preview did not show ${FENCES} blocks (see test-results/markdown-bench-failure.png)`);
    }
  }
}

async function timeEdit(page: Page, kind: Kind, rep: number, editLine: number): Promise<{ ms: number; kept: number }> {
  await closeEverything(page);
  await quickOpen(page, `${kind}-${rep}.md`);
  await openPreviewToSide(page);
  const frame = webviewFrame(page);
  await until(async () => (await countBlocks(frame, kind)) >= FENCES, `${kind} preview`, 60_000);
  await frame.locator(blockSelector(kind)).evaluateAll((els) => els.forEach((e) => (((e as Element).firstElementChild ?? e) as Element & { __kept?: boolean }).__kept = true));
  await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+G');
  await page.keyboard.type(String(editLine));
  await page.keyboard.press('Enter');
  await until(async () => ((await page.locator('#status\\.editor\\.selection').first().textContent()) ?? '').includes(`Ln ${editLine},`), 'cursor on the edit line');
  await page.keyboard.press('Home');
  const marker = `Edited ${rep}`;
  const edited = frame.locator(blockSelector(kind)).nth(EDITED);
  // Redrawn: a drawn block whose content changed (inline SVG, or images the preview script filled in); a code block: its text.
  const before = await edited.evaluate((e) => e.innerHTML);
  const redrawn = (e: Element, args: { before: string; marker: string; diagrams: boolean }) =>
    args.diagrams ? e.classList.contains('archflow-md-drawn') && e.innerHTML !== args.before : (e.textContent ?? '').includes(args.marker);
  if (TRACE) {
    writeFileSync(TRACE, '');
    await frame.locator('body').evaluate(PAGE_TRACE);
  }
  const wall0 = Date.now();
  const t0 = performance.now();
  await page.keyboard.insertText(`zz${rep} = rect "${marker}"\n`);
  for (;;) {
    const block = frame.locator(blockSelector(kind)).nth(EDITED);
    if (await block.evaluate(redrawn, { before, marker, diagrams: kind === 'diagrams' }).catch(() => false)) break;
    if (performance.now() - t0 > 60_000) throw new Error(`the ${kind} preview never showed the edit`);
  }
  const ms = performance.now() - t0;
  if (TRACE) {
    const pageEvents = await frame.locator('body').evaluate(() => (window as unknown as { __mdTrace: TraceEvent[] }).__mdTrace);
    reportTrace(kind, rep, wall0, Date.now(), pageEvents);
  }
  // The other blocks' first elements are still the marked ones: not redrawn.
  const lost = await frame
    .locator(blockSelector(kind))
    .evaluateAll((els, edited) => els.flatMap((e, i) => (i === edited || (((e as Element).firstElementChild ?? e) as Element & { __kept?: boolean }).__kept === true ? [] : [i])), EDITED);
  const kept = FENCES - 1 - lost.length;
  await runCommand(page, 'File: Revert File');
  return { ms, kept };
}

export async function benchMarkdownPreview(options: { reps: number }): Promise<BenchRow[]> {
  try {
    codeServerToolchain();
  } catch (err) {
    console.log(`[markdown] skipped: ${(err as Error).message}`);
    return [];
  }
  if (!existsSync(join(repoRoot, 'dist/extension.js'))) throw new Error('dist/extension.js is missing: run `npm run build`');
  // code-server's session id is the same in every window, so an earlier run's drawings would
  // still be in the extension's preview folder (same texts, same file names) and load at once.
  rmSync(join(repoRoot, 'preview-cache'), { recursive: true, force: true });
  const workspace = mkdtempSync(join(tmpdir(), 'archflow-mdbench-'));
  const editLines: Record<string, number> = {};
  for (let rep = 0; rep <= options.reps; rep++) {
    for (const kind of ['diagrams', 'plain'] as const) {
      const { text, editLine } = documentText(kind, rep);
      writeFileSync(join(workspace, `${kind}-${rep}.md`), text);
      editLines[`${kind}-${rep}`] = editLine;
    }
  }
  const server = await startCodeServer({
    workspace,
    smokeTestDriver: true,
    settings: {
      'workbench.colorTheme': 'Default Light Modern',
      'editor.minimap.enabled': false,
      'workbench.editor.enablePreview': false,
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
    },
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const payload = [['extensionDevelopmentPath', `vscode-remote://${new URL(server.origin).host}${repoRoot}`]];
    await page.goto(`${server.origin}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    await waitForWorkbench(page);
    // Warm-up (repetition 0): the Markdown extension, ours and the layout worker start.
    await timeOpen(page, 'diagrams', 0);
    await timeOpen(page, 'plain', 0);
    const open: Record<Kind, number[]> = { diagrams: [], plain: [] };
    const edit: Record<Kind, number[]> = { diagrams: [], plain: [] };
    const kept: number[] = [];
    for (let rep = 1; rep <= options.reps; rep++) {
      // Alternate which goes first, so drift hits both alike.
      const order: Kind[] = rep % 2 ? ['diagrams', 'plain'] : ['plain', 'diagrams'];
      for (const kind of order) open[kind].push(await timeOpen(page, kind, rep));
      for (const kind of order) {
        const r = await timeEdit(page, kind, rep, editLines[`${kind}-${rep}`]!);
        console.error(`[markdown] rep ${rep} ${kind}: open ${Math.round(open[kind].at(-1)!)} ms, edit ${Math.round(r.ms)} ms, kept ${r.kept}`);
        edit[kind].push(r.ms);
        if (kind === 'diagrams') kept.push(r.kept);
      }
    }
    void page;
    if (TRACE) traceSummary();
    const ratio = (k: Record<Kind, number[]>) => median(k.diagrams.map((d, i) => d / k.plain[i]!));
    return [
      {
        name: `open preview, ${FENCES} diagrams of ${NODES} nodes`,
        medianMs: median(open.diagrams),
        baselineMs: median(open.plain),
        ratio: ratio(open),
        note: `vs ${FENCES} plain code blocks; ${options.reps} runs`,
      },
      {
        name: 'edit one fence, until redrawn',
        medianMs: median(edit.diagrams),
        baselineMs: median(edit.plain),
        ratio: ratio(edit),
        note: `vs the same edit of a code block; other drawings kept: ${Math.min(...kept)}-${Math.max(...kept)} of ${FENCES - 1}`,
      },
    ];
  } catch (err) {
    const pages = browser.contexts().flatMap((c) => c.pages());
    await pages[0]?.screenshot({ path: join(repoRoot, 'test-results/markdown-bench-failure.png') }).catch(() => undefined);
    throw err;
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reps = Number(process.argv[process.argv.indexOf('--reps') + 1]) || 7;
  benchMarkdownPreview({ reps }).then(
    (rows) => {
      // The last line is what bench/run.ts reads.
      console.log(JSON.stringify(rows));
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

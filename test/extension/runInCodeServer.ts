#!/usr/bin/env -S node --import tsx
// Route 1 of shared/testing/real-vscode.md: runs the extension's mocha suite inside the
// real extension host of code-server, exactly as @vscode/test-electron would on a machine
// with internet. The workbench (headless Chromium) is opened with the test payload and
// the smoke-test driver reports the extension host's console and exit code back to us.
//
// Usage: node --import tsx test/extension/runInCodeServer.ts [--no-build] [--grep TEXT] [--keep] [--verbose] [--bench]
// --bench runs test/extension/bench (the keystroke-to-preview benchmark) instead of the suite;
// --production builds the bundles as shipped (use it with --bench).
// ARCHFLOW_BENCH_PROFILE=<dir> with --bench: CPU profiles of the extension host per size and
// a Chrome trace of the browser (workbench and webviews), to see where an edit's time goes.
// Exit code 0 only when the suite ran, every test passed, the results file agrees and
// code-server logged a clean extension host exit.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { launchChromium } from '../harness/browser';
import { repoRoot, scratchWorkspace, startCodeServer } from './harness/codeServer';
import type { SuiteResults } from './suite/index';
import { answerWebviewProbes } from './bench/webviewProbe';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
// A whole suite's guard against a hang, not a speed check: a busy 2-core machine needs minutes.
const TIMEOUT_MS = Number(process.env.ARCHFLOW_SUITE_TIMEOUT_MS ?? 600_000);

function build(): void {
  // --production: minified bundles and React's production build (what users run; for --bench).
  for (const [script, ...extra] of [['esbuild.mjs', ...(flag('--production') ? ['--production'] : [])], ['test/extension/build.mjs']]) {
    const r = spawnSync(process.execPath, [join(repoRoot, script!), ...extra], { cwd: repoRoot, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${script} failed`);
  }
}

/** The workbench URL whose payload makes VS Code load the extension and run the suite. */
function suiteUrl(origin: string, workspace: string, suiteDir: string): string {
  const remote = (path: string) => `vscode-remote://${new URL(origin).host}${path}`;
  const payload = [
    ['extensionDevelopmentPath', remote(repoRoot)],
    ['extensionTestsPath', remote(suiteDir)],
  ];
  return `${origin}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

async function main(): Promise<number> {
  if (!flag('--no-build')) build();
  const bench = flag('--bench');
  const suiteDir = join(repoRoot, bench ? 'out/test/extension/bench' : 'out/test/extension/suite');
  if (!existsSync(join(suiteDir, 'index.js'))) throw new Error(`no compiled suite in ${suiteDir}`);
  if (!existsSync(join(repoRoot, 'dist/extension.js'))) throw new Error('dist/extension.js is missing: run `node esbuild.mjs`');

  const workspace = scratchWorkspace(join(repoRoot, 'test/extension/fixtures/workspace'));
  const resultsDir = mkdtempSync(join(tmpdir(), 'archflow-results-'));
  const resultsFile = join(resultsDir, 'results.json');
  const env: Record<string, string> = { ARCHFLOW_TEST_RESULTS: resultsFile };
  const grep = option('--grep');
  if (grep) env.ARCHFLOW_TEST_GREP = grep;
  // The benchmark: the chat webview reports when text reaches the screen; ARCHFLOW_BENCH_PART picks a part.
  if (bench) env.ARCHFLOW_CHAT_REPORT_PAINTS = '1';
  if (process.env.ARCHFLOW_BENCH_PART) env.ARCHFLOW_BENCH_PART = process.env.ARCHFLOW_BENCH_PART;
  if (process.env.ARCHFLOW_SOAK_EDITS) env.ARCHFLOW_SOAK_EDITS = process.env.ARCHFLOW_SOAK_EDITS;
  // The soak asks, through the extension host's console, for the webviews' listeners and heap; the answers go here.
  env.ARCHFLOW_WEBVIEW_PROBE_DIR = resultsDir;

  const artifacts = join(repoRoot, 'test-results');
  mkdirSync(artifacts, { recursive: true });
  const label = bench ? 'code-server-bench' : 'code-server-suite';
  const workbenchLog = join(artifacts, `${label}.workbench.log`);
  writeFileSync(workbenchLog, '');
  const started = Date.now();
  const server = await startCodeServer({ workspace, smokeTestDriver: true, env, logFile: join(artifacts, `${label}.server.log`) });
  const browser = await launchChromium();
  let exitCode: number | undefined;
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const exited = new Promise<number>((resolveExit, rejectExit) => {
      const timer = setTimeout(() => rejectExit(new Error(`the suite did not finish within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      void page.exposeFunction('codeAutomationExit', (code: number) => {
        clearTimeout(timer);
        resolveExit(code);
      });
    });
    // The workbench forwards its whole log (and the extension host's console, where
    // mocha reports): keep it in a file, and echo it only with --verbose.
    const webviewProbe = answerWebviewProbes(page, resultsDir);
    await page.exposeFunction('codeAutomationLog', (_level: string, logArgs: unknown[]) => {
      const line = `${format(...(Array.isArray(logArgs) ? logArgs : [logArgs]))}\n`;
      appendFileSync(workbenchLog, line);
      webviewProbe(line);
      if (flag('--verbose')) process.stdout.write(line);
    });
    page.on('pageerror', (err) => appendFileSync(workbenchLog, `[pageerror] ${err.message}\n`));
    // With ARCHFLOW_BENCH_PROFILE=<dir>, a Chrome trace of the whole browser (workbench and
    // webviews) for the run, to see where the drawing and messaging time goes.
    const traceDir = bench ? process.env.ARCHFLOW_BENCH_PROFILE : undefined;
    if (traceDir) await browser.startTracing(page, { path: join(traceDir, 'browser.trace.json'), screenshots: false, categories: ['devtools.timeline', 'toplevel', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] });
    await page.goto(suiteUrl(server.origin, workspace, suiteDir));
    exitCode = await exited;
    if (traceDir) await browser.stopTracing();
    // The server logs the extension host's exit a moment after the workbench hears of it.
    const deadline = Date.now() + 5000;
    while (!/Extension Host Process exited with code: \d+/.test(server.log()) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop({ keep: flag('--keep') });
  }

  const problems: string[] = [];
  if (exitCode !== 0) problems.push(`the workbench reported exit code ${exitCode}`);
  const hostExit = /Extension Host Process exited with code: (\d+)/.exec(server.log());
  if (!hostExit) problems.push('code-server never logged the extension host exit');
  else if (hostExit[1] !== '0') problems.push(`code-server logged: ${hostExit[0]}`);
  let results: SuiteResults | undefined;
  if (!existsSync(resultsFile)) problems.push('the suite wrote no results file (did the extension host crash?)');
  else {
    results = JSON.parse(readFileSync(resultsFile, 'utf8')) as SuiteResults;
    for (const t of results.tests) {
      const mark = t.state === 'passed' ? '✔' : t.state === 'failed' ? '✘' : '-';
      console.log(`  ${mark} ${t.title}${t.durationMs !== undefined ? ` (${t.durationMs} ms)` : ''}`);
      if (t.error) console.log(`      ${t.error.split('\n').join('\n      ')}`);
    }
    // Mocha's own closing lines, which `npm test`'s runner reads the counts from.
    console.log(`\n  ${results.passed} passing\n  ${results.failed} failing`);
    if (results.failed > 0) problems.push(`${results.failed} test(s) failed`);
    const measured = (results as SuiteResults & { bench?: unknown }).bench;
    if (measured) {
      writeFileSync(join(artifacts, 'bench-vscode.json'), JSON.stringify(measured, null, 2));
      console.log(JSON.stringify(measured, null, 2));
    }
    if (results.passed === 0) problems.push('no test passed');
  }
  rmSync(resultsDir, { recursive: true, force: true });
  rmSync(workspace, { recursive: true, force: true });

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length) {
    console.error(`\n[code-server suite] FAILED after ${seconds}s:\n  - ${problems.join('\n  - ')}`);
    console.error(`  logs: test-results/${label}.workbench.log, test-results/${label}.server.log`);
    return 1;
  }
  console.error(`\n[code-server suite] ${results!.passed} passed, ${results!.pending} pending, in ${seconds}s`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

#!/usr/bin/env node
// Runs the steps of `npm test` one after the other and tells all it found: every suite runs
// even when an earlier one failed, each one's result and time is printed as it ends, and a
// summary at the end closes with a plain `N passed, N failed` line (CI reads it). A step the
// later ones need (toolchains, build, type-check, the packaged .vsix) stops the run when it
// fails, saying so. Exit status 0 only when every step that ran passed.
// Usage: node scripts/runTestSuites.mjs [STEP...] [-- ARGS for every suite]
//        (default: every step; a named suite brings the steps it needs, e.g. `ui-chat` packages
//        the .vsix first; names: see STEPS below or --list)
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const VSIX = 'test-results/archflow-ui.vsix';
const node = (...args) => [process.execPath, ...args];
const uiSuite = (file) => node('--import', 'tsx', `test/ui/${file}`, '--vsix', VSIX);

/**
 * The steps of `npm test`, in order. `prerequisite`: the run stops when it fails (what comes
 * after needs it). `needs`: steps run first when this one is asked for by name.
 */
export const STEPS = [
  { name: 'tools', what: 'test toolchains (.tools/)', prerequisite: true, command: node('scripts/installTestTools.mjs') },
  { name: 'build', what: 'build (esbuild)', prerequisite: true, command: node('esbuild.mjs') },
  { name: 'typecheck', what: 'type-check (tsc -b)', prerequisite: true, command: node('node_modules/typescript/bin/tsc', '-b') },
  { name: 'unit', what: 'unit and integration tests (node:test)', suite: true, command: node('scripts/runTests.mjs') },
  { name: 'vscode', what: 'extension-host suite in code-server', suite: true, command: node('--import', 'tsx', 'test/extension/runInCodeServer.ts') },
  { name: 'vsix', what: `package the .vsix the UI suites install (${VSIX})`, prerequisite: true, command: node('scripts/packageExtension.mjs', '--out', VSIX) },
  { name: 'package', what: 'the .vsix opened: every file its bundles load is inside, no sources or maps, the README\'s links (test/package/vsix.test.ts)', suite: true, needs: ['vsix'], command: node('scripts/runTests.mjs', 'test/package/vsix.test.ts') },
  { name: 'npm', what: 'the npm package packed, installed offline into an empty prefix, its CLI, MCP server (Inspector) and LSP run (test/package/npmPackage.test.ts)', suite: true, needs: ['vsix'], command: node('scripts/runTests.mjs', 'test/package/npmPackage.test.ts') },
  { name: 'ui', what: 'UI: editor, preview, Markdown (runUiTests)', suite: true, needs: ['vsix'], command: uiSuite('runUiTests.ts') },
  { name: 'ui-chat', what: 'UI: chat view (runChatUiTests)', suite: true, needs: ['vsix'], command: uiSuite('runChatUiTests.ts') },
  { name: 'ui-editor', what: 'UI: the chat drawing in the editor, the MCP servers view (runEditorUiTests)', suite: true, needs: ['vsix'], command: uiSuite('runEditorUiTests.ts') },
  { name: 'ui-chat-app', what: 'UI: MCP apps in the chat (runChatAppUiTests)', suite: true, needs: ['vsix'], command: uiSuite('runChatAppUiTests.ts') },
  { name: 'ui-layout', what: 'UI: moving boxes in the preview, the layout file, undo, Re-layout (runLayoutUiTests)', suite: true, needs: ['vsix'], command: uiSuite('runLayoutUiTests.ts') },
  { name: 'ui-picture', what: 'UI: editing in the preview, each gesture a text edit (runPictureEditUiTests)', suite: true, needs: ['vsix'], command: uiSuite('runPictureEditUiTests.ts') },
  { name: 'ui-web', what: 'UI: VS Code for the Web, the browser entry in the web worker extension host (runWebUiTests)', suite: true, needs: ['vsix'], command: uiSuite('runWebUiTests.ts') },
];

/** The steps to run for the given names (all when none), in {@link STEPS} order, with what they need. */
export function selectSteps(names, steps = STEPS) {
  if (names.length === 0) return steps;
  const byName = new Map(steps.map((s) => [s.name, s]));
  const wanted = new Set();
  const add = (name) => {
    const step = byName.get(name);
    if (!step) throw new Error(`unknown step '${name}'; known: ${steps.map((s) => s.name).join(', ')}`);
    for (const need of step.needs ?? []) add(need);
    wanted.add(name);
  };
  names.forEach(add);
  return steps.filter((s) => wanted.has(s.name));
}

/**
 * The test counts a suite's output reports, from its last summary: node:test's TAP (`# pass N`)
 * or spec reporter (`ℹ pass N`), where a test cancelled (timed out) counts as failed, or
 * mocha's (`N passing`, `N failing`). Undefined when none.
 */
export function testCounts(output) {
  const last = (re) => {
    const all = [...output.matchAll(re)];
    return all.length ? Number(all[all.length - 1][1]) : undefined;
  };
  const passed = last(/^(?:#|ℹ) pass (\d+)$/gm) ?? last(/^\s*(\d+) passing\b/gm);
  if (passed === undefined) return undefined;
  const nodeFailed = last(/^(?:#|ℹ) fail (\d+)$/gm);
  const failed = nodeFailed !== undefined ? nodeFailed + (last(/^(?:#|ℹ) cancelled (\d+)$/gm) ?? 0) : (last(/^\s*(\d+) failing\b/gm) ?? 0);
  return { passed, failed };
}

/**
 * What a failed step's output said about its failures, to repeat under the summary: CI logs
 * and terminals often keep only the tail, and a long suite's failure may be thousands of lines
 * up. Lines that mark a failed test (TAP `not ok`, the spec reporter's ✖, the code-server
 * runner's ✘) with the few indented lines of error after each, and lines that say a run
 * FAILED. Bounded, so a suite failing everywhere cannot flood the summary.
 */
export function failureDigest({ maxLines = 40, context = 4 } = {}) {
  const kept = [];
  let partial = '';
  let following = 0;
  const marks = /^\s*(?:not ok \d+|✖|✘)\s|FAILED|^\s*Error\b|^\s*\d+ failing\b/;
  const take = (line) => {
    if (kept.length >= maxLines) return;
    if (marks.test(line)) {
      kept.push(line);
      following = context;
    } else if (line.trim() === '' || /^\s*(?:ok \d+|✔|\.\.\.$|# )/.test(line)) {
      following = 0; // the end of that failure's block: a blank line, the next test, TAP's `...`
    } else if (following > 0 && !/^\s*(?:---$|duration_ms:|location:|failureType:)/.test(line)) {
      kept.push(line);
      following--;
    }
  };
  return {
    push(chunk) {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(take);
    },
    lines() {
      if (partial) take(partial);
      partial = '';
      return kept.length >= maxLines ? [...kept, '(more: see the step\'s output above)'] : [...kept];
    },
  };
}

const duration = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
};

/** Runs one command with its output passed through (and kept, to read its counts); resolves its exit status. */
function run(command, extraArgs, { stdout = process.stdout, stderr = process.stderr } = {}) {
  return new Promise((done) => {
    const [cmd, ...args] = command;
    const child = spawn(cmd, [...args, ...extraArgs], { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    const failures = failureDigest();
    const keep = (to) => (chunk) => {
      to.write(chunk);
      failures.push(chunk);
      // Only the tail matters (the summary): keep memory bounded on long suites.
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep(stdout));
    child.stderr.on('data', keep(stderr));
    child.on('error', (err) => {
      output += `\n${err.message}`;
      done({ status: null, output, failures: [...failures.lines(), err.message] });
    });
    child.on('close', (status, signal) => done({ status: status ?? (signal ? `signal ${signal}` : null), output, failures: failures.lines() }));
  });
}

/**
 * Runs `steps` in order and prints each one's result and the summary (to stdout). Resolves the
 * results: `{ step, state: 'passed' | 'failed' | 'not run', ms, status, counts, failures }` per step (`failures`: what a failed step said of its failures, see {@link failureDigest}).
 * The steps' own output goes to `stdout` and `stderr` (default: ours) as it comes.
 */
export async function runSteps(steps, { extraArgs = [], log = (line) => console.log(line), stdout, stderr } = {}) {
  const results = [];
  let stoppedBy;
  for (const [i, step] of steps.entries()) {
    if (stoppedBy) {
      results.push({ step, state: 'not run' });
      continue;
    }
    log(`\n== [${i + 1}/${steps.length}] ${step.name}: ${step.what}`);
    const start = Date.now();
    const { status, output, failures } = await run(step.command, step.suite ? extraArgs : [], { stdout, stderr });
    const ms = Date.now() - start;
    const counts = step.suite ? testCounts(output) : undefined;
    const state = status === 0 ? 'passed' : 'failed';
    results.push({ step, state, ms, status, counts, failures: state === 'failed' ? failures : [] });
    const tally = counts ? `, ${counts.passed} tests passed, ${counts.failed} failed` : '';
    log(`== ${step.name}: ${state === 'passed' ? 'passed' : `FAILED (exit ${status})`} in ${duration(ms)}${tally}`);
    if (state === 'failed' && step.prerequisite) {
      stoppedBy = step;
      log(`== ${step.name} failed: the steps after it need it, so the run stops here (see its output above)`);
    }
  }
  const width = Math.max(...steps.map((s) => s.name.length));
  log('\n== summary');
  for (const r of results) {
    const state = r.state === 'failed' ? 'FAILED' : r.state;
    const tests = r.counts ? `  ${r.counts.passed} passed, ${r.counts.failed} failed` : '';
    const time = r.ms === undefined ? (stoppedBy ? `  (${stoppedBy.name} failed)` : '') : `  ${duration(r.ms)}`;
    log(`  ${r.step.name.padEnd(width)}  ${state.padEnd(7)}${time}${tests}`);
  }
  for (const r of results.filter((x) => x.state === 'failed')) {
    log(`== what ${r.step.name} said of its failures${r.failures.length ? '' : ': nothing recognisable; see its output above'}`);
    for (const line of r.failures) log(`  | ${line}`);
  }
  const passed = results.filter((r) => r.state === 'passed').length;
  const failed = results.filter((r) => r.state === 'failed').length;
  const notRun = results.length - passed - failed;
  const total = results.reduce((sum, r) => sum + (r.ms ?? 0), 0);
  log(`== ${steps.length} steps in ${duration(total)}${notRun ? `, ${notRun} not run` : ''}`);
  log(`${passed} passed, ${failed} failed`);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const dashes = argv.indexOf('--');
  const names = dashes >= 0 ? argv.slice(0, dashes) : argv;
  const extraArgs = dashes >= 0 ? argv.slice(dashes + 1) : [];
  if (names.includes('--list')) {
    for (const s of STEPS) console.log(`${s.name.padEnd(12)} ${s.what}`);
    process.exit(0);
  }
  let steps;
  try {
    steps = selectSteps(names);
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
  runSteps(steps, { extraArgs }).then((results) => process.exit(results.every((r) => r.state === 'passed') ? 0 : 1));
}

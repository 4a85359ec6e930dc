// The runner of `npm test`: every suite runs even after one failed, each one's result and a
// summary are printed, and a failed prerequisite stops the run with a clear message. The
// steps here are real processes (small node scripts), run the way the real steps are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Writable } from 'node:stream';
// @ts-expect-error: a plain .mjs script without type declarations
import { failureDigest, runSteps, selectSteps, STEPS, testCounts } from '../../scripts/runTestSuites.mjs';

interface Step { name: string; what: string; prerequisite?: boolean; suite?: boolean; needs?: string[]; command: string[] }
interface Result { step: Step; state: 'passed' | 'failed' | 'not run'; status?: number; counts?: { passed: number; failed: number } }

/** A step whose process prints `output` and exits with `exit`. */
function step(name: string, exit: number, output = '', options: Partial<Step> = {}): Step {
  return { name, what: `the ${name} step`, command: [process.execPath, '-e', `process.stdout.write(${JSON.stringify(output)}); process.exit(${exit})`], ...options };
}

async function runQuietly(steps: Step[], extraArgs: string[] = []): Promise<{ results: Result[]; lines: string[] }> {
  const lines: string[] = [];
  // The steps' own output stays out of this test's TAP stream.
  const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });
  const results = (await runSteps(steps, { extraArgs, log: (l: string) => lines.push(l), stdout: sink(), stderr: sink() })) as Result[];
  return { results, lines };
}

test('a failing suite does not stop the suites after it; each result and a summary are printed, ending in "N passed, N failed"', async () => {
  const { results, lines } = await runQuietly([
    step('build', 0, '', { prerequisite: true }),
    step('ui', 1, '# tests 3\n# pass 2\n# fail 1\n', { suite: true }),
    step('ui-chat', 0, 'ℹ tests 5\nℹ pass 5\nℹ fail 0\n', { suite: true }),
    step('vscode', 0, '  41 passing (12s)\n', { suite: true }),
  ]);
  assert.deepEqual(results.map((r) => [r.step.name, r.state]), [['build', 'passed'], ['ui', 'failed'], ['ui-chat', 'passed'], ['vscode', 'passed']]);
  assert.deepEqual(results.map((r) => r.counts), [undefined, { passed: 2, failed: 1 }, { passed: 5, failed: 0 }, { passed: 41, failed: 0 }]);
  assert.match(lines.join('\n'), /^== ui: FAILED \(exit 1\) in \dm \d\ds, 2 tests passed, 1 failed$/m);
  assert.match(lines.join('\n'), /^== ui-chat: passed in \dm \d\ds, 5 tests passed, 0 failed$/m);
  const summary = lines.slice(lines.indexOf('\n== summary'));
  assert.match(summary[1]!, /^ {2}build {4}passed {3}\dm \d\ds$/);
  assert.match(summary[2]!, /^ {2}ui {7}FAILED {3}\dm \d\ds {2}2 passed, 1 failed$/);
  assert.match(summary[4]!, /^ {2}vscode {3}passed {3}\dm \d\ds {2}41 passed, 0 failed$/);
  assert.equal(lines.at(-1), '3 passed, 1 failed');
});

test('a failed prerequisite stops the run, says why, and lists what did not run', async () => {
  const { results, lines } = await runQuietly([
    step('tools', 0, '', { prerequisite: true }),
    step('typecheck', 2, 'src/x.ts(1,1): error TS2304', { prerequisite: true }),
    step('unit', 0, '', { suite: true }),
    step('ui', 0, '', { suite: true }),
  ]);
  assert.deepEqual(results.map((r) => r.state), ['passed', 'failed', 'not run', 'not run']);
  const text = lines.join('\n');
  assert.match(text, /^== typecheck failed: the steps after it need it, so the run stops here/m);
  assert.match(text, /^ {2}unit {7}not run {2}\(typecheck failed\)$/m);
  assert.match(text, /^== 4 steps in \dm \d\ds, 2 not run$/m);
  assert.equal(lines.at(-1), '1 passed, 1 failed');
});

test('arguments after -- go to the suites only', async () => {
  const echo = (name: string, options: Partial<Step>): Step => ({ name, what: name, command: [process.execPath, '-e', 'process.exit(process.argv.includes("--keep") ? 0 : 3)', '--'], ...options });
  const { results } = await runQuietly([echo('build', { prerequisite: false }), echo('ui', { suite: true })], ['--keep']);
  assert.deepEqual(results.map((r) => r.status), [3, 0]);
});

test('a suite named alone brings the steps it needs, in order; an unknown name is refused', () => {
  const names = (given: string[]) => (selectSteps(given) as Step[]).map((s) => s.name);
  assert.deepEqual(names(['ui-chat']), ['vsix', 'ui-chat']);
  assert.deepEqual(names(['ui-chat-app', 'ui', 'unit']), ['unit', 'vsix', 'ui', 'ui-chat-app']);
  assert.deepEqual(names([]), (STEPS as Step[]).map((s) => s.name));
  assert.throws(() => selectSteps(['uii']), /unknown step 'uii'; known: tools, build/);
  // `npm test` runs every UI runner the repository has, after the prerequisites.
  assert.deepEqual(
    (STEPS as Step[]).filter((s) => s.command.some((a) => a.startsWith('test/ui/'))).map((s) => s.command.find((a) => a.startsWith('test/ui/'))),
    ['test/ui/runUiTests.ts', 'test/ui/runChatUiTests.ts', 'test/ui/runEditorUiTests.ts', 'test/ui/runChatAppUiTests.ts', 'test/ui/runLayoutUiTests.ts', 'test/ui/runPictureEditUiTests.ts', 'test/ui/runWebUiTests.ts'],
  );
});

test('counts are read from the last summary of node:test (TAP or spec, cancelled counted as failed) or mocha; none when there is none', () => {
  assert.deepEqual(testCounts('# pass 1\n# fail 0\n...\n# pass 7\n# fail 2\n'), { passed: 7, failed: 2 });
  // A test that timed out is reported as cancelled: it failed.
  assert.deepEqual(testCounts('# tests 6\n# pass 4\n# fail 1\n# cancelled 1\n# skipped 0\n'), { passed: 4, failed: 2 });
  assert.deepEqual(testCounts('ℹ pass 3\nℹ fail 0\nℹ cancelled 2\n'), { passed: 3, failed: 2 });
  assert.deepEqual(testCounts('  3 passing (2s)\n  1 failing\n'), { passed: 3, failed: 1 });
  assert.equal(testCounts('built in 2s'), undefined);
});

test('run from the command line, it exits 1 when a step failed and 2 for an unknown step', () => {
  const script = join(import.meta.dirname, '../../scripts/runTestSuites.mjs');
  const list = spawnSync(process.execPath, [script, '--list'], { encoding: 'utf8' });
  assert.equal(list.status, 0);
  assert.match(list.stdout, /^ui-chat-app +UI: MCP apps in the chat/m);
  const unknown = spawnSync(process.execPath, [script, 'nope'], { encoding: 'utf8' });
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown step 'nope'/);
});

test('a failed step\'s failures are repeated under the summary, with their error lines, before the closing count', async () => {
  const tap = [
    'TAP version 13', 'ok 1 - fine', '  ---', '  duration_ms: 3', '  ...',
    'not ok 2 - the preview draws', '  ---', '  duration_ms: 9', "  error: 'expected 3 nodes, got 2'", '  ...', 'ok 3 - also fine',
    '# pass 2', '# fail 1', '',
  ].join('\n');
  const codeServer = '  ✔ opens (12 ms)\n  ✘ exports a PNG (40 ms)\n      AssertionError: no file\n      at Context.<anonymous>\n  ✔ closes\n\n  2 passing\n  1 failing\n';
  const { results, lines } = await runQuietly([
    step('ui', 1, tap, { suite: true }),
    step('vscode', 1, codeServer, { suite: true }),
    step('ui-web', 0, 'not ok 1 - looks failed but the step passed\n# pass 0\n', { suite: true }),
    step('vsix', 3, 'packaging went wrong quietly', { prerequisite: true }),
  ]);
  assert.deepEqual(results.map((r) => r.counts), [{ passed: 2, failed: 1 }, { passed: 2, failed: 1 }, { passed: 0, failed: 0 }, undefined]);
  const tail = lines.slice(lines.indexOf('\n== summary')).join('\n');
  assert.match(tail, /== what ui said of its failures\n {2}\| not ok 2 - the preview draws\n {2}\| {3}error: 'expected 3 nodes, got 2'\n/);
  assert.doesNotMatch(tail, /ok 3 - also fine|duration_ms/);
  assert.match(tail, /== what vscode said of its failures\n {2}\| {3}✘ exports a PNG \(40 ms\)\n {2}\| {7}AssertionError: no file\n {2}\| {7}at Context\.<anonymous>\n {2}\| {3}1 failing\n/);
  assert.doesNotMatch(tail, /what ui-web said|looks failed/, 'a step that passed has nothing to repeat');
  assert.match(tail, /== what vsix said of its failures: nothing recognisable; see its output above/);
  assert.equal(lines.at(-1), '1 passed, 3 failed');
});

test('the failure digest reads lines split across chunks and stops at its bound', () => {
  const digest = failureDigest({ maxLines: 3, context: 1 });
  for (const chunk of ['not o', 'k 1 - first\n  expected 1\n  more\n', 'not ok 2 - second\n', 'not ok 3 - third\nnot ok 4 - fourth']) digest.push(chunk);
  assert.deepEqual(digest.lines(), ['not ok 1 - first', '  expected 1', 'not ok 2 - second', "(more: see the step's output above)"]);
});

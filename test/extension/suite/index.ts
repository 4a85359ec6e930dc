// The mocha entry the extension host loads (`extensionTestsPath`), both under
// @vscode/test-electron and inside code-server. It runs every `*.test.js` next to it and,
// when ARCHFLOW_TEST_RESULTS names a file, writes the outcome there: the runners
// cross-check it because a crashed extension host can still report exit code 0.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// Mocha 12 is ESM at its root; its CommonJS build loads with a plain require on Node 20 too.
import Mocha from 'mocha/lib/mocha.cjs';

interface TestOutcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: string;
}

export interface SuiteResults {
  passed: number;
  failed: number;
  pending: number;
  tests: TestOutcome[];
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30_000, reporter: 'spec' });
  const grep = process.env.ARCHFLOW_TEST_GREP;
  if (grep) mocha.grep(grep);
  for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(join(__dirname, file));
  }
  const tests: TestOutcome[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures: number) => {
      const results: SuiteResults = {
        passed: tests.filter((t) => t.state === 'passed').length,
        failed: tests.filter((t) => t.state === 'failed').length,
        pending: tests.filter((t) => t.state === 'pending').length,
        tests,
      };
      const out = process.env.ARCHFLOW_TEST_RESULTS;
      if (out) writeFileSync(out, JSON.stringify(results, null, 2));
      if (failures > 0 || tests.length === 0) reject(new Error(`${failures} of ${tests.length} tests failed`));
      else resolve();
    });
    runner.on('pass', (t: Mocha.Test) => tests.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration }));
    runner.on('fail', (t: Mocha.Test, err: Error) => tests.push({ title: t.fullTitle(), state: 'failed', error: err?.stack ?? String(err) }));
    runner.on('pending', (t: Mocha.Test) => tests.push({ title: t.fullTitle(), state: 'pending' }));
  });
}

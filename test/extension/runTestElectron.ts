#!/usr/bin/env -S node --import tsx
// The same integration suite as runInCodeServer.ts, run by @vscode/test-electron in a
// desktop VS Code, for machines that can download one (or that have one installed: set
// VSCODE_EXECUTABLE to its path). On machines without internet use runInCodeServer.ts.
//
// Usage: node --import tsx test/extension/runTestElectron.ts [--no-build] [--grep TEXT]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';
import type { SuiteResults } from './suite/index';

const repoRoot = resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);

async function main(): Promise<number> {
  if (!args.includes('--no-build')) {
    for (const script of ['esbuild.mjs', 'test/extension/build.mjs']) {
      const r = spawnSync(process.execPath, [join(repoRoot, script)], { cwd: repoRoot, stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`${script} failed`);
    }
  }
  const workspace = mkdtempSync(join(tmpdir(), 'archflow-ws-'));
  spawnSync('cp', ['-R', `${join(repoRoot, 'test/extension/fixtures/workspace')}/.`, workspace]);
  const resultsDir = mkdtempSync(join(tmpdir(), 'archflow-results-'));
  const resultsFile = join(resultsDir, 'results.json');
  const grepAt = args.indexOf('--grep');
  try {
    const code = await runTests({
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: join(repoRoot, 'out/test/extension/suite'),
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
      extensionTestsEnv: { ARCHFLOW_TEST_RESULTS: resultsFile, ...(grepAt >= 0 ? { ARCHFLOW_TEST_GREP: args[grepAt + 1]! } : {}) },
    });
    // As in code-server, a crashed extension host can still exit 0: the results file decides.
    if (!existsSync(resultsFile)) throw new Error('the suite wrote no results file');
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as SuiteResults;
    console.error(`[test-electron] ${results.passed} passed, ${results.failed} failed`);
    return code === 0 && results.failed === 0 && results.passed > 0 ? 0 : 1;
  } finally {
    rmSync(workspace, { recursive: true, force: true });
    rmSync(resultsDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

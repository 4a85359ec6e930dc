import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpServerError, McpTimeoutError, QUALIFIED_NAME_PATTERN, type McpServerStatus } from '../../src/mcpClient/index';
import { fixture, isAlive, managerFor, nodeServer, textOf, tinyBuiltin, waitUntil, type TestManager } from './helpers';

const scratch = mkdtempSync(join(tmpdir(), 'archflow-mcp-fixtures-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe('start-up failures say why', () => {
  let t: TestManager;
  before(() => {
    t = managerFor(
      {
        crashes: nodeServer(fixture('crashAtStart.mjs')),
        // Long enough for the fixture's first stderr line on a loaded machine (node itself may take a second to start).
        hangs: nodeServer(fixture('hangAtStart.mjs'), { startupTimeoutMs: 3000 }),
        missing: { command: 'archflow-definitely-not-installed', args: ['--stdio'] },
        healthy: nodeServer(fixture('toolbox.mjs')),
      },
      { env: { ...process.env, PATH: '/nonexistent-bin:/usr/bin' } },
    );
  });
  after(() => t.manager.dispose());

  test('a crash at start reports the exit code, the last stderr lines and the resolved command', { timeout: 20_000 }, async () => {
    const error = await t.manager.connect('crashes').then(() => assert.fail('expected a failure'), (e: unknown) => e);
    assert.ok(error instanceof McpServerError);
    assert.match(error.message, /server 'crashes' failed to start: the process exited with code 3 before answering initialize/);
    assert.match(error.message, /fatal: missing API token \(set FIXTURE_TOKEN\)/);
    assert.match(error.message, new RegExp(`command: ${process.execPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .*crashAtStart\\.mjs`));
    const status = await t.manager.getStatus('crashes');
    assert.equal(status.state, 'failed');
    assert.equal(status.error, error.message);
  });

  test('a hang at start times out with the stderr tail and the process is stopped', { timeout: 20_000 }, async () => {
    const error = await t.manager.connect('hangs').then(() => assert.fail('expected a failure'), (e: unknown) => e);
    assert.ok(error instanceof McpServerError);
    assert.match(error.message, /no answer to initialize and no output on stderr for 3 s; stopped it/);
    assert.match(error.message, /waiting for a database that never comes/);
    assert.match(error.message, /hangAtStart\.mjs/);
  });

  test('a command that is not installed names the PATH searched', { timeout: 20_000 }, async () => {
    await assert.rejects(t.manager.connect('missing'), /server 'missing' failed to start: command 'archflow-definitely-not-installed' not found\. Searched this process's PATH \(\/nonexistent-bin:\/usr\/bin\)/);
  });

  test('the other servers still start, and listTools leaves the failed ones out', { timeout: 20_000 }, async () => {
    const tools = await t.manager.listTools();
    assert.ok(tools.length > 0);
    assert.ok(tools.every((tool) => tool.server === 'healthy'));
    const states = Object.fromEntries((await t.manager.getStatuses()).map((s) => [s.name, s.state]));
    assert.deepEqual(states, { crashes: 'failed', hangs: 'failed', missing: 'failed', healthy: 'running' });
  });
});

describe('the toolbox fixture', () => {
  let t: TestManager;
  const statuses: McpServerStatus[] = [];
  before(() => {
    t = managerFor(
      {
        toolbox: nodeServer(fixture('toolbox.mjs'), { env: { TOOLBOX_NOISY_START: '1' }, timeoutMs: 400, maxTotalTimeoutMs: 1500 }),
        paginated: nodeServer(fixture('paginated.mjs')),
      },
      { builtinServers: [{ name: 'archflow', createServer: tinyBuiltin }] },
    );
    t.manager.onDidChangeStatus((s) => statuses.push(s));
  });
  after(() => t.manager.dispose());

  test('garbage on stdout at start and during a call is logged, and the connection survives', { timeout: 20_000 }, async () => {
    const result = await t.manager.callServerTool('toolbox', 'noisy', {});
    assert.equal(textOf(result), 'still fine');
    assert.equal(textOf(await t.manager.callServerTool('toolbox', 'echo', { text: 'after noise' })), 'after noise');
    const warnings = t.logs.filter((l) => l.server === 'toolbox' && l.level === 'warning' && /not MCP to stdout/.test(l.message));
    assert.ok(warnings.length >= 3, `expected warnings for the noisy lines, got ${JSON.stringify(warnings)}`);
    assert.equal((await t.manager.getStatus('toolbox')).state, 'running');
  });

  test('tool names with dots and of 100 characters get valid qualified names that map back', { timeout: 20_000 }, async () => {
    const tools = await t.manager.listTools();
    for (const tool of tools) assert.match(tool.qualifiedName, QUALIFIED_NAME_PATTERN);
    assert.equal(new Set(tools.map((x) => x.qualifiedName)).size, tools.length);
    const dotted = tools.find((x) => x.tool.name === 'files.read.v2')!;
    const long = tools.find((x) => x.tool.name.length === 100)!;
    assert.ok(dotted && long);
    assert.match(dotted.qualifiedName, /^toolbox__files_read_v2_[0-9a-f]{6}$/);
    assert.ok(long.qualifiedName.length <= 64);
    assert.equal(textOf(await t.manager.callTool(dotted.qualifiedName, { path: 'a.txt' })), 'read a.txt');
    assert.equal(textOf(await t.manager.callTool(long.qualifiedName, {})), 'long name called');
    assert.equal(t.manager.findTool(dotted.qualifiedName)?.tool.name, 'files.read.v2');
    assert.ok(tools.some((x) => x.qualifiedName === 'archflow__check_diagram' && x.trusted));
    assert.ok(tools.every((x) => x.server === 'archflow' || !x.trusted));
  });

  test('an unknown qualified name comes back as a tool error, not a crash', async () => {
    const result = await t.manager.callTool('toolbox__nope', {});
    assert.equal(result.isError, true);
    assert.match(textOf(result), /no tool named 'toolbox__nope'/);
  });

  test('pagination is followed over several pages for tools, resources, templates and prompts', { timeout: 20_000 }, async () => {
    const tools = await t.manager.listServerTools('paginated');
    assert.deepEqual(tools.map((x) => x.tool.name), Array.from({ length: 10 }, (_, i) => `tool_${i}`));
    assert.equal((await t.manager.listResources('paginated')).length, 7);
    assert.equal((await t.manager.listResourceTemplates('paginated')).length, 3);
    assert.deepEqual((await t.manager.listPrompts('paginated')).map((p) => [p.name, p.server]), Array.from({ length: 5 }, (_, i) => [`prompt_${i}`, 'paginated']));
    const pages = JSON.parse(textOf(await t.manager.callServerTool('paginated', 'page_counts', {})));
    assert.deepEqual(pages, { tools: 4, resources: 4, templates: 3, prompts: 3 });
  });

  test('a 5 MB result arrives whole', { timeout: 30_000 }, async () => {
    const bytes = 5 * 1024 * 1024;
    const result = await t.manager.callServerTool('toolbox', 'big', { bytes }, { timeoutMs: 20_000 });
    const text = textOf(result);
    assert.equal(text.length, bytes);
    assert.ok(text.startsWith('abcdefghijklmnopqrstuvwxyz0123456789\nabc'));
  });

  test('a slow tool without progress times out with a clear message, and the server is told to cancel', { timeout: 20_000 }, async () => {
    const error = await t.manager.callServerTool('toolbox', 'slow', { ms: 3000 }).then(() => assert.fail('expected a timeout'), (e: unknown) => e);
    assert.ok(error instanceof McpTimeoutError);
    assert.equal(error.message, "tool 'slow' on server 'toolbox' timed out: no answer and no progress for 0.4 s");
    await waitUntil(async () => JSON.parse(textOf(await t.manager.callServerTool('toolbox', 'cancellations', {}))).length === 1, 'the server to see the cancellation');
  });

  test('progress resets the timeout, and every progress report reaches the caller', { timeout: 20_000 }, async () => {
    const progress: Array<{ progress: number; message?: string }> = [];
    const result = await t.manager.callServerTool('toolbox', 'slow', { ms: 1000, progressEveryMs: 100 }, { onProgress: (p) => progress.push(p) });
    assert.equal(textOf(result), 'waited 1000 ms');
    assert.ok(progress.length >= 5, `expected progress reports, got ${progress.length}`);
    assert.deepEqual(progress[0], { progress: 1, message: 'step 1' });
  });

  test('the total cap ends a call even while it reports progress', { timeout: 20_000 }, async () => {
    await assert.rejects(
      t.manager.callServerTool('toolbox', 'slow', { ms: 5000, progressEveryMs: 100 }),
      (e: unknown) => e instanceof McpTimeoutError && e.message === "tool 'slow' on server 'toolbox' ran past its total limit of 1.5 s",
    );
  });

  test('a per-call timeout overrides the server default', { timeout: 20_000 }, async () => {
    assert.equal(textOf(await t.manager.callServerTool('toolbox', 'slow', { ms: 700 }, { timeoutMs: 5000 })), 'waited 700 ms');
  });

  test('aborting a call rejects it at once and sends notifications/cancelled', { timeout: 20_000 }, async () => {
    const before = JSON.parse(textOf(await t.manager.callServerTool('toolbox', 'cancellations', {}))).length;
    const controller = new AbortController();
    const call = t.manager.callServerTool('toolbox', 'slow', { ms: 10_000, progressEveryMs: 50 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await assert.rejects(call, (e: unknown) => e instanceof Error && e.name === 'AbortError' && /tool 'slow' on server 'toolbox' was cancelled/.test(e.message));
    await waitUntil(async () => JSON.parse(textOf(await t.manager.callServerTool('toolbox', 'cancellations', {}))).length === before + 1, 'the server to see the cancellation');
    await assert.rejects(t.manager.callServerTool('toolbox', 'echo', { text: 'x' }, { signal: AbortSignal.abort() }), { name: 'AbortError' });
  });

  test('a progress notification after the result (typescript-sdk#2580) never breaks a call', { timeout: 20_000 }, async () => {
    for (let i = 0; i < 5; i++) {
      const result = await t.manager.callServerTool('toolbox', 'late-progress', {}, { onProgress: () => {} });
      assert.equal(textOf(result), 'done early');
    }
    await waitUntil(() => t.logs.some((l) => l.server === 'toolbox' && /typescript-sdk#2580/.test(l.message)), 'the late progress to be seen');
    assert.ok(t.logs.filter((l) => /typescript-sdk#2580/.test(l.message)).every((l) => l.level === 'debug'));
    assert.equal(textOf(await t.manager.callServerTool('toolbox', 'echo', { text: 'alive' })), 'alive');
    assert.equal((await t.manager.getStatus('toolbox')).state, 'running');
  });

  test('a description changed after list_changed marks the approved tool "changed" until approved again', { timeout: 20_000 }, async () => {
    const tools = await t.manager.listTools();
    const mutable = tools.find((x) => x.tool.name === 'mutable')!;
    const echo = tools.find((x) => x.tool.name === 'echo')!;
    assert.equal(mutable.approval, 'new');
    await t.manager.approveTool(mutable.qualifiedName);
    await t.manager.approveTool(echo.qualifiedName);
    assert.equal(t.manager.getApprovalState(mutable.qualifiedName), 'approved');

    let changed = false;
    const listener = t.manager.onDidChangeTools((e) => {
      if (e.server === 'toolbox') changed = true;
    });
    await t.manager.callServerTool('toolbox', 'bump', {});
    await waitUntil(() => changed && t.manager.findTool(mutable.qualifiedName)?.fingerprint !== mutable.fingerprint, 'the refetched tool list');
    listener.dispose();

    const after = await t.manager.listTools();
    const mutableNow = after.find((x) => x.tool.name === 'mutable')!;
    assert.equal(mutableNow.qualifiedName, mutable.qualifiedName);
    assert.match(mutableNow.tool.description ?? '', /Version 2/);
    assert.equal(mutableNow.approval, 'changed');
    assert.equal(after.find((x) => x.tool.name === 'echo')!.approval, 'approved');
    await t.manager.approveTool(mutableNow.qualifiedName);
    assert.equal(t.manager.getApprovalState(mutableNow.qualifiedName), 'approved');
  });

  test('the built-in server runs in memory with resources and prompts', async () => {
    const status = await t.manager.connect('archflow');
    assert.equal(status.transport, 'memory');
    assert.equal(status.builtin, true);
    assert.deepEqual(status.counts, { tools: 1, resources: 1, resourceTemplates: 0, prompts: 1 });
    const read = await t.manager.readResource('archflow', 'archflow://syntax');
    assert.equal((read.contents[0] as { text: string }).text, '# syntax');
    const prompt = await t.manager.getPrompt('archflow', 'draw_architecture');
    assert.equal(prompt.messages[0].content.type === 'text' && prompt.messages[0].content.text, 'Draw it.');
  });

  test('status events follow each server through idle, starting and running', () => {
    const toolbox = statuses.filter((s) => s.name === 'toolbox').map((s) => s.state);
    assert.deepEqual(toolbox.slice(0, 3), ['idle', 'starting', 'running']);
  });
});

describe('crashes and shutdown', () => {
  let t: TestManager;
  const flag = join(scratch, 'crash-at-start.flag');
  before(() => {
    t = managerFor(
      {
        crashy: nodeServer(fixture('toolbox.mjs'), { env: { TOOLBOX_CRASH_AT_START_IF: flag } }),
        stubborn: nodeServer(fixture('toolbox.mjs'), { env: { TOOLBOX_IGNORE_SIGTERM: '1' } }),
      },
      { restart: { initialDelayMs: 50, maxDelayMs: 200, maxAttempts: 3, stableAfterMs: 60_000 } },
    );
  });
  after(() => t.manager.dispose());

  test('a crash fails the running call with the exit code, then the server restarts after a back-off', { timeout: 20_000 }, async () => {
    const first = await t.manager.connect('crashy');
    const states: string[] = [];
    const listener = t.manager.onDidChangeStatus((s) => s.name === 'crashy' && states.push(s.state));
    const error = await t.manager.callServerTool('crashy', 'crash', { code: 7 }).then(() => assert.fail('expected a failure'), (e: unknown) => e);
    assert.ok(error instanceof McpServerError);
    assert.match(error.message, /tool 'crash' on server 'crashy' failed: the process exited with code 7/);
    assert.match(error.message, /crashing on purpose with code 7/);
    await waitUntil(async () => (await t.manager.getStatus('crashy')).state === 'running', 'the restart');
    const second = await t.manager.getStatus('crashy');
    assert.notEqual(second.pid, first.pid);
    assert.equal(second.restarts, 1);
    assert.equal(textOf(await t.manager.callServerTool('crashy', 'echo', { text: 'back' })), 'back');
    listener.dispose();
    assert.deepEqual(states.slice(0, 3), ['restarting', 'starting', 'running']);
  });

  test('a server that keeps failing is restarted with back-off, then left failed with the reason', { timeout: 60_000 }, async () => {
    await t.manager.restartServer('crashy'); // forget the crash of the previous test
    const states: string[] = [];
    const listener = t.manager.onDidChangeStatus((s) => s.name === 'crashy' && states.push(s.state));
    await t.manager.callServerTool('crashy', 'crash', { code: 8, flag }).catch(() => {});
    // Four node start-ups and three back-offs: on a loaded machine well over the usual 10 s.
    await waitUntil(async () => (await t.manager.getStatus('crashy')).state === 'failed', 'the manager to give up', 50_000);
    listener.dispose();
    const status = await t.manager.getStatus('crashy');
    assert.match(status.error ?? '', /exited with code 9 before answering initialize/);
    assert.match(status.error ?? '', /refusing to start: .*crash-at-start\.flag exists/);
    assert.match(status.error ?? '', /failed 4 times in a row, so it is not restarted again/);
    assert.equal(states.filter((s) => s === 'restarting').length, 3);
    assert.equal(states.at(-1), 'failed');
    rmSync(flag);
    await t.manager.restartServer('crashy');
    assert.equal((await t.manager.getStatus('crashy')).state, 'running');
  });

  test('shutdown closes, then SIGTERM, then SIGKILL: even a server that ignores SIGTERM is gone', { timeout: 30_000 }, async () => {
    const stubborn = await t.manager.connect('stubborn');
    const crashy = await t.manager.getStatus('crashy');
    assert.ok(stubborn.pid && crashy.pid);
    assert.ok(isAlive(stubborn.pid) && isAlive(crashy.pid));
    await t.manager.dispose();
    assert.equal(isAlive(stubborn.pid), false);
    assert.equal(isAlive(crashy.pid), false);
    assert.equal(existsSync(flag), false);
  });
});

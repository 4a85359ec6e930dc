import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpClientManager, McpServerError } from '../../src/mcpClient/index';
import { fixture, isAlive } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'archflow-mcp-reload-'));
const file = join(dir, 'mcp.json');
const server = (extra: Record<string, unknown> = {}) => ({ command: process.execPath, args: [fixture('toolbox.mjs')], ...extra });
const manager = new McpClientManager({ sources: [{ kind: 'file', path: file }], workspaceFolder: dir, shell: false });
after(async () => {
  await manager.dispose();
  rmSync(dir, { recursive: true, force: true });
});

test('reloading keeps unchanged servers running, stops changed and removed ones, adds new ones', { timeout: 30_000 }, async () => {
  writeFileSync(file, JSON.stringify({ servers: { keep: server(), change: server(), remove: server(), off: server({ disabled: true }) } }));
  await manager.connectAll();
  const before = Object.fromEntries((await manager.getStatuses()).map((s) => [s.name, s]));
  assert.deepEqual(Object.fromEntries(Object.entries(before).map(([k, s]) => [k, s.state])), { keep: 'running', change: 'running', remove: 'running', off: 'disabled' });
  await assert.rejects(manager.connect('off'), (e: unknown) => e instanceof McpServerError && /server 'off' is disabled in .*mcp\.json/.test(e.message));
  assert.ok((await manager.listTools()).some((t) => t.qualifiedName === 'remove__echo'));

  writeFileSync(file, JSON.stringify({ servers: { keep: server(), change: server({ env: { CHANGED: '1' } }), added: server(), off: server({ disabled: true }) } }));
  await manager.reloadConfiguration();
  const after = Object.fromEntries((await manager.getStatuses()).map((s) => [s.name, s]));
  assert.deepEqual(Object.keys(after).sort(), ['added', 'change', 'keep', 'off']);
  assert.equal(after.keep.state, 'running');
  assert.equal(after.keep.pid, before.keep.pid);
  assert.equal(after.change.state, 'idle');
  assert.equal(after.added.state, 'idle');
  assert.equal(isAlive(before.change.pid!), false);
  assert.equal(isAlive(before.remove.pid!), false);
  const tools = await manager.listTools();
  assert.equal(tools.some((t) => t.server === 'remove'), false);
  assert.ok(tools.some((t) => t.qualifiedName === 'added__echo'));
  assert.notEqual((await manager.getStatus('change')).pid, before.change.pid);
});

test("an approved tool reads 'changed' once its server's name points at another command", { timeout: 30_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'archflow-repoint-'));
  const file = join(dir, 'servers.json');
  const entry = (extraArg: string[]) => JSON.stringify({ servers: { tracker: { type: 'stdio', command: process.execPath, args: [fixture('toolbox.mjs'), ...extraArg] } } });
  writeFileSync(file, entry([]));
  const manager = new McpClientManager({ sources: [{ kind: 'file', path: file }], workspaceFolder: dir, shell: false });
  try {
    await manager.listServerTools('tracker');
    await manager.approveTool('tracker__echo');
    assert.equal(manager.getApprovalState('tracker__echo'), 'approved');
    writeFileSync(file, entry(['--elsewhere']));
    await manager.reloadConfiguration();
    await manager.listServerTools('tracker');
    assert.equal(manager.getApprovalState('tracker__echo'), 'changed', 'the same tool from another launch is asked about again');
  } finally {
    await manager.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});

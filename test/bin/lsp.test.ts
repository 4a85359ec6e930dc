// `archflow lsp --stdio`: the CLI's entry to the same language server as dist/lsp.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { testClient } from '../lsp/lspClient';

const cli = join(import.meta.dirname, '../../dist/cli.js');

test('archflow lsp --stdio initializes, serves and exits 0 after shutdown and exit', async (t) => {
  const child = spawn(process.execPath, [cli, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const client = testClient(child.stdout, child.stdin);
  t.after(() => {
    client.dispose();
    child.kill();
  });
  const init = await client.initialize({ initializationOptions: { diagnosticsDelayMs: 0 } });
  assert.equal(init.serverInfo?.name, 'archflow');
  const pushed = client.diagnostics('file:///a.diagram');
  await client.open('file:///a.diagram', 'a -> ');
  assert.deepEqual((await pushed).diagnostics.map((d) => d.code), ['undeclared-id', 'expected-target']);
  await client.request('shutdown');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await client.notify('exit');
  assert.equal(await exited, 0);
});

test('archflow lsp refuses an unknown option with the usage and exit 2', () => {
  const r = spawnSync(process.execPath, [cli, 'lsp', '--tcp'], { encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /usage: archflow lsp --stdio/);
  assert.equal(r.stdout, '');
});

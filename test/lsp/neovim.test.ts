// A real other editor: Debian's Neovim, headless, with its built-in LSP client started on
// `node dist/lsp.js --stdio` by test/lsp/neovim/drive.lua (open a file, wait for diagnostics,
// request completion and hover). Fails, rather than skips, when `nvim` is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

test('Neovim shows the diagnostics and gets completion and hover from the server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'archflow-nvim-'));
  try {
    const file = join(dir, 'shop.diagram');
    writeFileSync(file, 'web = retangolo "Web"\napi = rounded "API"\nx = \nweb -> api\n');
    const out = join(dir, 'result.json');
    const r = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${join(import.meta.dirname, 'neovim/drive.lua')}`], {
      env: { ...process.env, ARCHFLOW_OUT: out, ARCHFLOW_FILE: file, ARCHFLOW_NODE: process.execPath, ARCHFLOW_LSP: join(root, 'dist/lsp.js'), HOME: dir, XDG_STATE_HOME: dir, XDG_DATA_HOME: dir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.error, undefined, `could not run nvim: ${r.error?.message}`);
    const result = JSON.parse(readFileSync(out, 'utf8')) as {
      errors: string[];
      attached: boolean;
      diagnostics: { code: string; lnum: number; col: number; end_col: number; message: string; severity: number }[];
      completion: string[];
      hover: string;
      stopped: boolean;
    };
    assert.deepEqual(result.errors, []);
    assert.equal(result.attached, true);
    assert.deepEqual(
      result.diagnostics.map((d) => [d.code, d.lnum, d.col, d.end_col, d.severity]),
      [
        ['unknown-shape', 0, 6, 15, 1],
        ['expected-shape', 2, 2, 3, 1],
      ],
    );
    assert.equal(result.diagnostics[0]!.message, "unknown shape 'retangolo'; did you mean 'retângulo'?");
    for (const shape of ['rectangle', 'retângulo', 'cylinder', 'group']) assert.ok(result.completion.includes(shape), result.completion.join(', '));
    assert.match(result.hover, /\*\*web\*\*/);
    assert.equal(result.stopped, true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

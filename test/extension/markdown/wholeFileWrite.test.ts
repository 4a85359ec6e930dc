// The desktop host writes a late Markdown drawing straight to disk: the file appears whole
// (never half-written, the preview may be loading it), in a folder made on the way, and a
// second write replaces the first without leaving temporary files behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeWholeFile } from '../../../src/extension/markdown/wholeFileWrite';

test('writes a file into a folder that does not exist yet, and replaces it on the next write', async () => {
  const root = mkdtempSync(join(tmpdir(), 'archflow-whole-'));
  try {
    const target = join(root, 'session', 'abc-light.svg');
    await writeWholeFile(target, '<svg>one</svg>');
    assert.equal(readFileSync(target, 'utf8'), '<svg>one</svg>');
    await writeWholeFile(target, '<svg>two</svg>');
    assert.equal(readFileSync(target, 'utf8'), '<svg>two</svg>');
    assert.deepEqual(readdirSync(join(root, 'session')), ['abc-light.svg']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('two palettes written side by side both arrive whole', async () => {
  const root = mkdtempSync(join(tmpdir(), 'archflow-whole-'));
  try {
    const big = (c: string) => `<svg>${c.repeat(200_000)}</svg>`;
    await Promise.all([writeWholeFile(join(root, 'k-light.svg'), big('l')), writeWholeFile(join(root, 'k-dark.svg'), big('d'))]);
    assert.equal(readFileSync(join(root, 'k-light.svg'), 'utf8'), big('l'));
    assert.equal(readFileSync(join(root, 'k-dark.svg'), 'utf8'), big('d'));
    assert.deepEqual(readdirSync(root).sort(), ['k-dark.svg', 'k-light.svg']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

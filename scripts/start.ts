#!/usr/bin/env -S node --import tsx
// `npm start`: opens the examples in a real VS Code with the extension loaded from this
// checkout. Uses the desktop `code` when it is on PATH; otherwise serves VS Code with
// code-server on 127.0.0.1 (toolchain: node scripts/installTestTools.mjs codeserver) and
// prints the address to open in a browser. Ctrl+C stops code-server.
// Usage: node --import tsx scripts/start.ts [FOLDER] [--port N] [--no-build]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot, startCodeServer } from '../test/extension/harness/codeServer';

const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const folderArg = args.find((a, i) => !a.startsWith('--') && (portAt < 0 || i !== portAt + 1));

function defaultFolder(): string {
  const examples = join(repoRoot, 'examples');
  const hasDiagrams = (dir: string): boolean =>
    existsSync(dir) && readdirSync(dir, { withFileTypes: true }).some((e) => (e.isFile() && e.name.endsWith('.diagram')) || (e.isDirectory() && hasDiagrams(join(dir, e.name))));
  return hasDiagrams(examples) ? examples : join(repoRoot, 'test/extension/fixtures/workspace');
}

function hasDesktopCode(): boolean {
  const r = spawnSync('code', ['--version'], { stdio: 'ignore' });
  return r.status === 0;
}

async function main(): Promise<void> {
  const folder = resolve(folderArg ?? defaultFolder());
  if (!args.includes('--no-build')) {
    const r = spawnSync(process.execPath, [join(repoRoot, 'esbuild.mjs')], { cwd: repoRoot, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  if (hasDesktopCode()) {
    spawn('code', ['--extensionDevelopmentPath', repoRoot, folder], { detached: true, stdio: 'ignore' }).unref();
    console.log(`Opened ${folder} in VS Code with ArchFlow loaded from ${repoRoot}.`);
    return;
  }
  const server = await startCodeServer({
    workspace: folder,
    port: portAt >= 0 ? Number(args[portAt + 1]) : undefined,
    settings: { 'workbench.colorTheme': 'Default Light Modern' },
    // A built VS Code honours `extensionDevelopmentPath` in the URL payload only with this.
    smokeTestDriver: true,
  });
  const payload = [['extensionDevelopmentPath', `vscode-remote://127.0.0.1:${server.port}${repoRoot}`]];
  const url = `${server.origin}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  console.log(`\nArchFlow is running in code-server (VS Code in the browser). Open:\n\n  ${url}\n\nPress Ctrl+C to stop.`);
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

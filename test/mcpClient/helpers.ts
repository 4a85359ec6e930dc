import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { McpClientManager, type McpClientManagerOptions, type McpLogEntry } from '../../src/mcpClient/index';

export const repoRoot = join(import.meta.dirname, '..', '..');
export const fixturesDir = join(repoRoot, 'test', 'fixtures', 'mcp-servers');
export const everythingJs = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
export const filesystemJs = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');
export const memoryJs = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

export function fixture(name: string): string {
  return join(fixturesDir, name);
}

/** A stdio server entry that runs a fixture (or any script) with this Node. */
export function nodeServer(script: string, extra: { args?: string[]; [key: string]: unknown } = {}): Record<string, unknown> {
  const { args = [], ...rest } = extra;
  return { type: 'stdio', command: process.execPath, args: [script, ...args], ...rest };
}

/** A tiny in-memory server standing in for the built-in diagram server. */
export function tinyBuiltin() {
  const server = new McpServer({ name: 'tiny-builtin', version: '1.0.0' });
  server.registerTool('check_diagram', { description: 'Checks a diagram.', inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text: `checked ${text.length} characters` }],
  }));
  server.registerResource('syntax', 'archflow://syntax', { mimeType: 'text/markdown' }, async (uri) => ({ contents: [{ uri: uri.href, text: '# syntax' }] }));
  server.registerPrompt('draw_architecture', { description: 'Draws the architecture.' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'Draw it.' } }],
  }));
  return server;
}

export interface TestManager {
  manager: McpClientManager;
  logs: McpLogEntry[];
}

/** A manager over an object config's servers; collects logs. Dispose it in `after`. */
export function managerFor(servers: Record<string, unknown>, options: McpClientManagerOptions = {}): TestManager {
  return managerForConfig({ servers }, options);
}

/** A manager over a whole object config (servers, inputs); collects logs. */
export function managerForConfig(config: Record<string, unknown>, options: McpClientManagerOptions = {}): TestManager {
  const logs: McpLogEntry[] = [];
  const manager = new McpClientManager({
    sources: [{ kind: 'object', label: 'test config', config }],
    workspaceFolder: repoRoot,
    shell: false,
    logger: (entry) => logs.push(entry),
    ...options,
  });
  return { manager, logs };
}

/** Resolves when `check` is true, polling; rejects after `timeoutMs` with `what`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface HttpPeer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts server-everything over `sse` or `streamableHttp` on a free port; resolves once it listens. */
export async function startEverythingHttp(mode: 'sse' | 'streamableHttp'): Promise<HttpPeer> {
  const port = await freePort();
  const child = spawn(process.execPath, [everythingJs, mode], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start: ${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on port|is running on port/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything ${mode} exited with ${code}: ${output}`));
    });
  });
  const path = mode === 'sse' ? '/sse' : '/mcp';
  return {
    url: `http://127.0.0.1:${port}${path}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** The text of every text item of a tool result, joined. */
export function textOf(result: { content?: unknown }): string {
  return ((result.content as Array<{ type: string; text?: string }>) ?? [])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}

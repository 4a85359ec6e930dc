// Shared by the diagram server tests: temp roots, fixture examples, the built bundle.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const repoRoot = join(__dirname, '..', '..');
export const distMcp = join(repoRoot, 'dist', 'mcp.js');

/** Fails with a clear message when `npm run build` has not produced the bundle. */
export function requireBuiltServer(): string {
  if (!existsSync(distMcp)) throw new Error(`${distMcp} is missing: run \`npm run build\` first`);
  return distMcp;
}

/** A fresh directory (its realpath) that `cleanup` removes. */
export async function tempDir(prefix = 'archflow-mcp-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export const EXAMPLE_TEXTS: Record<string, string> = {
  'load-balancer': 'diagram "Load balancer"\nlb = rectangle "LB"\napi = rectangle "API"\nlb -> api\n',
  queue: 'diagram "Queue"\nq = queue "Jobs"\nw = rectangle "Worker"\nq -> w anim=packets\n',
};

/** A folder of example diagrams (what `archflow://examples/{name}` serves in tests). */
export async function writeExamples(dir: string): Promise<string> {
  const examples = join(dir, 'examples');
  await mkdir(examples, { recursive: true });
  for (const [name, text] of Object.entries(EXAMPLE_TEXTS)) await writeFile(join(examples, `${name}.diagram`), text);
  await writeFile(join(examples, 'README.md'), 'not an example');
  return examples;
}

/** A small valid diagram with `n` nodes in a chain. */
export function chainDiagram(n: number, title = 'Chain'): string {
  const lines = [`diagram "${title}"`];
  for (let i = 0; i < n; i++) lines.push(`n${i} = rectangle "Node ${i}"`);
  for (let i = 1; i < n; i++) lines.push(`n${i - 1} -> n${i}`);
  return `${lines.join('\n')}\n`;
}

export function textOf(result: CallToolResult | Record<string, unknown>): string {
  const content = (result as CallToolResult).content ?? [];
  return content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n');
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The text of a resource content (undefined for a blob). */
export function resourceText(content: { text: string } | { blob: string }): string | undefined {
  return 'text' in content ? content.text : undefined;
}

/**
 * Runs a command to completion, killed after `timeoutMs`; resolves with its exit and output.
 * The child is pushed on `children`, so a suite's `after` can kill what a failed test left.
 */
export function runToEnd(
  command: string,
  args: string[],
  options: { cwd: string; timeoutMs: number; children: ChildProcess[]; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  options.children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  return once(child, 'close').then(([code]) => {
    clearTimeout(timer);
    return { code: code as number | null, stdout, stderr };
  });
}

// Shared by the diagram server tests: temp roots, fixture examples, the built bundle.
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const repoRoot = join(__dirname, '..', '..', '..');
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

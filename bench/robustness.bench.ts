/**
 * The fuzzing reproductions of issue 23 through the built CLI (dist/cli.js in a child
 * process, as the fuzzer ran them), each against a two-node diagram through the same command
 * in the same run: unknown icons, deep nesting, a long chain, dense connections. Run
 * `git stash` / an older build for the "before" figures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timePair, type BenchRow } from './measure';

const CLI = join(import.meta.dirname, '../dist/cli.js');
const ids = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i}`);

const CASES: Array<{ name: string; command: 'check' | 'render'; text: string }> = [
  { name: '600 distinct unknown icons (check)', command: 'check', text: ids('n', 600).map((n, i) => `${n} = rectangle "N" icon=logos:zzqq${i}-awz-lamda`).join('\n') },
  { name: '3,000 of one unknown icon (check)', command: 'check', text: ids('n', 3000).map((n) => `${n} = rectangle "N" icon=logos:zzqq-awz-lamda`).join('\n') },
  { name: '2,000 nested groups (render: refused)', command: 'render', text: `${ids('g', 2000).map((g) => `${g} = group "G" {`).join('\n')}\nleaf = rectangle "L"\n${'}\n'.repeat(2000)}` },
  { name: '20 x 20 connections (render: refused)', command: 'render', text: `${ids('a', 20).join(', ')} -> ${ids('b', 20).join(', ')}` },
  { name: 'chain of 4,500 (render)', command: 'render', text: ids('c', 4500).join(' -> ') },
];

export async function benchRobustness(options: { runs: number }): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'archflow-robust-'));
  try {
    writeFileSync(join(dir, 'small.diagram'), 'a = rect "A"\nb = rect "B"\na -> b\n');
    const run = (command: string, file: string) => () => {
      const args = command === 'render' ? ['render', file, '-o', `${file}.svg`, '--timeout', '600'] : ['check', file];
      const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
      if (r.status === null || r.status > 2 || /internal error/.test(r.stderr)) throw new Error(`${args.join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
    };
    const rows: BenchRow[] = [];
    for (const [i, c] of CASES.entries()) {
      const file = `case${i}.diagram`;
      writeFileSync(join(dir, file), c.text);
      const { a, b, ratio } = await timePair(run(c.command, file), run(c.command, 'small.diagram'), options.runs);
      rows.push({ name: c.name, medianMs: a.medianMs, baselineMs: b.medianMs, ratio, note: `vs 2 nodes, same command (${Buffer.byteLength(c.text)} B)` });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

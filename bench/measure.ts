/** Timing helpers for `npm run bench`: medians after a warm-up, never single runs. */
export interface Timing {
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
}

export async function time(fn: () => unknown | Promise<unknown>, runs: number, warmup = 1): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const mid = Math.floor(samples.length / 2);
  const medianMs = samples.length % 2 ? samples[mid] : (samples[mid - 1] + samples[mid]) / 2;
  return { medianMs, minMs: samples[0], maxMs: samples[samples.length - 1], runs };
}

/** Row of a printed benchmark table: a figure and, when it has an anchor, the ratio to it. */
export interface BenchRow {
  name: string;
  medianMs: number;
  baselineMs?: number;
  ratio?: number;
  note?: string;
}

export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms).toLocaleString('en-US')} ms`;
}

export function printTable(title: string, rows: BenchRow[]): void {
  const w = Math.max(...rows.map((r) => r.name.length), 10);
  console.log(`\n## ${title}`);
  console.log(`${'case'.padEnd(w)}  ${'median'.padStart(12)}  ${'baseline'.padStart(12)}  ${'ratio'.padStart(7)}  note`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(w)}  ${formatMs(r.medianMs).padStart(12)}  ${(r.baselineMs === undefined ? '' : formatMs(r.baselineMs)).padStart(12)}  ${(r.ratio === undefined ? '' : r.ratio.toFixed(2) + 'x').padStart(7)}  ${r.note ?? ''}`,
    );
  }
}

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
  return summarize(samples);
}

/**
 * Runs `a` and `b` in turn (A B A B …) after a warm-up of each, so drift in the machine's
 * speed hits both alike; the ratio is the median of the per-pair ratios a/b.
 */
export async function timePair(
  a: () => unknown | Promise<unknown>,
  b: () => unknown | Promise<unknown>,
  runs: number,
): Promise<{ a: Timing; b: Timing; ratio: number }> {
  await a();
  await b();
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    await a();
    as.push(performance.now() - t0);
    t0 = performance.now();
    await b();
    bs.push(performance.now() - t0);
  }
  return { a: summarize(as), b: summarize(bs), ratio: median(as.map((x, i) => x / bs[i])) };
}

/** The middle sample (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const s = [...values].sort((x, y) => x - y);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

function summarize(samples: number[]): Timing {
  const s = [...samples].sort((x, y) => x - y);
  return { medianMs: median(s), minMs: s[0], maxMs: s[s.length - 1], runs: s.length };
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

/**
 * Runs `a` and each anchor in turn (A B C A B C …) after a warm-up of each, like `timePair`,
 * and gives A's ratio to each anchor as the median of the per-round ratios.
 */
export async function timeAgainst(
  a: () => unknown | Promise<unknown>,
  anchors: Array<() => unknown | Promise<unknown>>,
  runs: number,
): Promise<{ a: Timing; anchors: Array<{ timing: Timing; ratio: number }> }> {
  await a();
  for (const b of anchors) await b();
  const as: number[] = [];
  const bs: number[][] = anchors.map(() => []);
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    await a();
    as.push(performance.now() - t0);
    for (let k = 0; k < anchors.length; k++) {
      t0 = performance.now();
      await anchors[k]!();
      bs[k]!.push(performance.now() - t0);
    }
  }
  return { a: summarize(as), anchors: bs.map((b) => ({ timing: summarize(b), ratio: median(as.map((x, i) => x / b[i]!)) })) };
}

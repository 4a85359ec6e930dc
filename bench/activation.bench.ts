/**
 * What activating the extension costs on a Markdown file without diagram fences (the extension
 * activates on every Markdown file, for the fences of VS Code's Markdown preview): each sample
 * a fresh process (bench/activationProbe.cjs) loading dist/extension.js and activating it with
 * that document open, against a stand-in `vscode` whose calls do nothing, so these are
 * ArchFlow's own share, not the extension host's. Anchor: the icon catalog load a first check
 * paid before Markdown without fences stopped loading it (same run, fresh process each).
 * Build with `node esbuild.mjs --production` first to measure the bundle as shipped.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { median, type BenchRow } from './measure';

const root = join(import.meta.dirname, '..');

interface Probe {
  loadMs: number;
  activateMs: number;
  afterMs: number;
  catalogReads: number;
  workers: number;
}

function probe(dist: string, markdown: string): Probe {
  const r = spawnSync(process.execPath, [join(import.meta.dirname, 'activationProbe.cjs'), dist, markdown], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the activation probe failed: ${r.stderr.slice(-2000)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Probe;
}

function catalogLoadMs(): number {
  const script = "const { getIconCatalog } = require('./src/node/iconStore.ts'); const t0 = performance.now(); getIconCatalog().then(() => console.log(performance.now() - t0));";
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`loading the icon catalog failed: ${r.stderr.slice(-2000)}`);
  return Number(r.stdout.trim().split('\n').pop());
}

export async function benchActivation(options: { runs: number; dist?: string; markdown?: string }): Promise<BenchRow[]> {
  const dist = options.dist ?? join(root, 'dist');
  // A Markdown document with code blocks and the word "diagram" in its prose, but no diagram fence.
  const markdown = options.markdown ?? join(root, 'docs/install.md');
  const bundle = join(dist, 'extension.js');
  const production = !/\/\/# sourceMappingURL=/.test(readFileSync(bundle, 'utf8').slice(-300));
  const samples: Probe[] = [];
  const catalog: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    samples.push(probe(dist, markdown));
    catalog.push(catalogLoadMs());
  }
  const m = (key: keyof Probe) => median(samples.map((s) => s[key]));
  const after = m('afterMs');
  const catalogMs = median(catalog);
  const kb = Math.round(statSync(bundle).size / 1024);
  return [
    { name: `load dist/extension.js (${kb} KB, ${production ? 'production' : 'development build'})`, medianMs: m('loadMs') },
    { name: 'activate() with a fenceless .md open', medianMs: m('activateMs') },
    {
      name: 'work after activate() (first check of the .md)',
      medianMs: after,
      baselineMs: catalogMs,
      ratio: after / catalogMs,
      note: `anchor: the icon catalog load it no longer pays; catalog reads ${Math.max(...samples.map((s) => s.catalogReads))}, worker threads ${Math.max(...samples.map((s) => s.workers))}`,
    },
  ];
}

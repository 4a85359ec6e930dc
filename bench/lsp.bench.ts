/**
 * The language server as editors run it (`node dist/lsp.js --stdio`), against anchors in the
 * same run: spawn to `initialize` answered against a bare `node -e 0` spawn; hover and
 * completion round trips (p50, p95) on a 300-node document against the same requests made
 * to the language service in-process (the work itself, without the protocol).
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { createAnalysisCache, createLanguageService, textDocument } from '../src/languageService/index';
import { getIconCatalog } from '../src/node/iconStore';
import { testClient } from '../test/lsp/lspClient';
import { median, type BenchRow } from './measure';
import { generatePreviewDiagram } from './previewDiagram';

const root = join(import.meta.dirname, '..');
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))]!;

export async function benchLsp(options: { runs: number; requests: number }): Promise<BenchRow[]> {
  const lsp = join(root, 'dist/lsp.js');
  const starts: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    let t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    bare.push(performance.now() - t0);
    t0 = performance.now();
    const child = spawn(process.execPath, [lsp, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const client = testClient(child.stdout, child.stdin);
    await client.initialize();
    starts.push(performance.now() - t0);
    await client.request('shutdown');
    await client.notify('exit');
    await new Promise((r) => child.once('exit', r));
    client.dispose();
  }

  const text = generatePreviewDiagram(300) + 'n5 -> \n';
  const lines = text.split('\n');
  const idLine = lines.length - 2;
  const hoverAt = { line: lines.findIndex((l) => l.startsWith('n5 -> n6')), character: 1 };
  const completeAt = { line: idLine, character: 'n5 -> '.length };
  const uri = pathToFileURL(join(root, 'bench-300.diagram')).href;

  const child = spawn(process.execPath, [lsp, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const client = testClient(child.stdout, child.stdin);
  await client.initialize();
  const first = client.diagnostics(uri);
  await client.open(uri, text);
  await first;
  const service = createLanguageService({ source: createAnalysisCache(() => getIconCatalog()), locale: () => 'en' });
  const doc = textDocument(uri, text, 1);
  await getIconCatalog();
  const samples = { hover: [] as number[], completion: [] as number[], hoverIn: [] as number[], completionIn: [] as number[] };
  for (let i = 0; i < options.requests + 5; i++) {
    const keep = i >= 5;
    let t0 = performance.now();
    await client.request('textDocument/hover', { textDocument: { uri }, position: hoverAt });
    if (keep) samples.hover.push(performance.now() - t0);
    t0 = performance.now();
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: completeAt });
    if (keep) samples.completion.push(performance.now() - t0);
    if (list.items.length < 300) throw new Error(`completion gave ${list.items.length} items`);
    t0 = performance.now();
    await service.hover(doc, hoverAt);
    if (keep) samples.hoverIn.push(performance.now() - t0);
    t0 = performance.now();
    await service.completion(doc, completeAt);
    if (keep) samples.completionIn.push(performance.now() - t0);
  }
  await client.request('shutdown');
  await client.notify('exit');
  client.dispose();

  const row = (name: string, xs: number[], base: number[], note: string): BenchRow => ({ name, medianMs: median(xs), baselineMs: median(base), ratio: median(xs) / median(base), note });
  return [
    row('spawn -> initialize answered', starts, bare, `vs node -e 0; max ${Math.round(Math.max(...starts))} ms`),
    row('hover, 300 nodes (p50)', samples.hover, samples.hoverIn, `p95 ${p95(samples.hover).toFixed(2)} ms (in-process p95 ${p95(samples.hoverIn).toFixed(2)} ms)`),
    row('completion of ids, 300 nodes (p50)', samples.completion, samples.completionIn, `p95 ${p95(samples.completion).toFixed(2)} ms (in-process p95 ${p95(samples.completionIn).toFixed(2)} ms)`),
  ];
}

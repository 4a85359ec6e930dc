// The language features in the real extension host, on a 300-node diagram: how long after a
// keystroke the Problems panel holds that version's diagnostics (debounce set to 0 by the
// caller), and completion requests (ids after an arrow, attribute names, icon ids) through
// VS Code's own command, p50 and p95. Run before and after a change to the language service
// (`ARCHFLOW_BENCH_PART=language npm run bench:vscode`) and compare the two runs.
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { generatePreviewDiagram } from '../../../bench/previewDiagram';

const KEYSTROKES = 30;
const COMPLETIONS = 30;
const WARMUP = 3;

export interface LanguageBench {
  nodes: number;
  keystrokeToDiagnosticsMs: Percentiles;
  completion: Record<string, Percentiles & { items: number }>;
  hoverMs: Percentiles;
}

interface Percentiles {
  p50: number;
  p95: number;
  samples: number;
}

function percentiles(values: number[]): Percentiles {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 100) / 100;
  return { p50: at(0.5), p95: at(0.95), samples: s.length };
}

function diagnosticsWith(uri: vscode.Uri, needle: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`no diagnostic mentioning ${needle}`));
    }, 30_000);
    const check = () => {
      if (!vscode.languages.getDiagnostics(uri).some((d) => d.message.includes(needle))) return false;
      clearTimeout(timer);
      sub.dispose();
      resolve(performance.now());
      return true;
    };
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    // They may be there already (published as the document opened).
    check();
  });
}

export async function benchLanguage(folder: vscode.Uri, nodes = 300): Promise<LanguageBench> {
  const text = `${generatePreviewDiagram(nodes)}n0 -> q\n`;
  const file = vscode.Uri.joinPath(folder, `bench-language-${nodes}.diagram`);
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
  const doc = await vscode.workspace.openTextDocument(file);
  const editor = await vscode.window.showTextDocument(doc);
  const lastLine = () => doc.lineCount - 2; // the text ends with a newline
  await diagnosticsWith(doc.uri, "'q'");

  // A keystroke that changes the diagnostics: the undeclared id on the last line grows by one character.
  const keystrokes: number[] = [];
  let id = 'q';
  for (let i = 0; i < WARMUP + KEYSTROKES; i++) {
    const line = doc.lineAt(lastLine());
    const next = `${id}${String.fromCharCode(97 + (i % 26))}`;
    const waiting = diagnosticsWith(doc.uri, `'${next}'`);
    const t0 = performance.now();
    await editor.edit((e) => e.insert(line.range.end, next.slice(-1)));
    const t1 = await waiting;
    id = next;
    if (i >= WARMUP) keystrokes.push(t1 - t0);
  }

  const sites: Record<string, vscode.Position> = {};
  await editor.edit((e) => e.insert(new vscode.Position(doc.lineCount, 0), 'n5 -> \nn6 -> n7 \nzz = rectangle "Z" icon=data\n'));
  const base = doc.lineCount - 4;
  sites.ids = new vscode.Position(base, 'n5 -> '.length);
  sites.attributeNames = new vscode.Position(base + 1, 'n6 -> n7 '.length);
  sites.icons = new vscode.Position(base + 2, doc.lineAt(base + 2).text.length);
  const completion: LanguageBench['completion'] = {};
  for (const [name, position] of Object.entries(sites)) {
    const times: number[] = [];
    let items = 0;
    for (let i = 0; i < WARMUP + COMPLETIONS; i++) {
      const t0 = performance.now();
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, position);
      if (i >= WARMUP) times.push(performance.now() - t0);
      items = list.items.length;
    }
    completion[name] = { ...percentiles(times), items };
  }
  const hovers: number[] = [];
  const hoverAt = new vscode.Position(doc.getText().split('\n').findIndex((l) => l.startsWith('n5 -> n6')), 1);
  for (let i = 0; i < WARMUP + COMPLETIONS; i++) {
    const t0 = performance.now();
    const h = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, hoverAt);
    if (i >= WARMUP) hovers.push(performance.now() - t0);
    if (h.length === 0) throw new Error('no hover on n5');
  }
  await vscode.commands.executeCommand('workbench.action.files.revert');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return { nodes, keystrokeToDiagnosticsMs: percentiles(keystrokes), completion, hoverMs: percentiles(hovers) };
}

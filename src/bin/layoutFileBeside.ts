/**
 * The layout file beside a diagram the CLI reads (`NAME.diagram.layout.json`): read, checked
 * against the diagram, and written on request. Kept out of the commands so each of them only
 * calls it in a few lines.
 */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { Diagnostic, DiagramModel } from '../core/model';
import { layoutFileName, parseLayoutFile, staleIds, type DiagramLayout, type LayoutFile, type LayoutProblem } from '../core/layout/layoutFile';
import { fenceNames, type DiagramFence } from '../core/markdown';
import type { CliIo } from './cliIo';
import { isMarkdownPath, resolvePath } from './readInput';
import { writeAtomically } from './writeFiles';

export type LayoutBeside =
  | { state: 'missing'; name: string; path: string }
  | { state: 'invalid'; name: string; path: string; problems: LayoutProblem[] }
  | { state: 'ok'; name: string; path: string; text: string; file: LayoutFile };

/** The layout file beside `arg`, undefined for standard input (nothing is beside it). */
export async function readLayoutBeside(arg: string, io: CliIo): Promise<LayoutBeside | undefined> {
  if (arg === '-') return undefined;
  const name = layoutFileName(arg);
  const path = resolvePath(io, name);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing', name, path };
    return { state: 'invalid', name, path, problems: [{ code: 'layout-syntax', message: `cannot read: ${(err as Error).message}`, line: 1, column: 1 }] };
  }
  const parsed = parseLayoutFile(text, isMarkdownPath(arg));
  return parsed.ok ? { state: 'ok', name, path, text, file: parsed.file } : { state: 'invalid', name, path, problems: parsed.problems };
}

/** The diagram's layout in a readable file of a `.diagram` (Markdown files hold one per fence). */
export function diagramLayoutOf(beside: LayoutBeside | undefined): DiagramLayout | undefined {
  return beside?.state === 'ok' && beside.file.kind === 'diagram' ? beside.file.layout : undefined;
}

/**
 * The name of each diagram fence of Markdown file `name`: its key in the layout file and the
 * name of its image (`render`), so a fence's drawing and positions go by one name.
 */
export function markdownFenceNames(name: string, fences: readonly DiagramFence[]): string[] {
  return fenceNames(fences, basename(name, extname(name)));
}

/** The layout of the fence named `fence` in a readable Markdown layout file. */
export function fenceLayoutOf(beside: LayoutBeside | undefined, fence: string): DiagramLayout | undefined {
  return beside?.state === 'ok' && beside.file.kind === 'markdown' ? beside.file.diagrams.get(fence) : undefined;
}

const at = (line: number, column: number) => ({ line, column, endLine: line, endColumn: column + 1 });

/** Where the entry `"key":` is written in the file, at or after line `from` (1-based), else the first line. */
function keyAt(lines: string[], key: string, from = 1): { line: number; column: number } {
  const wanted = `${JSON.stringify(key)}:`;
  for (let i = from - 1; i < lines.length; i++) {
    const column = lines[i]!.indexOf(wanted);
    if (column >= 0) return { line: i + 1, column: column + 1 };
  }
  return { line: 1, column: 1 };
}

const staleWarning = (where: { line: number; column: number }, args: Record<string, string>): Diagnostic => ({
  code: 'layout-stale-id',
  severity: 'warning',
  range: at(where.line, where.column),
  args,
  suggestions: [],
});

/**
 * Warnings about the layout file, positioned in it: a file that does not parse (ignored for
 * drawing), and ids it holds that the diagram no longer has (dropped on the next write). For a
 * Markdown file, `model` is each fence's model by fence name (undefined for a fence that
 * does not parse): ids are checked per fence, and a fence the Markdown no longer has is named.
 */
export function layoutFileDiagnostics(beside: LayoutBeside | undefined, model: DiagramModel | ReadonlyMap<string, DiagramModel | undefined> | undefined): Diagnostic[] {
  if (!beside || beside.state === 'missing') return [];
  if (beside.state === 'invalid') {
    return beside.problems.map((p) => ({
      code: 'layout-file-invalid',
      severity: 'warning',
      range: at(p.line, p.column),
      args: { kind: p.code.replace(/^layout-/, ''), detail: p.message },
      suggestions: [],
    }));
  }
  if (!model) return [];
  // Each warning sits on the line of the id's own entry: where a reader fixes it.
  const lines = beside.text.split('\n');
  if (beside.file.kind === 'diagram') {
    if (model instanceof Map) return [];
    return staleIds(beside.file.layout, model as DiagramModel).map((id) => staleWarning(keyAt(lines, id), { id }));
  }
  if (!(model instanceof Map)) return [];
  const out: Diagnostic[] = [];
  for (const [fence, layout] of beside.file.diagrams) {
    // A fence's entry is at the indentation the file is written with (a fence may be named "nodes"), else anywhere.
    const from = keyAt(lines, 'diagrams').line;
    const written = lines.findIndex((l, i) => i >= from && l.startsWith(`    ${JSON.stringify(fence)}:`));
    const section = written >= 0 ? { line: written + 1, column: 5 } : keyAt(lines, fence, from);
    if (!model.has(fence)) {
      out.push(staleWarning(section, { fence }));
      continue;
    }
    const fenceModel = model.get(fence);
    if (fenceModel) for (const id of staleIds(layout, fenceModel)) out.push(staleWarning(keyAt(lines, id, section.line), { id, fence }));
  }
  return out;
}

export async function writeLayoutBeside(beside: LayoutBeside, text: string): Promise<void> {
  await writeAtomically(beside.path, text);
}

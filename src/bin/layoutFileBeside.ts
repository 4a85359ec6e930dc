/**
 * The layout file beside a diagram the CLI reads (`NAME.diagram.layout.json`): read, checked
 * against the diagram, and written on request. Kept out of the commands so each of them only
 * calls it in a few lines.
 */
import { readFile } from 'node:fs/promises';
import type { Diagnostic, DiagramModel } from '../core/model';
import { layoutFileName, parseLayoutFile, staleIds, type DiagramLayout, type LayoutFile, type LayoutProblem } from '../core/layout/layoutFile';
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

const at = (line: number, column: number) => ({ line, column, endLine: line, endColumn: column + 1 });

/**
 * Warnings about the layout file, positioned in it: a file that does not parse (ignored for
 * drawing), and ids it holds that the diagram no longer has (dropped on the next write).
 */
export function layoutFileDiagnostics(beside: LayoutBeside | undefined, model: DiagramModel | undefined): Diagnostic[] {
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
  const layout = diagramLayoutOf(beside);
  if (!layout || !model) return [];
  const lines = beside.text.split('\n');
  return staleIds(layout, model).map((id) => {
    // The line of the id's own entry: where a reader fixes it.
    const key = `${JSON.stringify(id)}:`;
    const index = lines.findIndex((l) => l.includes(key));
    const line = index >= 0 ? index + 1 : 1;
    const column = index >= 0 ? lines[index]!.indexOf(key) + 1 : 1;
    return { code: 'layout-stale-id', severity: 'warning', range: at(line, column), args: { id }, suggestions: [] } satisfies Diagnostic;
  });
}

export async function writeLayoutBeside(beside: LayoutBeside, text: string): Promise<void> {
  await writeAtomically(beside.path, text);
}

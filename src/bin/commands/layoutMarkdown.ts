import { formatDiagnosticLine } from '../../core/language';
import type { IconCatalog } from '../../core/icons/types';
import { layoutJson, type LayoutJson } from '../../core/layout';
import { layoutWithKept } from '../../core/layout/keptLayout';
import { FENCE_CANDIDATES } from '../../core/layout/candidates';
import { emptyLayout, layoutFromScene, serializeLayoutFile, staleIds, type DiagramLayout } from '../../core/layout/layoutFile';
import { analyzeMarkdown } from '../../core/markdown';
import type { Locale } from '../../core/model';
import { iconIdsOf } from '../../node/diagramPipeline';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';
import type { InputFile } from '../readInput';
import { fenceLayoutOf, layoutFileDiagnostics, markdownFenceNames, readLayoutBeside, writeLayoutBeside } from '../layoutFileBeside';

/** One fence's drawing in `archflow layout FILE.md --json`. */
export interface FenceLayoutJson {
  /** The fence's name: its key in FILE.md.layout.json and the name of its image. */
  name: string;
  /** The 1-based line of its opening fence in the Markdown file. */
  line: number;
  layout: LayoutJson;
}

export interface MarkdownLayoutOptions {
  json?: boolean;
  fresh?: boolean;
  keep?: boolean;
}

/**
 * `archflow layout FILE.md`: each diagram fence laid out as `layout` lays out a `.diagram`,
 * with the positions of FILE.md.layout.json (one entry per fence, by name; see
 * `markdownFenceNames`); `--keep` writes that file from every fence's drawing, dropping the
 * fences and ids the Markdown no longer has. A fence with errors lays out nothing (exit 1).
 */
export async function runLayoutMarkdown(
  file: InputFile,
  options: MarkdownLayoutOptions,
  io: CliIo,
  catalog: IconCatalog,
  locale: Locale,
  print: (layout: LayoutJson) => string,
): Promise<number> {
  const md = analyzeMarkdown(file.text, { catalog });
  for (const d of md.diagnostics) io.stderr(formatDiagnosticLine(file.name, d, locale) + '\n');
  if (md.errors > 0) {
    io.stderr(`archflow layout: ${md.errors} error(s); nothing laid out\n`);
    return EXIT_FAILURE;
  }
  if (md.fences.length === 0) io.stderr(`${file.name}: no diagram fences\n`);
  const names = markdownFenceNames(file.name, md.fences.map((f) => f.fence));
  const models = new Map(md.fences.map((f, i) => [names[i]!, f.analysis!.model]));

  const beside = options.fresh && !options.keep ? undefined : await readLayoutBeside(file.name, io);
  for (const d of layoutFileDiagnostics(beside, models)) io.stderr(formatDiagnosticLine(beside!.name, d, locale) + '\n');
  if (options.keep && beside?.state === 'invalid') {
    io.stderr(`archflow layout: ${beside.name} does not parse; fix or delete it, nothing written\n`);
    return EXIT_FAILURE;
  }

  const drawn: FenceLayoutJson[] = [];
  const kept = new Map<string, DiagramLayout>();
  const dropped: string[] = [];
  for (const [i, f] of md.fences.entries()) {
    const name = names[i]!;
    const model = models.get(name)!;
    const previous = fenceLayoutOf(beside, name);
    const scene = await layoutWithKept(model, await catalog.load(iconIdsOf(model)), options.fresh ? undefined : previous, { candidates: FENCE_CANDIDATES });
    drawn.push({ name, line: f.fence.line, layout: layoutJson(scene) });
    kept.set(name, layoutFromScene(scene, previous ?? emptyLayout()));
    if (previous) dropped.push(...staleIds(previous, model).map((id) => `${name}: ${id}`));
  }

  if (options.keep && beside) {
    if (beside.state === 'ok' && beside.file.kind === 'markdown') for (const name of beside.file.diagrams.keys()) if (!kept.has(name)) dropped.push(`diagram ${name}`);
    try {
      await writeLayoutBeside(beside, serializeLayoutFile({ kind: 'markdown', diagrams: kept }));
    } catch (err) {
      io.stderr(`archflow layout: cannot write ${beside.name}: ${(err as Error).message}\n`);
      return EXIT_USAGE;
    }
    io.stderr(`${beside.state === 'missing' ? 'wrote' : 'updated'} ${beside.name}: ${kept.size} diagram(s)${dropped.length ? `; dropped ${dropped.join(', ')}` : ''}\n`);
  }

  io.stdout(options.json ? JSON.stringify({ diagrams: drawn }, null, 2) + '\n' : drawn.map((d) => `diagram ${d.name} (line ${d.line})\n${print(d.layout)}`).join('\n'));
  return EXIT_OK;
}

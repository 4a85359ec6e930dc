import { formatDiagnosticLine } from '../../core/language';
import type { IconCatalog } from '../../core/icons/types';
import { layoutJson, type LayoutJson } from '../../core/layout';
import { layoutWithKept } from '../../core/layout/keptLayout';
import { emptyLayout, layoutFromScene, serializeLayoutFile, staleIds } from '../../core/layout/layoutFile';
import { localeFromEnv } from '../../core/locale';
import { analyzeText, iconIdsOf } from '../../node/diagramPipeline';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';
import { isMarkdownPath, readInputFile } from '../readInput';
import { runLayoutMarkdown } from './layoutMarkdown';
import { diagramLayoutOf, layoutFileDiagnostics, readLayoutBeside, writeLayoutBeside } from '../layoutFileBeside';

export const LAYOUT_USAGE = 'usage: archflow layout FILE [--json] [--fresh] [--keep]   (FILE "-" reads stdin, FILE.md each fence; --keep writes FILE.layout.json)';

export const LAYOUT_HELP = `usage: archflow layout FILE [--json] [--fresh] [--keep]

Prints the laid-out diagram, the geometry render, the preview and the MCP App draw:
one line per group, node and connection (KIND ID X,Y WxH [in PARENT]; connection ID
SOURCE -> TARGET and its points). FILE "-" reads standard input. Problems go to stderr.
With a layout file beside FILE (FILE.layout.json), its boxes keep their positions.
A Markdown file (.md) is laid out fence by fence ("diagram NAME (line N)" before each;
with --json, {diagrams: [{name, line, layout}]}); FILE.md.layout.json holds one entry
per fence, by the name its image gets from render.

Options:
  --json               the public layout format: {width, height, direction, groups,
                       nodes, connections}
  --fresh              ignore the layout file: a fresh layout from the text alone
  --keep               write (or update) FILE.layout.json from this drawing; ids the
                       diagram no longer has are dropped and named
  -h, --help           this help

Exit codes: 0 laid out (warnings allowed), 1 the text has errors, 2 bad usage or I/O.

Examples:
  archflow layout shop.diagram
  archflow layout shop.diagram --json | jq '.nodes[] | {id, x, y}'
  archflow layout shop.diagram --keep      # shop.diagram.layout.json, then edit and re-run
  archflow layout README.md --keep         # README.md.layout.json, one entry per fence
`;

export interface LayoutDeps {
  getIconCatalog(): Promise<IconCatalog>;
}

/**
 * `archflow layout`: the laid-out diagram, the same geometry `render`, the preview and the
 * MCP App draw; with a layout file beside the diagram (`FILE.layout.json`), the drawing that
 * keeps its positions (`--fresh` ignores it; `--keep` writes it from the drawing). `--json` prints the public format (see `LayoutJson`); without it, one line
 * per group, node and connection. Exit codes as `check`: 0 laid out (warnings allowed, on
 * stderr), 1 the text has errors (nothing on stdout), 2 usage or I/O.
 */
export async function runLayoutCommand(args: string[], io: CliIo, deps: LayoutDeps): Promise<number> {
  const { values, positionals } = parseCommandArgs('layout', args, { json: { type: 'boolean' }, fresh: { type: 'boolean' }, keep: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(LAYOUT_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new UsageError(LAYOUT_USAGE);
  if (values.keep && positionals[0] === '-') throw new UsageError(`archflow layout: --keep needs a file (the layout file goes beside it)\n${LAYOUT_USAGE}`);
  let file;
  try {
    file = await readInputFile(positionals[0]!, io);
  } catch (err) {
    io.stderr(`archflow layout: ${(err as Error).message}\n`);
    return EXIT_USAGE;
  }
  const catalog = await deps.getIconCatalog();
  const locale = localeFromEnv(io.env);
  if (isMarkdownPath(positionals[0]!)) return runLayoutMarkdown(file, values, io, catalog, locale, layoutText);
  const analysis = analyzeText(file.text, { catalog });
  for (const d of analysis.diagnostics) io.stderr(formatDiagnosticLine(file.name, d, locale) + '\n');
  if (analysis.counts.errors > 0) {
    io.stderr(`archflow layout: ${analysis.counts.errors} error(s); nothing laid out\n`);
    return EXIT_FAILURE;
  }
  // The layout file beside the diagram keeps its drawing, unless --fresh asks for the text's own.
  const beside = values.fresh && !values.keep ? undefined : await readLayoutBeside(positionals[0]!, io);
  for (const d of layoutFileDiagnostics(beside, analysis.model)) io.stderr(formatDiagnosticLine(beside!.name, d, locale) + '\n');
  if (values.keep && beside?.state === 'invalid') {
    io.stderr(`archflow layout: ${beside.name} does not parse; fix or delete it, nothing written\n`);
    return EXIT_FAILURE;
  }
  const previous = diagramLayoutOf(beside);
  const scene = await layoutWithKept(analysis.model, await catalog.load(iconIdsOf(analysis.model)), values.fresh ? undefined : previous);
  if (values.keep && beside) {
    const kept = layoutFromScene(scene, previous ?? emptyLayout());
    try {
      await writeLayoutBeside(beside, serializeLayoutFile({ kind: 'diagram', layout: kept }));
    } catch (err) {
      io.stderr(`archflow layout: cannot write ${beside.name}: ${(err as Error).message}\n`);
      return EXIT_USAGE;
    }
    const dropped = previous ? staleIds(previous, analysis.model) : [];
    io.stderr(`${beside.state === 'missing' ? 'wrote' : 'updated'} ${beside.name}: ${kept.nodes.size} nodes, ${kept.groups.size} groups${dropped.length ? `; dropped ${dropped.join(', ')}` : ''}\n`);
  }
  const layout = layoutJson(scene);
  io.stdout(values.json ? JSON.stringify(layout, null, 2) + '\n' : layoutText(layout));
  return EXIT_OK;
}

/** The human-readable form: `KIND ID X,Y WxH [in PARENT]` and `connection ID SOURCE -> TARGET` with its points. */
export function layoutText(layout: LayoutJson): string {
  const lines = [`${layout.width}x${layout.height} ${layout.direction}`];
  const box = (kind: string, b: LayoutJson['nodes'][number]) =>
    `${kind} ${b.id} ${b.x},${b.y} ${b.width}x${b.height}${b.parent !== undefined ? ` in ${b.parent}` : ''}`;
  for (const g of layout.groups) lines.push(box('group', g));
  for (const n of layout.nodes) lines.push(box('node', n));
  for (const c of layout.connections) lines.push(`connection ${c.id} ${c.source} -> ${c.target} ${c.points.map((p) => `${p.x},${p.y}`).join(' ')}`);
  return lines.join('\n') + '\n';
}

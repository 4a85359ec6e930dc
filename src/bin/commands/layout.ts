import { formatDiagnosticLine } from '../../core/language';
import type { IconCatalog } from '../../core/icons/types';
import { layoutDiagram, layoutJson, type LayoutJson } from '../../core/layout';
import { localeFromEnv } from '../../core/locale';
import { analyzeText, iconIdsOf } from '../../node/diagramPipeline';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';
import { readInputFile } from '../readInput';

export const LAYOUT_USAGE = 'usage: archflow layout FILE [--json]   (FILE "-" reads stdin)';

export const LAYOUT_HELP = `usage: archflow layout FILE [--json]

Prints the laid-out diagram, the geometry render, the preview and the MCP App draw:
one line per group, node and connection (KIND ID X,Y WxH [in PARENT]; connection ID
SOURCE -> TARGET and its points). FILE "-" reads standard input. Problems go to stderr.

Options:
  --json               the public layout format: {width, height, direction, groups,
                       nodes, connections}
  -h, --help           this help

Exit codes: 0 laid out (warnings allowed), 1 the text has errors, 2 bad usage or I/O.

Examples:
  archflow layout shop.diagram
  archflow layout shop.diagram --json | jq '.nodes[] | {id, x, y}'
`;

export interface LayoutDeps {
  getIconCatalog(): Promise<IconCatalog>;
}

/**
 * `archflow layout`: the laid-out diagram, the same geometry `render`, the preview and the
 * MCP App draw. `--json` prints the public format (see `LayoutJson`); without it, one line
 * per group, node and connection. Exit codes as `check`: 0 laid out (warnings allowed, on
 * stderr), 1 the text has errors (nothing on stdout), 2 usage or I/O.
 */
export async function runLayoutCommand(args: string[], io: CliIo, deps: LayoutDeps): Promise<number> {
  const { values, positionals } = parseCommandArgs('layout', args, { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(LAYOUT_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new UsageError(LAYOUT_USAGE);
  let file;
  try {
    file = await readInputFile(positionals[0]!, io);
  } catch (err) {
    io.stderr(`archflow layout: ${(err as Error).message}\n`);
    return EXIT_USAGE;
  }
  const catalog = await deps.getIconCatalog();
  const analysis = analyzeText(file.text, { catalog });
  const locale = localeFromEnv(io.env);
  for (const d of analysis.diagnostics) io.stderr(formatDiagnosticLine(file.name, d, locale) + '\n');
  if (analysis.counts.errors > 0) {
    io.stderr(`archflow layout: ${analysis.counts.errors} error(s); nothing laid out\n`);
    return EXIT_FAILURE;
  }
  const scene = await layoutDiagram(analysis.model, await catalog.load(iconIdsOf(analysis.model)));
  const layout = layoutJson(scene);
  io.stdout(values.json ? JSON.stringify(layout, null, 2) + '\n' : layoutText(layout));
  return EXIT_OK;
}

/** The human-readable form: `KIND ID X,Y WxH [in PARENT]` and `connection ID SOURCE -> TARGET` with its points. */
function layoutText(layout: LayoutJson): string {
  const lines = [`${layout.width}x${layout.height} ${layout.direction}`];
  const box = (kind: string, b: LayoutJson['nodes'][number]) =>
    `${kind} ${b.id} ${b.x},${b.y} ${b.width}x${b.height}${b.parent !== undefined ? ` in ${b.parent}` : ''}`;
  for (const g of layout.groups) lines.push(box('group', g));
  for (const n of layout.nodes) lines.push(box('node', n));
  for (const c of layout.connections) lines.push(`connection ${c.id} ${c.source} -> ${c.target} ${c.points.map((p) => `${p.x},${p.y}`).join(' ')}`);
  return lines.join('\n') + '\n';
}

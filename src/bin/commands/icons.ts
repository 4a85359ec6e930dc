import type { IconCatalog, IconMatch, IconSetInfo } from '../../core/icons';
import { getIconCatalog } from '../../node/iconStore';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';

export const ICONS_USAGE = `usage: archflow icons search QUERY [--limit N] [--json]
       archflow icons sets [--json]
`;

export interface IconsDeps {
  getIconCatalog(): Promise<IconCatalog>;
}

const DEFAULT_LIMIT = 20;

/**
 * `archflow icons search QUERY [--limit N] [--json]` prints the best matches first, one
 * `id  (Set name)` per line, or `[{id, prefix, name, set}]`; `archflow icons sets [--json]`
 * lists the bundled sets as a table or `[{prefix, name, total}]`. `args` excludes `icons`.
 * Usage mistakes and a missing catalog print to stderr and return EXIT_USAGE; finding
 * nothing is not an error (empty output, or `[]`).
 */
export async function runIconsCommand(args: string[], io: CliIo, deps: IconsDeps = { getIconCatalog }): Promise<number> {
  try {
    const [sub, ...rest] = args;
    if (sub === '--help' || sub === '-h' || sub === 'help') {
      io.stdout(ICONS_USAGE);
      return EXIT_OK;
    }
    if (sub === 'search') return await search(rest, io, deps);
    if (sub === 'sets') return await sets(rest, io, deps);
    throw new UsageError(sub === undefined ? ICONS_USAGE.trimEnd() : `archflow icons: unknown subcommand '${sub}'\n${ICONS_USAGE.trimEnd()}`);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr(`${err.message}\n`);
    return EXIT_USAGE;
  }
}

async function search(args: string[], io: CliIo, deps: IconsDeps): Promise<number> {
  const { values, positionals } = parseCommandArgs('icons search', args, {
    limit: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (positionals.length !== 1) throw new UsageError(`archflow icons search: expected one QUERY (quote several words)\n${ICONS_USAGE.trimEnd()}`);
  const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`archflow icons search: --limit must be a positive integer, not '${values.limit}'`);
  const catalog = await openCatalog(deps);
  const matches = catalog.search(positionals[0], { limit });
  if (values.json) {
    io.stdout(`${JSON.stringify(matches.map(({ id, prefix, name, set }: IconMatch) => ({ id, prefix, name, set })), null, 2)}\n`);
  } else {
    io.stdout(matches.map((m) => `${m.id}  (${m.set})\n`).join(''));
  }
  return EXIT_OK;
}

async function sets(args: string[], io: CliIo, deps: IconsDeps): Promise<number> {
  const { values, positionals } = parseCommandArgs('icons sets', args, { json: { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`archflow icons sets: unexpected argument '${positionals[0]}'\n${ICONS_USAGE.trimEnd()}`);
  const list = (await openCatalog(deps)).sets();
  if (values.json) {
    io.stdout(`${JSON.stringify(list.map(({ prefix, name, total }: IconSetInfo) => ({ prefix, name, total })), null, 2)}\n`);
    return EXIT_OK;
  }
  const rows = [['PREFIX', 'NAME', 'ICONS'], ...list.map((s) => [s.prefix, s.name, String(s.total)])];
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => r[c].length)));
  const countWidth = Math.max(...rows.map((r) => r[2].length));
  io.stdout(rows.map((r) => `${r[0].padEnd(widths[0])}  ${r[1].padEnd(widths[1])}  ${r[2].padStart(countWidth)}\n`).join(''));
  return EXIT_OK;
}

/** A missing or unreadable catalog is an I/O problem: reported as a usage-class error. */
async function openCatalog(deps: IconsDeps): Promise<IconCatalog> {
  try {
    return await deps.getIconCatalog();
  } catch (err) {
    throw new UsageError(`archflow icons: ${(err as Error).message}`);
  }
}

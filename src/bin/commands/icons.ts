import { iconTotals, type IconCatalog, type IconMatch, type IconSetInfo } from '../../core/icons';
import { getIconCatalog } from '../../node/iconStore';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';

export const ICONS_USAGE = `usage: archflow icons search QUERY [--limit N] [--json]
       archflow icons sets [--json]
`;

export const ICONS_HELP = `${ICONS_USAGE}
Finds the icon ids a diagram's icon= takes, in the bundled Iconify sets (offline).
  search QUERY         the best matches first, one "id  (Set name)" per line
  sets                 the bundled sets with their icons and names, and the totals
Options:
  --limit N            at most N matches (search; default 20)
  --json               JSON instead: [{id, prefix, name, set}] or {sets, total}
  -h, --help           this help

Examples:
  archflow icons search "message queue" --limit 5
  archflow icons sets --json
`;

export interface IconsDeps {
  getIconCatalog(): Promise<IconCatalog>;
}

const DEFAULT_LIMIT = 20;

/**
 * `archflow icons search QUERY [--limit N] [--json]` prints the best matches first, one
 * `id  (Set name)` per line, or `[{id, prefix, name, set}]`; `archflow icons sets [--json]`
 * lists the bundled sets with their icons and names (aliases included) and the totals, as a
 * table (see {@link formatIconSets}) or `{sets: [{prefix, name, icons, names}], total:
 * {sets, icons, names}}`. `args` excludes `icons`.
 * Usage mistakes and a missing catalog print to stderr and return EXIT_USAGE; finding
 * nothing is not an error (empty output, or `[]`).
 */
export async function runIconsCommand(args: string[], io: CliIo, deps: IconsDeps = { getIconCatalog }): Promise<number> {
  try {
    const [sub, ...rest] = args;
    if (sub === '--help' || sub === '-h' || sub === 'help' || rest.includes('--help') || rest.includes('-h')) {
      io.stdout(ICONS_HELP);
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
    const sets = list.map(({ prefix, name, icons, names }: IconSetInfo) => ({ prefix, name, icons, names }));
    io.stdout(`${JSON.stringify({ sets, total: iconTotals(list) }, null, 2)}\n`);
    return EXIT_OK;
  }
  io.stdout(formatIconSets(list));
  return EXIT_OK;
}

/**
 * The table `archflow icons sets` prints (docs/language.md quotes it verbatim): one row per set,
 * a total row, and a note on what the two counts mean. Counts in en-US digit groups.
 */
export function formatIconSets(list: readonly IconSetInfo[]): string {
  const total = iconTotals(list);
  const count = (n: number) => n.toLocaleString('en-US');
  const rows = [
    ['PREFIX', 'NAME', 'ICONS', 'NAMES'],
    ...list.map((s) => [s.prefix, s.name, count(s.icons), count(s.names)]),
    ['total', `${total.sets} sets`, count(total.icons), count(total.names)],
  ];
  const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `${r[0]!.padEnd(widths[0]!)}  ${r[1]!.padEnd(widths[1]!)}  ${r[2]!.padStart(widths[2]!)}  ${r[3]!.padStart(widths[3]!)}\n`;
  return (
    rows.map(line).join('') +
    '\nICONS: distinct icons, deprecated ones left out. NAMES: the ids that find them in search and\n' +
    'completion, aliases included (mdi:1password is mdi:onepassword).\n'
  );
}

/** A missing or unreadable catalog is an I/O problem: reported as a usage-class error. */
async function openCatalog(deps: IconsDeps): Promise<IconCatalog> {
  try {
    return await deps.getIconCatalog();
  } catch (err) {
    throw new UsageError(`archflow icons: ${(err as Error).message}`);
  }
}

import { formatDiagram } from '../../core/language';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';
import { isMarkdownPath, readInputFile, resolvePath } from '../readInput';
import { writeAtomically } from '../writeFiles';

export const FORMAT_USAGE = 'usage: archflow format FILE [--write | --check]';

export const FORMAT_HELP = `usage: archflow format FILE [--write | --check]

Prints the diagram in its canonical form: one statement per line, aligned \`=\`, the
spacing the editor's formatter uses. FILE "-" reads standard input. Markdown files are
refused (their diagrams are checked with archflow check).

Options:
  --write              rewrite FILE in place, only when it changes (a BOM is kept)
  --check              write nothing; exit 1 when FILE is not formatted
  -h, --help           this help

Exit codes: 0 done (or formatted already), 1 not formatted (--check), 2 bad usage or I/O.

Examples:
  archflow format shop.diagram
  archflow format shop.diagram --write
  archflow format shop.diagram --check || echo "run archflow format --write"
`;

/**
 * `archflow format`: prints the canonical form to stdout; `--write` rewrites the file only
 * when it changes, atomically and keeping a byte-order mark; `--check` writes nothing and
 * exits 1 when the file is not formatted (for CI and pre-commit hooks). Markdown files are
 * refused (usage error), never rewritten as diagram text.
 */
export async function runFormatCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('format', args, {
    write: { type: 'boolean' },
    check: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(FORMAT_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new UsageError(FORMAT_USAGE);
  if (values.write && values.check) throw new UsageError('archflow format: --write and --check cannot be combined');
  const arg = positionals[0];
  if (values.write && arg === '-') throw new UsageError('archflow format: --write needs a file, not stdin');
  // Formatting Markdown as diagram text would strip its indentation and blank lines.
  if (isMarkdownPath(arg)) throw new UsageError(`archflow format: ${arg} is Markdown; format takes .diagram files (check the diagrams of a Markdown file with archflow check ${arg})`);

  let file;
  try {
    file = await readInputFile(arg, io);
  } catch (err) {
    io.stderr(`archflow format: ${(err as Error).message}\n`);
    return EXIT_USAGE;
  }
  const formatted = formatDiagram(file.text);
  if (values.check) {
    if (formatted === file.text) return EXIT_OK;
    io.stderr(`${file.name}: not formatted (run: archflow format ${arg} --write)\n`);
    return EXIT_FAILURE;
  }
  if (values.write) {
    if (formatted === file.text) return EXIT_OK;
    try {
      await writeAtomically(resolvePath(io, arg), file.bom ? `\ufeff${formatted}` : formatted);
    } catch (err) {
      io.stderr(`archflow format: ${arg}: cannot write: ${(err as Error).message}\n`);
      return EXIT_USAGE;
    }
    io.stderr(`formatted ${file.name}\n`);
    return EXIT_OK;
  }
  io.stdout(formatted);
  return EXIT_OK;
}

import { writeFile } from 'node:fs/promises';
import { formatDiagram } from '../../core/language';
import { parseCommandArgs, UsageError } from '../args';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';
import { readInputFile, resolvePath } from '../readInput';

export const FORMAT_USAGE = 'usage: archflow format FILE [--write | --check]';

/**
 * `archflow format`: prints the canonical form to stdout; `--write` rewrites the file only
 * when it changes; `--check` writes nothing and exits 1 when the file is not formatted
 * (for CI and pre-commit hooks).
 */
export async function runFormatCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('format', args, {
    write: { type: 'boolean' },
    check: { type: 'boolean' },
  });
  if (positionals.length !== 1) throw new UsageError(FORMAT_USAGE);
  if (values.write && values.check) throw new UsageError('archflow format: --write and --check cannot be combined');
  const arg = positionals[0];
  if (values.write && arg === '-') throw new UsageError('archflow format: --write needs a file, not stdin');

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
      await writeFile(resolvePath(io, arg), formatted, 'utf8');
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

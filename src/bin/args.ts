import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A usage mistake: the CLI prints the message and exits with EXIT_USAGE. */
export class UsageError extends Error {}

/**
 * `util.parseArgs` in strict mode, with its errors turned into UsageErrors whose
 * messages name the command, so `archflow check --jsn` says what went wrong and where.
 */
type CommandArgsConfig<T> = { args: string[]; options: T; allowPositionals: true; strict: true };

export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: string[],
  options: T,
): ReturnType<typeof parseArgs<CommandArgsConfig<T>>> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(`archflow ${command}: ${(err as Error).message}`);
  }
}

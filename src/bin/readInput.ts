import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from './cliIo';

/** The name a diagram read from standard input goes by in messages (the spec's default). */
export const STDIN_NAME = 'diagrama';

export interface InputFile {
  /** As the user wrote it, or {@link STDIN_NAME} for `-`. */
  name: string;
  text: string;
}

/** Reads FILE arguments, `-` meaning standard input. Rejects with a readable message. */
export async function readInputFile(arg: string, io: CliIo): Promise<InputFile> {
  if (arg === '-') return { name: STDIN_NAME, text: await io.readStdin() };
  try {
    return { name: arg, text: await readFile(resolvePath(io, arg), 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new Error(`${arg}: cannot read: ${why}`);
  }
}

export function resolvePath(io: CliIo, p: string): string {
  return resolve(io.cwd, p);
}

import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from './cliIo';

/**
 * The name a diagram read from standard input goes by in messages, as compilers name it:
 * `<stdin>:3:5: error: ...`, in every locale, so an English message never begins with a
 * Portuguese word.
 */
export const STDIN_NAME = '<stdin>';

export interface InputFile {
  /** As the user wrote it, or {@link STDIN_NAME} for `-`. */
  name: string;
  text: string;
  /** The file began with a UTF-8 byte-order mark (dropped from `text`): a rewrite keeps it. */
  bom?: boolean;
}

/** Reads FILE arguments, `-` meaning standard input. Rejects with a readable message. */
export async function readInputFile(arg: string, io: CliIo): Promise<InputFile> {
  if (arg === '-') return { name: STDIN_NAME, text: await io.readStdin() };
  let bytes: Buffer;
  try {
    bytes = await readFile(resolvePath(io, arg));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new Error(`${arg}: cannot read: ${why}`);
  }
  const text = decodeUtf8(arg, bytes);
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? { name: arg, text, bom: true } : { name: arg, text };
}

/**
 * The text of a file that must be UTF-8 (a leading byte-order mark is dropped). Anything
 * else is refused with where the first bad byte is, rather than read with replacement
 * characters that would end up in a drawing or a rewritten file.
 */
export function decodeUtf8(name: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      throw new Error(`${name}: cannot read: the file is UTF-16 text; save it as UTF-8`);
    }
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] !== 0x0a) continue;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, i));
      } catch {
        break;
      }
      line++;
      start = i + 1;
    }
    throw new Error(`${name}: cannot read: line ${line} is not valid UTF-8; save the file as UTF-8`);
  }
}

/** True for the names of Markdown files (`.md`, `.markdown`, `.mdown`, `.mkd`), any case. */
export function isMarkdownPath(path: string): boolean {
  return /\.(md|markdown|mdown|mkd)$/i.test(path);
}

export function resolvePath(io: CliIo, p: string): string {
  return resolve(io.cwd, p);
}

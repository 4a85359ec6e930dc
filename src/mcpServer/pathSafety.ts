import { lstat, mkdir, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import type { ServerMessages } from './serverMessages';

/** Longest file or folder name most file systems accept, in UTF-8 bytes. */
export const MAX_NAME_BYTES = 255;
/** Longest output path we accept, in UTF-8 bytes (Linux PATH_MAX). */
export const MAX_PATH_BYTES = 4096;

/** Where a checked output goes. */
export interface OutputTarget {
  /** Absolute path with every existing ancestor resolved through realpath. */
  path: string;
  /** The allowed root (a realpath) that contains it. */
  root: string;
  /** How to show it: relative to the root for the first root, else absolute; `/` separators. */
  display: string;
}

export type OutputCheck = { ok: true; target: OutputTarget } | { ok: false; message: string };

/** Which files a check accepts, and what it says about any other: `render_diagram` writes `.svg`, the editor tools `.diagram`. */
export interface FileKind {
  pattern: RegExp;
  refuse(path: string): string;
}

const DEVICE_NAME = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
const FORBIDDEN_IN_NAME = /[<>:"|?*]/;
// Control characters other than NUL, which gets its own message.
// eslint-disable-next-line no-control-regex
const CONTROL_CHAR = /[\u0001-\u001f\u007f]/;

/**
 * Turns the directories given as roots into the realpaths of those that exist and are
 * directories (in order, duplicates dropped). Never throws; what is left out is returned
 * in `skipped` so the caller can log it.
 */
export async function resolveRoots(dirs: readonly string[]): Promise<{ roots: string[]; skipped: string[] }> {
  const roots: string[] = [];
  const skipped: string[] = [];
  for (const dir of dirs) {
    try {
      const real = await realpath(path.resolve(dir));
      if (!(await stat(real)).isDirectory()) throw new Error('not a directory');
      if (!roots.includes(real)) roots.push(real);
    } catch {
      skipped.push(dir);
    }
  }
  return { roots, skipped };
}

/**
 * Decides whether `output` is a path inside the roots that may be written (an SVG, a PNG, a
 * layout file) or read (a `.diagram` and the layout file beside it), before anything touches
 * the disk; reading and writing share one check so a path the server may read is never one
 * it would refuse to write, and the reverse.
 *
 * `roots` must be realpaths (see {@link resolveRoots}); a relative `output` is resolved
 * against the first. Accepted: a path of `kind` (default: ending in `.svg`, any case) whose every existing
 * ancestor, followed through symlinks, stays inside one of the roots. Refused, each with a
 * message that ends by naming the allowed roots: empty paths, NUL and control characters,
 * any `..` segment, reserved device names (CON, NUL, COM1…), names over 255 bytes, paths
 * over 4096 bytes, names with `<>:"|?*` or a trailing dot or space, absolute paths outside
 * the roots, paths that a symlink leads out of the roots, an existing symlink or non-file
 * at the target. Never creates, writes or deletes anything.
 */
export async function checkPathInRoots(
  output: string,
  roots: readonly string[],
  messages: ServerMessages,
  kind: FileKind = { pattern: /\.svg$/i, refuse: messages.outputNotSvg },
): Promise<OutputCheck> {
  const refuse = (message: string): OutputCheck => ({ ok: false, message: `${message}\n${messages.allowedRoots(roots)}` });

  if (output.length === 0) return refuse(messages.outputEmpty());
  if (output.includes('\0')) return refuse(messages.outputNulByte());
  if (CONTROL_CHAR.test(output)) return refuse(messages.outputControlChar());
  if (!kind.pattern.test(output)) return refuse(kind.refuse(output));
  if (Buffer.byteLength(output, 'utf8') > MAX_PATH_BYTES) return refuse(messages.outputPathTooLong(MAX_PATH_BYTES));

  const absoluteInput = path.isAbsolute(output);
  // Both separators count, on every platform: a model that writes `..\x.svg` means `..`.
  const segments = output.slice(absoluteInput ? path.parse(output).root.length : 0).split(/[\\/]+/).filter((s) => s.length > 0);
  for (const segment of segments) {
    if (segment === '..') return refuse(messages.outputDotDot(output));
    if (segment === '.') continue;
    if (Buffer.byteLength(segment, 'utf8') > MAX_NAME_BYTES) return refuse(messages.outputNameTooLong(segment, MAX_NAME_BYTES));
    if (DEVICE_NAME.test(segment)) return refuse(messages.outputDeviceName(segment));
    if (FORBIDDEN_IN_NAME.test(segment) || /[. ]$/.test(segment)) return refuse(messages.outputBadSegment(segment));
  }

  if (roots.length === 0) return refuse(messages.noRoots());
  const requested = absoluteInput ? path.resolve(output) : path.resolve(roots[0], output);

  // The target itself must be absent or a regular file (renaming over a symlink would
  // silently replace the link, which is never what was meant).
  const own = await lstatOrUndefined(requested);
  if (own?.isSymbolicLink()) return refuse(messages.outputIsSymlink(requested));
  if (own && !own.isFile()) return refuse(messages.outputNotAFile(requested));

  // Follow the nearest existing ancestor through every symlink; what is still missing
  // below it will be created as plain directories.
  let existing = path.dirname(requested);
  const missing: string[] = [path.basename(requested)];
  while ((await lstatOrUndefined(existing)) === undefined) {
    const parent = path.dirname(existing);
    if (parent === existing) break;
    missing.unshift(path.basename(existing));
    existing = parent;
  }
  let realAncestor: string;
  try {
    realAncestor = await realpath(existing);
    if (!(await stat(realAncestor)).isDirectory()) return refuse(messages.outputNotAFile(realAncestor));
  } catch {
    return refuse(messages.outputOutsideRoots(requested));
  }
  const realTarget = path.join(realAncestor, ...missing);
  const root = roots.find((r) => isInside(realTarget, r));
  if (root === undefined) {
    // Lexically inside a root yet really outside: a symlink led out.
    const viaSymlink = roots.some((r) => isInside(requested, r));
    return refuse(viaSymlink ? messages.outputSymlinkOut(requested, realTarget) : messages.outputOutsideRoots(requested));
  }

  const display = root === roots[0] ? path.relative(root, realTarget).split(path.sep).join('/') : realTarget;
  return { ok: true, target: { path: realTarget, root, display } };
}

/**
 * Writes `data` to a checked target atomically: missing parent folders are created (they
 * lie inside the root by construction), the bytes go to a temporary file in the same
 * folder, and a rename puts it in place, so readers never see a half-written SVG. The
 * parent's realpath is checked again after creating it, so a symlink swapped in between
 * the check and the write is refused. On failure the temporary file is removed and the
 * previous file, if any, is left untouched.
 */
export async function writeOutputAtomic(target: OutputTarget, data: string | Uint8Array): Promise<void> {
  const dir = path.dirname(target.path);
  await mkdir(dir, { recursive: true });
  const realDir = await realpath(dir);
  if (realDir !== dir || !isInside(path.join(realDir, path.basename(target.path)), target.root)) {
    throw new Error(`${dir} changed while writing (it now resolves to ${realDir})`);
  }
  const temp = path.join(dir, `.${path.basename(target.path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data, { flag: 'wx' });
    await rename(temp, target.path);
  } catch (err) {
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}

/** True when `child` is strictly below `root` (both absolute and normalised). */
export function isInside(child: string, root: string): boolean {
  const rel = path.relative(root, child);
  return rel.length > 0 && !rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel);
}

async function lstatOrUndefined(p: string) {
  try {
    return await lstat(p);
  } catch {
    return undefined;
  }
}

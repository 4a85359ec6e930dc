import { readFile } from 'node:fs/promises';
import { layoutFileName, parseLayoutFile, type DiagramLayout } from '../../core/layout';
import { checkPathInRoots } from '../pathSafety';
import type { ServerMessages } from '../serverMessages';
import { textTooLarge } from './checkDiagram';

/** What `render_diagram` draws: the diagram's text and the positions it keeps, or why it refuses. */
export type DiagramSource =
  | { ok: true; text: string; kept?: DiagramLayout; /** Said in the summary: a layout file beside the diagram that was not used. */ note?: string }
  | { ok: false; message: string };

export interface SourceInput {
  text?: string;
  /** A `.diagram` file inside the allowed roots, read instead of `text`; the layout file beside it is used. */
  path?: string;
  /** The layout file's content, given by the caller: it wins over the file beside `path`. */
  layout?: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text to draw and the kept layout, from either `text` (with the `layout` argument) or a
 * `.diagram` file at `path`, checked as an output path is (inside the roots, no `..`, no
 * symlink out) and read; its layout file (`NAME.diagram.layout.json`) is used when `layout`
 * is not given. A `layout` argument that does not parse is refused; a layout file beside the
 * diagram that does not parse is ignored and named in `note` (it is the user's file: nothing
 * overwrites it). Reads nothing outside the roots and writes nothing.
 */
export async function diagramSource(input: SourceInput, roots: readonly string[], messages: ServerMessages, maxTextBytes?: number): Promise<DiagramSource> {
  if ((input.text === undefined) === (input.path === undefined)) return { ok: false, message: messages.textOrPath(input.text !== undefined) };
  let kept: DiagramLayout | undefined;
  if (input.layout !== undefined) {
    const parsed = parseLayoutFile(input.layout);
    if (!parsed.ok) {
      const [first] = parsed.problems;
      return { ok: false, message: messages.invalidLayout(first!.line, first!.column, first!.message) };
    }
    if (parsed.file.kind === 'diagram') kept = parsed.file.layout;
  }
  if (input.text !== undefined) {
    const tooLarge = textTooLarge(input.text, maxTextBytes, messages);
    return tooLarge ? { ok: false, message: tooLarge } : { ok: true, text: input.text, kept };
  }

  const checked = await checkPathInRoots(input.path!, roots, messages, { pattern: /\.diagram$/i, refuse: messages.pathNotDiagram });
  if (!checked.ok) return { ok: false, message: checked.message };
  const bytes = await read(checked.target.path);
  if (typeof bytes === 'string') return { ok: false, message: messages.diagramUnreadable(checked.target.display, bytes) };
  let text: string;
  try {
    text = utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return { ok: false, message: messages.diagramUnreadable(checked.target.display, 'encoding') };
  }
  const tooLarge = textTooLarge(text, maxTextBytes, messages);
  if (tooLarge) return { ok: false, message: tooLarge };
  if (input.layout !== undefined) return { ok: true, text, kept };

  // The layout file beside it is checked like the diagram: a symlink out of the roots is not followed.
  const name = layoutFileName(checked.target.display);
  const beside = await checkPathInRoots(layoutFileName(checked.target.path), roots, messages, { pattern: /\.layout\.json$/i, refuse: messages.pathNotDiagram });
  if (!beside.ok) return { ok: true, text };
  const layoutBytes = await read(beside.target.path);
  if (typeof layoutBytes === 'string') return { ok: true, text };
  const parsed = parseLayoutFile(Buffer.from(layoutBytes).toString('utf8'));
  if (!parsed.ok) {
    const [first] = parsed.problems;
    return { ok: true, text, note: messages.layoutBesideIgnored(name, first!.line, first!.column, first!.message) };
  }
  return { ok: true, text, kept: parsed.file.kind === 'diagram' ? parsed.file.layout : undefined };
}

/** The file's bytes, or why it cannot be read (see `diagramUnreadable`). */
async function read(path: string): Promise<Uint8Array | string> {
  try {
    return await readFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'missing' : code === 'EISDIR' ? 'directory' : (err as Error).message;
  }
}

// Plain Node (no `vscode`): unit-tested in test/extension/chat.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DIAGRAM_VIEW_META_KEY } from '../../protocol/mcpAppMessages';
import { isInside } from '../../mcpServer/pathSafety';
import type { ToolFileView } from '../../protocol/index';

const DIAGRAM_FILE = /\.diagram$/i;
/** Longest path a card keeps (what no file system exceeds). */
const MAX_PATH_CHARS = 4096;

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function fileView(path: unknown, display: unknown): ToolFileView | undefined {
  if (typeof path !== 'string' || !isAbsolute(path) || !DIAGRAM_FILE.test(path) || path.length > MAX_PATH_CHARS || path.includes('\0')) return undefined;
  return { path, display: typeof display === 'string' && display.trim() ? display.slice(0, MAX_PATH_CHARS) : path };
}

/**
 * The `.diagram` file a tool's result names, for its card's "Open file" and "Open preview":
 * the source of the drawing in `_meta["archflow/diagram"]` (write_diagram, show_diagram), else
 * the `file:` URI and path of the editor tools' structured answer (read_diagram, and every
 * write). Only an absolute path ending in `.diagram`; anything else names none. Says nothing
 * about where the file is: {@link openableDiagram} decides that when the user clicks.
 */
export function diagramFileOf(result: CallToolResult | undefined): ToolFileView | undefined {
  if (!result) return undefined;
  const source = record(record(record(result._meta)?.[DIAGRAM_VIEW_META_KEY])?.source);
  const fromView = source && fileView(source.path, source.display);
  if (fromView) return fromView;
  const structured = record(result.structuredContent);
  if (typeof structured?.uri !== 'string' || !structured.uri.startsWith('file:')) return undefined;
  try {
    return fileView(fileURLToPath(structured.uri), structured.path);
  } catch {
    return undefined;
  }
}

/**
 * The real path of `path` when it is a `.diagram` file (a regular one) that exists inside one of `folders`,
 * symbolic links resolved on both sides (a link that leads out is refused); undefined
 * otherwise. What a card asks to open is checked here, whoever wrote the result.
 */
export async function openableDiagram(path: string, folders: readonly string[]): Promise<string | undefined> {
  if (!isAbsolute(path) || !DIAGRAM_FILE.test(path) || path.includes('\0')) return undefined;
  const real = await realpath(path).catch(() => undefined);
  if (!real || !DIAGRAM_FILE.test(real) || !(await stat(real).then((s) => s.isFile(), () => false))) return undefined;
  for (const folder of folders) {
    const root = await realpath(folder).catch(() => undefined);
    if (root && isInside(real, root)) return real;
  }
  return undefined;
}

import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

let serial = 0;

/**
 * Writes `text` to `path` whole or not at all (a temporary file beside it, then a rename), its
 * folder made if need be. The desktop host writes the Markdown preview's late drawings with
 * this rather than `vscode.workspace.fs`: under code-server each of those calls is a round trip
 * through the workbench, and the four of a two-palette drawing took 0.5-0.7 s that the preview
 * spent waiting (docs/benchmarks.md, "Diagram fences in VS Code's Markdown preview").
 */
export async function writeWholeFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}-${serial++}.tmp`;
  await writeFile(tmp, text, 'utf8');
  await rename(tmp, path);
}

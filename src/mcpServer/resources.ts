import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { iconToSvg, type IconCatalog } from '../core/icons';

const EXAMPLE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/**
 * The bundled `examples` folder: `ARCHFLOW_EXAMPLES_DIR` when set, else `examples` under
 * the nearest ancestor of `from` that holds the `archflow` package.json (the repository,
 * or the installed package next to `dist/`). Undefined when there is none.
 */
export function locateExamplesDir(env: Record<string, string | undefined> = process.env, from: string = __dirname): string | undefined {
  if (env.ARCHFLOW_EXAMPLES_DIR) return env.ARCHFLOW_EXAMPLES_DIR;
  for (let dir = from; ; dir = dirname(dir)) {
    if (isArchflowRoot(dir)) {
      const examples = join(dir, 'examples');
      return existsSync(examples) ? examples : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Names (file names without `.diagram`) of the examples in `dir`, sorted; [] when unreadable. */
export async function listExamples(dir: string | undefined): Promise<string[]> {
  if (!dir) return [];
  try {
    const files = await readdir(dir);
    return files
      .filter((f) => f.endsWith('.diagram'))
      .map((f) => f.slice(0, -'.diagram'.length))
      .filter((n) => EXAMPLE_NAME.test(n))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The text of example `name`, or undefined when no such example exists. Only names that
 * {@link listExamples} gives are read, so a name can never reach outside `dir`.
 */
export async function readExample(dir: string | undefined, name: string): Promise<string | undefined> {
  if (!EXAMPLE_NAME.test(name) || !(await listExamples(dir)).includes(name)) return undefined;
  return readFile(join(dir as string, `${name}.diagram`), 'utf8');
}

/** One icon as a standalone SVG document, or undefined when the catalog lacks it. */
export async function readIconSvg(catalog: IconCatalog, prefix: string, name: string, size = 48): Promise<string | undefined> {
  const id = `${prefix}:${name}`;
  if (!catalog.has(id)) return undefined;
  const data = (await catalog.load([id]))[id];
  return data ? iconToSvg(data, { size }) : undefined;
}

/** True when `dir` holds the `archflow` package.json (the repository, or the installed package). */
export function isArchflowRoot(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'archflow';
  } catch {
    return false;
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createIconCatalog, type IconCatalog, type IconIndex, type IconShard, type IconSource } from '../core/icons';

/**
 * An IconSource over a `dist/icons` folder written by `scripts/buildIcons.mjs`. Reads and
 * parses `index.json` now; shards are read only when the catalog asks for them, and only
 * for prefixes and shard numbers the index lists (nothing outside `dir` is ever read).
 * Rejects with a message naming `npm run build` when the index is missing or unreadable.
 */
export async function createFileIconSource(dir: string): Promise<IconSource> {
  const indexPath = join(dir, 'index.json');
  let index: IconIndex;
  try {
    index = JSON.parse(await readFile(indexPath, 'utf8')) as IconIndex;
  } catch (err) {
    throw new Error(`cannot read the icon catalog at ${indexPath} (${(err as Error).message}); run \`npm run build\` to generate dist/icons`);
  }
  if (index?.version !== 1 || !Array.isArray(index.sets)) {
    throw new Error(`unsupported icon catalog at ${indexPath}; run \`npm run build\` to regenerate dist/icons`);
  }
  const shardCounts = new Map(index.sets.map((s) => [s.prefix, s.shardCount]));
  return {
    index,
    async loadShard(prefix: string, shard: number): Promise<IconShard> {
      const count = shardCounts.get(prefix);
      if (count === undefined || !Number.isInteger(shard) || shard < 0 || shard >= count) {
        throw new RangeError(`no icon shard ${prefix}/${shard}`);
      }
      return JSON.parse(await readFile(join(dir, prefix, `${shard}.json`), 'utf8')) as IconShard;
    },
  };
}

/**
 * Finds `dist/icons`: next to the running bundle (`dist/cli.js`, `dist/extension.js`), or,
 * when running from sources, under the nearest ancestor holding the `archflow`
 * package.json. `ARCHFLOW_ICONS_DIR` overrides both. Throws a message naming
 * `npm run build` when no catalog is found.
 */
export function locateIconsDir(env: Record<string, string | undefined> = process.env, from: string = __dirname): string {
  const override = env.ARCHFLOW_ICONS_DIR;
  if (override) return override;
  const besideBundle = join(from, 'icons');
  if (existsSync(join(besideBundle, 'index.json'))) return besideBundle;
  for (let dir = from; ; dir = dirname(dir)) {
    if (isArchflowRoot(dir)) {
      const built = join(dir, 'dist', 'icons');
      if (existsSync(join(built, 'index.json'))) return built;
      throw new Error(`the icon catalog ${built} is missing; run \`npm run build\` to generate it`);
    }
    if (dirname(dir) === dir) break;
  }
  throw new Error(`no icon catalog found near ${from}; run \`npm run build\` to generate dist/icons`);
}

function isArchflowRoot(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'archflow';
  } catch {
    return false;
  }
}

let shared: Promise<IconCatalog> | undefined;

/**
 * The process-wide icon catalog, created on first use from `locateIconsDir()`; later calls
 * share it (and its shard cache). A failed attempt is not remembered, so running the
 * build and calling again succeeds.
 */
export function getIconCatalog(): Promise<IconCatalog> {
  if (!shared) {
    const attempt = (async () => createIconCatalog(await createFileIconSource(locateIconsDir())))();
    attempt.catch(() => {
      if (shared === attempt) shared = undefined;
    });
    shared = attempt;
  }
  return shared;
}

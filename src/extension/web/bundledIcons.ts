import * as vscode from 'vscode';
import { createIconCatalog, type IconCatalog, type IconIndex, type IconShard } from '../../core/icons/index';


/**
 * The icon catalog from the extension's own `dist/icons` (written by `scripts/buildIcons.mjs`),
 * read through `vscode.workspace.fs`, which works on every host, the web one included. Shards
 * are read only when the catalog asks for them, and only those the index lists. Rejects with a
 * message naming the file when the index cannot be read.
 */
export async function loadBundledIconCatalog(extensionUri: vscode.Uri): Promise<IconCatalog> {
  const dir = vscode.Uri.joinPath(extensionUri, 'dist', 'icons');
  const readJson = async <T>(uri: vscode.Uri): Promise<T> => JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))) as T;
  const indexUri = vscode.Uri.joinPath(dir, 'index.json');
  let index: IconIndex;
  try {
    index = await readJson<IconIndex>(indexUri);
  } catch (err) {
    throw new Error(`cannot read the icon catalog at ${indexUri.toString()} (${(err as Error).message})`);
  }
  const shardCounts = new Map(index.sets.map((s) => [s.prefix, s.shardCount]));
  return createIconCatalog({
    index,
    loadShard(prefix: string, shard: number): Promise<IconShard> {
      const count = shardCounts.get(prefix);
      if (count === undefined || !Number.isInteger(shard) || shard < 0 || shard >= count) {
        return Promise.reject(new RangeError(`no icon shard ${prefix}/${shard}`));
      }
      return readJson<IconShard>(vscode.Uri.joinPath(dir, prefix, `${shard}.json`));
    },
  });
}

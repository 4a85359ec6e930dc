/**
 * The diagrams the preview benchmarks edit (`npm run bench -- --only webview` and
 * `npm run bench:vscode`): `n` nodes in groups of ten, chained inside each group, groups
 * chained by their first node; every third node has an icon, every fourth connection is
 * animated. An edit renames the first node's label, which changes its width and so moves
 * most of the drawing, as typing in a label does.
 */
import { parseDiagram } from '../src/core/language/index';
import { layoutDiagram } from '../src/core/layout/index';
import type { Scene } from '../src/core/scene';
import { getIconCatalog } from '../src/node/iconStore';

const ICONS = ['logos:nodejs-icon', 'logos:postgresql', 'logos:redis', 'lucide:server', 'mdi:database'];

export function generatePreviewDiagram(n: number): string {
  const lines = [`diagram "Bench ${n}"`, 'direction LR', ''];
  const groups = Math.ceil(n / 10);
  for (let g = 0; g < groups; g++) {
    lines.push(`g${g} = group "Group ${g}" {`);
    for (let i = g * 10; i < Math.min(n, g * 10 + 10); i++) {
      lines.push(`  n${i} = rectangle "Node ${i}"${i % 3 === 0 ? ` icon=${ICONS[i % ICONS.length]}` : ''}`);
    }
    lines.push('}');
  }
  for (let g = 0; g < groups; g++) {
    for (let i = g * 10; i < Math.min(n, g * 10 + 10) - 1; i++) lines.push(`n${i} -> n${i + 1}${i % 4 === 0 ? ' anim=packets' : ''}`);
    if (g + 1 < groups) lines.push(`n${g * 10} -> n${(g + 1) * 10} "next"`);
  }
  return `${lines.join('\n')}\n`;
}

/** The line that edit `i` puts in place of the first node's declaration. */
export function editedFirstNode(i: number): string {
  return `  n0 = rectangle "Node 0 edit ${i}" icon=logos:nodejs-icon`;
}

/** `text` after edit `i` (see {@link editedFirstNode}). */
export function applyFirstNodeEdit(text: string, i: number): string {
  return text.replace(/^ {2}n0 = rectangle .*$/m, editedFirstNode(i));
}

/**
 * The core's own work for `text`, in this thread: parse, icon loading and layout, timed
 * without the catalog's one-time load. The anchor the preview benchmarks measure against.
 */
export async function coreScene(text: string): Promise<{ scene: Scene; ms: number }> {
  const catalog = await getIconCatalog();
  const t0 = performance.now();
  const { model } = parseDiagram(text, { icons: catalog });
  const ids = [...new Set(model.elements.flatMap((e) => (e.icon ? [e.icon] : [])))];
  const scene = await layoutDiagram(model, await catalog.load(ids));
  return { scene, ms: performance.now() - t0 };
}

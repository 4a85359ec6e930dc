/**
 * A Markdown document's layout file (`NAME.md.layout.json`) with one fence's entry written:
 * what moving a box in a fence's preview saves. Pure, so the merge is unit-tested.
 */
import { mergeLayout, serializeLayoutFile, type DiagramLayout, type LayoutFile } from '../../core/layout/layoutFile';
import type { DiagramModel } from '../../core/model';

/**
 * The text of `current` (the file as read; undefined when there is none yet) with the entry
 * `name` set to `layout`, without what `model` no longer has; every other entry as it was, in
 * the serializer's stable format (the same one `archflow layout FILE.md --keep` writes).
 */
export function fenceLayoutFileText(current: LayoutFile | undefined, name: string, layout: DiagramLayout, model: DiagramModel): string {
  const diagrams = new Map(current?.kind === 'markdown' ? current.diagrams : []);
  diagrams.set(name, mergeLayout(layout, model).layout);
  return serializeLayoutFile({ kind: 'markdown', diagrams });
}

import { formatLine, type DiagramText } from './diagramText';
import { LineEditor } from './lineEditor';
import { alignToLineAbove } from './addElement';
import { membersOf } from './deleteElements';
import { EditRefused, runPictureEdit, type EditContext, type PictureEditOptions, type PictureEditResult } from './pictureEdit';
import { leading } from './statements';

function moveOne(doc: DiagramText, ctx: EditContext, id: string, groupId: string | undefined): string {
  const e = doc.declared(id);
  if (!e) throw new EditRefused(ctx.l10n.t("'{0}' is not declared in the text, so it has no line to edit.", id));
  if (e.parent === groupId) return doc.text;
  const group = groupId === undefined ? undefined : doc.declared(groupId);
  if (groupId !== undefined && group?.kind !== 'group') throw new EditRefused(ctx.l10n.t("'{0}' is not a group.", groupId));
  if (group && (group.id === id || (e.kind === 'group' && membersOf(doc, e).includes(group.id)))) throw new EditRefused(ctx.l10n.t('A group cannot go inside itself.'));
  const first = e.range.line - 1;
  const last = e.range.endLine - 1;
  const newDepth = group ? doc.depth(group.range.line - 1) + 1 : 0;
  const shift = newDepth - doc.depth(first);
  const moved: string[] = [];
  for (let i = first; i <= last; i++) {
    const text = doc.lines[i]!;
    const body = text.slice(leading(text).length);
    moved.push(body ? doc.indent(doc.depth(i) + shift) + body : '');
  }
  const editor = new LineEditor(doc);
  for (let i = first; i <= last; i++) editor.remove(i);
  let after = group ? group.range.endLine - 2 : doc.lastTopLevelLine();
  // Out to the top level from the last group: after that group, not inside the moved lines.
  if (after >= first && after <= last) after = first - 1;
  if (e.kind === 'node') {
    const indent = doc.indent(newDepth);
    moved[0] = indent + alignToLineAbove(doc, after, indent, formatLine(moved[0]!.trimStart()));
  }
  if (group) editor.insertBefore(group.range.endLine - 1, moved);
  else editor.insertAfter(after, moved);
  return editor.text();
}

/** Move into or out of a group (no group: the top level), several elements in order. */
export function moveText(doc: DiagramText, ctx: EditContext, ids: readonly string[], groupId: string | undefined): string {
  let text = doc.text;
  for (const id of ids) text = moveOne(ctx.read(text), ctx, id, groupId);
  return text;
}

export function moveToGroup(text: string, ids: readonly string[], groupId: string | undefined, options: PictureEditOptions = {}): PictureEditResult {
  return runPictureEdit(text, options, (doc, ctx) => moveText(doc, ctx, ids, groupId));
}

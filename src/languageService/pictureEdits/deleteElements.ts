import type { GroupDecl } from '../../core/model';
import { lookupWord } from '../../core/language/index';
import type { DiagramText } from './diagramText';
import { LineEditor } from './lineEditor';
import { EditRefused, runPictureEdit, type EditContext, type PictureEditOptions, type PictureEditResult } from './pictureEdit';
import { leading, removeConnections, removeIdsFromConnections, removeStatementLine } from './statements';

export interface DeleteRequest {
  /** Nodes and groups, by id. */
  elements?: readonly string[];
  /** Connections, by model id. */
  connections?: readonly string[];
  /** For a group: keep its members (moved out, one level up) or delete them with it. */
  groups?: 'keepMembers' | 'deleteMembers';
}

/** Every id declared inside a group, at any depth. */
export function membersOf(doc: DiagramText, group: GroupDecl): string[] {
  const out: string[] = [];
  for (const id of group.children) {
    out.push(id);
    const child = doc.element(id);
    if (child?.kind === 'group') out.push(...membersOf(doc, child));
  }
  return out;
}

function isDirectionLine(doc: DiagramText, line: number): boolean {
  const first = doc.tokens(line).tokens[0];
  return !!first && doc.tokens(line).tokens[1]?.kind !== 'equals' && lookupWord(first.text).some((m) => m.category === 'statement' && m.entry.value === 'direction');
}

function deleteOne(doc: DiagramText, id: string, mode: DeleteRequest['groups']): string {
  const editor = new LineEditor(doc);
  const e = doc.element(id)!;
  if (e.kind === 'node') {
    if (!e.implicit) removeStatementLine(editor, e.range.line - 1);
    removeIdsFromConnections(editor, new Set([id]));
    return editor.text();
  }
  const first = e.range.line - 1;
  const last = e.range.endLine - 1;
  if (mode === 'deleteMembers') {
    for (let i = first; i <= last; i++) editor.remove(i);
    removeIdsFromConnections(editor, new Set([id, ...membersOf(doc, e)]), (line) => line >= first && line <= last);
    return editor.text();
  }
  removeStatementLine(editor, first);
  removeStatementLine(editor, last);
  const inner = doc.depth(first) + 1;
  for (let i = first + 1; i < last; i++) {
    // The group's own direction would become the parent's: it goes with the group.
    if (doc.depth(i) === inner && isDirectionLine(doc, i)) {
      removeStatementLine(editor, i);
      continue;
    }
    const text = doc.lines[i]!;
    if (text.trim()) editor.replace(i, doc.indent(doc.depth(i) - 1) + text.slice(leading(text).length));
  }
  removeIdsFromConnections(editor, new Set([id]));
  return editor.text();
}

export function deleteText(doc: DiagramText, ctx: EditContext, req: DeleteRequest): string {
  const connections = new Set(req.connections ?? []);
  for (const id of connections) if (!doc.model.connections.some((c) => c.id === id)) throw new EditRefused(ctx.l10n.t('That connection is no longer in the text.'));
  for (const id of req.elements ?? []) if (!doc.element(id)) throw new EditRefused(ctx.l10n.t("'{0}' is not an element of this diagram.", id));
  const hasGroup = (req.elements ?? []).some((id) => doc.element(id)?.kind === 'group');
  if (hasGroup && !req.groups) throw new EditRefused(ctx.l10n.t('Say whether the group’s members are kept or deleted with it.'));
  let text = doc.text;
  if (connections.size) {
    const editor = new LineEditor(doc);
    removeConnections(editor, connections);
    text = editor.text();
  }
  for (const id of req.elements ?? []) {
    const current = ctx.read(text);
    // Already gone with a group deleted before it.
    if (!current.element(id)) continue;
    text = deleteOne(current, id, req.groups);
  }
  return text;
}

/** Delete: nodes with their connections, connections, groups keeping or deleting their members. */
export function deleteElements(text: string, req: DeleteRequest, options: PictureEditOptions = {}): PictureEditResult {
  return runPictureEdit(text, options, (doc, ctx) => deleteText(doc, ctx, req));
}

import type { Token } from '../../core/language/index';
import { quoteLabel, spliceLine, tokenEnd, type DiagramText } from './diagramText';
import { LineEditor } from './lineEditor';
import { EditRefused, runPictureEdit, type EditContext, type PictureEditOptions, type PictureEditResult } from './pictureEdit';
import { readConnection } from './statements';

/** An element (node or group) by id, or a connection by its model id (`c0`, `c1`…). */
export type EditTarget = { element: string } | { connection: string };

/** The line a target is written on (a group's header line), 0-based. */
export function targetLine(doc: DiagramText, ctx: EditContext, target: EditTarget): number {
  if ('element' in target) {
    const e = doc.declared(target.element);
    if (!e) throw new EditRefused(ctx.l10n.t("'{0}' is not declared in the text, so it has no line to edit.", target.element));
    return e.range.line - 1;
  }
  const c = doc.model.connections.find((x) => x.id === target.connection);
  if (!c) throw new EditRefused(ctx.l10n.t('That connection is no longer in the text.'));
  return c.range.line - 1;
}

/** The label's string token on a statement line (a string not after `=`), if written. */
export function labelToken(tokens: readonly Token[]): Token | undefined {
  return tokens.find((t, i) => t.kind === 'string' && i > 0 && tokens[i - 1]!.kind !== 'equals');
}

/** The token after which a missing label goes: the shape (or an icon node's icon id), the group keyword, or a connection's last end. */
function labelAnchor(doc: DiagramText, line: number, target: EditTarget): Token {
  const toks = doc.tokens(line).tokens;
  if ('connection' in target) {
    const st = readConnection(doc, line)!;
    const last = st.lists[st.lists.length - 1]!;
    return last[last.length - 1]!;
  }
  const e = doc.declared(target.element)!;
  return e.kind === 'node' && e.shape === 'icon' && toks[3]?.kind === 'word' ? toks[3] : toks[2]!;
}

export function renameLabelText(doc: DiagramText, ctx: EditContext, target: EditTarget, label: string): string {
  const line = targetLine(doc, ctx, target);
  const toks = doc.tokens(line).tokens;
  const text = doc.lines[line]!;
  const current = labelToken(toks);
  const editor = new LineEditor(doc);
  if (label === '') {
    // No label: a node shows its id, a connection nothing.
    if (current) editor.replace(line, spliceLine(text, toks[toks.indexOf(current) - 1]!.offset + toks[toks.indexOf(current) - 1]!.text.length, tokenEnd(current), ''));
  } else if (current) {
    editor.replace(line, spliceLine(text, current.offset, tokenEnd(current), quoteLabel(label)));
  } else {
    const anchor = labelAnchor(doc, line, target);
    editor.replace(line, spliceLine(text, tokenEnd(anchor), tokenEnd(anchor), ` ${quoteLabel(label)}`));
  }
  return editor.text();
}

/** Rename in place: the label string of a node, group or connection changes, escaped. */
export function renameLabel(text: string, target: EditTarget, label: string, options: PictureEditOptions = {}): PictureEditResult {
  return runPictureEdit(text, options, (doc, ctx) => renameLabelText(doc, ctx, target, label));
}

import { formatLine, quoteLabel, type DiagramText } from './diagramText';
import { LineEditor } from './lineEditor';
import { EditRefused, runPictureEdit, type EditContext, type PictureEditOptions, type PictureEditResult } from './pictureEdit';
import { leading } from './statements';

export interface ConnectRequest {
  source: string;
  target: string;
  label?: string;
}

/** Checks that both ends are elements of the diagram and differ. */
export function requireEnds(doc: DiagramText, ctx: EditContext, source: string, target: string): void {
  for (const id of [source, target]) if (!doc.element(id)) throw new EditRefused(ctx.l10n.t("'{0}' is not an element of this diagram.", id));
  if (source === target) throw new EditRefused(ctx.l10n.t('A connection needs two different elements.'));
}

/**
 * The text with `source -> target` added: after the source's last connection, else after the
 * last connection, else after the last top-level declaration, at that line's indentation.
 */
export function connectText(doc: DiagramText, ctx: EditContext, req: ConnectRequest): string {
  requireEnds(doc, ctx, req.source, req.target);
  const lastLine = (pred: (source: string) => boolean) => Math.max(-1, ...doc.model.connections.filter((c) => pred(c.source)).map((c) => c.range.endLine - 1));
  let after = lastLine((s) => s === req.source);
  if (after < 0) after = lastLine(() => true);
  const indent = after >= 0 ? leading(doc.lines[after]!) : '';
  if (after < 0) after = doc.lastTopLevelLine();
  const code = formatLine(`${req.source} -> ${req.target}${req.label ? ` ${quoteLabel(req.label)}` : ''}`);
  const editor = new LineEditor(doc);
  editor.insertAfter(after, [indent + code]);
  return editor.text();
}

/** Connect: drag from one element's handle to another. */
export function connectElements(text: string, req: ConnectRequest, options: PictureEditOptions = {}): PictureEditResult {
  return runPictureEdit(text, options, (doc, ctx) => connectText(doc, ctx, req));
}

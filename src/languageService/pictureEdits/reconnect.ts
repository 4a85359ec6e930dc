import { spliceLine, type DiagramText } from './diagramText';
import { requireEnds } from './connect';
import { LineEditor } from './lineEditor';
import { EditRefused, runPictureEdit, type EditContext, type PictureEditOptions, type PictureEditResult } from './pictureEdit';
import { leading, readConnection, removeConnections, singleConnectionCode } from './statements';

export interface ReconnectRequest {
  connection: string;
  /** Which end was dragged. */
  end: 'source' | 'target';
  /** The element it was dropped on. */
  to: string;
}

export function reconnectText(doc: DiagramText, ctx: EditContext, req: ReconnectRequest): string {
  const c = doc.model.connections.find((x) => x.id === req.connection);
  if (!c) throw new EditRefused(ctx.l10n.t('That connection is no longer in the text.'));
  const source = req.end === 'source' ? req.to : c.source;
  const target = req.end === 'target' ? req.to : c.target;
  requireEnds(doc, ctx, source, target);
  const line = c.range.line - 1;
  const range = req.end === 'source' ? c.sourceRange : c.targetRange;
  const shared = doc.model.connections.some((o) => o !== c && o.range.line === c.range.line && [o.sourceRange, o.targetRange].some((r) => r.column === range.column));
  const editor = new LineEditor(doc);
  if (!shared) {
    // The end's id is written for this connection alone: only that word changes.
    editor.replace(line, spliceLine(doc.lines[line]!, range.column - 1, range.endColumn - 1, req.to));
    return editor.text();
  }
  // The word also ends other connections (a list or a chain): this one leaves the statement for a line of its own.
  const code = singleConnectionCode(readConnection(doc, line)!, c, { end: req.end, id: req.to })!;
  removeConnections(editor, new Set([c.id]));
  editor.insertAfter(line, [leading(doc.lines[line]!) + code]);
  return editor.text();
}

/** Reconnect: drag one end of a connection to another element. */
export function reconnect(text: string, req: ReconnectRequest, options: PictureEditOptions = {}): PictureEditResult {
  return runPictureEdit(text, options, (doc, ctx) => reconnectText(doc, ctx, req));
}

import * as vscode from 'vscode';
import type { PictureEditMessage, PictureEditRefusedMessage } from '../../protocol/index';
import type { PictureEditOptions, PictureEditResult } from '../../languageService/pictureEdits/index';
import type { SourceText } from '../preview/diagramSource';
import { toVsTextEdit } from '../language/lspTypes';
import { displayLocale } from '../locale';
import { gestureEdit } from './gestureEdit';

/** The locale and strings of refusals: VS Code's display language. */
export function pictureEditOptions(): PictureEditOptions {
  return { locale: displayLocale(), l10n: vscode.l10n };
}

/** The diagram an edit is made on: the whole document, or a Markdown fence's text, whose edits are shifted into the document. */
export type EditPlace = Pick<SourceText, 'getText' | 'toDocumentEdits'>;

/**
 * Applies an edit made from the diagram's text (`place`, default the whole document) as one
 * WorkspaceEdit of the document: one undo step, seen by the Problems panel, git and the chat
 * like any typing. A refused edit writes nothing.
 */
export async function applyPictureEdit(document: vscode.TextDocument, edit: (text: string) => PictureEditResult, place?: EditPlace): Promise<PictureEditResult> {
  const result = edit(place ? place.getText() : document.getText());
  if (!result.ok || !result.edits.length) return result;
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.set(document.uri, (place ? place.toDocumentEdits(result.edits) : result.edits).map(toVsTextEdit));
  if (!(await vscode.workspace.applyEdit(workspaceEdit))) return { ok: false, reason: vscode.l10n.t('VS Code did not apply the edit (is the file read-only?).') };
  return result;
}

/**
 * A gesture from the preview: refused when the text changed since the drawing it was made on
 * (connection ids may have moved), else applied to the diagram's text (`place`: a Markdown
 * fence's; default the whole document); a refusal goes back to the preview to show.
 */
export async function applyPreviewGesture(
  document: vscode.TextDocument,
  message: PictureEditMessage,
  post: (m: PictureEditRefusedMessage) => void,
  place?: EditPlace,
): Promise<PictureEditResult> {
  const result =
    document.version !== message.version
      ? { ok: false as const, reason: vscode.l10n.t('The text changed since the picture was drawn; try again.') }
      : await applyPictureEdit(document, (text) => gestureEdit(text, message.gesture, pictureEditOptions()), place);
  if (!result.ok) post({ type: 'pictureEditRefused', uri: message.uri, reason: result.reason });
  return result;
}

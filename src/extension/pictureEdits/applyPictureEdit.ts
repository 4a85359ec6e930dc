import * as vscode from 'vscode';
import type { PictureEditMessage, PictureEditRefusedMessage } from '../../protocol/index';
import type { PictureEditOptions, PictureEditResult } from '../../languageService/pictureEdits/index';
import { toVsTextEdit } from '../language/lspTypes';
import { displayLocale } from '../locale';
import { gestureEdit } from './gestureEdit';

/** The locale and strings of refusals: VS Code's display language. */
export function pictureEditOptions(): PictureEditOptions {
  return { locale: displayLocale(), l10n: vscode.l10n };
}

/**
 * Applies an edit made from the document's text as one WorkspaceEdit: one undo step, seen by
 * the Problems panel, git and the chat like any typing. A refused edit writes nothing.
 */
export async function applyPictureEdit(document: vscode.TextDocument, edit: (text: string) => PictureEditResult): Promise<PictureEditResult> {
  const result = edit(document.getText());
  if (!result.ok || !result.edits.length) return result;
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.set(document.uri, result.edits.map(toVsTextEdit));
  if (!(await vscode.workspace.applyEdit(workspaceEdit))) return { ok: false, reason: vscode.l10n.t('VS Code did not apply the edit (is the file read-only?).') };
  return result;
}

/**
 * A gesture from the preview: refused when the text changed since the drawing it was made on
 * (connection ids may have moved), else applied; a refusal goes back to the preview to show.
 */
export async function applyPreviewGesture(document: vscode.TextDocument, message: PictureEditMessage, post: (m: PictureEditRefusedMessage) => void): Promise<PictureEditResult> {
  const result =
    document.version !== message.version
      ? { ok: false as const, reason: vscode.l10n.t('The text changed since the picture was drawn; try again.') }
      : await applyPictureEdit(document, (text) => gestureEdit(text, message.gesture, pictureEditOptions()));
  if (!result.ok) post({ type: 'pictureEditRefused', uri: message.uri, reason: result.reason });
  return result;
}

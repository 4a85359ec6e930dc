import * as vscode from 'vscode';
import { DIAGNOSTIC_SOURCE } from '../language/diagnosticsManager';
import type { CommandManager } from '../util/commandManager';
import { isDiagramDocument } from '../util/diagramDocument';
import type { ChatServices } from './chatServices';

export const FIX_WITH_CHAT = 'archflow.fixDiagramWithChat';
export const ASK_ABOUT_DIAGRAM = 'archflow.askAboutDiagram';

/**
 * "Fix with ArchFlow" on the errors of a `.diagram` file: one quick fix (never preferred, so
 * auto-fix keeps applying the text's own suggestions) that opens the chat with the file and
 * its problems attached.
 */
export class FixWithChatActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  provideCodeActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (context.only && !vscode.CodeActionKind.QuickFix.contains(context.only) && !context.only.contains(vscode.CodeActionKind.QuickFix)) return [];
    const errors = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE && d.severity === vscode.DiagnosticSeverity.Error);
    if (errors.length === 0) return [];
    const title = vscode.l10n.t('Fix with ArchFlow');
    const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
    action.command = { command: FIX_WITH_CHAT, title, arguments: [document.uri] };
    action.diagnostics = errors;
    return [action];
  }
}

/**
 * The ways from a `.diagram` editor into the chat: "Fix with ArchFlow" (quick fix and
 * command) and "Ask ArchFlow about this diagram" (editor title and context menus). Both open
 * the chat with the document as the editor holds it and its problems attached; the fix also
 * drafts the request. Neither sends anything: the user does.
 */
export function registerAskFromEditor(services: () => Promise<ChatServices>, commands: CommandManager, reveal: () => Thenable<unknown>): vscode.Disposable {
  const open = async (arg: unknown, draft: (name: string) => string | undefined) => {
    const doc = await targetDocument(arg);
    await reveal();
    const s = await services();
    const attachment = await s.diagramAttachment(doc);
    await s.controller.compose([attachment], draft(attachment.view.detail ?? attachment.view.label));
  };
  commands.add({ id: FIX_WITH_CHAT, execute: (arg?: unknown) => open(arg, (name) => vscode.l10n.t('Fix the problems in {0}.', name)) });
  commands.add({ id: ASK_ABOUT_DIAGRAM, execute: (arg?: unknown) => open(arg, () => undefined) });
  return vscode.languages.registerCodeActionsProvider({ language: 'archflow' }, new FixWithChatActions(), FixWithChatActions.metadata);
}

/** The document a command acts on: the URI it was given (menus pass it), else the active `.diagram` editor's. */
async function targetDocument(arg: unknown): Promise<vscode.TextDocument> {
  if (arg instanceof vscode.Uri) return vscode.workspace.openTextDocument(arg);
  const editor = vscode.window.activeTextEditor;
  if (editor && isDiagramDocument(editor.document)) return editor.document;
  throw new Error(vscode.l10n.t('Open a .diagram file first.'));
}

import * as vscode from 'vscode';
import type { LanguageService } from '../../languageService/index';
import { fromVsDiagnostic, fromVsRange, serviceDocument, toVsWorkspaceEdit } from './lspTypes';

/**
 * The language service's quick fixes (one per suggestion of each diagnostic, the first
 * preferred), each tied to the Problems panel entry it fixes.
 */
export class QuickFixProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly language: LanguageService) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (context.only && !vscode.CodeActionKind.QuickFix.contains(context.only) && !context.only.contains(vscode.CodeActionKind.QuickFix)) return [];
    const shown = context.diagnostics.map(fromVsDiagnostic);
    return this.language.codeActions(serviceDocument(document), fromVsRange(range), { diagnostics: shown }).map((a) => {
      const action = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
      if (a.edit) action.edit = toVsWorkspaceEdit(a.edit, document.uri);
      const fixed = a.diagnostics?.[0];
      if (fixed) action.diagnostics = [context.diagnostics[shown.indexOf(fixed)]!];
      action.isPreferred = a.isPreferred ?? false;
      return action;
    });
  }
}

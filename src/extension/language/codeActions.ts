import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/model';
import { DIAGNOSTIC_SOURCE } from './diagnostics';
import { toVsRange } from '../util/ranges';

/**
 * One quick fix per suggestion of every diagnostic in the requested range, the first
 * suggestion of each diagnostic marked preferred (so "Fix all"/auto-fix picks it). Fixes
 * come from the same cached parse that fed the Problems panel (`diagnosticsOf`: a
 * `.diagram` document's, or the fences' of a Markdown document, positioned in it), matched
 * to the panel's entries by code and range.
 */
export class QuickFixProvider implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly diagnosticsOf: (document: vscode.TextDocument) => readonly Diagnostic[]) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (context.only && !vscode.CodeActionKind.QuickFix.contains(context.only) && !context.only.contains(vscode.CodeActionKind.QuickFix)) return [];
    const actions: vscode.CodeAction[] = [];
    for (const d of this.diagnosticsOf(document)) {
      if (d.suggestions.length === 0) continue;
      const diagRange = toVsRange(d.range);
      if (!diagRange.intersection(range) && !context.diagnostics.some((v) => matches(v, d, diagRange))) continue;
      const shown = context.diagnostics.find((v) => matches(v, d, diagRange));
      d.suggestions.forEach((s, i) => {
        const current = document.getText(toVsRange(s.range));
        const title =
          s.text === ''
            ? vscode.l10n.t("Remove '{0}'", current)
            : current === ''
              ? vscode.l10n.t("Insert '{0}'", s.text)
              : vscode.l10n.t("Change to '{0}'", s.text);
        const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(document.uri, toVsRange(s.range), s.text);
        if (shown) action.diagnostics = [shown];
        action.isPreferred = i === 0;
        actions.push(action);
      });
    }
    return actions;
  }
}

function matches(v: vscode.Diagnostic, d: Diagnostic, range: vscode.Range): boolean {
  return v.source === DIAGNOSTIC_SOURCE && v.code === d.code && v.range.isEqual(range);
}

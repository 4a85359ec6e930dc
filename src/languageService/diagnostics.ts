import type { CodeAction, Diagnostic as LspDiagnostic, Range } from 'vscode-languageserver-types';
import { CodeActionKind, DiagnosticSeverity } from './lspConstants';
import { formatMessage, formatRelated } from '../core/language/index';
import type { Diagnostic, Locale } from '../core/model';
import type { DiagramDocument } from './document';
import type { L10n } from './l10n';
import { rangesTouch, sameRange, toLspRange } from './ranges';

/** The `source` of every diagnostic the service reports. */
export const DIAGNOSTIC_SOURCE = 'archflow';

/** A core diagnostic in LSP terms: localised message, stable code, related locations in the same document. */
export function toLspDiagnostic(d: Diagnostic, uri: string, locale: Locale): LspDiagnostic {
  const out: LspDiagnostic = {
    range: toLspRange(d.range),
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: d.code,
    source: DIAGNOSTIC_SOURCE,
    message: formatMessage(d, locale),
  };
  if (d.related?.length) out.relatedInformation = d.related.map((r) => ({ location: { uri, range: toLspRange(r.range) }, message: formatRelated(d, r, locale) }));
  return out;
}

/** The text a 0-based range covers (lines joined with `\n`). */
export function textInRange(document: DiagramDocument, range: Range): string {
  const lines: string[] = [];
  for (let line = range.start.line; line <= range.end.line; line++) {
    const text = document.lineText(line);
    lines.push(text.slice(line === range.start.line ? range.start.character : 0, line === range.end.line ? range.end.character : text.length));
  }
  return lines.join('\n');
}

/** True when the requested kinds (`only`) admit quick fixes. */
export function wantsQuickFixes(only: readonly string[] | undefined): boolean {
  return !only || only.some((k) => k === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${k}.`) || k === CodeActionKind.Empty);
}

/**
 * One quick fix per suggestion of every diagnostic touching `range` or listed in `shown` (the
 * client's copies, matched by source, code and range), the first suggestion of each
 * diagnostic marked preferred (so "fix all"/auto-fix picks it).
 */
export function quickFixes(document: DiagramDocument, diagnostics: readonly Diagnostic[], range: Range, shown: readonly LspDiagnostic[], l10n: L10n): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.suggestions.length === 0) continue;
    const diagRange = toLspRange(d.range);
    const client = shown.find((v) => v.source === DIAGNOSTIC_SOURCE && v.code === d.code && sameRange(v.range, diagRange));
    if (!client && !rangesTouch(diagRange, range)) continue;
    d.suggestions.forEach((s, i) => {
      const at = toLspRange(s.range);
      const current = textInRange(document, at);
      const title = s.text === '' ? l10n.t("Remove '{0}'", current) : current === '' ? l10n.t("Insert '{0}'", s.text) : l10n.t("Change to '{0}'", s.text);
      actions.push({
        title,
        kind: CodeActionKind.QuickFix,
        edit: { changes: { [document.uri]: [{ range: at, newText: s.text }] } },
        ...(client ? { diagnostics: [client] } : {}),
        isPreferred: i === 0,
      });
    });
  }
  return actions;
}

import * as vscode from 'vscode';
import type * as lsp from 'vscode-languageserver-types';
import { DiagnosticSeverity, FoldingRangeKind, InsertTextFormat } from '../../languageService/index';
import type { DiagramDocument } from '../../languageService/index';

/** A VS Code document as the language service reads it (no copy of the text is made up front). */
export function serviceDocument(document: vscode.TextDocument): DiagramDocument {
  return {
    uri: document.uri.toString(),
    languageId: document.languageId,
    version: document.version,
    lineCount: document.lineCount,
    getText: () => document.getText(),
    lineText: (line) => (line >= 0 && line < document.lineCount ? document.lineAt(line).text : ''),
  };
}

// VS Code's enums count from 0 where LSP's count from 1 (kinds, severities, symbol kinds).
export const toVsRange = (r: lsp.Range): vscode.Range => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
export const fromVsRange = (r: vscode.Range): lsp.Range => ({ start: fromVsPosition(r.start), end: fromVsPosition(r.end) });
export const fromVsPosition = (p: vscode.Position): lsp.Position => ({ line: p.line, character: p.character });

export function toVsMarkdown(content: lsp.MarkupContent | string): vscode.MarkdownString | string {
  return typeof content === 'string' ? content : new vscode.MarkdownString(content.value);
}

export function toVsDiagnostic(d: lsp.Diagnostic, uri: vscode.Uri): vscode.Diagnostic {
  const out = new vscode.Diagnostic(toVsRange(d.range), typeof d.message === 'string' ? d.message : d.message.value, d.severity === DiagnosticSeverity.Error ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
  if (d.source !== undefined) out.source = d.source;
  if (d.code !== undefined) out.code = d.code;
  if (d.relatedInformation?.length) out.relatedInformation = d.relatedInformation.map((r) => new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, toVsRange(r.location.range)), r.message));
  return out;
}

/** The client's diagnostics as the service matches them (source, code, range). */
export function fromVsDiagnostic(d: vscode.Diagnostic): lsp.Diagnostic {
  return {
    range: fromVsRange(d.range),
    message: d.message,
    ...(d.source !== undefined ? { source: d.source } : {}),
    ...(typeof d.code === 'string' || typeof d.code === 'number' ? { code: d.code } : {}),
  };
}

export function toVsTextEdit(e: lsp.TextEdit): vscode.TextEdit {
  return vscode.TextEdit.replace(toVsRange(e.range), e.newText);
}

/** An LSP workspace edit whose changes all belong to `uri` (the only kind the service makes). */
export function toVsWorkspaceEdit(edit: lsp.WorkspaceEdit, uri: vscode.Uri): vscode.WorkspaceEdit {
  const out = new vscode.WorkspaceEdit();
  for (const edits of Object.values(edit.changes ?? {})) for (const e of edits) out.replace(uri, toVsRange(e.range), e.newText);
  return out;
}

/** A completion item that remembers the service's item, for resolving it later. */
export class ServiceCompletionItem extends vscode.CompletionItem {
  constructor(readonly item: lsp.CompletionItem) {
    super(item.labelDetails?.description !== undefined ? { label: item.label, description: item.labelDetails.description } : item.label, item.kind !== undefined ? item.kind - 1 : undefined);
    if (item.detail !== undefined) this.detail = item.detail;
    if (item.documentation !== undefined) this.documentation = toVsMarkdown(item.documentation);
    if (item.filterText !== undefined) this.filterText = item.filterText;
    if (item.sortText !== undefined) this.sortText = item.sortText;
    const edit = item.textEdit;
    if (edit && 'range' in edit) {
      this.range = toVsRange(edit.range);
      this.insertText = item.insertTextFormat === InsertTextFormat.Snippet ? new vscode.SnippetString(edit.newText) : edit.newText;
    }
    if (item.command) this.command = { command: item.command.command, title: item.command.title };
  }
}

const FOLDING_KINDS: Record<string, vscode.FoldingRangeKind> = {
  [FoldingRangeKind.Comment]: vscode.FoldingRangeKind.Comment,
  [FoldingRangeKind.Region]: vscode.FoldingRangeKind.Region,
  [FoldingRangeKind.Imports]: vscode.FoldingRangeKind.Imports,
};

export function toVsFoldingRange(f: lsp.FoldingRange): vscode.FoldingRange {
  return new vscode.FoldingRange(f.startLine, f.endLine, f.kind !== undefined ? FOLDING_KINDS[f.kind] : undefined);
}

export function toVsSymbol(s: lsp.DocumentSymbol): vscode.DocumentSymbol {
  const out = new vscode.DocumentSymbol(s.name, s.detail ?? '', s.kind - 1, toVsRange(s.range), toVsRange(s.selectionRange));
  out.children = (s.children ?? []).map(toVsSymbol);
  return out;
}

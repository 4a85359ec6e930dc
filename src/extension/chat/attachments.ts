import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { capText, DEFAULT_MAX_RESULT_CHARS, fileAttachment, resourceAttachment, type ResultBlock } from '../../agent/index';
import type { McpClientManager } from '../../mcpClient/index';
import { formatDiagnosticLine } from '../../core/language/index';
import type { Diagnostic, Locale } from '../../core/model';
import type { AttachmentView } from '../../protocol/index';

/** Something attached to the next message: what the chip shows, and what the model is sent. */
export interface PendingAttachment {
  view: AttachmentView;
  blocks: ResultBlock[];
}

function relative(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, vscode.workspace.workspaceFolders !== undefined && vscode.workspace.workspaceFolders.length > 1);
}

function textDocument(title: string, text: string): ResultBlock[] {
  if (text.trim() === '') return [{ type: 'text', text: `[${title}: empty]` }];
  return capText([{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: text }, title }], DEFAULT_MAX_RESULT_CHARS);
}

/**
 * The active editor's document (what the user sees, unsaved edits included); without an
 * editor, a file picked in a dialog. Undefined when the user cancels.
 */
export async function attachFile(): Promise<PendingAttachment | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (editor) {
    const doc = editor.document;
    const path = relative(doc.uri);
    return { view: { id: randomUUID(), kind: 'file', label: basename(path), detail: path }, blocks: textDocument(path, doc.getText()) };
  }
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, openLabel: vscode.l10n.t('Attach'), defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri });
  const uri = picked?.[0];
  if (!uri) return undefined;
  const path = relative(uri);
  const blocks = uri.scheme === 'file' ? await fileAttachment(uri.fsPath) : textDocument(path, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
  return { view: { id: randomUUID(), kind: 'file', label: basename(path), detail: path }, blocks };
}

/** The active editor's selection (its whole lines' numbers in the title). Undefined when nothing is selected. */
export function attachSelection(): PendingAttachment | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.selection.isEmpty) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Select some text in an editor first.'));
    return undefined;
  }
  const s = editor.selection;
  const path = relative(editor.document.uri);
  const lines = s.start.line === s.end.line ? `${s.start.line + 1}` : `${s.start.line + 1}-${s.end.line + 1}`;
  const title = `${path}:${lines}`;
  return { view: { id: randomUUID(), kind: 'selection', label: `${basename(path)}:${lines}`, detail: title }, blocks: textDocument(title, editor.document.getText(s)) };
}

/** A resource of a connected MCP server, picked from a list. Undefined when the user cancels or there is none. */
export async function attachResource(manager: McpClientManager): Promise<PendingAttachment | undefined> {
  const resources = await manager.listResources();
  if (resources.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No connected MCP server offers resources.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    resources.map((r) => ({ label: r.title ?? r.name, description: r.server, detail: r.uri, resource: r })),
    { title: vscode.l10n.t('Attach an MCP resource'), matchOnDescription: true, matchOnDetail: true },
  );
  if (!picked) return undefined;
  const r = picked.resource;
  const blocks = resourceAttachment(await manager.readResource(r.server, r.uri));
  return { view: { id: randomUUID(), kind: 'resource', label: r.title ?? r.name, detail: `${r.server}: ${r.uri}` }, blocks };
}

/**
 * A `.diagram` document as the editor holds it (unsaved edits included) with its problems as
 * the Problems panel shows them, each with its line, column and suggested fixes: what "Fix
 * with ArchFlow" and "Ask ArchFlow about this diagram" attach. The chip names the file and
 * how many problems it has; its detail is the path (one chip per file).
 */
export function attachDiagram(doc: vscode.TextDocument, diagnostics: readonly Diagnostic[], locale: Locale): PendingAttachment {
  const path = relative(doc.uri);
  const name = basename(path);
  const lines = diagnostics.flatMap((d) => [formatDiagnosticLine(path, d, locale), ...d.suggestions.map((s) => `  fix: replace ${s.range.line}:${s.range.column}-${s.range.endLine}:${s.range.endColumn} with ${JSON.stringify(s.text)}`)]);
  const problems = lines.length ? `Problems of ${path} in the editor now (version ${doc.version}):\n${lines.join('\n')}` : `${path} has no problems in the editor now (version ${doc.version}).`;
  const label = diagnostics.length ? vscode.l10n.t('{0} ({1} problems)', name, diagnostics.length) : name;
  return { view: { id: randomUUID(), kind: 'file', label, detail: path }, blocks: [...textDocument(path, doc.getText()), { type: 'text', text: problems }] };
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

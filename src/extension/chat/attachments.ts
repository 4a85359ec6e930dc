import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { capText, DEFAULT_MAX_RESULT_CHARS, fileAttachment, resourceAttachment, type ResultBlock } from '../../mcp/agent/index';
import type { McpClientManager } from '../../mcp/client/index';
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

function basename(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

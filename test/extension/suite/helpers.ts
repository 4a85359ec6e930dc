import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChatHandle } from '../../../src/extension/chat/registerChat';
import type { DiagramServerProvider } from '../../../src/extension/diagramServer/diagramServerProvider';

export const EXTENSION_ID = 'archflow.archflow';

/** What the extension's `activate` returns (see src/extension/extension.ts). */
export interface ArchflowApi {
  onDidRenderPreview: vscode.Event<{ uri: string; version: number; elements: number }>;
  onDidMakeScene: vscode.Event<{ uri: string; version: number; laidOut: boolean }>;
  previewCount(): number;
  sceneOf(uri: vscode.Uri): Promise<{ nodes: Array<{ id: string; x: number; y: number }> }>;
  chat: ChatHandle;
  markdownDrawingsSettled(): Promise<void>;
  mcpServers: DiagramServerProvider;
}

/** The workspace folder the runner opened (a scratch copy of test/extension/fixtures/workspace). */
export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the integration suite needs a workspace folder');
  return folder.uri;
}

export function fixtureUri(name: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), name);
}

/** Opens a file of the scratch workspace in an editor and returns the editor. */
export async function openFixture(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(fixtureUri(name));
  return vscode.window.showTextDocument(doc);
}

/** The activated extension's API. */
export async function api(): Promise<ArchflowApi> {
  const ext = vscode.extensions.getExtension<ArchflowApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not installed`);
  return ext.activate();
}

/**
 * Polls `probe` until it returns a value that is not undefined/false, or fails after
 * `timeoutMs` saying what it waited for; `what` may be a function, read at the timeout, to say
 * what was there instead.
 */
export async function waitFor<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string | (() => string), timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The archflow diagnostics of a document, once there are at least `min`. */
export function diagnosticsOf(uri: vscode.Uri, min = 1): Promise<vscode.Diagnostic[]> {
  return waitFor(() => {
    const all = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'archflow');
    return all.length >= min ? all : undefined;
  }, `${min} diagnostic(s) on ${uri.path}`);
}

/**
 * Reverts a document to its file and waits until it is clean. The revert command acts on the
 * focused editor (or a list selection), so the document is focused first: another suite's
 * view keeping the focus must not leave it dirty for the next test.
 */
export async function revertDocument(doc: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(doc, { preserveFocus: false });
  await vscode.commands.executeCommand('workbench.action.files.revert');
  await waitFor(() => !doc.isDirty, `${doc.uri.path} to be reverted`);
}

export async function closeAll(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

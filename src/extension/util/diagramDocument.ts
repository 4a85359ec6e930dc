import * as vscode from 'vscode';
import type { Range } from '../../core/model';

/** A core range (1-based, end-exclusive) as a VS Code range (0-based, end-exclusive). */
export function toVsRange(r: Range): vscode.Range {
  return new vscode.Range(Math.max(0, r.line - 1), Math.max(0, r.column - 1), Math.max(0, r.endLine - 1), Math.max(0, r.endColumn - 1));
}

export const ARCHFLOW_LANGUAGE = 'archflow';

/** Documents the extension serves (any scheme: files, untitled, virtual workspaces). */
export const DIAGRAM_SELECTOR: vscode.DocumentSelector = { language: ARCHFLOW_LANGUAGE };

export function isDiagramDocument(document: vscode.TextDocument): boolean {
  return document.languageId === ARCHFLOW_LANGUAGE;
}

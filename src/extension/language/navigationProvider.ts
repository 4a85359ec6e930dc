import * as vscode from 'vscode';
import type { LanguageService } from '../../languageService/index';
import { fromVsPosition, serviceDocument, toVsRange, toVsWorkspaceEdit } from './lspTypes';

/** Definition, references, highlights and rename of ids, from the language service. */
export class IdNavigationProvider implements vscode.DefinitionProvider, vscode.ReferenceProvider, vscode.DocumentHighlightProvider, vscode.RenameProvider {
  constructor(private readonly language: LanguageService) {}

  provideDefinition(document: vscode.TextDocument, position: vscode.Position): vscode.Location | undefined {
    const def = this.language.definition(serviceDocument(document), fromVsPosition(position));
    return def ? new vscode.Location(document.uri, toVsRange(def.range)) : undefined;
  }

  provideReferences(document: vscode.TextDocument, position: vscode.Position, context: vscode.ReferenceContext): vscode.Location[] {
    return this.language.references(serviceDocument(document), fromVsPosition(position), context.includeDeclaration).map((l) => new vscode.Location(document.uri, toVsRange(l.range)));
  }

  provideDocumentHighlights(document: vscode.TextDocument, position: vscode.Position): vscode.DocumentHighlight[] {
    // LSP's kinds count from 1 (Text), VS Code's from 0.
    return this.language.documentHighlights(serviceDocument(document), fromVsPosition(position)).map((h) => new vscode.DocumentHighlight(toVsRange(h.range), (h.kind ?? 1) - 1));
  }

  prepareRename(document: vscode.TextDocument, position: vscode.Position): { range: vscode.Range; placeholder: string } {
    const { range, placeholder } = this.language.prepareRename(serviceDocument(document), fromVsPosition(position));
    return { range: toVsRange(range), placeholder };
  }

  provideRenameEdits(document: vscode.TextDocument, position: vscode.Position, newName: string): vscode.WorkspaceEdit {
    return toVsWorkspaceEdit(this.language.rename(serviceDocument(document), fromVsPosition(position), newName), document.uri);
  }
}

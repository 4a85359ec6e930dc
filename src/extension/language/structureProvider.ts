import * as vscode from 'vscode';
import type { LanguageService } from '../../languageService/index';
import { serviceDocument, toVsFoldingRange, toVsRange, toVsSymbol, toVsTextEdit } from './lspTypes';

/** Outline, folding, formatting and links, from the language service. */
export class StructureProvider
  implements vscode.DocumentSymbolProvider, vscode.FoldingRangeProvider, vscode.DocumentFormattingEditProvider, vscode.DocumentLinkProvider
{
  constructor(private readonly language: LanguageService) {}

  provideDocumentSymbols(document: vscode.TextDocument): vscode.DocumentSymbol[] {
    return this.language.documentSymbols(serviceDocument(document)).map(toVsSymbol);
  }

  provideFoldingRanges(document: vscode.TextDocument): vscode.FoldingRange[] {
    return this.language.foldingRanges(serviceDocument(document)).map(toVsFoldingRange);
  }

  provideDocumentFormattingEdits(document: vscode.TextDocument): vscode.TextEdit[] {
    return this.language.format(serviceDocument(document)).map(toVsTextEdit);
  }

  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    return this.language.documentLinks(serviceDocument(document)).map((l) => {
      const link = new vscode.DocumentLink(toVsRange(l.range), l.target !== undefined ? vscode.Uri.parse(l.target, true) : undefined);
      if (l.tooltip !== undefined) link.tooltip = l.tooltip;
      return link;
    });
  }
}

import * as vscode from 'vscode';
import { SEMANTIC_TOKENS_LEGEND, type LanguageService } from '../../languageService/index';
import { serviceDocument } from '../language/lspTypes';

/**
 * Colours the diagram fences of Markdown documents from the language service's semantic tokens
 * (the language server's answer to `semanticTokens/full` on a `.md`), where Markdown's own
 * grammar leaves a fence's text one colour. Same legend as the language server.
 */
export class FenceSemanticTokensProvider implements vscode.DocumentSemanticTokensProvider {
  static readonly legend = new vscode.SemanticTokensLegend([...SEMANTIC_TOKENS_LEGEND.tokenTypes], [...SEMANTIC_TOKENS_LEGEND.tokenModifiers]);

  constructor(private readonly language: LanguageService) {}

  provideDocumentSemanticTokens(document: vscode.TextDocument): vscode.SemanticTokens {
    return new vscode.SemanticTokens(Uint32Array.from(this.language.semanticTokens(serviceDocument(document)).data));
  }
}

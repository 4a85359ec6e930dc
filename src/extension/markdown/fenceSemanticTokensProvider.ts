import * as vscode from 'vscode';
import { SEMANTIC_TOKENS_LEGEND, type LanguageService } from '../../languageService/index';
import { serviceDocument } from '../language/lspTypes';
import type { FenceTrace } from './fenceTrace';

/**
 * Colours the diagram fences of Markdown documents from the language service's semantic tokens
 * (the language server's answer to `semanticTokens/full` on a `.md`), where Markdown's own
 * grammar leaves a fence's text one colour. Same legend as the language server.
 */
export class FenceSemanticTokensProvider implements vscode.DocumentSemanticTokensProvider {
  static readonly legend = new vscode.SemanticTokensLegend([...SEMANTIC_TOKENS_LEGEND.tokenTypes], [...SEMANTIC_TOKENS_LEGEND.tokenModifiers]);

  constructor(
    private readonly language: LanguageService,
    private readonly trace?: FenceTrace,
  ) {}

  provideDocumentSemanticTokens(document: vscode.TextDocument): vscode.SemanticTokens {
    const started = this.trace ? performance.now() : 0;
    const tokens = new vscode.SemanticTokens(Uint32Array.from(this.language.semanticTokens(serviceDocument(document)).data));
    this.trace?.('semantic-tokens', { version: document.version, ms: Math.round(performance.now() - started) });
    return tokens;
  }
}

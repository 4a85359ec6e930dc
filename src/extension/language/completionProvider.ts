import * as vscode from 'vscode';
import { COMPLETION_TRIGGER_CHARACTERS, type LanguageService } from '../../languageService/index';
import { fromVsPosition, serviceDocument, ServiceCompletionItem, toVsMarkdown } from './lspTypes';

/**
 * Completion from the language service (keywords and shapes in both languages, attribute
 * names and values, ids, icon ids ranked by the core's search), icon pictures added on resolve.
 */
export class DiagramCompletionProvider implements vscode.CompletionItemProvider<ServiceCompletionItem> {
  static readonly triggerCharacters = COMPLETION_TRIGGER_CHARACTERS;

  constructor(private readonly language: LanguageService) {}

  async provideCompletionItems(
    document: vscode.TextDocument,
    position: vscode.Position,
    _token: vscode.CancellationToken,
    context: vscode.CompletionContext,
  ): Promise<vscode.CompletionList<ServiceCompletionItem>> {
    const list = await this.language.completion(serviceDocument(document), fromVsPosition(position), context.triggerCharacter !== undefined ? { triggerCharacter: context.triggerCharacter } : {});
    return new vscode.CompletionList(list.items.map((i) => new ServiceCompletionItem(i)), list.isIncomplete);
  }

  async resolveCompletionItem(item: ServiceCompletionItem): Promise<ServiceCompletionItem> {
    if (item.item.data === undefined) return item;
    const resolved = await this.language.resolveCompletion(item.item);
    if (resolved.documentation !== undefined) item.documentation = toVsMarkdown(resolved.documentation);
    return item;
  }
}

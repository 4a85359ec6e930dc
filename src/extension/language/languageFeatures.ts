import * as vscode from 'vscode';
import type { LanguageService } from '../../languageService/index';
import type { DiagramService } from '../documents/diagramService';
import { Disposable } from '../util/dispose';
import { DIAGRAM_SELECTOR, isDiagramDocument } from '../util/diagramDocument';
import { QuickFixProvider } from './quickFixProvider';
import { DiagramCompletionProvider } from './completionProvider';
import { DiagnosticsManager } from './diagnosticsManager';
import { DiagramHoverProvider } from './hoverProvider';
import { IdNavigationProvider } from './navigationProvider';
import { StructureProvider } from './structureProvider';

/** Registers every language feature of `.diagram` documents, each a thin adapter over the language service; disposing removes them all. */
export class LanguageFeatures extends Disposable {
  constructor(service: DiagramService, language: LanguageService) {
    super();
    const selector = DIAGRAM_SELECTOR;
    this.register(new DiagnosticsManager(service, language, isDiagramDocument));
    this.register(vscode.languages.registerCodeActionsProvider(selector, new QuickFixProvider(language), QuickFixProvider.metadata));
    this.register(vscode.languages.registerCompletionItemProvider(selector, new DiagramCompletionProvider(language), ...DiagramCompletionProvider.triggerCharacters));
    this.register(vscode.languages.registerHoverProvider(selector, new DiagramHoverProvider(language)));
    const navigation = new IdNavigationProvider(language);
    this.register(vscode.languages.registerDefinitionProvider(selector, navigation));
    this.register(vscode.languages.registerReferenceProvider(selector, navigation));
    this.register(vscode.languages.registerDocumentHighlightProvider(selector, navigation));
    this.register(vscode.languages.registerRenameProvider(selector, navigation));
    const structure = new StructureProvider(language);
    this.register(vscode.languages.registerDocumentSymbolProvider(selector, structure, { label: 'ArchFlow' }));
    this.register(vscode.languages.registerFoldingRangeProvider(selector, structure));
    this.register(vscode.languages.registerDocumentFormattingEditProvider(selector, structure));
    this.register(vscode.languages.registerDocumentLinkProvider(selector, structure));
  }
}

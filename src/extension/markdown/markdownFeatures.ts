import * as vscode from 'vscode';
import { mayHoldDiagramFence } from '../../core/markdown/index';
import type { LanguageService } from '../../languageService/index';
import type { DiagramService } from '../documents/diagramService';
import { QuickFixProvider } from '../language/quickFixProvider';
import { DiagramCompletionProvider } from '../language/completionProvider';
import { DiagnosticsManager } from '../language/diagnosticsManager';
import { DiagramHoverProvider } from '../language/hoverProvider';
import { Disposable } from '../util/dispose';
import { FenceCodeLensProvider } from './fenceCodeLens';
import { FenceSemanticTokensProvider } from './fenceSemanticTokensProvider';
import type { FenceDrawings } from './fenceDrawings';
import type { FenceTrace } from './fenceTrace';
import { isMarkdownDocument, MARKDOWN_SELECTOR, type MarkdownFences } from './markdownFences';

/**
 * The diagram fences of Markdown documents in the editor: their problems in the Problems
 * panel at their place in the Markdown file, the same quick fixes, completion and hover as
 * in `.diagram` files (the language service maps positions through the fence), semantic
 * tokens, export CodeLenses, and drawing ahead: the fences of a Markdown document shown in an
 * editor or a preview are laid out as they change, so the preview's next render finds them drawn.
 */
export class MarkdownFeatures extends Disposable {
  constructor(service: DiagramService, fences: MarkdownFences, drawings: FenceDrawings, language: LanguageService, trace?: FenceTrace) {
    super();
    this.register(new DiagnosticsManager(service, language, isMarkdownDocument, (doc) => mayHoldDiagramFence(doc.getText())));
    this.register(vscode.languages.registerCodeActionsProvider(MARKDOWN_SELECTOR, new QuickFixProvider(language), QuickFixProvider.metadata));
    this.register(vscode.languages.registerCompletionItemProvider(MARKDOWN_SELECTOR, new DiagramCompletionProvider(language), ...DiagramCompletionProvider.triggerCharacters));
    this.register(vscode.languages.registerHoverProvider(MARKDOWN_SELECTOR, new DiagramHoverProvider(language)));
    this.register(vscode.languages.registerCodeLensProvider(MARKDOWN_SELECTOR, new FenceCodeLensProvider(fences)));
    this.register(vscode.languages.registerDocumentSemanticTokensProvider(MARKDOWN_SELECTOR, new FenceSemanticTokensProvider(language, trace), FenceSemanticTokensProvider.legend));

    const prepare = (doc: vscode.TextDocument) => {
      if (isMarkdownDocument(doc) && !doc.isClosed) drawings.prepare(fences.analyze(doc), doc.uri.toString());
    };
    this.register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (!drawings.isPreviewed(e.document.uri.toString())) return;
        const started = trace ? performance.now() : 0;
        trace?.('change', { version: e.document.version });
        drawings.noteChange();
        prepare(e.document);
        trace?.('prepared', { version: e.document.version, ms: Math.round(performance.now() - started) });
      }),
    );
    this.register(vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((e) => prepare(e.document))));
    vscode.window.visibleTextEditors.forEach((e) => prepare(e.document));
  }
}

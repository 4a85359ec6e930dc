import * as vscode from 'vscode';
import { analyzeMarkdown, fenceContainsLine, type FenceAnalysis, type MarkdownAnalysis } from '../../core/markdown/index';
import type { DiagramService, VersionedText } from '../documents/diagramService';
import { Disposable } from '../util/dispose';

export const MARKDOWN_LANGUAGE = 'markdown';

/** Markdown documents of any scheme (files, untitled, virtual workspaces). */
export const MARKDOWN_SELECTOR: vscode.DocumentSelector = { language: MARKDOWN_LANGUAGE };

export function isMarkdownDocument(document: vscode.TextDocument): boolean {
  return document.languageId === MARKDOWN_LANGUAGE;
}

/**
 * The diagram fences of Markdown documents, checked once per document version. Each fence's
 * text is parsed through the DiagramService's text cache, so typing in one fence re-parses
 * that fence only; the Problems panel, quick fixes, CodeLens and export all read this.
 */
export class MarkdownFences extends Disposable {
  readonly #cache = new Map<string, { version: number; analysis: MarkdownAnalysis }>();

  constructor(private readonly service: DiagramService) {
    super();
    this.register(vscode.workspace.onDidCloseTextDocument((doc) => this.#cache.delete(doc.uri.toString())));
    // Fences parsed before the icon catalog loaded lack their unknown-icon warnings.
    this.register(service.onDidLoadCatalog(() => this.#cache.clear()));
  }

  /** Every diagram fence of the document's current version, checked, positions in the document. */
  analyze(document: VersionedText): MarkdownAnalysis {
    const key = document.uri.toString();
    const cached = this.#cache.get(key);
    if (cached && cached.version === document.version) return cached.analysis;
    const analysis = analyzeMarkdown(document.getText(), { analyze: (text) => this.service.analyzeText(text) });
    this.#cache.set(key, { version: document.version, analysis });
    return analysis;
  }

  /** The fence whose lines hold `position`, if any. */
  fenceAt(document: vscode.TextDocument, position: vscode.Position): FenceAnalysis | undefined {
    return this.analyze(document).fences.find((f) => fenceContainsLine(f.fence, position.line + 1));
  }
}

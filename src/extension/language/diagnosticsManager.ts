import * as vscode from 'vscode';
import { DIAGNOSTIC_SOURCE, type LanguageService } from '../../languageService/index';
import { previewConfig } from '../config';
import type { DiagramService } from '../documents/diagramService';
import { Disposable } from '../util/dispose';
import { serviceDocument, toVsDiagnostic } from './lspTypes';

export { DIAGNOSTIC_SOURCE } from '../../languageService/index';

/**
 * Keeps the Problems panel in step with every open document that `matches` (`.diagram`
 * files, Markdown files with diagram fences), with the language service's diagnostics: the
 * first result for a document is published at once (after the icon catalog has loaded, so
 * unknown-icon warnings do not appear a moment later), later edits are debounced
 * (`archflow.preview.debounceMs`), and a closed document's problems are cleared. A document
 * that `needsCatalog` says cannot name an icon (a Markdown file without a diagram fence) is
 * published without loading the catalog (0.9 MB of JSON), keeping activation on Markdown cheap.
 */
export class DiagnosticsManager extends Disposable {
  readonly #collection: vscode.DiagnosticCollection;
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #published = new Set<string>();

  constructor(
    private readonly service: DiagramService,
    private readonly language: LanguageService,
    private readonly matches: (document: vscode.TextDocument) => boolean,
    private readonly needsCatalog: (document: vscode.TextDocument) => boolean = () => true,
  ) {
    super();
    this.#collection = this.register(vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE));
    this.register({ dispose: () => this.#timers.forEach((t) => clearTimeout(t)) });
    this.register(vscode.workspace.onDidOpenTextDocument((doc) => this.#schedule(doc)));
    this.register(vscode.workspace.onDidChangeTextDocument((e) => this.#schedule(e.document)));
    this.register(
      vscode.workspace.onDidCloseTextDocument((doc) => {
        const key = doc.uri.toString();
        clearTimeout(this.#timers.get(key));
        this.#timers.delete(key);
        this.#published.delete(key);
        this.#collection.delete(doc.uri);
      }),
    );
    this.register(service.onDidLoadCatalog(() => vscode.workspace.textDocuments.forEach((doc) => this.#publish(doc))));
    for (const doc of vscode.workspace.textDocuments) this.#schedule(doc);
  }

  #schedule(doc: vscode.TextDocument): void {
    if (!this.matches(doc)) return;
    const key = doc.uri.toString();
    clearTimeout(this.#timers.get(key));
    if (!this.#published.has(key)) {
      this.#published.add(key);
      if (this.needsCatalog(doc)) void this.service.catalog().then(() => this.#publish(doc));
      else this.#publish(doc);
      return;
    }
    this.#timers.set(
      key,
      setTimeout(() => {
        this.#timers.delete(key);
        this.#publish(doc);
      }, previewConfig().debounceMs),
    );
  }

  #publish(doc: vscode.TextDocument): void {
    if (this.isDisposed || doc.isClosed || !this.matches(doc)) return;
    this.#collection.set(
      doc.uri,
      this.language.diagnostics(serviceDocument(doc)).map((d) => toVsDiagnostic(d, doc.uri)),
    );
  }
}

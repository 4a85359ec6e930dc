import * as vscode from 'vscode';
import type { Diagnostic } from '../../core/model';
import { formatMessage, formatRelated } from '../../core/language/index';
import { previewConfig } from '../config';
import type { DiagramService } from '../documents/diagramService';
import { displayLocale } from '../locale';
import { Disposable } from '../util/dispose';
import { toVsRange } from '../util/ranges';

/** Diagnostic `source` shown in the Problems panel. */
export const DIAGNOSTIC_SOURCE = 'archflow';

/** A core diagnostic as VS Code shows it: localised message, stable code, related locations. */
export function toVsDiagnostic(d: Diagnostic, uri: vscode.Uri, locale = displayLocale()): vscode.Diagnostic {
  const out = new vscode.Diagnostic(
    toVsRange(d.range),
    formatMessage(d, locale),
    d.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
  );
  out.source = DIAGNOSTIC_SOURCE;
  out.code = d.code;
  if (d.related?.length) {
    out.relatedInformation = d.related.map((r) => new vscode.DiagnosticRelatedInformation(new vscode.Location(uri, toVsRange(r.range)), formatRelated(d, r, locale)));
  }
  return out;
}

/** Which documents a DiagnosticsManager serves, and their problems (from a cached parse). */
export interface DiagnosticSource {
  matches(document: vscode.TextDocument): boolean;
  diagnosticsOf(document: vscode.TextDocument): readonly Diagnostic[];
}

/**
 * Keeps the Problems panel in step with every open document of a source (`.diagram` files,
 * the diagram fences of Markdown files): the first result for a document is published at
 * once (after the icon catalog has loaded, so unknown-icon warnings do not appear a moment
 * later), later edits are debounced (`archflow.preview.debounceMs`), and a closed document's
 * problems are cleared.
 */
export class DiagnosticsManager extends Disposable {
  readonly #collection = this.register(vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE));
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #published = new Set<string>();

  constructor(
    private readonly service: DiagramService,
    private readonly source: DiagnosticSource,
  ) {
    super();
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
    if (!this.source.matches(doc)) return;
    const key = doc.uri.toString();
    clearTimeout(this.#timers.get(key));
    if (!this.#published.has(key)) {
      this.#published.add(key);
      void this.service.catalog().then(() => this.#publish(doc));
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
    if (this.isDisposed || doc.isClosed || !this.source.matches(doc)) return;
    const locale = displayLocale();
    this.#collection.set(
      doc.uri,
      this.source.diagnosticsOf(doc).map((d) => toVsDiagnostic(d, doc.uri, locale)),
    );
  }
}

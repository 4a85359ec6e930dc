import {
  CodeActionKind,
  ErrorCodes,
  LSPErrorCodes,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CompletionItem,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { IconCatalog } from '../core/icons/index';
import { parseLocale } from '../core/locale';
import type { Locale } from '../core/model';
import {
  bundleL10n,
  COMPLETION_TRIGGER_CHARACTERS,
  createAnalysisCache,
  createLanguageService,
  ENGLISH,
  InsertTextFormat,
  LanguageServiceError,
  RETRIGGER_COMMAND,
  SEMANTIC_TOKENS_LEGEND,
  type DiagramDocument,
} from '../languageService/index';
import ptBundle from '../../l10n/bundle.l10n.pt-br.json';

export interface ServerOptions {
  /** Loads the icon catalog (unknown-icon checks, icon completion and pictures); may resolve undefined. */
  loadCatalog(): Promise<IconCatalog | undefined>;
  /** Where the server's own log lines go (stderr for the stdio server); never the protocol stream. */
  log(message: string): void;
  /** Version reported in `serverInfo`. */
  version?: string;
}

/** What a client may pass in `initializationOptions`. */
export interface InitializationOptions {
  /** `en` or `pt-BR` (also `pt`, `pt_BR`…); default: the client's `locale`, else English. */
  locale?: string;
  /** Delay between an edit and its diagnostics, coalescing fast typing (default 100 ms). */
  diagnosticsDelayMs?: number;
}

function diagramDocument(doc: TextDocument): DiagramDocument {
  return {
    uri: doc.uri,
    languageId: doc.languageId,
    version: doc.version,
    get lineCount() {
      return doc.lineCount;
    },
    getText: () => doc.getText(),
    lineText: (line) => doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$|\r$/, ''),
  };
}

/** A snippet's text without its tab stops, for clients that cannot expand snippets. */
function plainSnippet(text: string): string {
  return text.replace(/\$\{\d+(?::([^}]*))?\}|\$\d+/g, (_m, def: string | undefined) => def ?? '');
}

function invalidParams(what: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, `invalid params: ${what}`);
}

function isPosition(p: unknown): p is { line: number; character: number } {
  const q = p as { line?: unknown; character?: unknown } | null;
  return typeof q === 'object' && q !== null && Number.isInteger(q.line) && Number.isInteger(q.character) && (q.line as number) >= 0 && (q.character as number) >= 0;
}

/**
 * Serves ArchFlow's language service over an LSP connection (any transport: stdio, a worker's
 * ports). Documents sync incrementally; diagnostics (with codes, and quick fixes as code
 * actions) are pushed on open and after edits, and cleared on close; `.diagram` documents get
 * every feature, Markdown documents their diagram fences' diagnostics, completion, hover and
 * semantic tokens.
 * A request before `initialize` gets ServerNotInitialized, malformed params InvalidParams,
 * an unknown method MethodNotFound (from the connection), and the server keeps serving.
 */
export function startServer(connection: Connection, options: ServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  let initialized = false;
  let locale: Locale = 'en';
  let l10n = ENGLISH;
  let snippets = true;
  let delayMs = 100;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const cache = createAnalysisCache(
    () =>
      options.loadCatalog().catch((err: unknown) => {
        options.log(`the icon catalog could not be loaded: ${(err as Error).message}`);
        return undefined;
      }),
    () => documents.all().forEach(publish),
  );
  const service = createLanguageService({ source: cache, locale: () => locale, l10n: { t: (m, ...a) => l10n.t(m, ...a) } });

  function publish(doc: TextDocument): void {
    connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: service.diagnostics(diagramDocument(doc)) });
  }

  /** Wraps a handler: refuses before initialize, checks the document and position, maps the service's refusals. */
  function handle<P extends { textDocument?: { uri?: unknown }; position?: unknown }, R>(
    needsPosition: boolean,
    empty: R,
    f: (doc: DiagramDocument, params: P) => R | Promise<R>,
  ): (params: P) => Promise<R> {
    return async (params) => {
      if (!initialized) throw new ResponseError(ErrorCodes.ServerNotInitialized, 'the server is not initialized');
      const uri = params?.textDocument?.uri;
      if (typeof uri !== 'string') throw invalidParams('textDocument.uri must be a string');
      if (needsPosition && !isPosition(params.position)) throw invalidParams('position must be { line, character } of non-negative integers');
      const doc = documents.get(uri);
      if (!doc) return empty;
      try {
        return await f(diagramDocument(doc), params);
      } catch (err) {
        if (err instanceof LanguageServiceError) throw new ResponseError(LSPErrorCodes.RequestFailed, err.message);
        throw err;
      }
    };
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as InitializationOptions;
    locale = parseLocale(typeof init.locale === 'string' ? init.locale : undefined) ?? parseLocale(params.locale) ?? 'en';
    l10n = locale === 'pt-BR' ? bundleL10n(ptBundle) : ENGLISH;
    snippets = params.capabilities.textDocument?.completion?.completionItem?.snippetSupport === true;
    if (typeof init.diagnosticsDelayMs === 'number' && init.diagnosticsDelayMs >= 0) delayMs = init.diagnosticsDelayMs;
    initialized = true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: COMPLETION_TRIGGER_CHARACTERS, resolveProvider: true },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: { label: 'ArchFlow' },
        foldingRangeProvider: true,
        documentFormattingProvider: true,
        documentLinkProvider: { resolveProvider: false },
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: 'archflow', ...(options.version ? { version: options.version } : {}) },
    };
  });

  // TextDocuments reports an open as a change too: the first one of a document publishes once
  // the catalog has loaded (so unknown-icon warnings do not appear a moment later), later ones
  // after the delay, coalescing fast typing.
  const opened = new Set<string>();
  documents.onDidChangeContent(({ document }) => {
    const uri = document.uri;
    clearTimeout(timers.get(uri));
    const publishCurrent = () => {
      timers.delete(uri);
      const current = documents.get(uri);
      if (current) publish(current);
    };
    if (!opened.has(uri)) {
      opened.add(uri);
      void cache.catalog().then(publishCurrent);
      return;
    }
    timers.set(uri, setTimeout(publishCurrent, delayMs));
  });
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    opened.delete(document.uri);
    cache.forget(document.uri);
    connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  const completionItem = (item: CompletionItem): CompletionItem => {
    // The retrigger command is VS Code's; other clients would send it back to us to run.
    if (item.command?.command === RETRIGGER_COMMAND) delete item.command;
    if (!snippets && item.insertTextFormat === InsertTextFormat.Snippet && item.textEdit) {
      item.textEdit.newText = plainSnippet(item.textEdit.newText);
      item.insertTextFormat = InsertTextFormat.PlainText;
    }
    return item;
  };

  connection.onCompletion(
    handle(true, null, async (doc, p) => {
      const list = await service.completion(doc, p.position, p.context?.triggerCharacter !== undefined ? { triggerCharacter: p.context.triggerCharacter } : {});
      return { isIncomplete: list.isIncomplete, items: list.items.map(completionItem) };
    }),
  );
  connection.onCompletionResolve(async (item) => {
    if (!initialized) throw new ResponseError(ErrorCodes.ServerNotInitialized, 'the server is not initialized');
    if (typeof item?.label !== 'string') throw invalidParams('a completion item needs a label');
    return service.resolveCompletion(item);
  });
  connection.onHover(handle(true, null, (doc, p) => service.hover(doc, p.position)));
  connection.onDefinition(handle(true, null, (doc, p) => service.definition(doc, p.position)));
  connection.onReferences(handle(true, [], (doc, p) => service.references(doc, p.position, p.context?.includeDeclaration !== false)));
  connection.onDocumentHighlight(handle(true, [], (doc, p) => service.documentHighlights(doc, p.position)));
  connection.onPrepareRename(
    handle(true, null, (doc, p) => {
      try {
        return service.prepareRename(doc, p.position);
      } catch (err) {
        // Nothing renameable here: the protocol's answer is null, the client says so.
        if (err instanceof LanguageServiceError) return null;
        throw err;
      }
    }),
  );
  connection.onRenameRequest(
    handle(true, null, (doc, p) => {
      if (typeof p.newName !== 'string') throw invalidParams('newName must be a string');
      return service.rename(doc, p.position, p.newName);
    }),
  );
  connection.onDocumentSymbol(handle(false, [], (doc) => service.documentSymbols(doc)));
  connection.onFoldingRanges(handle(false, [], (doc) => service.foldingRanges(doc)));
  connection.onDocumentFormatting(handle(false, [], (doc) => service.format(doc)));
  connection.onDocumentLinks(handle(false, [], (doc) => service.documentLinks(doc)));
  connection.languages.semanticTokens.on(handle(false, { data: [] }, (doc) => service.semanticTokens(doc)));
  connection.onCodeAction(
    handle(false, [], (doc, p) => {
      const range = p.range as unknown;
      const r = range as { start?: unknown; end?: unknown } | undefined;
      if (!r || !isPosition(r.start) || !isPosition(r.end)) throw invalidParams('range must have start and end positions');
      return service.codeActions(doc, p.range, { diagnostics: Array.isArray(p.context?.diagnostics) ? p.context.diagnostics : [], ...(p.context?.only ? { only: p.context.only } : {}) });
    }),
  );
  connection.onShutdown(() => {
    timers.forEach((t) => clearTimeout(t));
    timers.clear();
  });

  documents.listen(connection);
  connection.listen();
}

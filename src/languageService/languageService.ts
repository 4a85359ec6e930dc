import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentHighlight,
  DocumentLink,
  DocumentSymbol,
  FoldingRange,
  Hover,
  Location,
  Position,
  Range,
  SemanticTokens,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import type { Analysis } from '../core/analysis';
import type { Locale } from '../core/model';
import { THEMES } from '../core/render/themes';
import type { AnalysisSource } from './analysisSource';
import { completeAt, type IconItemData } from './completion';
import { quickFixes, toLspDiagnostic, wantsQuickFixes } from './diagnostics';
import { isMarkdown, type DiagramDocument } from './document';
import { fenceSemanticTokens } from './fenceSemanticTokens';
import { fenceAt } from './fences';
import { hoverAt } from './hover';
import { iconMarkdown } from './iconPicture';
import { ENGLISH, type L10n } from './l10n';
import { definitionAt, highlightsAt, prepareRenameAt, referencesAt, renameAt } from './navigation';
import { semanticTokens } from './semanticTokens';
import { documentLinks, documentSymbols, foldingRanges, formattingEdits } from './structure';

export interface LanguageServiceOptions {
  /** Parses, one per document version (VS Code passes its DiagramService; see createAnalysisCache). */
  source: AnalysisSource;
  /** The locale of messages and keyword help, asked on every request (the user may switch it). */
  locale: () => Locale;
  /** The service's own strings (quick-fix titles, hover headings…); default English. */
  l10n?: L10n;
  /** The colour monochrome icons are drawn in (default: the light theme's). */
  iconColor?: () => string;
}

/** Characters that open the completion list as they are typed. */
export const COMPLETION_TRIGGER_CHARACTERS = ['=', ':', ' ', '>', ','];

/**
 * Every language feature of ArchFlow diagrams, in LSP terms (0-based lines, UTF-16 columns,
 * `vscode-languageserver-types`), for any host: VS Code's providers call it in-process, the
 * language server over LSP. Each request reads the document's current version through the
 * AnalysisSource, so all features of one version share one parse. `.diagram` documents get
 * every feature; Markdown documents get their diagram fences' diagnostics and quick fixes
 * at their place in the Markdown text, completion and hover inside the fences, and the
 * fences' semantic tokens. No
 * method throws on user text; rename methods throw LanguageServiceError with a message for
 * the user when the request cannot be honoured.
 */
export interface LanguageService {
  diagnostics(document: DiagramDocument): Diagnostic[];
  /** Quick fixes for the diagnostics in `range` or in `context.diagnostics` (the client's copies). */
  codeActions(document: DiagramDocument, range: Range, context: { diagnostics: readonly Diagnostic[]; only?: readonly string[] }): CodeAction[];
  completion(document: DiagramDocument, position: Position, context?: { triggerCharacter?: string }): Promise<CompletionList>;
  /** Adds an icon item's picture (Markdown with a `data:` image) to its documentation. */
  resolveCompletion(item: CompletionItem): Promise<CompletionItem>;
  hover(document: DiagramDocument, position: Position): Promise<Hover | null>;
  definition(document: DiagramDocument, position: Position): Location | null;
  references(document: DiagramDocument, position: Position, includeDeclaration: boolean): Location[];
  documentHighlights(document: DiagramDocument, position: Position): DocumentHighlight[];
  prepareRename(document: DiagramDocument, position: Position): { range: Range; placeholder: string };
  rename(document: DiagramDocument, position: Position, newName: string): WorkspaceEdit;
  documentSymbols(document: DiagramDocument): DocumentSymbol[];
  foldingRanges(document: DiagramDocument): FoldingRange[];
  format(document: DiagramDocument): TextEdit[];
  documentLinks(document: DiagramDocument): DocumentLink[];
  semanticTokens(document: DiagramDocument): SemanticTokens;
}

export function createLanguageService(options: LanguageServiceOptions): LanguageService {
  const { source, locale } = options;
  const l10n = options.l10n ?? ENGLISH;
  const iconColor = options.iconColor ?? (() => THEMES.light.node.icon);
  const catalog = () => source.catalog();
  const coreDiagnostics = (document: DiagramDocument) => (isMarkdown(document) ? source.analyzeMarkdown(document).diagnostics : source.analyze(document).diagnostics);
  /** The model of a diagram document; Markdown documents have none of their own (empty answers). */
  const diagram = <T>(document: DiagramDocument, empty: T, f: (analysis: Analysis) => T): T => (isMarkdown(document) ? empty : f(source.analyze(document)));
  /** Where a position-based request runs: the diagram itself, or the Markdown fence holding the position. */
  const target = (document: DiagramDocument, position: Position) => {
    if (!isMarkdown(document)) return { document, position, analysis: () => source.analyze(document), toHost: (r: Range) => r };
    const view = fenceAt(source.analyzeMarkdown(document), document.uri, position);
    return view && { document: view.document, position: view.position, analysis: () => view.fence.analysis!, toHost: view.toMarkdown };
  };

  return {
    diagnostics: (document) => coreDiagnostics(document).map((d) => toLspDiagnostic(d, document.uri, locale())),
    codeActions: (document, range, context) => (wantsQuickFixes(context.only) ? quickFixes(document, coreDiagnostics(document), range, context.diagnostics, l10n) : []),
    async completion(document, position, context = {}) {
      const at = target(document, position);
      if (!at) return { isIncomplete: false, items: [] };
      const list = await completeAt({
        line: at.document.lineText(at.position.line),
        position: at.position,
        text: at.document.getText(),
        analysis: at.analysis,
        ...(context.triggerCharacter !== undefined ? { triggerCharacter: context.triggerCharacter } : {}),
        locale: locale(),
        l10n,
        catalog,
      });
      if (at.document !== document) {
        for (const item of list.items) if (item.textEdit && 'range' in item.textEdit) item.textEdit.range = at.toHost(item.textEdit.range);
      }
      return list;
    },
    async resolveCompletion(item) {
      const iconId = (item.data as Partial<IconItemData> | undefined)?.iconId;
      if (typeof iconId !== 'string') return item;
      const icons = await catalog();
      const data = icons?.has(iconId) ? (await icons.load([iconId]))[iconId] : undefined;
      if (data) item.documentation = { kind: 'markdown', value: iconMarkdown(iconId, data, iconColor(), icons?.sets().find((s) => iconId.startsWith(`${s.prefix}:`))?.name) };
      return item;
    },
    async hover(document, position) {
      const at = target(document, position);
      if (!at) return null;
      const hover = await hoverAt({ line: at.document.lineText(at.position.line), position: at.position, analysis: at.analysis, locale: locale(), l10n, catalog, iconColor: iconColor() });
      if (hover?.range) hover.range = at.toHost(hover.range);
      return hover;
    },
    definition: (document, position) => diagram(document, null, (a) => definitionAt(a.model, document.uri, position)),
    references: (document, position, includeDeclaration) => diagram(document, [], (a) => referencesAt(a.model, document.uri, position, includeDeclaration)),
    documentHighlights: (document, position) => diagram(document, [], (a) => highlightsAt(a.model, position)),
    prepareRename: (document, position) => prepareRenameAt(source.analyze(document).model, position, l10n),
    rename: (document, position, newName) => ({ changes: { [document.uri]: renameAt(source.analyze(document).model, position, newName, l10n) } }),
    documentSymbols: (document) => diagram(document, [], (a) => documentSymbols(a.model, l10n)),
    foldingRanges: (document) => diagram(document, [], (a) => foldingRanges(a.model, document)),
    format: (document) => (isMarkdown(document) ? [] : formattingEdits(document)),
    documentLinks: (document) => (isMarkdown(document) ? [] : documentLinks(document)),
    semanticTokens: (document) => (isMarkdown(document) ? fenceSemanticTokens(source.analyzeMarkdown(document)) : semanticTokens(document.getText(), source.analyze(document).model)),
  };
}

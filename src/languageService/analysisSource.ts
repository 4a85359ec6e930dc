import { analyzeText, type Analysis } from '../core/analysis';
import type { IconCatalog } from '../core/icons/index';
import { analyzeMarkdown, type MarkdownAnalysis } from '../core/markdown/index';
import type { DiagramDocument } from './document';

/**
 * Where the service gets parses from: one per document version, shared by every feature
 * (and, in VS Code, by the Problems panel, preview and export: the extension passes its
 * DiagramService). Implementations never throw on user text.
 */
export interface AnalysisSource {
  /** The parse of the document's current version (cached per uri + version). */
  analyze(document: DiagramDocument): Analysis;
  /** Every diagram fence of a Markdown document's current version, positions in the document. */
  analyzeMarkdown(document: DiagramDocument): MarkdownAnalysis;
  /** The icon catalog (loaded on first call); `undefined` when it cannot be read. Never rejects. */
  catalog(): Promise<IconCatalog | undefined>;
}

/** Texts kept (least recently used dropped first): enough for every fence of a few large documents. */
const TEXT_CACHE_SIZE = 400;

export interface AnalysisCache extends AnalysisSource {
  /** Drops what is cached for a document (it closed). */
  forget(uri: string): void;
}

/**
 * The service's own AnalysisSource, for hosts without one (the language server): each
 * version of each document is parsed once, each fence text once. Analyses made before the
 * catalog loaded lack `unknown-icon` checks and are redone once it has; `onCatalog` runs then.
 */
export function createAnalysisCache(loadCatalog: () => Promise<IconCatalog | undefined>, onCatalog?: () => void): AnalysisCache {
  const documents = new Map<string, { version: number; analysis?: Analysis; markdown?: MarkdownAnalysis }>();
  const texts = new Map<string, Analysis>();
  let catalog: IconCatalog | undefined;
  let loading: Promise<IconCatalog | undefined> | undefined;
  const load = () =>
    (loading ??= loadCatalog().then(
      (c) => {
        catalog = c;
        documents.clear();
        texts.clear();
        if (c) onCatalog?.();
        return c;
      },
      () => undefined,
    ));
  const entry = (document: DiagramDocument) => {
    void load();
    let e = documents.get(document.uri);
    if (!e || e.version !== document.version) documents.set(document.uri, (e = { version: document.version }));
    return e;
  };
  const parse = (text: string) => analyzeText(text, catalog ? { catalog } : {});
  const parseFence = (text: string) => {
    let a = texts.get(text);
    if (a) texts.delete(text);
    else a = parse(text);
    texts.set(text, a);
    if (texts.size > TEXT_CACHE_SIZE) texts.delete(texts.keys().next().value!);
    return a;
  };
  return {
    analyze: (document) => {
      const e = entry(document);
      return (e.analysis ??= parse(document.getText()));
    },
    analyzeMarkdown: (document) => {
      const e = entry(document);
      return (e.markdown ??= analyzeMarkdown(document.getText(), { analyze: parseFence }));
    },
    catalog: load,
    forget: (uri) => void documents.delete(uri),
  };
}

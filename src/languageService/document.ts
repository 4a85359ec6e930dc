/**
 * What the language service reads of a document: any editor's text document fits (VS Code's
 * through a thin wrapper, the LSP server's `TextDocument`). `version` grows with every edit,
 * so a parse can be cached per `uri` + `version`.
 */
export interface DiagramDocument {
  /** The document's URI as a string (`file:///…`, `untitled:…`). */
  readonly uri: string;
  /** The editor's language id (`archflow`, `diagram`, `markdown`…), if it knows one. */
  readonly languageId?: string;
  readonly version: number;
  readonly lineCount: number;
  getText(): string;
  /** The text of a 0-based line without its line break ('' past the end). */
  lineText(line: number): string;
}

/** Markdown documents are served through their diagram fences; everything else is a diagram. */
export function isMarkdown(document: Pick<DiagramDocument, 'uri' | 'languageId'>): boolean {
  return document.languageId === 'markdown' || /\.(md|markdown)$/i.test(document.uri);
}

/**
 * A DiagramDocument over a plain string (a Markdown fence's text, tests). Lines split on
 * `\r\n`, `\r` and `\n`, as editors split them.
 */
export function textDocument(uri: string, text: string, version = 0, languageId?: string): DiagramDocument {
  let lines: string[] | undefined;
  const split = () => (lines ??= text.split(/\r\n|\r|\n/));
  return {
    uri,
    version,
    ...(languageId !== undefined ? { languageId } : {}),
    get lineCount() {
      return split().length;
    },
    getText: () => text,
    lineText: (line) => split()[line] ?? '',
  };
}

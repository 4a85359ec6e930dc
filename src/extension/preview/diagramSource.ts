import * as vscode from 'vscode';
import type { TextEdit } from 'vscode-languageserver-types';
import type { Range } from '../../core/model';

/** A 0-based line and character. */
export interface TextPosition {
  line: number;
  character: number;
}

/** A diagram's text as it is in its document's current version. */
export interface SourceText {
  /** The diagram's key (see {@link DiagramSource.key}): what the service caches its parse and drawing under. */
  readonly uri: vscode.Uri;
  /** The document's version. */
  readonly version: number;
  /** A Markdown fence's name (its entry of the layout file); undefined for a `.diagram` document. */
  readonly fence?: string;
  /** A Markdown fence's 0-based position among the document's diagram fences (export picks it by that). */
  readonly index?: number;
  getText(): string;
  /** A range of the diagram's text (1-based) as the same text's range in the document. */
  toDocumentRange(range: Range): Range;
  /**
   * A 0-based position of the document as the same place in the diagram's text; undefined off
   * the diagram's lines. A fence line's container prefix (a list's indentation, `> `) maps to
   * the line's start.
   */
  positionAt(position: TextPosition): TextPosition | undefined;
  /** Edits of the diagram's text (0-based, whole lines) as the same edits of the document. */
  toDocumentEdits(edits: readonly TextEdit[]): TextEdit[];
}

/** The diagram's text now, or why there is none to show (a fence removed or left open). */
export type SourceRead = { ok: true; text: SourceText } | { ok: false; reason: string };

/**
 * Where a preview's diagram is: a whole `.diagram` document, or one diagram fence of a
 * Markdown document, found again by name in each version. The preview, the layout writes
 * and the picture's edits read and write through it, so they need not know which.
 */
export interface DiagramSource {
  /** The file the diagram is written in. */
  readonly document: vscode.Uri;
  /**
   * The diagram's own key: the document's URI, or for a fence the document's URI with the
   * fence's name as fragment (the service reads that fence's entry of the layout file by it).
   */
  readonly key: vscode.Uri;
  /** A Markdown fence's name; undefined for a `.diagram` document. */
  readonly fence?: string;
  /** The preview panel's title. */
  readonly title: string;
  read(document: vscode.TextDocument): SourceRead;
}

const same = <T>(x: T) => x;

/** A whole `.diagram` document: its text, its positions, its edits as they are. */
export function documentSource(uri: vscode.Uri): DiagramSource {
  const name = uri.path.split('/').pop() ?? uri.path;
  return {
    document: uri,
    key: uri,
    title: vscode.l10n.t('Preview {0}', name),
    read: (doc) => ({
      ok: true,
      text: { uri, version: doc.version, getText: () => doc.getText(), toDocumentRange: same, positionAt: same, toDocumentEdits: (edits) => [...edits] },
    }),
  };
}

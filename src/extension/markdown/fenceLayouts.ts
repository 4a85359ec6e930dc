import * as vscode from 'vscode';
import type { DiagramLayout } from '../../core/layout/layoutFile';
import { fenceNames, type MarkdownAnalysis } from '../../core/markdown/index';
import { isMarkdownLayoutFile, layoutFileUri, type LayoutFiles, type LayoutFileState } from '../documents/layoutFiles';
import type { KeptText } from '../documents/textLayouts';
import { Disposable } from '../util/dispose';
import type { MarkdownFences } from './markdownFences';

/**
 * The kept positions of a Markdown document's diagram fences: its `NAME.md.layout.json`, one
 * entry per fence name (`fenceNames`: the fence's id, else its title, else `NAME-n`, as the
 * CLI names them). `onChange` runs when such a file changes on disk, or is first read with
 * entries (the Markdown preview then renders again to draw with them).
 */
export class FenceLayouts extends Disposable {
  constructor(
    private readonly files: LayoutFiles,
    private readonly fences: MarkdownFences,
    private readonly onChange: () => void,
  ) {
    super();
    this.register(files.onDidChange((uri) => isMarkdownLayoutFile(uri) && onChange()));
  }

  /**
   * The positions of fence `index` of an open Markdown document, without waiting: undefined
   * while its layout file has not been read yet (reading starts; see `onChange`).
   */
  of(resource: string, index: number): KeptText<DiagramLayout> | undefined {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === resource);
    if (!doc) return undefined;
    const file = layoutFileUri(doc.uri);
    const state = this.files.peek(file);
    if (!state) {
      void this.files.read(file).then((s) => s.state === 'ok' && this.onChange());
      return undefined;
    }
    return this.#entry(doc, index, state);
  }

  /** The positions of fence `index` of a Markdown document (its layout file read if need be). */
  async ofDocument(doc: vscode.TextDocument, index: number): Promise<KeptText<DiagramLayout> | undefined> {
    return this.#entry(doc, index, await this.files.read(layoutFileUri(doc.uri)));
  }

  #entry(doc: vscode.TextDocument, index: number, state: LayoutFileState): KeptText<DiagramLayout> | undefined {
    if (state.state !== 'ok' || state.file.kind !== 'markdown') return undefined;
    const name = fenceNamesOf(this.fences.analyze(doc), doc.uri)[index];
    const layout = name === undefined ? undefined : state.file.diagrams.get(name);
    return layout ? { key: `${doc.uri.toString()}@${state.stamp}#${name}`, kept: layout } : undefined;
  }
}

/** The name of each diagram fence of a Markdown document, in order: its key in the document's layout file. */
export function fenceNamesOf(analysis: MarkdownAnalysis, uri: vscode.Uri): string[] {
  return fenceNames(analysis.fences.map((f) => f.fence), stemOf(uri));
}

/** `docs/README.md` → `README`: the stem fences are numbered after. */
function stemOf(uri: vscode.Uri): string {
  const base = uri.path.split('/').pop() || 'diagram';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

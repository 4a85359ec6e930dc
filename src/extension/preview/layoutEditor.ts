import * as vscode from 'vscode';
import { layoutFromScene, type DiagramLayout } from '../../core/layout/layoutFile';
import type { Scene } from '../../core/scene';
import type { Move } from '../../core/sceneMoves';
import type { DiagramModel } from '../../core/model';
import type { DiagramService, DocumentAnalysis, VersionedText } from '../documents/diagramService';
import { layoutFileUri, type LayoutFileState } from '../documents/layoutFiles';
import { fenceLayoutFileText } from '../markdown/fenceLayoutEntry';
import { layoutFileText, layoutWithMoves, layoutWithout } from './layoutEdits';
import { UndoStack } from './undoStack';

/** One write of a layout file: its text before and after (before a first write: the drawing shown then). */
interface LayoutStep {
  before: string;
  after: string;
}

/**
 * What a layout is written for: a `.diagram` document, or a Markdown fence's text (see
 * SourceText: `uri` is then the fence's key, and the fence's entry of the Markdown file's
 * layout file is written, the other entries as they were).
 */
export type LayoutSubject = VersionedText & { readonly uri: vscode.Uri; readonly fence?: string };

/**
 * Writes what the preview's layout gestures ask for to the layout file beside the diagram:
 * moves, "Keep this layout", "Re-layout", and their undo and redo (one history per document).
 * A file that does not parse is never written over unasked (a move is refused with a
 * message; Keep and Re-layout ask first), nor one open with unsaved changes, nor while the
 * text has errors (its ids are not known for sure).
 */
export class LayoutEditor {
  readonly #history = new Map<string, UndoStack<LayoutStep>>();

  constructor(private readonly service: DiagramService) {}

  /** Whether the document's last layout write can be undone or redone. */
  history(uri: vscode.Uri): { canUndo: boolean; canRedo: boolean } {
    const stack = this.#history.get(uri.toString());
    return { canUndo: stack?.canUndo ?? false, canRedo: stack?.canRedo ?? false };
  }

  /** Keeps `moves` of the drawing `shown`; the file is created on the first move. */
  async move(document: LayoutSubject, shown: Scene, moves: readonly Move[]): Promise<boolean> {
    const kept = await this.service.kept(document.uri);
    const previous = kept.source === 'file' ? kept.layout : undefined;
    return this.#write(document, shown, () => layoutWithMoves(shown, previous, moves), false);
  }

  /** Writes the drawing shown (its positions, the file's waypoints) to the layout file. */
  async keep(document: LayoutSubject, shown: Scene): Promise<boolean> {
    const kept = await this.service.kept(document.uri);
    return this.#write(document, shown, () => layoutFromScene(shown, kept.source === 'file' ? kept.layout : undefined), true);
  }

  /**
   * A fresh layout: of the whole diagram (written to the layout file when there is one, else
   * the held drawing is let go), or, given `ids`, of those elements only (the rest kept, they
   * are placed as new; written to the file, which is created if need be).
   */
  async relayout(document: LayoutSubject, shown: Scene, ids: readonly string[] = []): Promise<boolean> {
    const kept = await this.service.kept(document.uri);
    const previous = kept.source === 'file' ? kept.layout : undefined;
    if (ids.length === 0) {
      const file = await this.#file(document.uri);
      // (A fence without an entry in its Markdown file's layout file has nothing written either.)
      if (kept.source !== 'file' && file?.state !== 'invalid') {
        this.service.releaseHeld(document.uri);
        return true;
      }
      return this.#write(document, shown, async (analysis) => layoutFromScene(await this.service.layoutKeeping(analysis, undefined)), true);
    }
    const rest: DiagramLayout = layoutWithout(layoutFromScene(shown, previous), shown, ids);
    return this.#write(document, shown, async (analysis) => layoutFromScene(await this.service.layoutKeeping(analysis, rest), rest), true);
  }

  /** Puts the layout file back as it was before its last write here. */
  undo(uri: vscode.Uri): Promise<boolean> {
    return this.#travel(uri, 'undo');
  }

  /** Writes again what the last undo took back. */
  redo(uri: vscode.Uri): Promise<boolean> {
    return this.#travel(uri, 'redo');
  }

  async #travel(uri: vscode.Uri, way: 'undo' | 'redo'): Promise<boolean> {
    const stack = this.#history.get(uri.toString());
    const step = stack?.[way]();
    if (!stack || !step) return false;
    const [expected, wanted] = way === 'undo' ? [step.after, step.before] : [step.before, step.after];
    const file = await this.#file(uri);
    if (file?.state === 'absent' || !file || file.text !== expected) {
      // Someone else changed it since (a checkout, an editor): going back would undo their change too.
      stack.clear();
      void vscode.window.showWarningMessage(vscode.l10n.t('The layout file changed since the move, so there is nothing to undo or redo.'));
      return false;
    }
    await this.service.layoutFiles!.write(layoutFileUri(uri), wanted);
    return true;
  }

  #file(uri: vscode.Uri): Promise<LayoutFileState> | undefined {
    return this.service.layoutFiles?.read(layoutFileUri(uri));
  }

  async #write(
    document: LayoutSubject,
    shown: Scene,
    layout: (analysis: DocumentAnalysis) => DiagramLayout | Promise<DiagramLayout>,
    replaceInvalid: boolean,
  ): Promise<boolean> {
    const files = this.service.layoutFiles;
    if (!files) return false;
    const target = layoutFileUri(document.uri);
    const name = target.path.split('/').pop() ?? target.path;
    const analysis = this.service.analyze(document);
    if (analysis.counts.errors > 0) {
      void vscode.window.showErrorMessage(vscode.l10n.t('The diagram has errors: fix them before changing its layout.'));
      return false;
    }
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === target.toString() && d.isDirty)) {
      void vscode.window.showErrorMessage(vscode.l10n.t('{0} has unsaved changes: save or revert it before changing the layout.', name));
      return false;
    }
    const file = await files.read(target);
    if (file.state === 'invalid') {
      if (!replaceInvalid) {
        void vscode.window.showErrorMessage(vscode.l10n.t('{0} cannot be read (see Problems), so the move was not kept. Fix the file, or use Keep This Layout to replace it.', name));
        return false;
      }
      const replace = vscode.l10n.t('Replace');
      const answer = await vscode.window.showWarningMessage(vscode.l10n.t('{0} cannot be read (see Problems). Replace it with the layout shown?', name), { modal: true }, replace);
      if (answer !== replace) return false;
    }
    const text = (l: DiagramLayout) => fileText(document, l, analysis.model, file);
    const after = text(await layout(analysis));
    const before = file.state === 'absent' ? text(layoutFromScene(shown)) : file.text;
    if (file.state !== 'absent' && before === after) return true;
    await files.write(target, after);
    const key = document.uri.toString();
    let stack = this.#history.get(key);
    if (!stack) this.#history.set(key, (stack = new UndoStack<LayoutStep>()));
    stack.push({ before, after });
    return true;
  }
}

/** The layout file's text with `layout` as the subject's: the whole file of a `.diagram`, a fence's entry of a Markdown file's. */
function fileText(subject: LayoutSubject, layout: DiagramLayout, model: DiagramModel, file: LayoutFileState): string {
  if (subject.fence === undefined) return layoutFileText(layout, model);
  return fenceLayoutFileText(file.state === 'ok' ? file.file : undefined, subject.fence, layout, model);
}

import * as vscode from 'vscode';
import { layoutFromScene, type DiagramLayout } from '../../core/layout/layoutFile';
import type { Scene } from '../../core/scene';
import type { Move } from '../../core/sceneMoves';
import type { DiagramModel } from '../../core/model';
import type { DiagramService, DocumentAnalysis, VersionedText } from '../documents/diagramService';
import { layoutFileUri, type LayoutFileState } from '../documents/layoutFiles';
import { fenceLayoutFileText } from '../markdown/fenceLayoutEntry';
import type { PictureGesture } from '../../protocol/index';
import type { PictureEditResult } from '../../languageService/pictureEdits/index';
import { connectionKeyOf, layoutWithRoutes, type RouteChange } from '../../core/routeDrag';
import { layoutFileText, layoutWithDrops, layoutWithMoves, layoutWithout, type Drop } from './layoutEdits';
import { PreviewHistory, type HistoryStep } from './previewHistory';

/**
 * Boxes a picture edit placed, kept once the text has them: a new element where it was
 * dropped, or boxes dragged into or out of a group where they were let go.
 */
interface PendingDrops {
  /** The document version the edit produced. */
  version: number;
  /** The drawing the gesture was made on. */
  shown: Scene;
  moves: Move[];
  drops: Drop[];
  /** The edit's history step, which the layout write joins (one undo takes back both). */
  step: HistoryStep;
}

/**
 * What a layout is written for: a `.diagram` document, or a Markdown fence's text (see
 * SourceText: `uri` is then the fence's key, and the fence's entry of the Markdown file's
 * layout file is written, the other entries as they were).
 */
export type LayoutSubject = VersionedText & { readonly uri: vscode.Uri; readonly fence?: string };

/**
 * Writes what the preview's layout gestures ask for to the layout file beside the diagram:
 * moves, "Keep this layout", "Re-layout", the boxes a picture edit placed, and their undo and
 * redo (one history per document with the picture edits, see PreviewHistory).
 * A file that does not parse is never written over unasked (a move is refused with a
 * message; Keep and Re-layout ask first), nor one open with unsaved changes, nor while the
 * text has errors (its ids are not known for sure).
 */
export class LayoutEditor {
  readonly #history: PreviewHistory;
  readonly #pending = new Map<string, PendingDrops>();

  constructor(private readonly service: DiagramService) {
    this.#history = new PreviewHistory(service);
  }

  /** Whether the document's last action in the preview can be undone or redone. */
  history(uri: vscode.Uri): { canUndo: boolean; canRedo: boolean } {
    return this.#history.state(uri);
  }

  /**
   * A picture edit from the preview changed `document` from `before`: it joins the undo
   * history of the diagram `key` (the document's URI, or a fence's key), and the boxes it placed (`at` of an added element, `moves` of a regrouping) wait
   * for the drawing of the new text ({@link settle}). True when some do.
   */
  gestureMade(document: vscode.TextDocument, key: vscode.Uri, before: string, gesture: PictureGesture, shown: Scene | undefined, result: PictureEditResult): boolean {
    const after = document.getText();
    if (!result.ok || after === before) return false;
    const step = this.#history.record(key, { kind: 'text', before, after, version: document.version });
    const at = gesture.kind === 'add' || gesture.kind === 'connectToNew' ? gesture.at : undefined;
    const drops = at && result.newId !== undefined ? [{ id: result.newId, at }] : [];
    const moves = gesture.kind === 'move' ? (gesture.moves ?? []) : [];
    if (!shown || (drops.length === 0 && moves.length === 0)) return false;
    this.#pending.set(key.toString(), { version: document.version, shown, moves, drops, step });
    return true;
  }

  /**
   * Keeps the boxes the picture edit that produced `version` placed, now that `drawn`, the first
   * drawing of that version, gives the new elements their size: in the layout file, or in the
   * held drawing when there is no file (a regrouping is a move: it creates the file). True when
   * the positions changed (draw the version again).
   */
  async settle(document: LayoutSubject, version: number, drawn: Scene): Promise<boolean> {
    const key = document.uri.toString();
    const pending = this.#pending.get(key);
    if (!pending || pending.version > version) return false;
    this.#pending.delete(key);
    if (pending.version !== version) return false;
    const kept = await this.service.kept(document.uri);
    const previous = kept.source === 'file' ? kept.layout : undefined;
    const layout = layoutWithDrops(pending.shown, previous, pending.moves, pending.drops, drawn);
    if (kept.source === 'held' && pending.moves.length === 0) {
      // Joins the edit's step, so a redo puts the box back where it was dropped, not where placement would.
      this.#history.record(document.uri, { kind: 'held', before: layoutFromScene(pending.shown), after: layout }, pending.step);
      return this.service.holdPositions(document.uri, layout);
    }
    return this.#write(document, pending.shown, () => layout, false, pending.step);
  }

  /** Keeps `moves` of the drawing `shown`; the file is created on the first move. */
  async move(document: LayoutSubject, shown: Scene, moves: readonly Move[]): Promise<boolean> {
    const kept = await this.service.kept(document.uri);
    const previous = kept.source === 'file' ? kept.layout : undefined;
    return this.#write(document, shown, () => layoutWithMoves(shown, previous, moves), false);
  }

  /**
   * Keeps connections reshaped in the drawing `shown` (their waypoints and routes), or forgets
   * them (Reset Route), like a move: the file is created on the first change. A reset of
   * connections that have no waypoints writes nothing.
   */
  async reshape(document: LayoutSubject, shown: Scene, changes: readonly RouteChange[]): Promise<boolean> {
    const kept = await this.service.kept(document.uri);
    const previous = kept.source === 'file' ? kept.layout : undefined;
    const keyOf = connectionKeyOf(shown);
    const shaped = (c: RouteChange) => previous?.waypoints.has(keyOf(c.connection) ?? '') ?? false;
    if (changes.every((c) => !c.route && !shaped(c))) return true;
    return this.#write(document, shown, () => layoutWithRoutes(shown, previous, changes), false);
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

  /** Takes back the document's last action in the preview: a layout write or a picture edit. */
  undo(uri: vscode.Uri): Promise<boolean> {
    return this.#history.undo(uri);
  }

  /** Makes again what the last undo took back. */
  redo(uri: vscode.Uri): Promise<boolean> {
    return this.#history.redo(uri);
  }

  #file(uri: vscode.Uri): Promise<LayoutFileState> | undefined {
    return this.service.layoutFiles?.read(layoutFileUri(uri));
  }

  async #write(
    document: LayoutSubject,
    shown: Scene,
    layout: (analysis: DocumentAnalysis) => DiagramLayout | Promise<DiagramLayout>,
    replaceInvalid: boolean,
    step?: HistoryStep,
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
    this.#history.record(document.uri, { kind: 'layout', before, after }, step);
    return true;
  }
}

/** The layout file's text with `layout` as the subject's: the whole file of a `.diagram`, a fence's entry of a Markdown file's. */
function fileText(subject: LayoutSubject, layout: DiagramLayout, model: DiagramModel, file: LayoutFileState): string {
  if (subject.fence === undefined) return layoutFileText(layout, model);
  return fenceLayoutFileText(file.state === 'ok' ? file.file : undefined, subject.fence, layout, model);
}

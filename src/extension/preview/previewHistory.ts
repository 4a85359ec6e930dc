import * as vscode from 'vscode';
import type { DiagramLayout } from '../../core/layout/layoutFile';
import { lineEdits } from '../../languageService/pictureEdits/index';
import type { DiagramService } from '../documents/diagramService';
import { layoutFileUri } from '../documents/layoutFiles';
import { applyPictureEdit } from '../pictureEdits/applyPictureEdit';
import { UndoStack } from './undoStack';

/** One write of the layout file: its text before (before a first write: the drawing shown then) and after. */
export interface LayoutPart {
  kind: 'layout';
  before: string;
  after: string;
}

/** One picture edit of the text: the text before and after, and the document version it left (each undo and redo updates it). */
export interface TextPart {
  kind: 'text';
  before: string;
  after: string;
  version: number;
}

/** Positions given to the preview's held drawing (a box dropped without a layout file): kept in memory only, never stale. */
export interface HeldPart {
  kind: 'held';
  before: DiagramLayout;
  after: DiagramLayout;
}

export type HistoryPart = LayoutPart | TextPart | HeldPart;
/** What {@link PreviewHistory.record} returns, to join a later part to the same step. */
export type HistoryStep = readonly HistoryPart[];

/**
 * The preview's one undo history per document: moves, Keep, Re-layout and picture edits, in the
 * order they were made, so Ctrl+Z in the preview takes back the last of them whichever it was. A
 * step is taken back only while everything it wrote is still as it left it: a text typed over
 * since, or a layout file changed on disk, would be lost with it, so the history is then dropped
 * and the user told why (the text editor's own undo still has the text's edits).
 */
export class PreviewHistory {
  readonly #stacks = new Map<string, UndoStack<HistoryPart>>();

  constructor(private readonly service: DiagramService) {}

  /** Whether the document's last action can be undone or redone. */
  state(uri: vscode.Uri): { canUndo: boolean; canRedo: boolean } {
    const stack = this.#stacks.get(uri.toString());
    return { canUndo: stack?.canUndo ?? false, canRedo: stack?.canRedo ?? false };
  }

  /** Records `part` as a new step, or as part of `step` while that is still the last action. */
  record(uri: vscode.Uri, part: HistoryPart, step?: HistoryStep): HistoryStep {
    const key = uri.toString();
    let stack = this.#stacks.get(key);
    if (!stack) this.#stacks.set(key, (stack = new UndoStack<HistoryPart>()));
    if (!step) return stack.push(part);
    stack.join(step, part);
    return step;
  }

  undo(uri: vscode.Uri): Promise<boolean> {
    return this.#travel(uri, 'undo');
  }

  redo(uri: vscode.Uri): Promise<boolean> {
    return this.#travel(uri, 'redo');
  }

  async #travel(uri: vscode.Uri, way: 'undo' | 'redo'): Promise<boolean> {
    const stack = this.#stacks.get(uri.toString());
    const parts = stack?.[way]();
    if (!stack || !parts) return false;
    const from = <P extends HistoryPart>(p: P): P['before'] => (way === 'undo' ? p.after : p.before);
    const to = <P extends HistoryPart>(p: P): P['before'] => (way === 'undo' ? p.before : p.after);
    const document = parts.some((p) => p.kind === 'text') ? await this.#document(uri) : undefined;
    const layoutFile = layoutFileUri(uri);
    const file = parts.some((p) => p.kind === 'layout') ? await this.service.layoutFiles?.read(layoutFile) : undefined;
    const stale = parts.find((p) => (p.kind === 'text' ? document?.version !== p.version : p.kind === 'layout' && (file?.state === 'absent' || !file || file.text !== from(p))));
    if (stale) return this.#refuse(stack, stale);
    for (const part of parts) {
      if (part.kind === 'held') {
        // A preview closed since holds nothing any more: the text's part still goes back.
        this.service.holdPositions(uri, to(part));
        continue;
      }
      if (part.kind === 'layout') {
        await this.service.layoutFiles!.write(layoutFile, to(part));
        continue;
      }
      const wanted = to(part);
      const applied = await applyPictureEdit(document!, (text) => ({ ok: true, edits: lineEdits(text, wanted), text: wanted }));
      if (!applied.ok) {
        stack.clear();
        void vscode.window.showWarningMessage(applied.reason);
        return false;
      }
      part.version = document!.version;
    }
    return true;
  }

  /** Someone changed what the step wrote since: taking it back would undo their change too. */
  #refuse(stack: UndoStack<HistoryPart>, stale: HistoryPart): false {
    stack.clear();
    void vscode.window.showWarningMessage(
      stale.kind === 'text'
        ? vscode.l10n.t('The text changed since that edit, so the preview has nothing to undo or redo (the text editor’s undo still can).')
        : vscode.l10n.t('The layout file changed since the move, so there is nothing to undo or redo.'),
    );
    return false;
  }

  /** The document of a diagram's key (a Markdown fence's key is its document's URI with the fence as fragment). */
  async #document(key: vscode.Uri): Promise<vscode.TextDocument> {
    const uri = key.with({ fragment: '' });
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) ?? (await vscode.workspace.openTextDocument(uri));
  }
}

import * as vscode from 'vscode';
import type { Scene } from '../../../core/scene';
import type { DiagramDocument, DiagramWorkspace, EditOutcome } from '../../../editorTools/index';
import type { DiagramService } from '../../documents/diagramService';
import { elementTarget } from '../../../languageService/index';
import type { PreviewManager } from '../../preview/previewManager';
import { isDiagramDocument, toVsRange } from '../../util/diagramDocument';

/**
 * The editor tools' view of VS Code: documents as the editor holds them, edits through
 * `WorkspaceEdit` (so they appear in the editor, are one undo step each and go through the
 * editor's own check that the document did not change since), problems and drawings from the
 * {@link DiagramService} (the parse and layout the Problems panel and the preview show), the
 * preview from the {@link PreviewManager}. Paths arrive checked (see EditorTools).
 */
export class VsCodeDiagramWorkspace implements DiagramWorkspace {
  constructor(
    private readonly diagrams: DiagramService,
    private readonly previews: PreviewManager,
  ) {}

  folders(): readonly string[] {
    return vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath) ?? [];
  }

  async active(): Promise<DiagramDocument | undefined> {
    const active = vscode.window.activeTextEditor;
    const editor = active && isDiagramDocument(active.document) ? active : vscode.window.visibleTextEditors.find((e) => isDiagramDocument(e.document));
    return editor && this.#snapshot(editor.document);
  }

  openDiagrams(): readonly string[] {
    return vscode.workspace.textDocuments.filter((d) => isDiagramDocument(d) && !d.isClosed).map((d) => vscode.workspace.asRelativePath(d.uri));
  }

  async read(path: string): Promise<DiagramDocument | undefined> {
    const doc = await this.#document(path);
    return doc && this.#snapshot(doc);
  }

  async create(path: string, text: string): Promise<EditOutcome> {
    const uri = vscode.Uri.file(path);
    const edit = new vscode.WorkspaceEdit();
    edit.createFile(uri, { contents: new TextEncoder().encode(text), overwrite: false, ignoreIfExists: false }, this.#metadata(uri));
    const applied = await vscode.workspace.applyEdit(edit);
    const doc = await this.#document(path);
    if (!doc) return { status: 'failed', reason: vscode.l10n.t('VS Code did not create the file.') };
    if (!applied) return { status: 'changed', document: await this.#snapshot(doc) };
    await this.#showInEditor(doc);
    return { status: 'applied', document: await this.#snapshot(doc), saved: true };
  }

  async replace(path: string, text: string, version: number): Promise<EditOutcome> {
    const doc = await this.#document(path);
    if (!doc) return { status: 'failed', reason: vscode.l10n.t('the file no longer exists.') };
    if (doc.version !== version) return { status: 'changed', document: await this.#snapshot(doc) };
    await this.#showInEditor(doc);
    if (doc.version !== version) return { status: 'changed', document: await this.#snapshot(doc) };
    const wasDirty = doc.isDirty;
    const change = smallestChange(doc, doc.eol === vscode.EndOfLine.CRLF ? text.replace(/\r?\n/g, '\r\n') : text);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, change.range, change.text, this.#metadata(doc.uri));
    // VS Code refuses the edit when the document moved past the version the extension host knows.
    if (!(await vscode.workspace.applyEdit(edit))) {
      if (doc.version !== version) return { status: 'changed', document: await this.#snapshot(doc) };
      return { status: 'failed', reason: vscode.l10n.t('VS Code did not apply the edit.') };
    }
    // The file follows the editor only when it did before: the user's unsaved work is never saved for them.
    const saved = !wasDirty && (await doc.save());
    return { status: 'applied', document: await this.#snapshot(doc), saved };
  }

  async show(path: string, select: string | undefined): Promise<DiagramDocument> {
    const doc = await this.#document(path);
    if (!doc) throw new Error(vscode.l10n.t('the file no longer exists.'));
    const editor = await this.#showInEditor(doc);
    const preview = this.previews.open(doc.uri, { toSide: true, preserveFocus: true });
    const target = select !== undefined ? elementTarget(this.diagrams.analyze(doc).model, select) : undefined;
    if (select !== undefined && target) {
      const range = toVsRange(target);
      editor.selection = new vscode.Selection(range.start, range.end);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      preview.focusElement(select);
    }
    return this.#snapshot(doc);
  }

  /**
   * Through the {@link DiagramService}: while the editor still holds this version, its cached
   * drawing of the version (the one the preview shows, laid out once for both); once it has
   * moved on, the snapshot's own text, laid out on the same worker.
   */
  async scene(document: DiagramDocument): Promise<Scene> {
    const uri = document.path ? vscode.Uri.file(document.path) : undefined;
    const open = uri ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed) : undefined;
    if (open && open.version === document.version) return this.diagrams.scene(open);
    // The layout file beside it still holds its boxes where the user put them.
    return this.diagrams.sceneOfText(document.text, uri ? await this.diagrams.fileKept(uri) : undefined);
  }

  async #document(path: string): Promise<vscode.TextDocument | undefined> {
    const uri = vscode.Uri.file(path);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString() && !d.isClosed);
    if (open) return open;
    try {
      await vscode.workspace.fs.stat(uri);
    } catch {
      return undefined;
    }
    return vscode.workspace.openTextDocument(uri);
  }

  /** Shows the document in the editor where it is visible, else in the active group, keeping the focus where it is. */
  async #showInEditor(doc: vscode.TextDocument): Promise<vscode.TextEditor> {
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === doc);
    if (visible) return visible;
    return vscode.window.showTextDocument(doc, { preserveFocus: true, preview: false });
  }

  async #snapshot(doc: vscode.TextDocument): Promise<DiagramDocument> {
    // Unknown-icon warnings need the catalog: the model is told about them from the first answer on.
    await this.diagrams.catalog();
    const analysis = this.diagrams.analyze(doc);
    return {
      ...(doc.uri.scheme === 'file' ? { path: doc.uri.fsPath } : {}),
      name: doc.uri.scheme === 'file' ? vscode.workspace.asRelativePath(doc.uri) : doc.uri.path.split('/').pop() || doc.uri.toString(),
      text: doc.getText(),
      version: analysis.version,
      dirty: doc.isDirty,
      model: analysis.model,
      diagnostics: analysis.diagnostics,
      counts: analysis.counts,
    };
  }

  #metadata(uri: vscode.Uri): vscode.WorkspaceEditEntryMetadata {
    return { needsConfirmation: false, label: vscode.l10n.t('ArchFlow chat: write {0}', vscode.workspace.asRelativePath(uri)) };
  }
}

/**
 * The one replacement that turns the document's text into `text`: everything between their
 * common start and common end. The cursor and folds of the user outside it stay put.
 */
export function smallestChange(doc: vscode.TextDocument, text: string): { range: vscode.Range; text: string } {
  const old = doc.getText();
  const max = Math.min(old.length, text.length);
  let start = 0;
  while (start < max && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  // Never split a surrogate pair or a CRLF.
  while (start > 0 && isLowHalf(old, start)) start--;
  while (end > 0 && isLowHalf(old, old.length - end)) end--;
  return { range: new vscode.Range(doc.positionAt(start), doc.positionAt(old.length - end)), text: text.slice(start, text.length - end) };
}

function isLowHalf(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return (code >= 0xdc00 && code <= 0xdfff) || (code === 10 && text.charCodeAt(index - 1) === 13);
}

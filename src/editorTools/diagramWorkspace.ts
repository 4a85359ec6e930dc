import type { DiagramModel, Diagnostic } from '../core/model';
import type { Scene } from '../core/scene';
import type { DiagramCounts } from '../core/summary';

/** One `.diagram` document as the editor holds it now (unsaved edits included). */
export interface DiagramDocument {
  /** Its file path as the editor names it; undefined for an untitled document. */
  path?: string;
  /** What to call it when it has no path (`Untitled-1`). */
  name: string;
  text: string;
  /** The editor's version of the document: it grows with every change, the user's included. */
  version: number;
  /** The editor holds changes that are not saved to the file. */
  dirty: boolean;
  /** The editor's own parse of this version (the one the Problems panel and the preview show). */
  model: DiagramModel;
  diagnostics: readonly Diagnostic[];
  counts: DiagramCounts;
}

/**
 * How an edit went. `changed`: the document is no longer at the version the edit was made
 * for (the user typed, or the file appeared while it was being created), so nothing was
 * changed; `document` is what it holds now.
 */
export type EditOutcome =
  | { status: 'applied'; document: DiagramDocument; saved: boolean }
  | { status: 'changed'; document: DiagramDocument }
  | { status: 'failed'; reason: string };

/**
 * What the editor tools need from an editor: the port the VS Code adapter implements (and
 * the tests, with plain files). Paths reach it already checked: inside a workspace folder,
 * ending in `.diagram`, named as the editor names the folder.
 */
export interface DiagramWorkspace {
  /** The workspace folders' paths, the first first; empty when no folder is open. */
  folders(): readonly string[];
  /** The `.diagram` the user is working on (the active editor's, else a visible one), if any. */
  active(): Promise<DiagramDocument | undefined>;
  /** Names of the open `.diagram` documents, for messages that say what could be read. */
  openDiagrams(): readonly string[];
  /** The document at `path`: as the editor holds it when open, else read from the file; undefined when there is no such file. */
  read(path: string): Promise<DiagramDocument | undefined>;
  /** Creates the file with `text` and shows it in an editor; `changed` when it exists by then. */
  create(path: string, text: string): Promise<EditOutcome>;
  /**
   * Replaces the document's text with `text` as one undoable edit in the editor, only if it
   * is still at `version`; shows it in an editor. Saves it when it had no unsaved changes
   * before the edit (the user's own unsaved changes are never saved by it).
   */
  replace(path: string, text: string, version: number): Promise<EditOutcome>;
  /** Shows the document in an editor and its preview beside it; with `select`, selects that element in both. */
  show(path: string, select: string | undefined): Promise<DiagramDocument>;
  /**
   * The drawing of `document` as this snapshot holds it (its text at its version, whatever the
   * editor holds by now), laid out as the preview lays it out, icons included. Called only for
   * a snapshot without errors; rejects when the layout fails.
   */
  scene(document: DiagramDocument): Promise<Scene>;
}

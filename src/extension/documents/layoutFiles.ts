import * as vscode from 'vscode';
import { layoutFileName, parseLayoutFile, type LayoutFile, type LayoutProblem } from '../../core/layout/layoutFile';
import { Disposable } from '../util/dispose';

/** What is on disk at a layout file's place; `stamp` changes whenever its content does. */
export type LayoutFileState =
  | { state: 'absent'; stamp: number }
  | { state: 'ok'; stamp: number; text: string; file: LayoutFile }
  | { state: 'invalid'; stamp: number; text: string; problems: LayoutProblem[] };

/**
 * The layout file beside a `.diagram` or Markdown document: `NAME.diagram` → `NAME.diagram.layout.json`
 * (a Markdown fence's key, the document's URI with the fence's name as fragment, gives its document's file).
 */
export function layoutFileUri(document: vscode.Uri): vscode.Uri {
  return document.with({ path: layoutFileName(document.path), fragment: '' });
}

/** True for the layout file of a Markdown document (it holds one layout per fence). */
export function isMarkdownLayoutFile(uri: vscode.Uri): boolean {
  return /\.(md|markdown)\.layout\.json$/i.test(uri.path);
}

/**
 * The layout files beside diagrams, read through `workspace.fs` once and then kept until the
 * file changes on disk (a watcher, so `git checkout` redraws) or is written here. A file that
 * does not parse is reported in the Problems panel at its line and column, and read as
 * `invalid`: callers draw without it and never write over it unasked.
 */
export class LayoutFiles extends Disposable {
  readonly #files = new Map<string, Promise<LayoutFileState>>();
  /** The states already read, for callers that cannot wait (markdown-it renders synchronously). */
  readonly #known = new Map<string, LayoutFileState>();
  /** Modification time and size of the file each state was read from ('' when absent). */
  readonly #signatures = new WeakMap<LayoutFileState, string>();
  #stamp = 0;
  readonly #diagnostics = this.register(vscode.languages.createDiagnosticCollection('archflow-layout'));
  readonly #onDidChange = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** Fires with a layout file's URI when its content changed (on disk or written here). */
  readonly onDidChange = this.#onDidChange.event;

  constructor() {
    super();
    const watcher = this.register(vscode.workspace.createFileSystemWatcher('**/*.layout.json'));
    const reread = (uri: vscode.Uri) => void this.#reread(uri);
    this.register(watcher.onDidChange(reread));
    this.register(watcher.onDidCreate(reread));
    this.register(watcher.onDidDelete(reread));
  }

  /**
   * The file's state (never rejects): read on first use, then again only when its
   * modification time or size changed. The watcher alone would miss files outside the
   * workspace folders, and reports a change a moment after it happened.
   */
  async read(uri: vscode.Uri): Promise<LayoutFileState> {
    const key = uri.toString();
    const cached = this.#files.get(key);
    if (!cached) {
      const state = this.#load(uri, undefined);
      this.#files.set(key, state);
      void state.then((s) => this.#files.get(key) === state && this.#known.set(key, s));
      return state;
    }
    const before = await cached;
    if ((await signature(uri)) === this.#signatures.get(before)) return before;
    const next = await this.#load(uri, before);
    await this.#take(uri, next);
    return next;
  }

  /** The file's state if it has been read; undefined otherwise (then call `read`). */
  peek(uri: vscode.Uri): LayoutFileState | undefined {
    return this.#known.get(uri.toString());
  }

  /** Writes `text` to the file (creating it) and takes it as the file's state at once. */
  async write(uri: vscode.Uri, text: string): Promise<void> {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    const state = this.#parse(uri, text, await this.#files.get(uri.toString()));
    this.#signatures.set(state, await signature(uri));
    await this.#take(uri, state);
  }

  /** Reads the file again after a change on disk; fires only when its content changed. */
  async #reread(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    const before = this.#files.get(key);
    if (!before) return; // nobody has read it: nothing to redraw
    const next = await this.#load(uri, await before);
    await this.#take(uri, next);
  }

  async #take(uri: vscode.Uri, next: LayoutFileState): Promise<void> {
    const key = uri.toString();
    const before = await this.#files.get(key);
    this.#files.set(key, Promise.resolve(next));
    this.#known.set(key, next);
    if (before?.stamp !== next.stamp) this.#onDidChange.fire(uri);
  }

  async #load(uri: vscode.Uri, before: LayoutFileState | undefined): Promise<LayoutFileState> {
    // Taken before reading: a change made meanwhile is seen by the next read.
    const seen = await signature(uri);
    let state: LayoutFileState;
    try {
      state = this.#parse(uri, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), before);
    } catch {
      this.#diagnostics.delete(uri);
      state = before?.state === 'absent' ? before : { state: 'absent', stamp: ++this.#stamp };
    }
    this.#signatures.set(state, seen);
    return state;
  }

  #parse(uri: vscode.Uri, text: string, before: LayoutFileState | undefined): LayoutFileState {
    // The same bytes keep their stamp: a write of ours that the watcher reports again redraws nothing.
    if (before && before.state !== 'absent' && before.text === text) return before;
    const parsed = parseLayoutFile(text, isMarkdownLayoutFile(uri));
    const stamp = ++this.#stamp;
    if (parsed.ok) {
      this.#diagnostics.delete(uri);
      return { state: 'ok', stamp, text, file: parsed.file };
    }
    this.#diagnostics.set(uri, parsed.problems.map((p) => layoutDiagnostic(p)));
    return { state: 'invalid', stamp, text, problems: parsed.problems };
  }
}

/** What tells one version of a file from the next without reading it ('' when there is no file). */
async function signature(uri: vscode.Uri): Promise<string> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    return `${stat.mtime}:${stat.size}`;
  } catch {
    return '';
  }
}

/** A layout file's problem in the Problems panel: where it is, and that the drawing ignores the file. */
export function layoutDiagnostic(problem: LayoutProblem): vscode.Diagnostic {
  const at = new vscode.Position(Math.max(0, problem.line - 1), Math.max(0, problem.column - 1));
  const d = new vscode.Diagnostic(
    new vscode.Range(at, at.translate(0, 1)),
    vscode.l10n.t('This layout file cannot be used, so the diagram is drawn without it (the file is left as it is): {0}', problem.message),
    vscode.DiagnosticSeverity.Warning,
  );
  d.source = 'archflow';
  d.code = problem.code;
  return d;
}

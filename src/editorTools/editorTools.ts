import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_VIEW_PROBLEMS, type DiagramViewMeta } from '../protocol/mcpAppMessages';
import { formatDiagnosticLine, reportDiagnostic, type DiagnosticReport } from '../core/language';
import type { Locale } from '../core/model';
import { serverMessages } from '../mcpServer/serverMessages';
import { checkPathInRoots } from '../mcpServer/pathSafety';
import { textTooLarge } from '../mcpServer/tools/checkDiagram';
import type { ToolOutcome } from '../mcpServer/tools/outcome';
import type { DiagramDocument, DiagramWorkspace } from './diagramWorkspace';
import { editorMessages, type EditorMessages } from './editorMessages';

export interface ReadDiagramInput {
  /** Relative to the first workspace folder, or absolute inside one; default the active editor's diagram. */
  path?: string;
}

export interface WriteDiagramInput {
  path: string;
  text: string;
  /** The version the text was made from; required in effect to replace text the model has not seen. */
  baseVersion?: number;
}

export interface ShowDiagramInput {
  path: string;
  /** An element id to select in the editor and centre in the preview. */
  select?: string;
}

/** An element as the tools list it. */
export interface ElementSummary {
  id: string;
  kind: 'node' | 'group';
  label: string;
}

/** What the model learns about a document, as data (`structuredContent`). */
export interface DiagramState {
  /** As the model should write it: relative to the first folder, else absolute; the name of an untitled document. */
  path: string;
  /** `file:` URI, absent for an untitled document. */
  uri?: string;
  version: number;
  dirty: boolean;
  elements: ElementSummary[];
  connections: number;
  errors: number;
  warnings: number;
  diagnostics: DiagnosticReport[];
}

export interface ReadDiagramData extends DiagramState {
  text: string;
}

export interface WriteDiagramData extends DiagramState {
  created: boolean;
  /** The file on disk holds the new text. */
  saved: boolean;
}

export interface EditorToolsOptions {
  workspace: DiagramWorkspace;
  locale: Locale;
  /** Largest text accepted, in UTF-8 bytes (default 1 MiB, as the diagram server). */
  maxTextBytes?: number;
}

type Resolved = { ok: true; path: string; display: string } | { ok: false; message: string };

const DIAGRAM_FILE = /\.diagram$/i;
/** Longest problem message the diagram app is given (messages quote the user's text). */
const MAX_PROBLEM_CHARS = 1000;

/**
 * The logic of the editor tools `read_diagram`, `write_diagram` and `show_diagram`, over a
 * {@link DiagramWorkspace} (VS Code's in the extension). Plain data in and out, no SDK.
 *
 * Guarantees: every path is checked with `render_diagram`'s rules (inside a workspace
 * folder, no `..`, no symlink out, only `.diagram` files) before the workspace sees it, and
 * a refused path touches nothing. Text the model has not seen is never replaced: an existing
 * document is replaced only when `baseVersion` is its current version, or, without one,
 * when its text is exactly what these tools last showed the model (read, written, or
 * returned with a refusal); otherwise the answer is a refusal with the current text.
 * Never throws: failures come back as `isError` outcomes.
 */
export class EditorTools {
  readonly #workspace: DiagramWorkspace;
  readonly #locale: Locale;
  readonly #messages: EditorMessages;
  readonly #maxTextBytes: number | undefined;
  /** Per editor path, a hash of the text the model was last shown. */
  readonly #seen = new Map<string, string>();

  constructor(options: EditorToolsOptions) {
    this.#workspace = options.workspace;
    this.#locale = options.locale;
    this.#messages = editorMessages(options.locale);
    this.#maxTextBytes = options.maxTextBytes;
  }

  async read(input: ReadDiagramInput): Promise<ToolOutcome<ReadDiagramData>> {
    return this.#guard(async () => {
      let doc: DiagramDocument | undefined;
      let display: string;
      if (input.path === undefined) {
        doc = await this.#workspace.active();
        if (!doc) return { isError: true, text: this.#messages.noActiveDiagram(this.#workspace.openDiagrams()) };
        display = doc.name;
        if (doc.path) {
          // The active editor's file obeys the same rules as a named one.
          const resolved = await this.#resolve(doc.path);
          if (!resolved.ok) return { isError: true, text: resolved.message };
          display = resolved.display;
        }
      } else {
        const resolved = await this.#resolve(input.path);
        if (!resolved.ok) return { isError: true, text: resolved.message };
        doc = await this.#workspace.read(resolved.path);
        if (!doc) return { isError: true, text: this.#messages.notFound(resolved.display) };
        display = resolved.display;
      }
      this.#markSeen(doc);
      const lines = [...this.#describe(doc, display), fenced(doc.text)];
      if (!doc.path) lines.push(this.#messages.untitled());
      return { isError: false, text: lines.join('\n'), data: { ...this.#state(doc, display), text: doc.text } };
    });
  }

  async write(input: WriteDiagramInput): Promise<ToolOutcome<WriteDiagramData>> {
    return this.#guard(async () => {
      const resolved = await this.#resolve(input.path);
      if (!resolved.ok) return { isError: true, text: resolved.message };
      const tooLarge = textTooLarge(input.text, this.#maxTextBytes, serverMessages(this.#locale));
      if (tooLarge) return { isError: true, text: tooLarge };
      const { path, display } = resolved;
      const m = this.#messages;

      const current = await this.#workspace.read(path);
      if (!current) {
        if (input.baseVersion !== undefined) return { isError: true, text: m.goneSinceRead(display, input.baseVersion) };
        const created = await this.#workspace.create(path, input.text);
        if (created.status === 'applied') return this.#written(created.document, display, m.created(display, created.document.version), true, true, input.text);
        if (created.status === 'changed') return this.#refuse(created.document, display, m.unseen(display, created.document.version));
        return { isError: true, text: m.editFailed(display, created.reason) };
      }

      if (input.baseVersion !== undefined && input.baseVersion !== current.version) {
        return this.#refuse(current, display, m.stale(display, input.baseVersion, current.version));
      }
      if (input.baseVersion === undefined && this.#seen.get(path) !== hash(current.text)) {
        return this.#refuse(current, display, m.unseen(display, current.version));
      }
      if (sameText(current.text, input.text)) {
        this.#markSeen(current);
        return {
          isError: false,
          text: [m.unchanged(display, current.version), ...this.#problems(current, display)].join('\n'),
          data: { ...this.#state(current, display), created: false, saved: !current.dirty },
          ...(await this.#view(current, display)),
        };
      }
      const replaced = await this.#workspace.replace(path, input.text, current.version);
      if (replaced.status === 'applied') {
        return this.#written(replaced.document, display, m.replaced(display, replaced.document.version, replaced.saved), false, replaced.saved, input.text);
      }
      if (replaced.status === 'changed') {
        const base = input.baseVersion ?? current.version;
        return this.#refuse(replaced.document, display, m.stale(display, base, replaced.document.version));
      }
      return { isError: true, text: m.editFailed(display, replaced.reason) };
    });
  }

  async show(input: ShowDiagramInput): Promise<ToolOutcome> {
    return this.#guard(async () => {
      const resolved = await this.#resolve(input.path);
      if (!resolved.ok) return { isError: true, text: resolved.message };
      const m = this.#messages;
      const doc = await this.#workspace.read(resolved.path);
      if (!doc) return { isError: true, text: m.notFound(resolved.display) };
      const ids = doc.model.elements.map((e) => e.id);
      if (input.select !== undefined && !ids.includes(input.select)) {
        return { isError: true, text: m.unknownElement(input.select, resolved.display, ids) };
      }
      const shown = await this.#workspace.show(resolved.path, input.select);
      const lines = [m.shown(resolved.display, shown.version, input.select)];
      if (shown.counts.errors > 0) lines.push(m.shownWithErrors(shown.counts.errors));
      return { isError: false, text: lines.join('\n'), ...(await this.#view(shown, resolved.display)) };
    });
  }

  /** A refusal that shows the current text (which the model has then seen). */
  #refuse(doc: DiagramDocument, display: string, why: string): ToolOutcome<never> {
    this.#markSeen(doc);
    return { isError: true, text: [why, ...this.#describe(doc, display), this.#messages.currentText(), fenced(doc.text)].join('\n') };
  }

  async #written(doc: DiagramDocument, display: string, headline: string, created: boolean, saved: boolean, written: string): Promise<ToolOutcome<WriteDiagramData>> {
    this.#markSeen(doc);
    const m = this.#messages;
    const lines = [headline, ...this.#problems(doc, display)];
    // Only a save participant changes the text between the edit and this answer.
    if (!sameText(doc.text, written)) lines.push(m.changedOnSave(), fenced(doc.text));
    lines.push(doc.counts.errors + doc.counts.warnings > 0 ? m.fixAndWrite(doc.version) : m.clean());
    return { isError: false, text: lines.join('\n'), data: { ...this.#state(doc, display), created, saved }, ...(await this.#view(doc, display)) };
  }

  /**
   * What the diagram app shows for `doc` at this call: the drawing of this very snapshot (so a
   * card keeps showing this version after later edits), or, when its text has errors, the
   * problems that kept it from being drawn. Nothing when it has no file or the layout fails:
   * the card then shows the text answer alone.
   */
  async #view(doc: DiagramDocument, display: string): Promise<{ view?: DiagramViewMeta }> {
    if (!doc.path) return {};
    const source = { path: doc.path, display, version: doc.version };
    if (doc.counts.errors > 0) {
      const ordered = [...doc.diagnostics].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
      const problems = ordered.slice(0, MAX_VIEW_PROBLEMS).map((d) => {
        const r = reportDiagnostic(d, this.#locale);
        return { severity: r.severity, line: r.line, column: r.column, message: r.message.slice(0, MAX_PROBLEM_CHARS) };
      });
      return { view: { source, errors: doc.counts.errors, problems } };
    }
    try {
      return { view: { scene: await this.#workspace.scene(doc), source } };
    } catch {
      return {};
    }
  }

  #describe(doc: DiagramDocument, display: string): string[] {
    return [this.#messages.header(display, doc.version, doc.dirty), ...this.#problems(doc, display)];
  }

  /** Elements, connections and every problem with its suggested fixes. */
  #problems(doc: DiagramDocument, display: string): string[] {
    const m = this.#messages;
    const s = serverMessages(this.#locale);
    const lines = [m.elements(doc.model.elements.map((e) => e.id)), m.connections(doc.model.connections.length)];
    if (doc.diagnostics.length === 0) return [...lines, m.noProblems()];
    lines.push(m.problems(doc.counts.errors, doc.counts.warnings));
    for (const d of doc.diagnostics) {
      lines.push(formatDiagnosticLine(display, d, this.#locale));
      for (const fix of d.suggestions) lines.push(s.suggestion(fix.text, `${fix.range.line}:${fix.range.column}-${fix.range.endLine}:${fix.range.endColumn}`));
    }
    return lines;
  }

  #state(doc: DiagramDocument, display: string): DiagramState {
    return {
      path: display,
      ...(doc.path ? { uri: pathToFileURL(doc.path).href } : {}),
      version: doc.version,
      dirty: doc.dirty,
      elements: doc.model.elements.map((e) => ({ id: e.id, kind: e.kind, label: e.label })),
      connections: doc.model.connections.length,
      errors: doc.counts.errors,
      warnings: doc.counts.warnings,
      diagnostics: doc.diagnostics.map((d) => reportDiagnostic(d, this.#locale)),
    };
  }

  #markSeen(doc: DiagramDocument): void {
    if (doc.path) this.#seen.set(doc.path, hash(doc.text));
  }

  /**
   * Checks `path` with render_diagram's rules against the workspace folders' realpaths, then
   * names the file under the folder as the editor knows it (a folder opened through a
   * symlink keeps its name, so the open document is found).
   */
  async #resolve(path: string): Promise<Resolved> {
    const folders = this.#workspace.folders();
    if (folders.length === 0) return { ok: false, message: this.#messages.noFolder() };
    const pairs: { folder: string; real: string }[] = [];
    for (const folder of folders) {
      const real = await realpath(folder).catch(() => undefined);
      if (real && !pairs.some((p) => p.real === real)) pairs.push({ folder, real });
    }
    const check = await checkPathInRoots(
      path,
      pairs.map((p) => p.real),
      serverMessages(this.#locale),
      { pattern: DIAGRAM_FILE, refuse: (p) => this.#messages.notDiagram(p) },
    );
    if (!check.ok) return { ok: false, message: check.message };
    const pair = pairs.find((p) => p.real === check.target.root)!;
    return { ok: true, path: nodePath.join(pair.folder, nodePath.relative(pair.real, check.target.path)), display: check.target.display };
  }

  async #guard<T>(run: () => Promise<ToolOutcome<T>>): Promise<ToolOutcome<T>> {
    try {
      return await run();
    } catch (err) {
      return { isError: true, text: this.#messages.failed(err instanceof Error ? err.message : String(err)) };
    }
  }
}

/** Equal but for line endings (the editor keeps a document's own). */
function sameText(a: string, b: string): boolean {
  return a === b || a.replace(/\r\n/g, '\n') === b.replace(/\r\n/g, '\n');
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The text in a Markdown fence longer than any run of backticks inside it. */
function fenced(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}diagram\n${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${fence}`;
}

import * as vscode from 'vscode';
import type { FenceFiles, FenceSvgs, MarkdownAnalysis } from '../../core/markdown/index';
import { renderLightDark, renderSvg } from '../../core/render/index';
import type { Scene } from '../../core/scene';
import type { DiagramLayout } from '../../core/layout/layoutFile';
import type { DiagramService } from '../documents/diagramService';
import type { KeptText } from '../documents/textLayouts';
import { Disposable } from '../util/dispose';
import type { FenceTrace } from './fenceTrace';

/** What the preview can show of a fence's text right now. */
export type FenceDrawing = { state: 'ready'; svgs: FenceSvgs } | { state: 'pending' } | { state: 'failed'; message: string };

/** Drawings kept (least recently used dropped first). */
const DRAWING_CACHE_SIZE = 200;

/**
 * How long after a change to a previewed document a refresh waits: the Markdown preview
 * renders by itself 300 ms after a change, and a refresh reloads the whole page, so it is
 * only worth it once the document has been quiet that long.
 */
const QUIET_MS = 400;

/**
 * Where drawings a preview waits for are written: `dir`, a folder inside the extension (a
 * resource root of the Markdown preview, which may load files from there), this window's own
 * and removed on dispose; `stem` names a drawing's file after its key (the same key, the
 * same name; given by the host so that this module needs no Node.js API).
 */
export interface DrawingFiles {
  dir: vscode.Uri;
  stem(key: string): string;
  /**
   * Writes one file whole or not at all (the preview may be loading it right now); default:
   * through `vscode.workspace.fs`, which works on any host but costs round trips a local file
   * system does not need.
   */
  write?(target: vscode.Uri, text: string): Promise<void>;
}

/** Drawings kept as files for previews (oldest deleted first). */
const FILE_CACHE_SIZE = 60;

/**
 * The finished SVG drawings of Markdown fences, by text: laid out on the DiagramService's
 * worker and rendered by the core renderer (the bytes `archflow render` writes), in both
 * palettes unless the diagram fixes its theme. Lookups are synchronous, because markdown-it
 * renders synchronously; a text not drawn yet is started and reported `pending` (edits are
 * drawn ahead, see MarkdownFeatures, so a render usually finds them ready). A preview that
 * showed a pending fence gets the drawing as files (`files`, see `awaitFiles`), which
 * its preview script shows without reloading the page. Only where that is impossible (no
 * webview to address, a folder that cannot be written, a failed layout) are the previews
 * asked to refresh (`refreshPreviews`, which reloads the page and finds the drawings in the
 * cache), once every drawing is ready and the document has been quiet for QUIET_MS. Also
 * remembers each document's last drawing per fence, which the preview keeps on screen while
 * the fence is being retyped.
 */
export class FenceDrawings extends Disposable {
  readonly #drawn = new Map<string, FenceDrawing>();
  readonly #pending = new Map<string, Promise<void>>();
  readonly #lastDrawn = new Map<string, Map<number, FenceSvgs>>();
  readonly #previewed = new Set<string>();
  /** Documents whose latest render showed a pending fence. */
  readonly #stale = new Set<string>();
  #rendering: { resource: string; pending: boolean } | undefined;
  #lastChange = 0;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** Keys of pending drawings a preview is waiting for as files (see `awaitFiles`). */
  readonly #awaited = new Set<string>();
  /** File stems written, oldest first. */
  readonly #written: string[] = [];
  readonly #onDidSettle = this.register(new vscode.EventEmitter<void>());
  /** Fires when no drawing is pending any more (tests and the benchmark wait for it). */
  readonly onDidSettle = this.#onDidSettle.event;

  /** `files`: where drawings a preview waits for are written; none: previews are refreshed instead. */
  constructor(
    private readonly service: DiagramService,
    private readonly refreshPreviews: () => void,
    private readonly animate: () => boolean,
    private readonly files?: DrawingFiles,
    private readonly log?: vscode.LogOutputChannel,
    /** The positions a document's fence keeps (its Markdown file's layout file), known without waiting. */
    private readonly keptOf?: (resource: string, index: number) => KeptText<DiagramLayout> | undefined,
    /** Timestamps for the benchmark's breakdown (see fenceTrace.ts). */
    readonly trace?: FenceTrace,
  ) {
    super();
    const fileDir = files?.dir;
    if (fileDir) {
      // Nobody asks for this window's files once it closes.
      this.register({ dispose: () => void Promise.resolve(vscode.workspace.fs.delete(fileDir, { recursive: true })).catch(() => undefined) });
      void removeStaleSiblings(fileDir);
    }
    this.register({ dispose: () => clearTimeout(this.#refreshTimer) });
    this.register(
      vscode.workspace.onDidCloseTextDocument((doc) => {
        this.#lastDrawn.delete(doc.uri.toString());
        this.#previewed.delete(doc.uri.toString());
      }),
    );
  }

  /** The drawing of a fence's text for a preview being rendered now: ready, failed, or pending (then it is started). */
  drawingForPreview(text: string, resource?: string, index?: number): FenceDrawing {
    if (resource !== undefined) this.#previewed.add(resource);
    return this.#lookup(text, this.#kept(resource, index));
  }

  #kept(resource: string | undefined, index: number | undefined): KeptText<DiagramLayout> | undefined {
    return resource === undefined || index === undefined ? undefined : this.keptOf?.(resource, index);
  }

  /** The render in progress showed a pending fence that nothing will fill in: the previews need a refresh once it is drawn. */
  needsRefresh(): void {
    if (this.#rendering) this.#rendering.pending = true;
  }

  /**
   * For a pending fence: the webview URLs its drawing will be written to once ready, so the
   * preview script (webview/markdownPreview) can show it without the page being reloaded.
   * Undefined when there is no folder to write to or no way to address it (then the preview
   * is refreshed instead). `toWebviewUri` is the preview's `asWebviewUri`.
   */
  awaitFiles(text: string, fixedTheme: boolean, toWebviewUri: (uri: vscode.Uri) => string, resource?: string, index?: number): FenceFiles | undefined {
    if (!this.files) return undefined;
    const key = this.#key(text, this.#kept(resource, index));
    if (!this.#pending.has(key)) return undefined;
    this.#awaited.add(key);
    this.trace?.('await-files', { index });
    const url = (variant: string) => toWebviewUri(vscode.Uri.joinPath(this.files!.dir, `${this.files!.stem(key)}${variant}.svg`));
    return fixedTheme ? { fixed: url('') } : { light: url('-light'), dark: url('-dark') };
  }

  /** A render of a Markdown document starts (the plugin wraps markdown-it's renderer). */
  beginRender(resource: string | undefined): void {
    this.#rendering = { resource: resource ?? '', pending: false };
  }

  /** The render started by beginRender ended: if it showed pending fences, a refresh is due once they are drawn. */
  endRender(): void {
    const done = this.#rendering;
    this.#rendering = undefined;
    if (!done) return;
    if (done.pending) this.#stale.add(done.resource);
    else this.#stale.delete(done.resource);
    this.#scheduleRefresh();
  }

  /** A previewed document changed: its preview renders again by itself, so a refresh waits. */
  noteChange(): void {
    this.#lastChange = Date.now();
    this.#scheduleRefresh();
  }

  /** Starts drawing every clean fence of a document, so that a preview rendered later finds them ready. */
  prepare(analysis: MarkdownAnalysis, resource?: string): void {
    for (const f of analysis.fences) if (f.analysis && f.errors === 0) this.#lookup(f.fence.text, this.#kept(resource, f.fence.index));
  }

  /** Resolves once nothing is pending (at once when nothing is). */
  whenSettled(): Promise<void> {
    if (this.#pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const sub = this.onDidSettle(() => {
        sub.dispose();
        resolve();
      });
    });
  }

  /** True once a preview of the document was rendered (its edits are then drawn ahead of the preview's next render). */
  isPreviewed(resource: string): boolean {
    return this.#previewed.has(resource);
  }

  /** Remembers the drawing a document's fence showed, for when it is next pending or broken. */
  remember(resource: string | undefined, index: number, svgs: FenceSvgs): void {
    if (resource === undefined) return;
    this.#previewed.add(resource);
    let fences = this.#lastDrawn.get(resource);
    if (!fences) this.#lastDrawn.set(resource, (fences = new Map()));
    fences.set(index, svgs);
  }

  /** The last drawing a document's fence showed, if any. */
  lastDrawn(resource: string | undefined, index: number): FenceSvgs | undefined {
    return resource === undefined ? undefined : this.#lastDrawn.get(resource)?.get(index);
  }

  #key(text: string, kept?: KeptText<DiagramLayout>): string {
    return `${this.animate() ? 'a' : 's'}\u0000${kept?.key ?? ''}\u0000${text}`;
  }

  #lookup(text: string, kept?: KeptText<DiagramLayout>): FenceDrawing {
    const key = this.#key(text, kept);
    const done = this.#drawn.get(key);
    if (done) {
      // Most recently used last.
      this.#drawn.delete(key);
      this.#drawn.set(key, done);
      return done;
    }
    if (!this.#pending.has(key)) {
      const animate = this.animate();
      const trace = this.trace;
      const started = trace ? performance.now() : 0;
      trace?.('layout-start', { chars: text.length });
      const job = this.service.sceneOfFence(text, kept).then(
        (scene) => {
          const laidOut = trace ? performance.now() : 0;
          const svgs = drawingsOf(scene, animate);
          trace?.('layout-done', { layoutMs: Math.round(laidOut - started), svgMs: Math.round(performance.now() - laidOut) });
          this.#store(key, { state: 'ready', svgs });
        },
        (err: unknown) => this.#store(key, { state: 'failed', message: err instanceof Error ? err.message : String(err) }),
      );
      this.#pending.set(key, job);
    }
    return { state: 'pending' };
  }

  #store(key: string, drawing: FenceDrawing): void {
    this.#pending.delete(key);
    this.#drawn.set(key, drawing);
    if (this.#awaited.delete(key)) void this.#writeFiles(key, drawing);
    if (this.#drawn.size > DRAWING_CACHE_SIZE) this.#drawn.delete(this.#drawn.keys().next().value!);
    if (this.#pending.size > 0 || this.isDisposed) return;
    this.#onDidSettle.fire();
    this.#scheduleRefresh();
  }

  async #writeFiles(key: string, drawing: FenceDrawing): Promise<void> {
    const { dir, write = writeThroughWorkspace } = this.files!;
    const stem = (k: string) => this.files!.stem(k);
    const files: Array<[string, string]> =
      drawing.state !== 'ready' ? [] : 'fixed' in drawing.svgs ? [['', drawing.svgs.fixed]] : [['-light', drawing.svgs.light], ['-dark', drawing.svgs.dark]];
    try {
      // The preview shows the drawing once every palette is there: write them side by side.
      await Promise.all(files.map(([variant, svg]) => write(vscode.Uri.joinPath(dir, `${stem(key)}${variant}.svg`), svg)));
      this.trace?.('files-written', { files: files.length });
      if (drawing.state === 'failed') this.#staleAll();
      else this.#trimFiles(stem(key), files.map(([variant]) => variant));
    } catch (err) {
      // A read-only install: fall back to reloading the previews.
      this.log?.warn(`cannot write a Markdown preview drawing to ${dir.toString()}; the preview will reload instead`, err);
      this.#staleAll();
    }
  }

  // A preview shows a file once, right after it is written: old ones can go.
  #trimFiles(stem: string, variants: string[]): void {
    this.#written.push(...variants.map((v) => `${stem}${v}`));
    while (this.#written.length > FILE_CACHE_SIZE) {
      const old = this.#written.shift()!;
      void Promise.resolve(vscode.workspace.fs.delete(vscode.Uri.joinPath(this.files!.dir, `${old}.svg`))).catch(() => undefined);
    }
  }

  // Every previewed document, so that the next refresh happens.
  #staleAll(): void {
    this.#previewed.forEach((r) => this.#stale.add(r));
    this.#scheduleRefresh();
  }

  #scheduleRefresh(): void {
    clearTimeout(this.#refreshTimer);
    if (this.#stale.size === 0 || this.#pending.size > 0 || this.isDisposed) return;
    this.#refreshTimer = setTimeout(
      () => {
        if (this.#stale.size === 0 || this.#pending.size > 0 || this.isDisposed) return;
        this.#stale.clear();
        this.refreshPreviews();
      },
      Math.max(0, this.#lastChange + QUIET_MS - Date.now()),
    );
  }
}

/** Whole or not at all, through the workbench's file system (any host, also the web). */
async function writeThroughWorkspace(target: vscode.Uri, text: string): Promise<void> {
  const tmp = target.with({ path: `${target.path}.${process.pid}.tmp` });
  await vscode.workspace.fs.writeFile(tmp, Buffer.from(text, 'utf8'));
  await vscode.workspace.fs.rename(tmp, target, { overwrite: true });
}

/** Folders of other windows' sessions that ended without cleaning up (a day without change). */
async function removeStaleSiblings(dir: vscode.Uri): Promise<void> {
  const parent = vscode.Uri.joinPath(dir, '..');
  try {
    for (const [name, type] of await vscode.workspace.fs.readDirectory(parent)) {
      const sibling = vscode.Uri.joinPath(parent, name);
      if (type !== vscode.FileType.Directory || sibling.toString() === dir.toString()) continue;
      if (Date.now() - (await vscode.workspace.fs.stat(sibling)).mtime > 24 * 3600 * 1000) await vscode.workspace.fs.delete(sibling, { recursive: true });
    }
  } catch {
    // No folder yet, or not ours to clean: nothing to do.
  }
}

/**
 * Both palettes, merged into one drawing when they differ only in colours (the page then
 * holds it once), each also kept alone for the files a pending preview loads; or the one
 * the diagram asks for.
 */
function drawingsOf(scene: Scene, animate: boolean): FenceSvgs {
  if (scene.theme === 'light' || scene.theme === 'dark') return { fixed: renderSvg(scene, { theme: scene.theme, animate }) };
  return renderLightDark(scene, { animate });
}

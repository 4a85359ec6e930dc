import * as vscode from 'vscode';
import { formatMessage } from '../../core/language/index';
import type { Diagnostic } from '../../core/model';
import {
  assertNever,
  parseWebviewMessage,
  type HostToPreviewMessage,
  type PreviewProblem,
  type PreviewToHostMessage,
  type UpdateMessage,
  type Viewport,
  type ElementMove,
  type PreviewLayoutStatus,
  type PictureEditMessage,
} from '../../protocol/index';
import { safeLink } from '../../core/render/index';
import { previewConfig } from '../config';
import type { DiagramService } from '../documents/diagramService';
import { layoutFileUri } from '../documents/layoutFiles';
import type { Scene } from '../../core/scene';
import type { LayoutEditor } from './layoutEditor';
import type { RouteChange } from '../../core/routeDrag';
import { StaleLayoutError } from '../../node/layoutRuns';
import { layoutFailureMessage } from './layoutFailureMessage';
import { elementAtLine, connectionsAtLine, elementTarget } from '../../languageService/index';
import { displayLocale } from '../locale';
import { Disposable } from '../util/dispose';
import { toVsRange } from '../util/diagramDocument';
import { previewFonts, previewHtml, previewResourceRoots, previewStrings } from './previewHtml';
import { applyPreviewGesture } from '../pictureEdits/applyPictureEdit';
import { answerIconSearch } from '../pictureEdits/iconSearch';
import type { DiagramSource, SourceRead, SourceText } from './diagramSource';

/** What a preview needs from its surroundings. */
export interface PreviewContext {
  extensionUri: vscode.Uri;
  service: DiagramService;
  /** Writes the layout file for moves, Keep and Re-layout. */
  layouts: LayoutEditor;
  log: vscode.LogOutputChannel;
  /** Runs the export command for a document (`fence`: the index of a Markdown document's diagram fence). */
  exportDocument(uri: vscode.Uri, format: 'svg' | 'png', fence?: number): Thenable<unknown>;
  /** The viewport last seen for a document (kept by the manager across documents). */
  viewportFor(uri: vscode.Uri): Viewport | undefined;
  rememberViewport(uri: vscode.Uri, viewport: Viewport): void;
}

/** Fired each time the webview reports that a document version is on screen. */
export interface RenderedEvent {
  uri: string;
  version: number;
  elements: number;
  /** Host time from the start of the refresh to posting the update (parse, layout, serialise). */
  hostMs?: number;
  /** `performance.now()` of the extension host when the refresh started and when it posted. */
  refreshStartedAt?: number;
  postedAt?: number;
  /** Webview time from receiving the update to the first frame showing it. */
  renderMs?: number;
  /**
   * The longest stretch of that refresh that ran synchronously on the extension host's event
   * loop (the parse, then building and posting the message); the layout runs on a worker.
   */
  longestSyncMs?: number;
  /** Epoch milliseconds: the host posted the update; the webview received it (see RenderedMessage). */
  postedAtEpoch?: number;
  receivedAtEpoch?: number;
  /** The webview's JS heap in use, in bytes, when the webview's browser reports it (see RenderedMessage). */
  webviewHeapBytes?: number;
  /** Why this version could not be drawn, as the preview's banner says it (the last good drawing stays). */
  failure?: string;
}

/** Problems for the preview's banner: errors first, then warnings, each in source order. */
export function toPreviewProblems(diagnostics: readonly Diagnostic[]): PreviewProblem[] {
  const locale = displayLocale();
  return [...diagnostics]
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
    .map((d) => ({ severity: d.severity, code: d.code, message: formatMessage(d, locale), ...d.range }));
}

/**
 * One preview panel. It shows one diagram at a time (`source`: a `.diagram` document or a
 * Markdown fence; a following preview changes it) and keeps the webview in step: the first
 * update after `ready` is immediate, later edits are debounced; while the text has errors
 * the last good drawing stays and only the problems change (a fence that left its document:
 * the drawing stays and the banner says so). Messages from the webview are validated before
 * use; what is malformed is dropped and logged. The panel's view state lives in the webview
 * (`setState`), so VS Code can revive it after a reload through the manager's serializer.
 */
export class DiagramPreview extends Disposable {
  static readonly viewType = 'archflow.preview';

  #source: DiagramSource;
  #ready = false;
  #pending = new Map<HostToPreviewMessage['type'], HostToPreviewMessage>();
  /** The scene version the webview holds (undefined: none, or unknown after a reload). */
  #sentSceneVersion: number | undefined;
  #sentHighlight = '';
  #timer: ReturnType<typeof setTimeout> | undefined;
  #refreshes = 0;
  #refreshing = false;
  #refreshAgain = false;
  /** Start and post times of each posted update, by document version (for RenderedEvent). */
  readonly #hostTimes = new Map<number, { started: number; posted: number; longestSync: number }>();
  /** Send the remembered viewport with the next update (the document changed). */
  #restoreViewport = false;
  /** The drawing on screen (the last one posted), which moves, Keep and export refer to. */
  #shown: { uri: string; scene: Scene } | undefined;
  /** Elements selected in the drawing (Re-layout's "selected elements only"). */
  #selection: string[] = [];
  /** Keeps the drawing across edits while the setting allows (see DiagramService.hold). */
  #hold: vscode.Disposable | undefined;

  readonly #onDidDispose = this.register(new vscode.EventEmitter<void>());
  readonly onDidDispose = this.#onDidDispose.event;
  readonly #onDidRender = this.register(new vscode.EventEmitter<RenderedEvent>());
  readonly onDidRender = this.#onDidRender.event;
  readonly #onDidChangeViewState = this.register(new vscode.EventEmitter<vscode.WebviewPanelOnDidChangeViewStateEvent>());
  readonly onDidChangeViewState = this.#onDidChangeViewState.event;

  private constructor(
    readonly panel: vscode.WebviewPanel,
    source: DiagramSource,
    private readonly ctx: PreviewContext,
    /** True for the single preview that follows the active editor. */
    readonly follows: boolean,
  ) {
    super();
    this.#source = source;
    this.register({ dispose: () => clearTimeout(this.#timer) });
    this.register(panel.onDidDispose(() => this.dispose()));
    this.register(panel.onDidChangeViewState((e) => this.#onDidChangeViewState.fire(e)));
    this.register(panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
    this.register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.toString() === this.resource.toString() && e.contentChanges.length > 0) this.#scheduleRefresh();
      }),
    );
    this.register(
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor.document.uri.toString() === this.resource.toString()) this.#highlight(e.textEditor);
      }),
    );
    this.register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('archflow.preview')) return;
        this.#post({ type: 'settings', settings: this.#settings() });
        if (e.affectsConfiguration('archflow.preview.holdLayout')) {
          this.#holdResource();
          this.#scheduleRefresh(true);
        }
      }),
    );
    this.register(ctx.service.onDidLoadCatalog(() => this.#scheduleRefresh(true)));
    this.register(
      ctx.service.onDidChangeKept((uri) => {
        // The layout file's change names the document; a re-layout names the diagram's key.
        if (uri.toString() === this.resource.toString() || uri.toString() === this.#key) this.#scheduleRefresh(true);
      }),
    );
    this.register({ dispose: () => this.#hold?.dispose() });
    this.#holdResource();
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: previewResourceRoots(ctx.extensionUri) };
    panel.iconPath = vscode.Uri.joinPath(ctx.extensionUri, 'media', 'diagram-file.svg');
    this.#render();
    this.#prefetch();
  }

  /** Opens a new panel for `source`. */
  static create(source: DiagramSource, column: vscode.ViewColumn, ctx: PreviewContext, follows: boolean, preserveFocus = true): DiagramPreview {
    const panel = vscode.window.createWebviewPanel(DiagramPreview.viewType, source.title, { viewColumn: column, preserveFocus }, {
      enableScripts: true,
      enableCommandUris: false,
      enableFindWidget: false,
      localResourceRoots: previewResourceRoots(ctx.extensionUri),
    });
    return new DiagramPreview(panel, source, ctx, follows);
  }

  /** Takes over a panel VS Code restored after a reload. */
  static revive(panel: vscode.WebviewPanel, source: DiagramSource, ctx: PreviewContext, follows: boolean): DiagramPreview {
    return new DiagramPreview(panel, source, ctx, follows);
  }

  /** The document the diagram is written in. */
  get resource(): vscode.Uri {
    return this.#source.document;
  }

  /** Where the diagram is: a `.diagram` document or a Markdown fence. */
  get source(): DiagramSource {
    return this.#source;
  }

  /** The diagram's key (the webview's `uri`): the document's URI, with the fence's name for a fence. */
  get #key(): string {
    return this.#source.key.toString();
  }

  /** The drawing on screen, if it is of the preview's diagram. */
  get shownScene(): Scene | undefined {
    return this.#shown?.uri === this.#key ? this.#shown.scene : undefined;
  }

  /** The elements selected in the drawing. */
  get selection(): readonly string[] {
    return this.#selection;
  }

  /** Runs a layout action on the drawing shown (the toolbar, the keys and the commands). */
  async layoutAction(action: 'keep' | 'relayout' | 'undo' | 'redo', ids: readonly string[] = []): Promise<boolean> {
    const key = this.#source.key;
    if (action === 'undo') return this.ctx.layouts.undo(key);
    if (action === 'redo') return this.ctx.layouts.redo(key);
    const text = await this.#text();
    if (!text) return false;
    const shown = this.shownScene ?? (await this.ctx.service.scene(text));
    return action === 'keep' ? this.ctx.layouts.keep(text, shown) : this.ctx.layouts.relayout(text, shown, ids);
  }

  #holdResource(): void {
    this.#hold?.dispose();
    this.#hold = previewConfig().holdLayout ? this.ctx.service.hold(this.#source.key) : undefined;
  }

  override dispose(): void {
    if (this.isDisposed) return;
    this.#onDidDispose.fire();
    super.dispose();
    this.panel.dispose();
    // Only a fence's preview uses the fence's key: what the service cached under it goes with the panel.
    if (this.#source.fence !== undefined) this.ctx.service.forget(this.#source.key);
  }

  /** Shows another diagram in this panel (a following preview tracking the active editor). */
  setSource(source: DiagramSource): void {
    if (source.key.toString() === this.#key) return;
    this.#source = source;
    this.#holdResource();
    this.#selection = [];
    this.#sentSceneVersion = undefined;
    this.#sentHighlight = '';
    this.#restoreViewport = true;
    this.panel.title = source.title;
    this.#prefetch();
    this.#scheduleRefresh(true);
  }

  reveal(column?: vscode.ViewColumn, preserveFocus = true): void {
    this.panel.reveal(column, preserveFocus);
  }

  /** Emphasises one element and centres the view on it once it is drawn (the editor tools' show_diagram). */
  focusElement(id: string): void {
    this.#sentHighlight = `${id}|`;
    this.#post({ type: 'highlight', uri: this.#key, elements: [id], connections: [], reveal: true });
  }

  /** Updates now (no debounce). */
  refresh(): void {
    this.#scheduleRefresh(true);
  }

  #settings() {
    const { minimap, animations } = previewConfig();
    return { minimap, animations };
  }

  #render(): void {
    this.#ready = false;
    this.#pending.clear();
    this.#sentSceneVersion = undefined;
    const webview = this.panel.webview;
    this.panel.webview.html = previewHtml(
      webview,
      this.ctx.extensionUri,
      { uri: this.#key, settings: this.#settings(), fonts: previewFonts(webview, this.ctx.extensionUri), strings: previewStrings() },
      vscode.env.language,
    );
  }

  #post(message: HostToPreviewMessage): void {
    if (this.isDisposed) return;
    if (!this.#ready) {
      this.#pending.set(message.type, message);
      return;
    }
    void this.panel.webview.postMessage(message);
  }

  /**
   * Text that parses is drawn at once, one layout at a time and always the newest text next
   * (see #requestRefresh); text with errors waits for a pause in typing (`debounceMs`), so
   * the problems banner does not flash while a word is half typed. The drawing stays either way.
   */
  #scheduleRefresh(immediate = false): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const open = immediate || !this.#ready ? undefined : this.#openText();
    // A large diagram also waits for the pause: a layout per keystroke would only be stopped by the next one.
    if (!open || (this.ctx.service.analyze(open).counts.errors === 0 && !this.ctx.service.layoutIsSlow(open.uri))) {
      this.#requestRefresh();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#requestRefresh();
    }, previewConfig().debounceMs);
  }

  /**
   * Starts laying the document out while the webview boots (a second or more): the service
   * keeps the scene of each version, so the refresh that follows `ready` finds it done.
   */
  #prefetch(): void {
    const text = this.#openText();
    if (!text) return;
    const analysis = this.ctx.service.analyze(text);
    if (analysis.counts.errors === 0) this.ctx.service.scene(text, analysis).catch(() => undefined);
  }

  /** Starts a refresh, or, while one runs, a single one more right after it (edits coalesce). */
  #requestRefresh(): void {
    if (this.#refreshing) {
      this.#refreshAgain = true;
      return;
    }
    this.#refreshing = true;
    void this.#refresh().finally(() => {
      this.#refreshing = false;
      if (this.#refreshAgain && !this.isDisposed) {
        this.#refreshAgain = false;
        this.#requestRefresh();
      }
    });
  }

  /** The document if VS Code has it open (it always has while it is being edited). */
  #openDocument(): vscode.TextDocument | undefined {
    const key = this.resource.toString();
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
  }

  /** The diagram's text in the open document, if it is open and the diagram is there. */
  #openText(): SourceText | undefined {
    const doc = this.#openDocument();
    const read = doc && this.#source.read(doc);
    return read?.ok ? read.text : undefined;
  }

  async #document(): Promise<vscode.TextDocument> {
    return this.#openDocument() ?? (await vscode.workspace.openTextDocument(this.resource));
  }

  /** The diagram's text now; undefined when it is no longer there (the preview says why). */
  async #text(): Promise<SourceText | undefined> {
    const read = await this.read();
    return read.ok ? read.text : undefined;
  }

  /** The diagram's text in its document now, or why it is not there (a fence removed or left open). */
  async read(): Promise<SourceRead> {
    return this.#source.read(await this.#document());
  }

  async #refresh(): Promise<void> {
    const ticket = ++this.#refreshes;
    const source = this.#source;
    const resource = source.key;
    const started = performance.now();
    try {
      const read = source.read(await this.#document());
      if (!read.ok) {
        // The fence is gone or left open: the drawing stays, and the banner says why.
        if (ticket === this.#refreshes && source === this.#source) this.#post({ type: 'update', uri: resource.toString(), version: -1, problems: [], failure: read.reason });
        return;
      }
      const doc = read.text;
      // The document keeps changing while the layout runs: everything below describes the
      // version analysed here, never `doc.version` read after an await.
      let syncStart = performance.now();
      const analysis = this.ctx.service.analyze(doc);
      const version = analysis.version;
      const diagnostics = analysis.diagnostics.map((d) => ({ ...d, range: doc.toDocumentRange(d.range) }));
      const message: UpdateMessage = { type: 'update', uri: resource.toString(), version, problems: toPreviewProblems(diagnostics) };
      let longestSync = performance.now() - syncStart;
      if (analysis.counts.errors === 0) {
        try {
          let scene = await this.ctx.service.scene(doc, analysis);
          // Boxes a picture edit placed (dropped, dragged into a group) go there before this version is shown.
          if (await this.ctx.layouts.settle(doc, version, scene)) scene = await this.ctx.service.scene(doc, analysis);
          syncStart = performance.now();
          // The same version is drawn again when its kept positions changed (a move, the layout file on disk).
          if (this.#sentSceneVersion !== version || this.shownScene !== scene) {
            message.scene = scene;
            message.sceneVersion = version;
          }
        } catch (err) {
          // The document changed during the layout, which was stopped: the refresh queued by that change draws the newer version.
          if (err instanceof StaleLayoutError) return;
          this.ctx.log.error(`layout of ${resource.toString()} v${version} failed`, err);
          message.failure = layoutFailureMessage(err);
        }
      }
      if (!message.scene) {
        const good = this.ctx.service.lastGoodScene(resource);
        if (good && this.#sentSceneVersion === undefined) {
          message.scene = good.scene;
          message.sceneVersion = good.version;
        }
      }
      // A newer refresh started meanwhile, or the preview moved to another document.
      if (ticket !== this.#refreshes || resource.toString() !== this.#key || this.isDisposed) return;
      if (this.#restoreViewport) {
        this.#restoreViewport = false;
        const viewport = this.ctx.viewportFor(resource);
        if (viewport) message.viewport = viewport;
      }
      message.layout = await this.#layoutStatus(resource);
      if (ticket !== this.#refreshes || this.isDisposed) return;
      if (message.scene) {
        this.#sentSceneVersion = message.sceneVersion;
        this.#shown = { uri: resource.toString(), scene: message.scene };
      }
      this.#post(message);
      const posted = performance.now();
      longestSync = Math.max(longestSync, posted - syncStart);
      if (this.#hostTimes.size > 50) this.#hostTimes.clear();
      this.#hostTimes.set(message.version, { started, posted, longestSync });
      const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === source.document.toString());
      if (editor) this.#highlight(editor);
    } catch (err) {
      this.ctx.log.error(`preview refresh of ${resource.toString()} failed`, err);
      if (ticket === this.#refreshes) this.#post({ type: 'update', uri: resource.toString(), version: -1, problems: [], failure: String(err) });
    }
  }

  async #layoutStatus(resource: vscode.Uri): Promise<PreviewLayoutStatus> {
    const kept = await this.ctx.service.kept(resource);
    const problem = kept.problems?.[0];
    // A fence's key names its Markdown document's layout file.
    const file = layoutFileUri(resource);
    return {
      source: kept.source,
      ...(problem ? { problem: { file: file.path.split('/').pop() ?? file.path, line: problem.line, column: problem.column, message: problem.message } } : {}),
      ...this.ctx.layouts.history(resource),
    };
  }

  async #moved(moves: ElementMove[]): Promise<void> {
    const shown = this.shownScene;
    if (!shown) return;
    const text = await this.#text();
    // A move that is not kept (refused: the user was told why) must not stay on screen.
    if (!text || !(await this.ctx.layouts.move(text, shown, moves))) this.#repost();
  }

  /** Connections reshaped in the drawing (`route`), or given back to the router (no `route`): kept like a move. */
  async #reshaped(changes: RouteChange[]): Promise<void> {
    const shown = this.shownScene;
    if (!shown) return;
    const text = await this.#text();
    if (!text || !(await this.ctx.layouts.reshape(text, shown, changes))) this.#repost();
  }

  /**
   * A picture edit, made on the diagram's text (a fence's, shifted into its Markdown document),
   * then put in the preview's undo history and, for boxes it placed, in the layout.
   */
  async #gesture(message: PictureEditMessage): Promise<void> {
    const doc = await this.#document();
    const read = this.#source.read(doc);
    if (!read.ok) {
      this.#post({ type: 'pictureEditRefused', uri: message.uri, reason: read.reason });
      return;
    }
    const [before, shown] = [doc.getText(), this.shownScene];
    const result = await applyPreviewGesture(doc, message, (m) => this.#post(m), read.text);
    // A refused drag into a group must not stay on screen; placed boxes wait for a drawing of the new text.
    if (!result.ok && message.gesture.kind === 'move' && message.gesture.moves) this.#repost();
    else if (this.ctx.layouts.gestureMade(doc, this.#source.key, before, message.gesture, shown, result)) this.#scheduleRefresh(true);
  }

  /** Sends the drawing on screen again (the webview's own moves are taken back). */
  #repost(): void {
    this.#sentSceneVersion = undefined;
    this.#shown = undefined;
    this.#scheduleRefresh(true);
  }

  async #openLayoutFile(line: number, column: number): Promise<void> {
    const at = new vscode.Position(line - 1, column - 1);
    await vscode.window.showTextDocument(layoutFileUri(this.resource), { selection: new vscode.Range(at, at), viewColumn: vscode.ViewColumn.One });
  }

  #highlight(editor: vscode.TextEditor): void {
    const read = this.#source.read(editor.document);
    if (!read.ok) return;
    const { model } = this.ctx.service.analyze(read.text);
    // Outside a fence's lines nothing of its drawing is under the cursor.
    const line = read.text.positionAt(editor.selection.active)?.line ?? -1;
    const element = elementAtLine(model, line);
    const connections = connectionsAtLine(model, line);
    const elements = connections.length ? [] : element ? [element.id] : [];
    const key = `${elements.join(',')}|${connections.join(',')}`;
    if (key === this.#sentHighlight) return;
    this.#sentHighlight = key;
    this.#post({ type: 'highlight', uri: this.#key, elements, connections });
  }

  /** A message from the webview (the integration tests hand some in the same way). */
  receive(raw: unknown): void {
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.ctx.log.warn(`dropped a message from the preview: ${parsed.error}`);
      return;
    }
    const message: PreviewToHostMessage = parsed.value;
    const forThis = (uri: string) => uri === this.#key;
    switch (message.type) {
      case 'ready':
        this.#ready = true;
        this.#sentSceneVersion = undefined;
        this.#sentHighlight = '';
        void this.panel.webview.postMessage({ type: 'settings', settings: this.#settings() } satisfies HostToPreviewMessage);
        for (const m of this.#pending.values()) if (m.type !== 'update' && m.type !== 'settings') void this.panel.webview.postMessage(m);
        this.#pending.clear();
        this.#scheduleRefresh(true);
        return;
      case 'revealLine':
        if (forThis(message.uri)) void this.#revealPosition(message.line, message.column ?? 1);
        return;
      case 'revealElement':
        if (forThis(message.uri)) void this.#revealElement(message.id);
        return;
      case 'viewportChanged':
        if (forThis(message.uri)) this.ctx.rememberViewport(this.#source.key, message.viewport);
        return;
      case 'export':
        void this.#export(message.format);
        return;
      case 'openLink': {
        const href = safeLink(message.url);
        if (href) void vscode.env.openExternal(vscode.Uri.parse(href, true));
        return;
      }
      case 'rendered': {
        const times = this.#hostTimes.get(message.version);
        this.#onDidRender.fire({
          uri: message.uri,
          version: message.version,
          elements: message.elements,
          ...(times
            ? {
                hostMs: times.posted - times.started,
                longestSyncMs: times.longestSync,
                refreshStartedAt: times.started,
                postedAt: times.posted,
                postedAtEpoch: performance.timeOrigin + times.posted,
              }
            : {}),
          // What the banner showed (a later refresh of the same version may draw it after all).
          ...(message.failure ? { failure: message.failure } : {}),
          ...(message.renderMs !== undefined ? { renderMs: message.renderMs } : {}),
          ...(message.receivedAt !== undefined ? { receivedAtEpoch: message.receivedAt } : {}),
          ...(message.heapBytes !== undefined ? { webviewHeapBytes: message.heapBytes } : {}),
        });
        return;
      }
      case 'pictureEdit':
        if (forThis(message.uri)) void this.#gesture(message);
        return;
      case 'iconSearch':
        if (forThis(message.uri)) void answerIconSearch(this.ctx.service, message, (m) => this.#post(m));
        return;
      case 'log':
        this.ctx.log[message.level === 'info' ? 'info' : message.level === 'warn' ? 'warn' : 'error'](`[preview] ${message.message}`);
        return;
      case 'moveElements':
        if (forThis(message.uri)) void this.#moved(message.moves).catch((err: unknown) => this.#failed('move', err));
        return;
      case 'reshapeConnection':
        if (forThis(message.uri)) void this.#reshaped([{ connection: message.connection, route: message.route }]).catch((err: unknown) => this.#failed('reshape', err));
        return;
      case 'resetRoutes':
        if (forThis(message.uri)) void this.#reshaped(message.connections.map((connection) => ({ connection }))).catch((err: unknown) => this.#failed('reset', err));
        return;
      case 'layoutAction':
        if (forThis(message.uri)) void this.layoutAction(message.action, message.ids).catch((err: unknown) => this.#failed(message.action, err));
        return;
      case 'selectionChanged':
        if (forThis(message.uri)) this.#selection = message.ids;
        return;
      case 'openLayoutFile':
        if (forThis(message.uri)) void this.#openLayoutFile(message.line, message.column);
        return;
      default:
        assertNever(message, 'preview message');
    }
  }

  /** Exports the diagram: the document, or the fence wherever it is in its document now. */
  async #export(format: 'svg' | 'png'): Promise<void> {
    if (this.#source.fence === undefined) {
      await this.ctx.exportDocument(this.resource, format);
      return;
    }
    const read = await this.read();
    if (read.ok) await this.ctx.exportDocument(this.resource, format, read.text.index);
    else void vscode.window.showErrorMessage(read.reason);
  }

  #failed(what: string, err: unknown): void {
    this.ctx.log.error(`layout ${what} of ${this.#key} failed`, err);
    void vscode.window.showErrorMessage(vscode.l10n.t('The layout could not be changed: {0}', err instanceof Error ? err.message : String(err)));
    this.#repost();
  }

  async #revealElement(id: string): Promise<void> {
    const doc = await this.#document();
    const read = this.#source.read(doc);
    const target = read.ok ? elementTarget(this.ctx.service.analyze(read.text).model, id) : undefined;
    if (!read.ok || !target) return;
    await this.#showSelection(doc, toVsRange(read.text.toDocumentRange(target)));
  }

  async #revealPosition(line: number, column: number): Promise<void> {
    const doc = await this.#document();
    const l = Math.min(Math.max(0, line - 1), Math.max(0, doc.lineCount - 1));
    const position = new vscode.Position(l, Math.max(0, column - 1));
    await this.#showSelection(doc, new vscode.Range(position, position));
  }

  async #showSelection(doc: vscode.TextDocument, range: vscode.Range): Promise<void> {
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === doc.uri.toString());
    const column =
      visible?.viewColumn ??
      (this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Beside : vscode.ViewColumn.One);
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: column, preserveFocus: false, selection: range });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}

import * as vscode from 'vscode';
import { parsePreviewState, type Viewport } from '../../protocol/index';
import { previewConfig } from '../config';
import type { DiagramService } from '../documents/diagramService';
import { Disposable } from '../util/dispose';
import { isDiagramDocument } from '../util/diagramDocument';
import { fenceNamesOf } from '../markdown/fenceLayouts';
import { fenceSource } from '../markdown/fenceSource';
import { isMarkdownDocument, type MarkdownFences } from '../markdown/markdownFences';
import { DiagramPreview, type PreviewContext, type RenderedEvent } from './diagramPreview';
import { documentSource, type DiagramSource } from './diagramSource';
import { LayoutEditor } from './layoutEditor';

export interface OpenPreviewOptions {
  /** Open beside the editor (Ctrl+K V) instead of in the active column (Ctrl+Shift+V). */
  toSide: boolean;
  /** Keep the focus where it is (default: focus moves to the preview when not to the side). */
  preserveFocus?: boolean;
}

/**
 * Owns every preview panel. By default each document, and each diagram fence of a Markdown
 * document, has its own preview; with `archflow.preview.followActiveEditor` a single preview
 * follows the active `.diagram` editor (a fence's preview stays on its fence). Also the `WebviewPanelSerializer` that revives previews after a window reload
 * from the state their webview saved (validated: a panel with unusable state is closed).
 */
export class PreviewManager extends Disposable implements vscode.WebviewPanelSerializer {
  readonly #previews = new Set<DiagramPreview>();
  readonly #viewports = new Map<string, Viewport>();
  #active: DiagramPreview | undefined;
  readonly #onDidRender = this.register(new vscode.EventEmitter<RenderedEvent>());
  /** Fires when any preview reports a document version on screen (tests and benchmark). */
  readonly onDidRender = this.#onDidRender.event;
  readonly #ctx: PreviewContext;

  constructor(
    extensionUri: vscode.Uri,
    service: DiagramService,
    log: vscode.LogOutputChannel,
    exportDocument: PreviewContext['exportDocument'],
    private readonly fences: MarkdownFences,
  ) {
    super();
    this.#ctx = {
      extensionUri,
      service,
      layouts: new LayoutEditor(service),
      log,
      exportDocument,
      viewportFor: (uri) => this.#viewports.get(uri.toString()),
      rememberViewport: (uri, viewport) => this.#viewports.set(uri.toString(), viewport),
    };
    this.register(vscode.window.registerWebviewPanelSerializer(DiagramPreview.viewType, this));
    this.register(
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (!editor || !isDiagramDocument(editor.document)) return;
        for (const p of this.#previews) if (p.follows) p.setSource(documentSource(editor.document.uri));
      }),
    );
    this.register({ dispose: () => [...this.#previews].forEach((p) => p.dispose()) });
  }

  /** The preview whose panel is active, if any. */
  get activePreview(): DiagramPreview | undefined {
    return this.#active;
  }

  /** Writes the layout files (moves, Keep, Re-layout, undo). */
  get layouts(): LayoutEditor {
    return this.#ctx.layouts;
  }

  /** The active preview, else a visible preview of `uri`. */
  previewFor(uri: vscode.Uri | undefined): DiagramPreview | undefined {
    if (this.#active && (!uri || this.#active.resource.toString() === uri.toString())) return this.#active;
    return uri ? [...this.#previews].find((p) => p.resource.toString() === uri.toString()) : undefined;
  }

  /** The preview of a diagram's key (a document's URI; a Markdown fence's with `#name`). */
  withKey(key: string): DiagramPreview | undefined {
    return [...this.#previews].find((p) => p.source.key.toString() === key);
  }

  /** Every open preview (tests). */
  get previews(): readonly DiagramPreview[] {
    return [...this.#previews];
  }

  /** The diagram fence `index` of a Markdown document (known from then on by its name), or undefined when there is none. */
  fenceOf(document: vscode.TextDocument, index: number): DiagramSource | undefined {
    const name = fenceNamesOf(this.fences.analyze(document), document.uri)[index];
    return name === undefined ? undefined : fenceSource(document.uri, name, this.fences);
  }

  /** The diagram fence of a Markdown document whose lines hold `position`, if any. */
  fenceAt(document: vscode.TextDocument, position: vscode.Position): DiagramSource | undefined {
    const at = isMarkdownDocument(document) ? this.fences.fenceAt(document, position) : undefined;
    return at && this.fenceOf(document, at.fence.index);
  }

  /** Opens (or reveals) the preview of a `.diagram` document or of a Markdown fence (`source`). */
  open(target: vscode.Uri | DiagramSource, options: OpenPreviewOptions): DiagramPreview {
    const source = target instanceof vscode.Uri ? documentSource(target) : target;
    const follow = source.fence === undefined && previewConfig().followActiveEditor;
    const activeColumn = vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.One;
    const column = options.toSide ? vscode.ViewColumn.Beside : activeColumn;
    const preserveFocus = options.preserveFocus ?? options.toSide;
    const key = source.key.toString();
    const existing = [...this.#previews].find((p) => (follow ? p.follows : !p.follows && p.source.key.toString() === key));
    if (existing) {
      existing.setSource(source);
      existing.reveal(options.toSide ? existing.panel.viewColumn : column, preserveFocus);
      return existing;
    }
    return this.#track(DiagramPreview.create(source, column, this.#ctx, follow, preserveFocus));
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const parsed = parsePreviewState(state);
    if (!parsed) {
      this.#ctx.log.warn('closing a restored preview without usable state');
      panel.dispose();
      return;
    }
    const resource = vscode.Uri.parse(parsed.uri, true);
    if (parsed.viewport) this.#viewports.set(resource.toString(), parsed.viewport);
    // A fence's preview saved its key: the Markdown document's URI with the fence's name as fragment.
    const source = resource.fragment ? fenceSource(resource.with({ fragment: '' }), resource.fragment, this.fences) : documentSource(resource);
    this.#track(DiagramPreview.revive(panel, source, this.#ctx, source.fence === undefined && previewConfig().followActiveEditor));
  }

  #track(preview: DiagramPreview): DiagramPreview {
    this.#previews.add(preview);
    if (preview.panel.active) this.#active = preview;
    const subs = [
      preview.onDidRender((e) => this.#onDidRender.fire(e)),
      preview.onDidChangeViewState(({ webviewPanel }) => {
        if (webviewPanel.active) this.#active = preview;
        else if (this.#active === preview) this.#active = undefined;
      }),
    ];
    preview.onDidDispose(() => {
      this.#previews.delete(preview);
      if (this.#active === preview) this.#active = undefined;
      subs.forEach((s) => s.dispose());
    });
    return preview;
  }
}

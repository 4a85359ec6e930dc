import * as vscode from 'vscode';
import type { FenceSvgs, MarkdownAnalysis } from '../../core/markdown/index';
import { renderSvg } from '../../core/render/index';
import type { Scene } from '../../core/scene';
import type { DiagramService } from '../documents/diagramService';
import { Disposable } from '../util/dispose';

/** What the preview can show of a fence's text right now. */
export type FenceDrawing = { state: 'ready'; svgs: FenceSvgs } | { state: 'pending' } | { state: 'failed'; message: string };

/** Drawings kept (least recently used dropped first). */
const DRAWING_CACHE_SIZE = 200;

/**
 * The finished SVG drawings of Markdown fences, by text: laid out on the DiagramService's
 * worker and rendered by the core renderer (the bytes `archflow render` writes), in both
 * palettes unless the diagram fixes its theme. Lookups are synchronous, because markdown-it
 * renders synchronously; a text not drawn yet is started and reported `pending`, and once
 * every drawing a render waited for is ready the Markdown previews are asked to refresh
 * (`refreshPreviews`), which finds them in the cache. Also remembers each document's last
 * drawing per fence, which the preview keeps on screen while the fence is being retyped.
 */
export class FenceDrawings extends Disposable {
  readonly #drawn = new Map<string, FenceDrawing>();
  readonly #pending = new Map<string, Promise<void>>();
  readonly #lastDrawn = new Map<string, Map<number, FenceSvgs>>();
  readonly #previewed = new Set<string>();
  #refreshWanted = false;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #onDidSettle = this.register(new vscode.EventEmitter<void>());
  /** Fires when no drawing is pending any more (tests and the benchmark wait for it). */
  readonly onDidSettle = this.#onDidSettle.event;

  constructor(
    private readonly service: DiagramService,
    private readonly refreshPreviews: () => void,
    private readonly animate: () => boolean,
  ) {
    super();
    this.register({ dispose: () => clearTimeout(this.#refreshTimer) });
    this.register(
      vscode.workspace.onDidCloseTextDocument((doc) => {
        this.#lastDrawn.delete(doc.uri.toString());
        this.#previewed.delete(doc.uri.toString());
      }),
    );
  }

  /**
   * The drawing of a fence's text for a preview being rendered now: ready, failed, or pending
   * (then it is started, and the previews refresh once it and every other pending one is done).
   */
  drawingForPreview(text: string, resource?: string): FenceDrawing {
    if (resource !== undefined) this.#previewed.add(resource);
    const drawing = this.#lookup(text);
    if (drawing.state === 'pending') this.#refreshWanted = true;
    return drawing;
  }

  /** Starts drawing every clean fence of a document, so that a preview rendered later finds them ready. */
  prepare(analysis: MarkdownAnalysis): void {
    for (const f of analysis.fences) if (f.analysis && f.errors === 0) this.#lookup(f.fence.text);
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

  #lookup(text: string): FenceDrawing {
    const key = `${this.animate() ? 'a' : 's'}\u0000${text}`;
    const done = this.#drawn.get(key);
    if (done) {
      // Most recently used last.
      this.#drawn.delete(key);
      this.#drawn.set(key, done);
      return done;
    }
    if (!this.#pending.has(key)) {
      const animate = this.animate();
      const job = this.service.sceneOfText(text).then(
        (scene) => this.#store(key, { state: 'ready', svgs: drawingsOf(scene, animate) }),
        (err: unknown) => this.#store(key, { state: 'failed', message: err instanceof Error ? err.message : String(err) }),
      );
      this.#pending.set(key, job);
    }
    return { state: 'pending' };
  }

  #store(key: string, drawing: FenceDrawing): void {
    this.#pending.delete(key);
    this.#drawn.set(key, drawing);
    if (this.#drawn.size > DRAWING_CACHE_SIZE) this.#drawn.delete(this.#drawn.keys().next().value!);
    if (this.#pending.size > 0 || this.isDisposed) return;
    this.#onDidSettle.fire();
    if (!this.#refreshWanted) return;
    this.#refreshWanted = false;
    clearTimeout(this.#refreshTimer);
    this.#refreshTimer = setTimeout(() => this.refreshPreviews(), 0);
  }
}

/** Both palettes (the preview's theme class picks one), or the one the diagram asks for. */
function drawingsOf(scene: Scene, animate: boolean): FenceSvgs {
  if (scene.theme === 'light' || scene.theme === 'dark') return { fixed: renderSvg(scene, { theme: scene.theme, animate }) };
  return { light: renderSvg(scene, { theme: 'light', animate }), dark: renderSvg(scene, { theme: 'dark', animate }) };
}

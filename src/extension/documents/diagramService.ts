import * as vscode from 'vscode';
import type { IconCatalog } from '../../core/icons/index';
import { analyzeText, type Analysis } from '../../core/analysis';
import { geometryKey } from '../../core/geometryKey';
import { restyleScene } from '../../core/restyleScene';
import type { DiagramModel, Diagnostic } from '../../core/model';
import type { IconData, Scene } from '../../core/scene';
import type { DiagramCounts } from '../../core/summary';
import { Disposable } from '../util/dispose';
import { LayoutRuns } from '../../node/layoutRuns';
import { layoutFromScene, type DiagramLayout, type LayoutProblem } from '../../core/layout/layoutFile';
import { layoutFileUri, type LayoutFiles } from './layoutFiles';
import { TextLayouts, type KeptText } from './textLayouts';
import { FENCE_CANDIDATES, type CandidateChoice } from '../../core/layout/candidates';

/** The parse of one document version. */
export interface DocumentAnalysis {
  model: DiagramModel;
  diagnostics: Diagnostic[];
  counts: DiagramCounts;
  uri: string;
  version: number;
  /** False while the icon catalog is still loading (no `unknown-icon` checks yet). */
  checkedIcons: boolean;
}

/** What a parse needs of a document: VS Code's TextDocument, or the language service's view of one. */
export interface VersionedText {
  readonly uri: { toString(): string };
  readonly version: number;
  getText(): string;
}

/** A drawing and the document version it was laid out from. */
export interface VersionedScene {
  version: number;
  scene: Scene;
}

/**
 * Where drawings are laid out: the Node worker thread on the desktop, the extension host's own
 * thread in VS Code for the Web. Must give `layoutDiagram`'s scene for the same input.
 */
export interface LayoutEngine {
  /**
   * `limits.signal` aborts a layout whose document changed (the worker thread is then
   * stopped; an engine that cannot stop one may ignore it); `limits.candidates` is
   * `LayoutOptions.candidates`. The third parameter is the slot of the worker's layout
   * options, which the service never sets.
   */
  layout(
    model: DiagramModel,
    icons: Record<string, IconData | null>,
    options?: undefined,
    limits?: { signal?: AbortSignal; kept?: DiagramLayout; candidates?: CandidateChoice },
  ): Promise<Scene>;
  dispose(): void | Promise<void>;
}

interface Entry {
  version: number;
  analysis?: DocumentAnalysis;
  scene?: Promise<Scene>;
  /** The key of the positions `scene` kept (see {@link KeptPositions}). */
  keptKey?: string;
}

/**
 * The positions a document's drawing keeps: its layout file's, else (while a preview holds
 * it) those of its last drawing, else none (a fresh layout). `key` changes whenever they do.
 */
export interface KeptPositions {
  key: string;
  source: 'file' | 'held' | 'none';
  layout?: DiagramLayout;
  /** Why the layout file beside the document is ignored (it does not parse). */
  problems?: LayoutProblem[];
}

/** A document a preview holds: the positions of its last drawing, until a re-layout (`epoch`). */
interface Hold {
  holders: number;
  epoch: number;
  layout?: DiagramLayout;
}

/** How one document version's drawing was made (for tests and traces). */
export interface SceneMadeEvent {
  uri: string;
  version: number;
  /** False when the version changed only style and the previous geometry was reused. */
  laidOut: boolean;
}

/** The newest layout started for a document, and the geometry key of the model it lays out. */
interface Geometry {
  key: string;
  scene: Promise<Scene>;
}

/** Texts kept (least recently used dropped first): enough for every fence of a few large documents. */
const TEXT_CACHE_SIZE = 400;

/**
 * The one place that parses and lays out documents: each version of each document is
 * parsed at most once (and laid out at most once) and the result is shared by the
 * Problems panel, the language features, the preview and export, so that they can never
 * disagree. Layout runs on the given {@link LayoutEngine}: on the desktop a worker thread, so
 * the extension host's event loop is never blocked by it and the layout engine is never
 * loaded into the extension host (which is also why this module imports neither
 * `core/layout` nor `node/diagramPipeline`). The icon catalog comes from `loadCatalog`.
 */
export class DiagramService extends Disposable {
  readonly #entries = new Map<string, Entry>();
  readonly #lastGood = new Map<string, VersionedScene>();
  readonly #texts = new TextLayouts<Analysis, Scene, DiagramLayout>(
    TEXT_CACHE_SIZE,
    (text) => {
      const catalog = this.#catalog;
      return analyzeText(text, catalog ? { catalog } : {});
    },
    (_text, analysis, kept, fence) =>
      analysis.counts.errors > 0 ? Promise.reject(new Error(`the text has ${analysis.counts.errors} error(s)`)) : this.#layoutModel(analysis.model, kept, fence ? FENCE_CANDIDATES : undefined),
  );
  readonly #geometry = new Map<string, Geometry>();
  readonly #worker: LayoutEngine;
  readonly #runs = new LayoutRuns();
  #catalog: IconCatalog | undefined;
  #catalogLoad: Promise<IconCatalog | undefined> | undefined;
  readonly #onDidLoadCatalog = this.register(new vscode.EventEmitter<void>());
  /** Fires once, when the icon catalog has loaded (analyses made before it are redone). */
  readonly onDidLoadCatalog = this.#onDidLoadCatalog.event;
  readonly #holds = new Map<string, Hold>();
  #epochs = 0;
  readonly #onDidChangeKept = this.register(new vscode.EventEmitter<vscode.Uri>());
  /** Fires with a document's URI when the positions its drawing keeps changed (its layout file, a re-layout). */
  readonly onDidChangeKept = this.#onDidChangeKept.event;
  readonly #onDidMakeScene = this.register(new vscode.EventEmitter<SceneMadeEvent>());
  /** Fires for each document version drawn: laid out, or re-dressed from the previous geometry. */
  readonly onDidMakeScene = this.#onDidMakeScene.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    layout: LayoutEngine,
    private readonly loadCatalog: () => Promise<IconCatalog>,
    /** The layout files beside documents; without them every drawing is fresh or held. */
    readonly layoutFiles?: LayoutFiles,
  ) {
    super();
    this.#worker = layout;
    if (layoutFiles) {
      this.register(
        layoutFiles.onDidChange((file) => {
          const path = file.path.replace(/\.layout\.json$/, '');
          this.#onDidChangeKept.fire(file.with({ path }));
        }),
      );
    }
    this.register({ dispose: () => void this.#worker.dispose() });
    this.register(vscode.workspace.onDidCloseTextDocument((doc) => this.forget(doc.uri)));
  }

  /**
   * The icon catalog, loading it on first call. Resolves `undefined` (and logs why) when
   * it cannot be read; never rejects.
   */
  catalog(): Promise<IconCatalog | undefined> {
    this.#catalogLoad ??= this.loadCatalog().then(
      (catalog) => {
        this.#catalog = catalog;
        this.#entries.forEach((e) => (e.analysis = undefined));
        this.#texts.resetAnalyses();
        this.#onDidLoadCatalog.fire();
        return catalog;
      },
      (err: unknown) => {
        this.log.error('the icon catalog could not be loaded', err);
        return undefined;
      },
    );
    return this.#catalogLoad;
  }

  /** Lays a model out on the service's worker thread (for the in-process MCP server). */
  readonly layout = (model: DiagramModel, icons: Record<string, IconData | null>): Promise<Scene> => this.#worker.layout(model, icons);

  /** The catalog if it has already loaded. */
  get loadedCatalog(): IconCatalog | undefined {
    return this.#catalog;
  }

  /** Parses the document's current version, or returns the cached parse of it. Synchronous. */
  analyze(document: VersionedText): DocumentAnalysis {
    void this.catalog();
    const key = document.uri.toString();
    let entry = this.#entries.get(key);
    if (!entry || entry.version !== document.version) {
      entry = { version: document.version };
      this.#entries.set(key, entry);
      // Nobody shows an older version's drawing once a newer one exists: a slow layout of it stops.
      this.#runs.supersede(key, document.version);
    }
    if (!entry.analysis) {
      const catalog = this.#catalog;
      const analysis = analyzeText(document.getText(), catalog ? { catalog } : {});
      entry.analysis = { ...analysis, uri: key, version: document.version, checkedIcons: catalog !== undefined };
    }
    return entry.analysis;
  }

  /**
   * The drawing of `analysis` (default: the document's current version), made once per
   * version: laid out on the worker thread, or, when the version differs from the last one
   * laid out only in what the layout does not read (colours, styles, animations, tooltips,
   * links, theme, title, comments, formatting: see `geometryKey`), that geometry re-dressed
   * with the new style (`restyleScene`), which is the same scene without a layout.
   * Rejects when that version has errors (callers check `analyze` first) or when the
   * layout fails. The newest successful drawing of each document is kept (see
   * {@link lastGoodScene}).
   */
  async scene(document: VersionedText & { readonly uri: vscode.Uri }, analysis: DocumentAnalysis = this.analyze(document)): Promise<Scene> {
    const kept = await this.kept(document.uri);
    const entry = this.#entries.get(analysis.uri);
    // A newer version replaced the cache entry since `analysis` was made: lay that version out uncached.
    if (!entry || entry.version !== analysis.version) return this.#layout(analysis, kept);
    if (!entry.scene || entry.keptKey !== kept.key) {
      entry.keptKey = kept.key;
      entry.scene = this.#layout(analysis, kept);
      entry.scene.catch(() => undefined);
    }
    return entry.scene;
  }

  /**
   * The positions the document's drawing keeps now (its layout file read once, then watched);
   * for a Markdown fence's key (see DiagramSource), its entry of the Markdown file's layout file.
   */
  async kept(uri: vscode.Uri): Promise<KeptPositions> {
    const key = uri.toString();
    const file = this.layoutFiles && uri.scheme !== 'untitled' ? await this.layoutFiles.read(layoutFileUri(uri)) : undefined;
    if (file?.state === 'ok' && file.file.kind === 'diagram') return { key: `file@${file.stamp}`, source: 'file', layout: file.file.layout };
    // A Markdown fence (its key's fragment is its name): its entry of the Markdown file's layout file.
    const entry = file?.state === 'ok' && file.file.kind === 'markdown' && uri.fragment ? file.file.diagrams.get(uri.fragment) : undefined;
    if (entry) return { key: `file@${file!.stamp}`, source: 'file', layout: entry };
    const problems = file?.state === 'invalid' ? { problems: file.problems } : {};
    const hold = this.#holds.get(key);
    if (hold) return { key: `held@${hold.epoch}`, source: 'held', ...(hold.layout ? { layout: hold.layout } : {}), ...problems };
    return { key: 'none', source: 'none', ...problems };
  }

  /**
   * Keeps the document's drawing across edits while the returned disposable lives (an open
   * preview): without a layout file, each version is laid out keeping the last drawing's
   * positions, so typing never rearranges what is on screen.
   */
  hold(uri: vscode.Uri): vscode.Disposable {
    const key = uri.toString();
    const hold = this.#holds.get(key) ?? { holders: 0, epoch: ++this.#epochs };
    hold.holders++;
    this.#holds.set(key, hold);
    let released = false;
    return {
      dispose: () => {
        if (released) return;
        released = true;
        if (--hold.holders === 0 && this.#holds.get(key) === hold) this.#holds.delete(key);
      },
    };
  }

  /** Forgets the held drawing: the next drawing of a held document is a fresh layout. */
  releaseHeld(uri: vscode.Uri): void {
    const hold = this.#holds.get(uri.toString());
    if (!hold) return;
    hold.epoch = ++this.#epochs;
    hold.layout = undefined;
    this.#onDidChangeKept.fire(uri);
  }

  /**
   * Replaces the held drawing's positions (a box dropped in a preview without a layout file):
   * the next drawing keeps `layout`. False when the document is not held.
   */
  holdPositions(uri: vscode.Uri, layout: DiagramLayout): boolean {
    const hold = this.#holds.get(uri.toString());
    if (!hold) return false;
    hold.epoch = ++this.#epochs;
    hold.layout = layout;
    this.#onDidChangeKept.fire(uri);
    return true;
  }

  /** Lays `analysis` out keeping `kept` (none: fresh), uncached: what Re-layout writes. */
  async layoutKeeping(analysis: DocumentAnalysis, kept: DiagramLayout | undefined): Promise<Scene> {
    const icons = await this.#icons(analysis.model);
    return this.#worker.layout(analysis.model, icons, undefined, { ...(kept ? { kept } : {}), ...fenceCandidates(analysis.uri) });
  }

  /**
   * The parse of a diagram text that is not a document (a Markdown fence), cached by the
   * text itself, so a fence that did not change is never parsed again. Synchronous.
   */
  analyzeText(text: string): Analysis {
    void this.catalog();
    return this.#texts.analysis(text);
  }

  /**
   * The drawing of a diagram text as its .diagram file is drawn, laid out once per text on the
   * worker thread. Rejects when the text has errors or the layout fails.
   */
  sceneOfText(text: string, kept?: KeptText<DiagramLayout>): Promise<Scene> {
    void this.catalog();
    return this.#texts.scene(text, kept);
  }

  /** The drawing of a Markdown fence's text, as every surface draws a fence (see FENCE_CANDIDATES); otherwise as sceneOfText. */
  sceneOfFence(text: string, kept?: KeptText<DiagramLayout>): Promise<Scene> {
    void this.catalog();
    return this.#texts.scene(text, kept, true);
  }

  /** The positions of the layout file beside a `.diagram` file, if it has a usable one (no held drawing). */
  async fileKept(uri: vscode.Uri): Promise<KeptText<DiagramLayout> | undefined> {
    const file = this.layoutFiles && uri.scheme !== 'untitled' ? await this.layoutFiles.read(layoutFileUri(uri)) : undefined;
    return file?.state === 'ok' && file.file.kind === 'diagram' ? { key: `${uri.toString()}@${file.stamp}`, kept: file.file.layout } : undefined;
  }

  /**
   * True when the document's last layout was slow (see SLOW_LAYOUT_MS): the preview then waits
   * for a pause in typing before asking for a drawing, and an edit stops the layout running.
   */
  layoutIsSlow(uri: vscode.Uri): boolean {
    return this.#runs.isSlow(uri.toString());
  }

  /** The newest drawing that laid out without errors, and its version. */
  lastGoodScene(uri: vscode.Uri): VersionedScene | undefined {
    return this.#lastGood.get(uri.toString());
  }

  /** Drops everything cached for `uri` (its document closed). */
  forget(uri: vscode.Uri): void {
    this.#entries.delete(uri.toString());
    this.#lastGood.delete(uri.toString());
    this.#geometry.delete(uri.toString());
    this.#runs.forget(uri.toString());
  }

  async #layout(analysis: DocumentAnalysis, kept: KeptPositions): Promise<Scene> {
    if (analysis.counts.errors > 0) throw new Error(`version ${analysis.version} has ${analysis.counts.errors} error(s)`);
    const scene = await this.#drawDocument(analysis, kept);
    const previous = this.#lastGood.get(analysis.uri);
    if (!previous || previous.version <= analysis.version) {
      this.#lastGood.set(analysis.uri, { version: analysis.version, scene });
      // What is on screen now is what the next version keeps (the hold's key stays: no redraw of this one).
      const hold = this.#holds.get(analysis.uri);
      if (hold && (kept.source === 'file' || kept.key === `held@${hold.epoch}`)) hold.layout = layoutFromScene(scene);
    }
    return scene;
  }

  /** Re-dresses the document's last geometry when only style changed, else lays the version out. */
  async #drawDocument(analysis: DocumentAnalysis, kept: KeptPositions): Promise<Scene> {
    const { uri, version, model } = analysis;
    const key = `${geometryKey(model)}\u0000${kept.key}`;
    const prior = this.#geometry.get(uri);
    const icons = await this.#icons(model);
    if (prior?.key === key) {
      const base = await prior.scene.catch(() => undefined);
      const scene = base && restyleScene(base, model, icons);
      if (scene) {
        this.#onDidMakeScene.fire({ uri, version, laidOut: false });
        return scene;
      }
    }
    const run = this.#runs.start(uri, version);
    const laidOut = this.#worker.layout(model, icons, undefined, { signal: run.signal, ...(kept.layout ? { kept: kept.layout } : {}), ...fenceCandidates(uri) }).then(
      (scene) => {
        run.done(true);
        return scene;
      },
      (err: unknown) => {
        run.done(false);
        // The engine stopped it for our signal: say so with our error, whatever the engine's is.
        throw run.signal.aborted ? run.signal.reason : err;
      },
    );
    this.#geometry.set(uri, { key, scene: laidOut });
    const scene = await laidOut;
    this.#onDidMakeScene.fire({ uri, version, laidOut: true });
    return scene;
  }

  async #layoutModel(model: DiagramModel, kept?: DiagramLayout, candidates?: CandidateChoice): Promise<Scene> {
    return this.#worker.layout(model, await this.#icons(model), undefined, { ...(kept ? { kept } : {}), ...(candidates ? { candidates } : {}) });
  }

  async #icons(model: DiagramModel): Promise<Record<string, IconData | null>> {
    const catalog = (await this.catalog()) ?? this.#catalog;
    const ids = [...new Set(model.elements.flatMap((e) => (e.icon ? [e.icon] : [])))];
    return catalog && ids.length ? await catalog.load(ids) : Object.fromEntries(ids.map((id) => [id, null]));
  }
}

/**
 * A Markdown fence's key (its document's URI with the fence's name as fragment, see
 * DiagramSource) is laid out as every surface lays out a fence (FENCE_CANDIDATES), so the
 * fence's own preview draws what the Markdown preview and the CLI draw.
 */
function fenceCandidates(uri: string): { candidates?: CandidateChoice } {
  return vscode.Uri.parse(uri).fragment ? { candidates: FENCE_CANDIDATES } : {};
}

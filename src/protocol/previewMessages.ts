/**
 * The messages exchanged by the extension host and the preview webview, shared by both
 * sides. Every message is plain JSON, discriminated on `type`; URIs travel as strings.
 * Messages about a document carry its `uri`, and updates carry its `version`: the
 * webview ignores anything older than what it already shows.
 */
import type { IconSearchMessage, IconSearchResultMessage, PictureEditMessage, PictureEditRefusedMessage } from './pictureEditMessages';
import type { DiagnosticReport } from '../core/language/messages';
import type { Point, Scene } from '../core/scene';
import type { Move } from '../core/sceneMoves';

/** The React Flow viewport: translation in screen pixels and zoom factor. */
export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/** A diagnostic as the preview's banner lists it: the core's localised report, without fixes. */
export type PreviewProblem = Omit<DiagnosticReport, 'suggestions'>;

/** Settings the webview needs (from `archflow.preview.*`). */
export interface PreviewSettings {
  minimap: boolean;
  animations: boolean;
}

/** Host -> webview: a new document version (and, when it laid out, a new drawing). */
export interface UpdateMessage {
  type: 'update';
  uri: string;
  version: number;
  /**
   * The drawing to show. Absent when the text has errors and the drawing already sent
   * (the last good one) still stands; the webview then keeps it and shows the banner.
   */
  scene?: Scene;
  /** The document version `scene` was laid out from. */
  sceneVersion?: number;
  /** Problems of `version`, errors first; the banner shows the errors. */
  problems: PreviewProblem[];
  /**
   * Move to this viewport (the preview switched to a document it showed before). When
   * absent the webview keeps its viewport for the same document and fits a new one.
   */
  viewport?: Viewport;
  /** Set when the host could not draw `version` for a reason that is not a diagnostic. */
  failure?: string;
  /** Where the drawing's positions come from (absent: the host does not say; nothing changes). */
  layout?: PreviewLayoutStatus;
}

/**
 * Where the positions of a drawing come from: its layout file, the drawing held in this
 * session (no layout file: the preview keeps its own drawing across edits), or neither.
 */
export interface PreviewLayoutStatus {
  source: 'file' | 'held' | 'none';
  /** The layout file beside the document does not parse: drawn without it (1-based position in that file). */
  problem?: { file: string; line: number; column: number; message: string };
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * Host -> webview: emphasise what the editor's cursor is on: node and group ids, and
 * connection ids (`c0`, `c1`, … as in the scene's edges). Empty lists clear it.
 */
export interface HighlightMessage {
  type: 'highlight';
  uri: string;
  elements: string[];
  connections: string[];
  /** Also centre the view on these elements once they are drawn (show_diagram's `select`). */
  reveal?: boolean;
}

/** Host -> webview: the preview settings changed (also sent once after `ready`). */
export interface SettingsMessage {
  type: 'settings';
  settings: PreviewSettings;
}

export type HostToPreviewMessage = UpdateMessage | HighlightMessage | SettingsMessage | PictureEditRefusedMessage | IconSearchResultMessage;

/** Webview -> host: the message listener is installed; the host may start sending. */
export interface ReadyMessage {
  type: 'ready';
}

/** Webview -> host: move the editor's cursor to this 1-based position (a clicked problem or edge). */
export interface RevealLineMessage {
  type: 'revealLine';
  uri: string;
  line: number;
  column?: number;
}

/** Webview -> host: reveal the declaration of a node or group (a clicked element). */
export interface RevealElementMessage {
  type: 'revealElement';
  uri: string;
  id: string;
}

/** Webview -> host: the user panned or zoomed (debounced by the webview). */
export interface ViewportChangedMessage {
  type: 'viewportChanged';
  uri: string;
  viewport: Viewport;
}

/** Webview -> host: export the shown document (the host renders through the core). */
export interface ExportRequestMessage {
  type: 'export';
  format: 'svg' | 'png';
}

/** Webview -> host: open a node's `link=` (the host checks the scheme again). */
export interface OpenLinkMessage {
  type: 'openLink';
  url: string;
}

/** Webview -> host: the drawing of `version` is on screen (used by the benchmark and tests). */
export interface RenderedMessage {
  type: 'rendered';
  uri: string;
  version: number;
  elements: number;
  /** Milliseconds from the update's arrival in the webview to the first frame showing it. */
  renderMs?: number;
  /**
   * When the update arrived in the webview, in milliseconds since the epoch
   * (`performance.timeOrigin + performance.now()`), to split the messaging time into its two legs.
   */
  receivedAt?: number;
  /**
   * The webview's JS heap in use, in bytes (Chromium's `performance.memory.usedJSHeapSize`,
   * precise only when the browser runs with --enable-precise-memory-info), for the memory soak.
   */
  heapBytes?: number;
  /** The layout failure the drawing's banner shows, if any (what the user saw, for tests). */
  failure?: string;
}

/** A node or group dragged to a new top-left corner, in the scene's coordinates. */
export type ElementMove = Move;

/** Webview -> host: the user moved elements (a drop, or a burst of arrow keys); the host keeps them in the layout file. */
export interface MoveElementsMessage {
  type: 'moveElements';
  uri: string;
  moves: ElementMove[];
}

/**
 * Webview -> host: the user dragged a segment of a connection (`connection`: its scene id,
 * `c0`, `c1`, …); `route` is the line as it was let go, from the source's border to the
 * target's. The host keeps its bends as the connection's waypoints in the layout file.
 */
export interface ReshapeConnectionMessage {
  type: 'reshapeConnection';
  uri: string;
  connection: string;
  route: Point[];
}

/** Webview -> host: forget the waypoints of these connections (scene ids); they are routed again. */
export interface ResetRoutesMessage {
  type: 'resetRoutes';
  uri: string;
  connections: string[];
}

/**
 * Webview -> host: a layout action of the toolbar or a key: keep the drawing in the layout
 * file, re-lay out (`ids`: only these elements), or undo / redo a move.
 */
export interface LayoutActionMessage {
  type: 'layoutAction';
  uri: string;
  action: 'keep' | 'relayout' | 'undo' | 'redo';
  ids?: string[];
}

/** Webview -> host: the elements selected in the drawing (for the Re-layout command). */
export interface SelectionChangedMessage {
  type: 'selectionChanged';
  uri: string;
  ids: string[];
}

/** Webview -> host: open the document's layout file at a 1-based position (its problem in the banner). */
export interface OpenLayoutFileMessage {
  type: 'openLayoutFile';
  uri: string;
  line: number;
  column: number;
}

/** Webview -> host: something went wrong inside the webview; the host logs it. */
export interface LogMessage {
  type: 'log';
  level: 'error' | 'warn' | 'info';
  message: string;
}

export type PreviewToHostMessage =
  | ReadyMessage
  | RevealLineMessage
  | RevealElementMessage
  | ViewportChangedMessage
  | ExportRequestMessage
  | OpenLinkMessage
  | RenderedMessage
  | LogMessage
  | MoveElementsMessage
  | ReshapeConnectionMessage
  | ResetRoutesMessage
  | LayoutActionMessage
  | SelectionChangedMessage
  | OpenLayoutFileMessage
  | PictureEditMessage
  | IconSearchMessage;

/**
 * What the preview webview persists with `setState` (view state only; the host owns the
 * document). The serializer receives it after a window reload to revive the panel.
 */
export interface PreviewState {
  stateVersion: 1;
  uri: string;
  viewport?: Viewport;
  minimap?: boolean;
}

/** Compile-time exhaustiveness for `switch (message.type)`. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}

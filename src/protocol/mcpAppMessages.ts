/**
 * What the diagram MCP App (the live diagram inside an AI chat) and the servers that serve it
 * agree on: where a tool result carries its drawing, and the app-only tool a click on the
 * drawing calls. Plain data, shared by `src/mcpServer` (`render_diagram`), `src/editorTools`
 * (`write_diagram`, `show_diagram`), the chat's host and `webview/mcpApp`.
 */
import type { Scene } from '../core/scene';

/**
 * Key in a tool result's `_meta` under which {@link DiagramViewMeta} travels.
 * `_meta`, not `structuredContent`: hosts such as VS Code and Claude Code give a result's
 * `structuredContent` to the model in place of its text, and a scene is tens to hundreds
 * of kilobytes the model must never read; `_meta` reaches the app and never the model.
 */
export const DIAGRAM_VIEW_META_KEY = 'archflow/diagram';

/**
 * What the app draws: the laid-out scene of the diagram as it was at that call, and where it
 * lives: the SVG file `render_diagram` wrote (`output`), or the `.diagram` document the editor
 * tools wrote or showed (`source`). At least one of the two is present.
 */
export interface DiagramViewData {
  scene: Scene;
  output?: DiagramViewOutput;
  source?: DiagramViewSource;
}

export interface DiagramViewOutput {
  /** Absolute path of the written SVG file. */
  path: string;
  /** The path as the summary shows it (relative to the first root when inside it). */
  display: string;
  /** Size of the written file in bytes. */
  bytes: number;
}

/** A `.diagram` document at one version of the editor. */
export interface DiagramViewSource {
  /** Absolute path of the `.diagram` file. */
  path: string;
  /** The path as the tools name it to the model (relative to the first workspace folder when inside it). */
  display: string;
  /** The editor's version of the document the drawing (or its problems) belongs to. */
  version: number;
}

/** One problem of a text that could not be drawn, as the app lists it. */
export interface DiagramViewProblem {
  severity: 'error' | 'warning';
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  message: string;
}

/**
 * A call that wrote or showed a diagram whose text has errors: nothing could be drawn, and
 * the app says why (the preview, meanwhile, keeps its last drawing without errors).
 */
export interface DiagramNotDrawn {
  source: DiagramViewSource;
  errors: number;
  /** The first problems (errors first), at most {@link MAX_VIEW_PROBLEMS}. */
  problems: DiagramViewProblem[];
}

/** Most problems a {@link DiagramNotDrawn} lists. */
export const MAX_VIEW_PROBLEMS = 20;

/** What travels under {@link DIAGRAM_VIEW_META_KEY}: a drawing, or why there is none. */
export type DiagramViewMeta = DiagramViewData | DiagramNotDrawn;

/** True when `meta` holds a drawing (not the problems that kept one from being made). */
export function isDrawn(meta: DiagramViewMeta): meta is DiagramViewData {
  return 'scene' in meta;
}

/** App-only tool (`visibility: ["app"]`) the view calls when the user clicks an element. */
export const SELECT_ELEMENT_TOOL = 'select_diagram_element';

/** Which kind of element a selection names. */
export type SelectedElementKind = 'node' | 'group' | 'connection';

/** Arguments of {@link SELECT_ELEMENT_TOOL}. */
export interface ElementSelection {
  kind: SelectedElementKind;
  /** The element's id in the diagram text; for a connection `source -> target`. */
  id: string;
  /** What the drawing shows for it: the label's lines joined by spaces (may be empty). */
  label: string;
  /** 1-based line of its declaration; 0 for implicit nodes. */
  line?: number;
  /** The diagram's title, when it has one. */
  diagram?: string;
  /** Where the diagram was written, as the summary showed it. */
  output?: string;
  /** The `.diagram` file it was drawn from, as the tools name it. */
  file?: string;
}

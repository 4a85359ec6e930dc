/**
 * What the diagram server's MCP App (the live diagram inside an AI chat) and the server
 * agree on: where a `render_diagram` result carries its drawing, and the app-only tool a
 * click on the drawing calls. Plain data, shared by `src/mcp/server` and `webview/mcpApp`.
 */
import type { Scene } from './scene';

/**
 * Key in a `render_diagram` result's `_meta` under which {@link DiagramViewData} travels.
 * `_meta`, not `structuredContent`: hosts such as VS Code and Claude Code give a result's
 * `structuredContent` to the model in place of its text, and a scene is tens to hundreds
 * of kilobytes the model must never read; `_meta` reaches the app and never the model.
 */
export const DIAGRAM_VIEW_META_KEY = 'archflow/diagram';

/** What the app draws: the scene the written SVG was rendered from, and where it went. */
export interface DiagramViewData {
  scene: Scene;
  output: DiagramViewOutput;
}

export interface DiagramViewOutput {
  /** Absolute path of the written SVG file. */
  path: string;
  /** The path as the summary shows it (relative to the first root when inside it). */
  display: string;
  /** Size of the written file in bytes. */
  bytes: number;
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
}

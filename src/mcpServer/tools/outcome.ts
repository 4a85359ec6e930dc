import type { DiagramViewMeta } from '../../protocol/mcpAppMessages';

/**
 * What a tool function returns: plain data, no SDK types, so the CLI and tests can call the
 * tools directly and the server maps it onto a `CallToolResult`.
 */
export interface ToolOutcome<T = undefined> {
  /** True when the call did not do what was asked; `text` then says why and how to fix it. */
  isError: boolean;
  /** What a model reads: short, plain text. */
  text: string;
  /** The same facts as data (the tool's `structuredContent`), when the tool declares them. */
  data?: T;
  /** An image for the model to look at (the render preview). */
  image?: { mimeType: 'image/png'; data: Uint8Array };
  /** What the MCP App draws, or why it cannot (the result's `_meta`, which reaches the app and never the model). */
  view?: DiagramViewMeta;
}

/** Default limit on diagram text, in UTF-8 bytes. */
export const DEFAULT_MAX_TEXT_BYTES = 1024 * 1024;

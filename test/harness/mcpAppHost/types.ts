// Shared by the host page (browser) and its Node driver: plain data, no DOM types.
import type { McpUiHostCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface LoadOptions {
  html: string;
  /** Content of the CSP `<meta>` put first in the document's head. */
  csp: string;
  hostContext: McpUiHostContext;
  capabilities: McpUiHostCapabilities;
  /** False: no bridge at all (a host that never answers `ui/initialize`). */
  answer: boolean;
  /** The name the host gives in `ui/initialize` (default `archflow-test-host`). */
  hostName?: string;
}

/** Something the app asked of the host (a request or notification), as the host received it. */
export interface HostEvent {
  method: string;
  params: unknown;
}

/** What the host page offers its driver (`window.archflowHost`). */
export interface HostApi {
  events: HostEvent[];
  load(options: LoadOptions): Promise<void>;
  sendToolInputPartial(args: Record<string, unknown>): Promise<void>;
  sendToolInput(args: Record<string, unknown>): Promise<void>;
  /** Resolves with when it was sent, in epoch milliseconds (`performance.timeOrigin + now`). */
  sendToolResult(result: CallToolResult): Promise<number>;
  sendToolCancelled(reason: string): Promise<void>;
  setHostContext(context: McpUiHostContext): void;
  frameHeight(): number;
  unload(): Promise<void>;
}


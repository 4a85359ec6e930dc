import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolApprovalState } from './approvalStore';

/**
 * Contract between the MCP client manager (which implements it) and the agent loop (which
 * consumes it). Tools are addressed by `qualifiedName` only; nothing ever parses a
 * qualified name back into server and tool.
 */
export interface QualifiedTool {
  /** Name for models: `server__tool`, sanitised to `^[a-zA-Z0-9_-]{1,64}$`, unique across servers. */
  qualifiedName: string;
  /** Configured server name. */
  server: string;
  /** The tool exactly as the server lists it (original name, schema, annotations). */
  tool: Tool;
  /** Stable hash of the tool's name, description and input schema as last listed. */
  fingerprint: string;
  /** The user trusts this server (built-in, or marked trusted in configuration). */
  trusted: boolean;
  /**
   * Against the manager's approval store, when listed by it: `changed` means the user approved
   * an earlier fingerprint and must approve this one again before it runs.
   */
  approval?: ToolApprovalState;
}

export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface ToolCallOptions {
  /** Aborting sends MCP cancellation to the server and rejects the call. */
  signal?: AbortSignal;
  onProgress?: (progress: ToolProgress) => void;
  /** Overrides the server's per-request timeout (reset on progress). */
  timeoutMs?: number;
}

/** The tools of every connected server, callable by qualified name. */
export interface ToolProvider {
  /** Connects servers on demand; servers that fail are left out (their status says why). */
  listTools(): Promise<QualifiedTool[]>;
  /**
   * Calls a tool. A tool error comes back as a result with `isError: true`; a server that
   * is down or a timeout rejects with an Error whose message says why.
   */
  callTool(qualifiedName: string, args: Record<string, unknown>, options?: ToolCallOptions): Promise<CallToolResult>;
}

import type { McpProtocolSetting } from './protocolSetting';

/** How a server is reached. `http` is Streamable HTTP with automatic fallback to SSE. */
export type McpTransportKind = 'stdio' | 'http' | 'sse' | 'memory';

/** Settings every configured server may carry besides its transport. */
export interface McpServerCommonConfig {
  /** Listed but never started. */
  disabled?: boolean;
  /** The user trusts this server's tools (the agent loop may run them without asking). */
  trusted?: boolean;
  /** Per-request timeout, reset by progress notifications. Default 60 s. */
  timeoutMs?: number;
  /** Hard cap for one request even while it reports progress. Default 10 min. */
  maxTotalTimeoutMs?: number;
  /** Start-up gives up after this long without an answer and without any stderr output. Default 30 s. */
  startupTimeoutMs?: number;
  /**
   * Which MCP era to speak: the 2025 `initialize` handshake (`legacy`, what every server
   * spoke before 2026-07-28), `auto` (ask `server/discover` first, fall back to legacy), or
   * pinned to a revision. Default: the host's setting, else `legacy`.
   */
  protocol?: McpProtocolSetting;
}

export interface McpStdioServerConfig extends McpServerCommonConfig {
  type: 'stdio';
  command: string;
  args?: string[];
  /** Added to the SDK's small default environment; `null` leaves a variable out. */
  env?: Record<string, string | number | null>;
  /** A dotenv file whose variables are added before `env`. */
  envFile?: string;
  cwd?: string;
}

export interface McpHttpServerConfig extends McpServerCommonConfig {
  type: 'http' | 'sse';
  url: string;
  headers?: Record<string, string>;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** A value asked of the user when a configuration says `${input:ID}` (VS Code's `inputs`). */
export interface McpInputSpec {
  id: string;
  type: 'promptString' | 'pickString';
  description?: string;
  /** Hide what is typed and keep it out of logs and messages. */
  password?: boolean;
  default?: string;
  options?: string[];
}

/**
 * Where configuration comes from. Files: `.vscode/mcp.json` (`servers`, `inputs`),
 * `.mcp.json` and Claude Desktop's file (`mcpServers`), detected by their top-level key.
 * An object source has the same shape as a file (the extension's settings).
 */
export type McpConfigSource =
  | {
      kind: 'file';
      path: string;
      /** A missing file is not an error (the default workspace files). */
      optional?: boolean;
      /** Written by a project, not the user (see `McpConfiguredServer.project`). */
      project?: boolean;
    }
  | {
      kind: 'object';
      /** Shown in messages, e.g. `settings: archflow.mcp.servers`. */
      label: string;
      config: unknown;
      /** Relative paths resolve against it; default the workspace folder. */
      baseDir?: string;
      /** Written by a project, not the user (see `McpConfiguredServer.project`). */
      project?: boolean;
    };

/**
 * A problem found in configuration, or (`info`) something done about an entry the user should
 * know of; `line`/`column` (1-based) when it came from a file.
 */
export interface McpConfigDiagnostic {
  severity: 'error' | 'warning' | 'info';
  /** File path or source label. */
  source: string;
  line?: number;
  column?: number;
  /** The server concerned, when the problem is in one server's entry. */
  server?: string;
  message: string;
}

/** The top-level shape a source was written in. */
export type McpConfigFormat = 'vscode' | 'mcpServers';

/** One server as configured, before variables are resolved. */
export interface McpConfiguredServer {
  name: string;
  config: McpServerConfig;
  /** File path or source label it came from. */
  source: string;
  format: McpConfigFormat;
  /** Relative paths (cwd, envFile, command) resolve against it. */
  baseDir: string;
  /** Inputs declared next to it, by id. */
  inputs: ReadonlyMap<string, McpInputSpec>;
  /**
   * Defined by a project's files (a workspace folder's `.mcp.json` or `.vscode/mcp.json`), which
   * come with a cloned repository: it starts only after the user's consent, and its `trusted`
   * is ignored.
   */
  project?: boolean;
}

/** Formats a diagnostic as `file:line:col: severity: message`, like compilers do. */
export function formatConfigDiagnostic(d: McpConfigDiagnostic): string {
  const where = d.line !== undefined ? `${d.source}:${d.line}:${d.column ?? 1}` : d.source;
  return `${where}: ${d.severity}: ${d.message}`;
}

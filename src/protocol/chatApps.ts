/**
 * MCP Apps in the chat: what the host and the chat webview say to each other about the app of
 * a tool card, and the rules both sides apply the same way (which calls show an app, how tall
 * an app's frame may be). Plain JSON and pure functions: no DOM, no `vscode`.
 *
 * The webview runs each app in an iframe and speaks the MCP Apps protocol with it (ext-apps'
 * AppBridge); everything an app asks that reaches outside its frame (its server's tools and
 * resources, links, messages, model context) becomes an {@link AppRequestMessage} that the host
 * checks and answers. The host decides; the webview only relays.
 */
import type { ToolStatus } from './toolStatus';

// MCP's own shapes, as plain JSON (this layer depends on no MCP package; both sides check them
// with the SDK's types where they are made and used).
/** An MCP `CallToolResult`, whole (`content`, `structuredContent`, `_meta`). */
export type McpToolResult = { content: unknown[]; isError?: boolean; structuredContent?: Record<string, unknown>; _meta?: Record<string, unknown> } & Record<string, unknown>;
/** An MCP `Tool` definition. */
export type McpTool = { name: string; inputSchema: Record<string, unknown> } & Record<string, unknown>;
/** An MCP `ReadResourceResult`. */
export type McpReadResourceResult = { contents: unknown[] } & Record<string, unknown>;
/** An MCP content block (apps send text; others are passed on for the host to judge). */
export type McpContentBlock = { type: string; text?: string } & Record<string, unknown>;

/** A tool card whose tool has an MCP App: the `ui://` resource of the server that owns it. */
export interface ToolAppView {
  server: string;
  /** The tool's own name on its server. */
  tool: string;
  /** `ui://…` */
  uri: string;
}

/** The CSP domains and permissions the host granted an app (what it announces as `sandbox`). */
export interface AppSandboxView {
  csp: { connectDomains?: string[]; resourceDomains?: string[]; frameDomains?: string[]; baseUriDomains?: string[] };
  permissions: { clipboardWrite?: Record<string, never> };
}

/** The answer to `load`: where the app's document is served, with the CSP the host built for it. */
export interface AppDocumentView {
  /** The document's URL, a path of the host's app server (the chat's CSP allows frames from there only). */
  url: string;
  /** The `Content-Security-Policy` the document is served with (shown in the card's details). */
  csp: string;
  /** The iframe's `allow` attribute (Permissions Policy), from the resource's `_meta.ui.permissions`. */
  allow: string;
  prefersBorder: boolean;
  sandbox: AppSandboxView;
  /** The tool's definition as its server lists it (the app's `toolInfo`), when the server is running. */
  tool?: McpTool;
}

/** The answer to `result`: the server's whole result of the call (with `_meta`), once it has come. */
export interface AppResultView {
  result?: McpToolResult;
}

/** What an app may ask through the host, and the parameters of each. */
export interface AppRequestParams {
  /** Read the app's resource and serve its document. */
  load: Record<string, never>;
  /** The call's result, for `ui/notifications/tool-result`. */
  result: Record<string, never>;
  /** `tools/call` from the app: only to the server that owns it, only tools open to apps. */
  callTool: { name: string; arguments?: Record<string, unknown> };
  /** `resources/read` from the app, on its own server. */
  readResource: { uri: string };
  /** `ui/open-link`: opened only after the user agrees. */
  openLink: { url: string };
  /** `ui/message`: becomes a user message. */
  message: { role: 'user'; content: McpContentBlock[] };
  /** `ui/update-model-context`: kept (the last one per app) for the next message. */
  modelContext: { content?: McpContentBlock[]; structuredContent?: Record<string, unknown> };
  /** `notifications/message` from the app: written to its server's log. */
  log: { level: string; logger?: string; data?: unknown };
}

export interface AppRequestResults {
  load: AppDocumentView;
  result: AppResultView;
  callTool: McpToolResult;
  readResource: McpReadResourceResult;
  openLink: { isError?: boolean };
  message: { isError?: boolean };
  modelContext: Record<string, never>;
  log: Record<string, never>;
}

export type AppMethod = keyof AppRequestParams;

export const APP_METHODS = ['load', 'result', 'callTool', 'readResource', 'openLink', 'message', 'modelContext', 'log'] as const satisfies readonly AppMethod[];

/** Webview -> host: the app of tool card `toolUseId` asks something (answered by an {@link AppResponseMessage}). */
export interface AppRequestMessage {
  type: 'appRequest';
  requestId: number;
  toolUseId: string;
  method: AppMethod;
  params?: unknown;
}

/** Host -> webview: the answer to request `requestId`: a result, or why it was refused or failed. */
export interface AppResponseMessage {
  type: 'appResponse';
  requestId: number;
  result?: unknown;
  error?: string;
}

/** Height of an app's frame before it says how tall it wants to be. */
export const APP_DEFAULT_HEIGHT = 300;
/**
 * The name the chat gives as the host of its MCP Apps (`ui/initialize`'s host info): a view
 * that sees it knows it runs inside VS Code already (the diagram view then says "Open File").
 */
export const ARCHFLOW_CHAT_HOST = 'ArchFlow chat';
/** The least an app's frame is given (room for a status line). */
export const APP_MIN_HEIGHT = 48;
/** The most, whatever the view's size: beyond it the app should ask for full screen. */
export const APP_MAX_HEIGHT = 800;
/** Share of the chat view's height an inline app may take. */
export const APP_MAX_VIEW_SHARE = 0.8;

/** The tallest an inline app may be in a chat view `viewHeight` pixels high. */
export function appMaxHeight(viewHeight: number): number {
  const share = Number.isFinite(viewHeight) && viewHeight > 0 ? Math.floor(viewHeight * APP_MAX_VIEW_SHARE) : APP_MAX_HEIGHT;
  return Math.max(APP_MIN_HEIGHT * 2, Math.min(APP_MAX_HEIGHT, share));
}

/**
 * The height an app's frame gets when it asks for `requested` pixels (`size-changed`), in a
 * chat view `viewHeight` pixels high: between {@link APP_MIN_HEIGHT} and {@link appMaxHeight},
 * rounded up to whole pixels. Undefined for a request that is not a finite, non-negative
 * number (it is ignored).
 */
export function clampAppHeight(requested: unknown, viewHeight: number): number | undefined {
  if (typeof requested !== 'number' || !Number.isFinite(requested) || requested < 0) return undefined;
  return Math.min(appMaxHeight(viewHeight), Math.max(APP_MIN_HEIGHT, Math.ceil(requested)));
}

/**
 * Whether a tool card shows its app: once the call runs (after the user allowed it) and after
 * it ended, never for a call that never ran (denied, not run, cancelled before it started).
 */
export function appShown(status: ToolStatus, startedAt: number | undefined): boolean {
  return startedAt !== undefined && (status === 'running' || status === 'done' || status === 'failed' || status === 'cancelled');
}

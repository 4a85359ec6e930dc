import {
  Client,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type Root,
} from '@modelcontextprotocol/client';
import { versionNegotiationOf, type McpProtocolSetting } from './protocolSetting';

/** A form a server asks the user to fill in (MCP elicitation, form mode). */
export interface McpElicitationRequest {
  server: string;
  message: string;
  requestedSchema: ElicitRequestFormParams['requestedSchema'];
  /** Aborted when the server cancels the request or the connection ends. */
  signal: AbortSignal;
}

/** A server asks the host's model for a completion (MCP sampling). */
export interface McpSamplingRequest {
  server: string;
  params: CreateMessageRequestParams;
  signal: AbortSignal;
}

export type McpListKind = 'tools' | 'resources' | 'prompts';

export type McpLogLevel = 'debug' | 'info' | 'warning' | 'error';

/** The MCP Apps extension a client announces when it shows apps (SEP-1865), and the one MIME type it shows. */
export const MCP_APPS_EXTENSION = 'io.modelcontextprotocol/ui';
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

export interface ClientFactoryOptions {
  clientInfo: { name: string; version: string };
  roots(): Root[];
  /** The client shows MCP Apps (the chat does; the CLI does not): servers may then offer app-only tools. */
  showsApps?: boolean;
  elicit?: (request: McpElicitationRequest) => Promise<ElicitResult>;
  sample?: (request: McpSamplingRequest) => Promise<CreateMessageResult>;
  /** The era every server speaks unless it sets its own `protocol`; default `legacy`. */
  protocol?: McpProtocolSetting;
}

export interface ClientHooks {
  onListChanged(kind: McpListKind): void;
  onResourceUpdated(uri: string): void;
  onLog(level: McpLogLevel, message: string): void;
}

/**
 * Sorts the errors the SDK reports on a live connection. None of them closes it: the SDK keeps
 * the connection for garbage on stdout, and a progress notification that arrives after its
 * result (typescript-sdk#2580) or a response after its request timed out is harmless.
 */
export function classifyProtocolError(error: Error): { level: McpLogLevel; message: string } {
  const text = error.message;
  if (/progress notification for an unknown token/i.test(text)) {
    return { level: 'debug', message: `ignored a progress notification that came after its result (typescript-sdk#2580): ${text}` };
  }
  if (/response for an unknown message ID/i.test(text)) return { level: 'debug', message: `ignored a late response: ${text}` };
  if (error instanceof SyntaxError || error.name === 'ZodError' || /is not valid JSON|Unexpected token|invalid_union|invalid_type/i.test(text)) {
    return { level: 'warning', message: `the server wrote something that is not MCP to stdout (servers must log to stderr): ${text.slice(0, 300)}` };
  }
  return { level: 'warning', message: text };
}

const LOG_LEVELS: Record<string, McpLogLevel> = {
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warning',
  error: 'error',
  critical: 'error',
  alert: 'error',
  emergency: 'error',
};

/**
 * A fresh SDK client for one connection attempt, offering: roots (always, from `roots()`),
 * elicitation in form mode with schema defaults applied (only when `elicit` is given),
 * sampling (only when `sample` is given; otherwise servers cannot ask), the MCP Apps extension
 * (only with `showsApps`). `protocol` picks the era (see `versionNegotiationOf`); in the
 * 2026-07-28 era a server asks for input inside a tool call's result (`input_required`), and
 * the SDK answers it through the same `elicitation/create` handler. List changes,
 * resource updates and server log messages go to `hooks`.
 */
export function createMcpClient(server: string, options: ClientFactoryOptions, hooks: ClientHooks, protocol: McpProtocolSetting = options.protocol ?? 'legacy'): Client {
  const capabilities: ClientCapabilities = { roots: { listChanged: true } };
  if (options.elicit) capabilities.elicitation = { form: { applyDefaults: true } };
  if (options.sample) capabilities.sampling = {};
  if (options.showsApps) capabilities.extensions = { [MCP_APPS_EXTENSION]: { mimeTypes: [MCP_APP_MIME_TYPE] } };
  const client = new Client(options.clientInfo, { capabilities, versionNegotiation: versionNegotiationOf(protocol) });

  client.setRequestHandler('roots/list', () => ({ roots: options.roots() }));
  const elicit = options.elicit;
  if (elicit) {
    client.setRequestHandler('elicitation/create', async (request, ctx) => {
      const params = request.params as ElicitRequestFormParams;
      return elicit({ server, message: params.message, requestedSchema: params.requestedSchema, signal: ctx.mcpReq.signal });
    });
  }
  const sample = options.sample;
  if (sample) {
    client.setRequestHandler('sampling/createMessage', async (request, ctx) => sample({ server, params: request.params, signal: ctx.mcpReq.signal }));
  }
  client.setNotificationHandler('notifications/tools/list_changed', () => hooks.onListChanged('tools'));
  client.setNotificationHandler('notifications/resources/list_changed', () => hooks.onListChanged('resources'));
  client.setNotificationHandler('notifications/prompts/list_changed', () => hooks.onListChanged('prompts'));
  client.setNotificationHandler('notifications/resources/updated', (n) => hooks.onResourceUpdated(n.params.uri));
  client.setNotificationHandler('notifications/message', (n) => {
    const data = typeof n.params.data === 'string' ? n.params.data : JSON.stringify(n.params.data);
    hooks.onLog(LOG_LEVELS[n.params.level] ?? 'info', n.params.logger ? `[${n.params.logger}] ${data}` : data);
  });
  client.onerror = (error) => {
    const { level, message } = classifyProtocolError(error);
    hooks.onLog(level, message);
  };
  return client;
}

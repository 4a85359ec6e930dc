import * as vscode from 'vscode';
import type { PreviewSettings } from '../protocol/index';
import { DEFAULT_PRICES, withPriceOverrides, type PriceTable } from '../agent/pricing';
import { DEFAULT_MODEL } from '../agent/modelIds';
import { DEFAULT_MCP_PROTOCOL, isMcpProtocolSetting, type McpProtocolSetting } from '../mcpClient/protocolSetting';

/** Settings of `archflow.preview.*`, with their defaults when unset or invalid. */
export interface PreviewConfig extends PreviewSettings {
  followActiveEditor: boolean;
  debounceMs: number;
  /** Without a layout file, keep the drawing across edits (positions from the last drawing). */
  holdLayout: boolean;
}

export function previewConfig(): PreviewConfig {
  const c = vscode.workspace.getConfiguration('archflow.preview');
  return {
    followActiveEditor: c.get<boolean>('followActiveEditor', false) === true,
    minimap: c.get<boolean>('minimap', false) === true,
    animations: c.get<boolean>('animations', true) !== false,
    debounceMs: clamp(c.get<number>('debounceMs', 250), 0, 5000, 250),
    holdLayout: c.get<boolean>('holdLayout', true) !== false,
  };
}

export type ExportThemeSetting = 'auto' | 'light' | 'dark';

/** Settings of `archflow.export.*` for a resource (they are resource-scoped). */
export interface ExportConfig {
  theme: ExportThemeSetting;
  animate: boolean;
  pngScale: number;
}

export function exportConfig(resource?: vscode.Uri): ExportConfig {
  const c = vscode.workspace.getConfiguration('archflow.export', resource);
  const theme = c.get<string>('theme', 'auto');
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : 'auto',
    animate: c.get<boolean>('animate', true) !== false,
    pngScale: clamp(c.get<number>('pngScale', 2), 0.5, 4, 2),
  };
}

function clamp(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

export const DEFAULT_CHAT_MODEL = DEFAULT_MODEL;
export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** Settings of `archflow.chat.*`. */
export interface ChatConfig {
  /** Model of new conversations. */
  model: string;
  /** Where requests go; only ever read from user (application) settings. */
  baseUrl: string;
  maxRounds: number;
  /** Cost of one run, in US dollars; undefined: no cap. */
  maxCostUsd: number | undefined;
  maxTokens: number;
  autoApproveReadOnly: boolean;
  /** Where the chat's requests go (only ever from user settings: a workspace cannot redirect credentials). */
  provider: ChatProviderSettings;
  /** The built-in price table with the user's `archflow.chat.prices` over it. */
  prices: PriceTable;
  /** Entries of `archflow.chat.prices` that were left out, and why. */
  priceProblems: string[];
}

/** `copilot`: Copilot's models through VS Code's Language Model API (experimental). */
export type ChatProviderName = 'anthropic' | 'bedrock' | 'vertex' | 'foundry' | 'compatible' | 'copilot';

/** `archflow.chat.provider` and the settings of each provider (no secrets: those are in SecretStorage). */
export interface ChatProviderSettings {
  name: ChatProviderName;
  /** `endpoint` mantle: Claude in Amazon Bedrock (the Messages API, Claude 4.7 and later); runtime: InvokeModel (every model). */
  bedrock: { region: string; profile: string; endpoint: 'runtime' | 'mantle' };
  vertex: { region: string; projectId: string };
  /** `auto`: the stored key (or ANTHROPIC_FOUNDRY_API_KEY) when there is one, else Microsoft Entra ID. */
  foundry: { resource: string; auth: 'auto' | 'key' | 'entraId' };
  compatible: { baseUrl: string; contextWindow: number; promptCaching: boolean; tokenCounting: boolean };
}

const PROVIDER_NAMES: readonly ChatProviderName[] = ['anthropic', 'bedrock', 'vertex', 'foundry', 'compatible', 'copilot'];

/** A user (application) setting's value; what a workspace sets is ignored. */
function userSetting<T>(c: vscode.WorkspaceConfiguration, key: string): T | undefined {
  return c.inspect<T>(key)?.globalValue;
}

function text(value: unknown, pattern = /^[\w.:@/-]*$/): string {
  return typeof value === 'string' && pattern.test(value.trim()) ? value.trim() : '';
}

function foundryAuthOf(value: unknown): 'auto' | 'key' | 'entraId' {
  return value === 'key' || value === 'entraId' ? value : 'auto';
}

export function chatProviderSettings(c: vscode.WorkspaceConfiguration = vscode.workspace.getConfiguration('archflow.chat')): ChatProviderSettings {
  const name = userSetting<string>(c, 'provider');
  const url = userSetting<string>(c, 'compatibleBaseUrl');
  const window = userSetting<number>(c, 'compatibleContextWindow');
  return {
    name: PROVIDER_NAMES.includes(name as ChatProviderName) ? (name as ChatProviderName) : 'anthropic',
    bedrock: { region: text(userSetting(c, 'bedrockRegion')), profile: text(userSetting(c, 'bedrockProfile')), endpoint: userSetting(c, 'bedrockEndpoint') === 'mantle' ? 'mantle' : 'runtime' },
    vertex: { region: text(userSetting(c, 'vertexRegion')), projectId: text(userSetting(c, 'vertexProjectId')) },
    foundry: { resource: text(userSetting(c, 'foundryResource')), auth: foundryAuthOf(userSetting(c, 'foundryAuth')) },
    compatible: {
      baseUrl: typeof url === 'string' && /^https?:\/\/\S+$/i.test(url.trim()) ? url.trim().replace(/\/+$/, '') : '',
      contextWindow: Math.round(clamp(window, 1024, 10_000_000, 32_768)),
      promptCaching: userSetting<boolean>(c, 'compatiblePromptCaching') === true,
      tokenCounting: userSetting<boolean>(c, 'compatibleTokenCounting') === true,
    },
  };
}

export function chatConfig(): ChatConfig {
  const c = vscode.workspace.getConfiguration('archflow.chat');
  const model = c.get<string>('model', DEFAULT_CHAT_MODEL);
  // `application` scope: a workspace's own settings cannot point the key at another server.
  const baseUrl = c.inspect<string>('baseUrl')?.globalValue;
  const cost = c.get<number>('maxCostPerRunUsd', 2);
  return {
    model: typeof model === 'string' && /^[A-Za-z0-9._:@/-]+$/.test(model) ? model : DEFAULT_CHAT_MODEL,
    baseUrl: typeof baseUrl === 'string' && /^https?:\/\/\S+$/i.test(baseUrl.trim()) ? baseUrl.trim().replace(/\/+$/, '') : DEFAULT_BASE_URL,
    maxRounds: Math.round(clamp(c.get<number>('maxRounds', 20), 1, 200, 20)),
    maxCostUsd: typeof cost === 'number' && Number.isFinite(cost) && cost > 0 ? cost : undefined,
    maxTokens: Math.round(clamp(c.get<number>('maxTokens', 16_000), 256, 128_000, 16_000)),
    autoApproveReadOnly: c.get<boolean>('autoApproveReadOnly', true) !== false,
    provider: chatProviderSettings(c),
    // User settings only, like the provider: a workspace must not make a budget cheaper to reach.
    ...pricesOf(userSetting<unknown>(c, 'prices')),
  };
}

function pricesOf(value: unknown): { prices: PriceTable; priceProblems: string[] } {
  const { table, problems } = withPriceOverrides(DEFAULT_PRICES, value);
  return { prices: table, priceProblems: problems };
}

/** Settings of `archflow.mcp.*`. */
export interface McpConfig {
  /** Also start the servers of Claude Desktop's configuration. */
  claudeDesktop: boolean;
  /** Servers defined in the user's settings (`archflow.mcp.servers`), in the format of `.vscode/mcp.json`'s `servers`. */
  servers: Record<string, unknown>;
  /** The same setting in workspace or folder settings: written by the project, so its servers need consent. */
  workspaceServers: Record<string, unknown>;
  /** The MCP era servers speak unless their entry sets `protocol`. */
  protocol: McpProtocolSetting;
}

/** A hand-edited settings.json can hold anything; the enum only guides the settings UI. */
function protocolSetting(value: unknown): McpProtocolSetting {
  return isMcpProtocolSetting(value) ? value : DEFAULT_MCP_PROTOCOL;
}

export function mcpConfig(): McpConfig {
  const c = vscode.workspace.getConfiguration('archflow.mcp');
  const servers = c.inspect<unknown>('servers');
  const asObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  return {
    claudeDesktop: c.get<boolean>('claudeDesktop', true) !== false,
    servers: asObject(servers?.globalValue),
    workspaceServers: { ...asObject(servers?.workspaceValue), ...asObject(servers?.workspaceFolderValue) },
    protocol: protocolSetting(c.get<unknown>('protocol')),
  };
}

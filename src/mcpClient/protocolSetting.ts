/**
 * The `protocol` a server may be configured with: `legacy` (the 2025 `initialize` handshake,
 * the default: every server users have today speaks it), `auto` (probe `server/discover`,
 * fall back to legacy) or a pinned revision (modern only, no fallback).
 */
export const MCP_PROTOCOL_SETTINGS = ['legacy', 'auto', '2026-07-28'] as const;

export type McpProtocolSetting = (typeof MCP_PROTOCOL_SETTINGS)[number];

/** The era a connection speaks, once connected. */
export type McpProtocolEra = 'legacy' | 'modern';

export const DEFAULT_MCP_PROTOCOL: McpProtocolSetting = 'legacy';

export function isMcpProtocolSetting(value: unknown): value is McpProtocolSetting {
  return typeof value === 'string' && (MCP_PROTOCOL_SETTINGS as readonly string[]).includes(value);
}

/**
 * The SDK's `versionNegotiation` for a setting. Always the object form: the bare string
 * `'auto'` is silently ignored by the SDK at runtime and would leave the client legacy.
 */
export function versionNegotiationOf(setting: McpProtocolSetting): { mode: 'legacy' | 'auto' | { pin: string } } {
  if (setting === 'legacy' || setting === 'auto') return { mode: setting };
  return { mode: { pin: setting } };
}

export { McpClientManager, type McpClientManagerOptions, type McpBuiltinServer, type McpRootInput, type FromServer } from './manager';
export type { QualifiedTool, ToolCallOptions, ToolProgress, ToolProvider } from './types';
export { MemoryApprovalStore, approvalStateOf, type ApprovalScope, type ToolApprovalState, type ToolApprovalStore } from './approvalStore';
export type { McpElicitationRequest, McpSamplingRequest, McpLogLevel } from './clientFactory';
export type { McpServerState, McpServerStatus, McpServerCounts, McpLogEntry, RestartPolicy } from './serverConnection';
export type { ConnectableServer } from './sessionOpener';
export {
  formatConfigDiagnostic,
  type McpConfigDiagnostic,
  type McpConfigSource,
  type McpConfiguredServer,
  type McpHttpServerConfig,
  type McpInputSpec,
  type McpServerConfig,
  type McpStdioServerConfig,
  type McpTransportKind,
} from './serverConfig';
export { parseConfigText, parseConfigObject } from './configFile';
export { loadConfigSources, workspaceConfigSources, claudeDesktopConfigPath } from './configLoader';
export { CommandResolver, CommandNotFoundError, type ResolvedCommand } from './commandResolver';
export { McpServerError, McpTimeoutError, McpCancelledError } from './errors';
export { qualifyToolNames, QUALIFIED_NAME_PATTERN } from './toolNames';
export { toolFingerprint, launchFingerprint } from './fingerprint';
export { EraCache, defaultEraCacheFile, fileEraStore, type EraVerdictStore, type StoredEraVerdict } from './eraCache';
export { MCP_PROTOCOL_SETTINGS, DEFAULT_MCP_PROTOCOL, isMcpProtocolSetting, type McpProtocolSetting, type McpProtocolEra } from './protocolSetting';
export { toolVisibility, visibleToApps, visibleToModel, uiResourceUri, type ToolAudience } from './toolUi';
export type { Disposable, Event } from './emitter';
export { WITHHELD_ENV, withoutWithheld } from './withheldEnv';
export { storedInputResolver, inputSecretKey, type InputSecretStore, type InputQuestion } from './storedInputs';
export type { McpInputTarget } from './launch';
export { consentRequestOf, consentMemoryKey, rememberedConsent, type McpServerConsent, type McpServerConsentRequest, type ConsentMemory } from './serverConsent';

/**
 * The two MCP protocol eras a server instance serves: `legacy` is the 2025 handshake
 * (`initialize`, one connection per client, server-to-client requests), `modern` the
 * 2026-07-28 revision (no `initialize`, capabilities in every request's `_meta`, stateless).
 * The v2 SDK's serving entries (`serveStdio`, `createMcpHandler`) tell a server factory
 * which one the instance it builds will serve.
 */
export type ProtocolEraName = 'legacy' | 'modern';

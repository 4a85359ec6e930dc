import { ProtocolError, ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { ProtocolEraName } from './eras';

/** JSON-RPC code our 2025-era servers have always answered an unknown resource with. */
const LEGACY_RESOURCE_NOT_FOUND = -32002;

/**
 * The error for a `resources/read` of a resource that does not exist, with `{ uri }` as data:
 * code -32002 in the 2025 era (what our servers answered before the v2 SDK, kept so 2025
 * clients see no change), -32602 in the 2026-07-28 era (the revision requires it).
 */
export function resourceNotFound(era: ProtocolEraName, uri: string, message: string): ProtocolError {
  return era === 'modern' ? new ResourceNotFoundError(uri, message) : new ProtocolError(LEGACY_RESOURCE_NOT_FOUND, message, { uri });
}

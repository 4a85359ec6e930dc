import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** JSON with object keys sorted at every level, so equal values always serialise equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * A stable hash of what a model sees of a tool: its name, description and input schema, and
 * the annotations approvals depend on (`readOnlyHint`, `destructiveHint`...). With `launch` (the
 * server's command line or URL), it is also bound to where the tool runs, so an approval does
 * not follow a server name that is pointed elsewhere. Key order does not matter; any change of
 * wording, schema, annotations or launch does. 16 hex digits.
 */
export function toolFingerprint(tool: Pick<Tool, 'name' | 'description' | 'inputSchema' | 'annotations'>, launch?: string): string {
  const text = canonicalJson({
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema ?? {},
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
    ...(launch !== undefined ? { launch } : {}),
  });
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * A stable hash of how a server is launched (command line, directory, environment; or URL and
 * headers): what its era verdict is remembered under. Secrets in it never leave the hash. 16 hex digits.
 */
export function launchFingerprint(launch: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(launch)).digest('hex').slice(0, 16);
}

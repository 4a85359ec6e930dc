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
 * A stable hash of what a model sees of a tool: its name, description and input schema.
 * Key order in the schema does not matter; any change of wording or schema does. 16 hex digits.
 */
export function toolFingerprint(tool: Pick<Tool, 'name' | 'description' | 'inputSchema'>): string {
  const text = canonicalJson({ name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema ?? {} });
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

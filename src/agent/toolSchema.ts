import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { visibleToModel } from '../mcpClient/toolUi';
import type { QualifiedTool } from '../mcpClient/types';

/** Tool names the Messages API accepts. */
export const API_TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

type JsonObject = Record<string, unknown>;

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function mergeRequired(target: Set<string>, schema: JsonObject): void {
  if (Array.isArray(schema.required)) for (const r of schema.required) if (typeof r === 'string') target.add(r);
}

/**
 * Turns an MCP `inputSchema` into an `input_schema` the Messages API accepts. The API rejects
 * `oneOf`/`anyOf`/`allOf` at the top level (one such tool fails every request), so they are
 * folded into plain `properties`: `allOf` members are merged; for `oneOf`/`anyOf`, every
 * variant's properties are offered, only what all variants require stays required, and the
 * variants are described in words so the model still knows the rule. Nested combinators are
 * left alone (the API accepts them). Never throws; `note` says what was rewritten.
 */
export function toInputSchema(inputSchema: unknown): { schema: Tool.InputSchema; note?: string } {
  const source: JsonObject = isObject(inputSchema) ? structuredClone(inputSchema) : {};
  const found = COMBINATORS.filter((k) => k in source);
  const schema: JsonObject = { ...source, type: 'object' };
  if (found.length === 0) return { schema: schema as Tool.InputSchema };

  const properties: JsonObject = isObject(source.properties) ? { ...source.properties } : {};
  const required = new Set<string>();
  mergeRequired(required, source);
  const descriptions: string[] = [];

  for (const key of found) {
    const members = Array.isArray(source[key]) ? (source[key] as unknown[]).filter(isObject) : [];
    delete schema[key];
    if (key === 'allOf') {
      for (const m of members) {
        if (isObject(m.properties)) Object.assign(properties, m.properties);
        mergeRequired(required, m);
      }
      continue;
    }
    // oneOf / anyOf: a property is required only when every variant requires it.
    const perVariant = members.map((m) => {
      const r = new Set<string>();
      mergeRequired(r, m);
      return r;
    });
    for (const m of members) {
      if (isObject(m.properties)) {
        for (const [name, prop] of Object.entries(m.properties)) if (!(name in properties)) properties[name] = prop;
      }
    }
    if (perVariant.length > 0) {
      for (const name of perVariant[0]) if (perVariant.every((r) => r.has(name))) required.add(name);
    }
    const shapes = members.map((m, i) => {
      const req = perVariant[i].size ? `requires ${[...perVariant[i]].join(', ')}` : 'no required fields';
      const props = isObject(m.properties) ? Object.keys(m.properties).join(', ') : '';
      const title = typeof m.title === 'string' ? `${m.title}: ` : typeof m.description === 'string' ? `${m.description}: ` : '';
      return `(${i + 1}) ${title}${req}${props ? ` [fields: ${props}]` : ''}`;
    });
    descriptions.push(`Arguments must match ${key === 'oneOf' ? 'exactly one' : 'at least one'} of: ${shapes.join('; ')}.`);
  }

  schema.properties = properties;
  if (required.size) schema.required = [...required];
  else delete schema.required;
  if (descriptions.length) {
    const own = typeof source.description === 'string' ? `${source.description} ` : '';
    schema.description = own + descriptions.join(' ');
  }
  return { schema: schema as Tool.InputSchema, note: `top-level ${found.join('/')} rewritten into plain properties` };
}

/**
 * The `tools` of a request, built from the provider's list. A tool whose name the API would
 * reject, or whose name repeats an earlier one, is left out with a notice instead of failing
 * the request; a schema the API would reject is rewritten (see {@link toInputSchema}). Tools
 * only an MCP App may call (`_meta.ui.visibility: ["app"]`) are left out silently: they are
 * the app's, not the model's (nor can the model call them by name: they are not in `byName`).
 */
export function toApiTools(tools: QualifiedTool[]): { tools: Tool[]; byName: Map<string, QualifiedTool>; notices: string[] } {
  const out: Tool[] = [];
  const byName = new Map<string, QualifiedTool>();
  const notices: string[] = [];
  for (const qt of tools) {
    if (!visibleToModel(qt.tool)) continue;
    const name = qt.qualifiedName;
    if (!API_TOOL_NAME.test(name)) {
      notices.push(`Tool "${name}" from server "${qt.server}" was left out: the API accepts only names matching ${API_TOOL_NAME.source}.`);
      continue;
    }
    if (byName.has(name)) {
      notices.push(`Tool "${name}" from server "${qt.server}" was left out: another tool already has that name.`);
      continue;
    }
    const { schema, note } = toInputSchema(qt.tool.inputSchema);
    if (note) notices.push(`Tool "${name}": ${note}.`);
    const description = qt.tool.description ?? qt.tool.title ?? qt.tool.annotations?.title;
    out.push({ name, ...(description ? { description } : {}), input_schema: schema });
    byName.set(name, qt);
  }
  return { tools: out, byName, notices };
}

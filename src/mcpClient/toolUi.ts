/**
 * What the MCP Apps standard (SEP-1865) says in a tool's `_meta`: which `ui://` view shows its
 * results, and who may call it. Pure: the agent (which tools the model sees) and the chat's
 * app host (which tools an app may call) read them the same way.
 */

/** Who may call a tool: the model, the tool's app (its view in the conversation), or both. */
export type ToolAudience = 'model' | 'app';

const BOTH: readonly ToolAudience[] = ['model', 'app'];

function uiOf(meta: unknown): Record<string, unknown> | undefined {
  if (!meta || typeof meta !== 'object') return undefined;
  const ui = (meta as Record<string, unknown>).ui;
  return ui && typeof ui === 'object' && !Array.isArray(ui) ? (ui as Record<string, unknown>) : undefined;
}

/**
 * `_meta.ui.visibility` of a tool. Absent or not a list: both (the standard's default); a list
 * keeps only the audiences it names, so an unknown word hides the tool from both.
 */
export function toolVisibility(tool: { _meta?: unknown }): readonly ToolAudience[] {
  const visibility = uiOf(tool._meta)?.visibility;
  if (!Array.isArray(visibility)) return BOTH;
  return BOTH.filter((a) => visibility.includes(a));
}

/** False for app-only tools (`visibility: ["app"]`): the model is never offered them. */
export function visibleToModel(tool: { _meta?: unknown }): boolean {
  return toolVisibility(tool).includes('model');
}

/** False for model-only tools (`visibility: ["model"]`): an app's `tools/call` of them is refused. */
export function visibleToApps(tool: { _meta?: unknown }): boolean {
  return toolVisibility(tool).includes('app');
}

/**
 * The `ui://` resource of a tool's view, from a tool's or a result's `_meta`: `ui.resourceUri`,
 * else the deprecated flat `ui/resourceUri` (hosts still read it). Anything that is not a
 * `ui://` URI counts as none.
 */
export function uiResourceUri(meta: unknown): string | undefined {
  const nested = uiOf(meta)?.resourceUri;
  const flat = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)['ui/resourceUri'] : undefined;
  const uri = typeof nested === 'string' ? nested : typeof flat === 'string' ? flat : undefined;
  return uri && /^ui:\/\/[^\s]+$/i.test(uri) && uri.length <= 2048 ? uri : undefined;
}

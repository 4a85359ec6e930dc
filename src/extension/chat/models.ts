// Pure Node (no `vscode`): unit-tested in test/extension/chat against the fake Messages API.
import Anthropic from '@anthropic-ai/sdk';
import { CLAUDE_LINEUP } from '../../agent/modelIds';
import type { ModelOption } from '../../protocol/index';

/** Offered when the Models API cannot be asked (a gateway without it, no key yet): the current lineup, the default first. */
export const FALLBACK_MODELS: readonly string[] = CLAUDE_LINEUP;

/** `claude-sonnet-4-6` -> `Claude Sonnet 4.6`; ids of another shape are shown as they are. */
export function modelLabel(id: string): string {
  const m = /^claude-([a-z]+)-(\d+)(?:-(\d))?(?:-\d{8})?$/.exec(id);
  if (!m) return id;
  return `Claude ${m[1][0].toUpperCase()}${m[1].slice(1)} ${m[2]}${m[3] ? `.${m[3]}` : ''}`;
}

/** Models for the picker from a list of ids, with `current` kept even when it is not listed. */
export function modelOptions(ids: readonly string[], current: string, windows: ReadonlyMap<string, number> = new Map()): ModelOption[] {
  const all = ids.includes(current) ? ids : [current, ...ids];
  return all.map((id) => ({ id, label: modelLabel(id), ...(windows.has(id) ? { contextWindow: windows.get(id)! } : {}) }));
}

export interface ListedModels {
  ids: string[];
  windows: Map<string, number>;
  /** Where the list came from; `fallback` carries why the API was not used. */
  source: 'api' | 'fallback';
  error?: string;
}

/**
 * The models the key can use, from the Models API (`GET /v1/models`, active ones, newest
 * first, with their context windows), or {@link FALLBACK_MODELS} when the API cannot tell
 * (no key, a gateway without the endpoint, an error). Never rejects.
 */
export async function listModels(apiKey: string | undefined, baseURL: string, signal?: AbortSignal): Promise<ListedModels> {
  if (!apiKey) return { ids: [...FALLBACK_MODELS], windows: new Map(), source: 'fallback', error: 'no API key' };
  try {
    const client = new Anthropic({ apiKey, baseURL, maxRetries: 0, timeout: 10_000 });
    const ids: string[] = [];
    const windows = new Map<string, number>();
    for await (const info of client.models.list({ limit: 100 }, signal ? { signal } : {})) {
      if (info.lifecycle && info.lifecycle !== 'active') continue;
      ids.push(info.id);
      if (typeof info.max_input_tokens === 'number' && info.max_input_tokens > 0) windows.set(info.id, info.max_input_tokens);
      if (ids.length >= 100) break;
    }
    if (ids.length === 0) return { ids: [...FALLBACK_MODELS], windows, source: 'fallback', error: 'the API listed no model' };
    return { ids, windows, source: 'api' };
  } catch (err) {
    return { ids: [...FALLBACK_MODELS], windows: new Map(), source: 'fallback', error: (err as Error).message };
  }
}

/**
 * The model ArchFlow starts with where nothing else is chosen (the chat's
 * `archflow.chat.model`, `archflow ask --model`): today's Sonnet, on every provider (each
 * backend turns it into its platform's id: Bedrock `global.anthropic.claude-sonnet-5-5` or
 * `anthropic.claude-sonnet-5-5`, Vertex AI and Foundry as it is).
 */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

/**
 * The current Claude lineup (checked 2026-12-03, see the price table), the default first:
 * offered where a provider cannot list its models.
 */
export const CLAUDE_LINEUP: readonly string[] = [DEFAULT_MODEL, 'claude-opus-5-5', 'claude-haiku-5-5', 'claude-fable-5-2', 'claude-opus-4-8', 'claude-sonnet-4-6', 'claude-haiku-4-5'];

/**
 * The id a cloud platform gives a Claude model, reduced to the Claude API's own id, so one
 * price table and one list of context windows serve every provider:
 * - Bedrock: `arn:aws:bedrock:…:inference-profile/global.anthropic.claude-sonnet-5-5-v1:0`,
 *   `us.anthropic.claude-haiku-4-5-20251001-v1:0`, `anthropic.claude-opus-4-6-v1` (the ARN's
 *   last segment, the geography prefix, `anthropic.` and the `-vN[:N]` revision go);
 * - Vertex AI: `claude-sonnet-4-6@20250929`, `claude-opus-5@latest` (the `@…` goes).
 * Ids of another shape (a Foundry deployment, a local model) are kept as they are, lower-cased.
 */
export function canonicalModelId(id: string): string {
  let s = id.trim().toLowerCase();
  if (s.startsWith('arn:')) s = s.slice(s.lastIndexOf('/') + 1);
  s = s.replace(/^(?:[a-z0-9-]+\.)?anthropic\./, '');
  s = s.replace(/@[a-z0-9._-]*$/, '');
  s = s.replace(/-v\d+(?::\d+)?$/, '');
  return s;
}

/**
 * True when `id` (already canonical) names the model `key` or a dated snapshot of it, but
 * not a later version: `claude-haiku-4-5-20251001` is `claude-haiku-4-5`, while
 * `claude-opus-5-5` is not `claude-opus-5` (a one- or two-digit segment after the key is a
 * version number, not a date).
 */
export function isModelOrSnapshot(id: string, key: string): boolean {
  if (id === key) return true;
  if (!id.startsWith(`${key}-`)) return false;
  return !/^\d{1,2}(?:-|$)/.test(id.slice(key.length + 1));
}

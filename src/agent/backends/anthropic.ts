import Anthropic, { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ModelBackend } from '../backend';
import { canonicalModelId } from '../modelIds';
import { sdkBackend, type MessagesClient } from './sdkBackend';

/** Options of the first-party API and of Anthropic-compatible endpoints. */
export interface AnthropicBackendOptions {
  /** Always explicit: the SDK's fallbacks to environment variables and profile files are never used. */
  apiKey: string;
  /** Always explicit, e.g. `https://api.anthropic.com`. */
  baseURL: string;
  maxRetries?: number;
  timeoutMs?: number;
}

const ERRORS = { APIError, APIConnectionError, APIUserAbortError };

/** Claude through Anthropic's API (or a gateway in front of it): every feature on. */
export function anthropicBackend(o: AnthropicBackendOptions): ModelBackend {
  return sdkBackend(client(o) as unknown as MessagesClient, {
    kind: 'anthropic',
    caps: { promptCaching: true, countTokens: true, listModels: true, usage: 'exact' },
    endpoint: o.baseURL,
    errors: ERRORS,
    authHint: 'Check the API key.',
    canonicalModel: canonicalModelId,
  });
}

/** Options of a server that speaks the Messages API but is not Anthropic's (Ollama, LM Studio, llama.cpp, a gateway). */
export interface CompatibleBackendOptions extends AnthropicBackendOptions {
  /** Send `cache_control` breakpoints (most local servers ignore or reject them). */
  promptCaching: boolean;
  /** The server answers `POST /v1/messages/count_tokens`. */
  tokenCounting: boolean;
}

/**
 * An Anthropic-compatible endpoint: the same client, with the features the server lacks
 * switched off. Its models are the user's own (no list is asked for), and its usage counts
 * are the server's, so they are reported as estimates.
 */
export function compatibleBackend(o: CompatibleBackendOptions): ModelBackend {
  return sdkBackend(client(o) as unknown as MessagesClient, {
    kind: 'compatible',
    caps: { promptCaching: o.promptCaching, countTokens: o.tokenCounting, listModels: false, usage: 'estimated' },
    endpoint: o.baseURL,
    errors: ERRORS,
    authHint: 'Check the key the server expects (local servers usually take any).',
    canonicalModel: canonicalModelId,
  });
}

function client(o: AnthropicBackendOptions): Anthropic {
  if (!o.apiKey) throw new TypeError('An API key is required (a local server that ignores it still needs one: any text).');
  if (!o.baseURL) throw new TypeError('A base URL is required.');
  return new Anthropic({ apiKey: o.apiKey, baseURL: o.baseURL, maxRetries: o.maxRetries ?? 2, timeout: o.timeoutMs ?? 600_000 });
}

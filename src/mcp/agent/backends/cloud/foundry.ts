// Claude on Microsoft Foundry. Built as its own bundle (dist/cloud-foundry.js), loaded on first use.
import AnthropicFoundry from '@anthropic-ai/foundry-sdk';
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { ModelBackend } from '../../backend';
import { canonicalModelId } from '../../modelIds';
import { sdkBackend, type MessagesClient } from '../sdkBackend';

export interface FoundryOptions {
  /** The Foundry API key. */
  apiKey: string;
  /** The Foundry resource name (`https://{resource}.services.ai.azure.com/anthropic/`), or… */
  resource?: string;
  /** …the full base URL instead. */
  baseURL?: string;
  maxRetries?: number;
  timeoutMs?: number;
}

/** Claude on Microsoft Foundry (`/anthropic/v1/messages`, key in `x-api-key`); model ids are deployment names. */
export async function createFoundryBackend(o: FoundryOptions): Promise<ModelBackend> {
  if (!o.apiKey) throw new Error('No Foundry API key: store one with "ArchFlow: Set Foundry API Key" (or set ANTHROPIC_FOUNDRY_API_KEY for the CLI).');
  if (!o.resource && !o.baseURL) throw new Error('No Foundry resource is set: set archflow.chat.foundryResource (archflow ask: --resource; the name in https://NAME.services.ai.azure.com).');
  const baseURL = o.baseURL ?? `https://${o.resource}.services.ai.azure.com/anthropic/`;
  // Passed as a base URL, never as `resource`, so neither comes from the environment.
  const client = new AnthropicFoundry({ apiKey: o.apiKey, baseURL, maxRetries: o.maxRetries ?? 2, timeout: o.timeoutMs ?? 600_000 });
  return sdkBackend(client as unknown as MessagesClient, {
    kind: 'foundry',
    caps: { promptCaching: true, countTokens: false, listModels: false, usage: 'exact' },
    endpoint: `Microsoft Foundry (${o.resource ?? baseURL})`,
    errors: { APIError, APIConnectionError, APIUserAbortError },
    authHint: 'Check the Foundry API key and that the model id is a deployment of this resource.',
    canonicalModel: canonicalModelId,
  });
}

import type { BackendKind, ModelBackend } from '../backend';
import { CLAUDE_LINEUP } from '../modelIds';
import { anthropicBackend, compatibleBackend } from './anthropic';
import type { ProviderIdentity } from './types';

export type { ProviderIdentity } from './types';
export { anthropicBackend, compatibleBackend } from './anthropic';
export { sdkBackend, describeSdkError } from './sdkBackend';
export type { MessagesClient, SdkErrorClasses } from './sdkBackend';

interface Common {
  /** HTTP retries the SDK makes (default 2). */
  maxRetries?: number;
  timeoutMs?: number;
}

/** Everything needed to reach one provider; secrets are passed in, never read from settings. */
export type ProviderSettings = Common &
  (
    | { provider: 'anthropic'; apiKey: string; baseURL: string }
    | { provider: 'compatible'; apiKey: string; baseURL: string; promptCaching: boolean; tokenCounting: boolean }
    | { provider: 'bedrock'; model: string; endpoint?: 'runtime' | 'mantle'; region?: string; profile?: string; apiKey?: string; baseURL?: string; env?: NodeJS.ProcessEnv }
    | { provider: 'vertex'; region?: string; projectId?: string; baseURL?: string; authClient?: import('google-auth-library').AuthClient; env?: NodeJS.ProcessEnv }
    | {
        provider: 'foundry';
        /** Default: `key` when an API key is given, else `entra` (Microsoft Entra ID through DefaultAzureCredential). */
        auth?: 'key' | 'entra';
        apiKey?: string;
        /** An Entra ID credential to use instead of DefaultAzureCredential. */
        credential?: import('@azure/identity').TokenCredential;
        resource?: string;
        baseURL?: string;
      }
  );

export type ProviderName = ProviderSettings['provider'];
export const PROVIDERS: readonly ProviderName[] = ['anthropic', 'bedrock', 'vertex', 'foundry', 'compatible'];

/** How each provider is named to users. */
export const PROVIDER_LABELS: Record<BackendKind, string> = {
  anthropic: 'Anthropic',
  bedrock: 'Amazon Bedrock',
  vertex: 'Google Vertex AI',
  foundry: 'Microsoft Foundry',
  compatible: 'Anthropic-compatible endpoint',
  'vscode-lm': "Copilot's models (experimental)",
};

// Each cloud SDK is its own bundle (esbuild.mjs maps these imports to dist/cloud-*.js), so
// start-up never loads them and a provider's code is read only when it is chosen.
const loadBedrock = () => import('./cloud/bedrock');
const loadVertex = () => import('./cloud/vertex');
const loadFoundry = () => import('./cloud/foundry');

/**
 * The backend for one provider. Rejects with one sentence saying what is missing (a
 * region, a key) when the settings cannot reach it; credentials that cloud tools keep
 * (AWS profiles, Google application default credentials) are read only when a request is made.
 */
export async function createBackend(s: ProviderSettings): Promise<ModelBackend> {
  const common = { ...(s.maxRetries !== undefined ? { maxRetries: s.maxRetries } : {}), ...(s.timeoutMs !== undefined ? { timeoutMs: s.timeoutMs } : {}) };
  switch (s.provider) {
    case 'anthropic':
      return anthropicBackend({ apiKey: s.apiKey, baseURL: s.baseURL, ...common });
    case 'compatible':
      return compatibleBackend({ apiKey: s.apiKey, baseURL: s.baseURL, promptCaching: s.promptCaching, tokenCounting: s.tokenCounting, ...common });
    case 'bedrock': {
      const { provider: _p, ...o } = s;
      return (await loadBedrock()).createBedrockBackend(o);
    }
    case 'vertex': {
      const { provider: _p, ...o } = s;
      return (await loadVertex()).createVertexBackend(o);
    }
    case 'foundry': {
      const { provider: _p, ...o } = s;
      return (await loadFoundry()).createFoundryBackend(o);
    }
  }
}

/**
 * Who requests would be made as, and where, or exactly what is missing (no AWS profile
 * found, no application default credentials, region not set). Sends no model request;
 * never rejects.
 */
export async function describeProvider(s: ProviderSettings): Promise<ProviderIdentity> {
  try {
    switch (s.provider) {
      case 'anthropic':
        return s.apiKey ? { ready: true, identity: 'API key' } : { ready: false, missing: 'No Anthropic API key.' };
      case 'compatible':
        return { ready: true, identity: s.baseURL };
      case 'bedrock': {
        const { provider: _p, ...o } = s;
        return await (await loadBedrock()).describeBedrock(o);
      }
      case 'vertex': {
        const { provider: _p, ...o } = s;
        return await (await loadVertex()).describeVertex(o);
      }
      case 'foundry': {
        if (!s.resource && !s.baseURL) return { ready: false, missing: 'No Foundry resource is set: set archflow.chat.foundryResource (archflow ask: --resource).' };
        // A key needs no look-up (nor @azure/identity); Entra ID asks for a token.
        if ((s.auth ?? (s.apiKey ? 'key' : 'entra')) === 'key') return s.apiKey ? { ready: true, identity: 'Foundry API key', region: s.resource ?? s.baseURL! } : { ready: false, missing: 'No Foundry API key is stored.' };
        const { provider: _p, ...o } = s;
        return await (await loadFoundry()).describeFoundry(o);
      }
    }
  } catch (err) {
    return { ready: false, missing: (err as Error).message };
  }
}

/**
 * The models offered for a provider without a Models API: the current lineup under the
 * ids that provider uses (Bedrock's `global.` cross-region profiles; Vertex AI and Foundry
 * take the Claude API ids, Foundry as deployment names).
 */
export function knownModels(provider: ProviderName, bedrockEndpoint: 'runtime' | 'mantle' = 'runtime'): string[] {
  const lineup = [...CLAUDE_LINEUP];
  if (provider !== 'bedrock') return lineup;
  // Claude in Amazon Bedrock (mantle) serves Claude 4.7 and later, under `anthropic.` ids.
  if (bedrockEndpoint === 'mantle') return lineup.filter((id) => !/-4-[0-6]$/.test(id)).map((id) => `anthropic.${id}`);
  return lineup.map((id) => `global.anthropic.${id}`);
}

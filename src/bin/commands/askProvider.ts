import { PROVIDERS, type ProviderName, type ProviderSettings } from '../../agent/backends';

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** The `archflow ask` flags that choose and configure the provider. */
export interface ProviderFlags {
  provider?: string;
  'base-url'?: string;
  region?: string;
  'aws-profile'?: string;
  'bedrock-endpoint'?: string;
  project?: string;
  resource?: string;
  'foundry-auth'?: string;
  'prompt-caching'?: boolean;
  'token-counting'?: boolean;
}

export const PROVIDER_OPTIONS = {
  provider: { type: 'string' },
  'base-url': { type: 'string' },
  region: { type: 'string' },
  'aws-profile': { type: 'string' },
  'bedrock-endpoint': { type: 'string' },
  project: { type: 'string' },
  resource: { type: 'string' },
  'foundry-auth': { type: 'string' },
  'prompt-caching': { type: 'boolean' },
  'token-counting': { type: 'boolean' },
} as const;

export const PROVIDER_USAGE = `  --provider NAME   anthropic (default), bedrock, vertex, foundry, or compatible
  --base-url URL    API base URL (anthropic: default ANTHROPIC_BASE_URL, else ${DEFAULT_BASE_URL};
                    compatible: required, e.g. http://localhost:11434 for Ollama)
  --region R        bedrock: AWS region (else AWS_REGION, or the profile's);
                    vertex: global, us, eu or a region (else CLOUD_ML_REGION)
  --aws-profile P   bedrock: the AWS profile to sign with (else the default chain)
  --bedrock-endpoint E  bedrock: runtime (InvokeModel, every model; default) or
                    mantle (Claude in Amazon Bedrock, the Messages API, Claude 4.7+)
  --project ID      vertex: Google Cloud project (else ANTHROPIC_VERTEX_PROJECT_ID or ADC's)
  --resource NAME   foundry: the Foundry resource (else ANTHROPIC_FOUNDRY_RESOURCE)
  --foundry-auth A  foundry: key or entra (default: key when ANTHROPIC_FOUNDRY_API_KEY
                    is set, else Microsoft Entra ID through DefaultAzureCredential)
  --prompt-caching  compatible: send cache_control breakpoints (off by default)
  --token-counting  compatible: the server counts tokens (off by default)
Credentials: anthropic ANTHROPIC_API_KEY; bedrock your AWS profile, AWS keys or
AWS_BEARER_TOKEN_BEDROCK; vertex Google application default credentials
(gcloud auth application-default login); foundry ANTHROPIC_FOUNDRY_API_KEY or
Microsoft Entra ID (az login, managed identity, AZURE_* variables);
compatible ANTHROPIC_API_KEY if the server wants one.`;

function httpUrl(value: string, what: string): string {
  const url = value.trim();
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`${what} "${url}" is not an http(s) URL.`);
  return url;
}

/**
 * The provider `archflow ask` is to use, from its flags and the environment (credentials
 * only ever from where their tools keep them). Throws one sentence naming what is missing.
 */
export function providerFromFlags(flags: ProviderFlags, env: NodeJS.ProcessEnv, model: string): ProviderSettings {
  const name = (flags.provider ?? 'anthropic').trim().toLowerCase();
  if (!(PROVIDERS as readonly string[]).includes(name)) throw new Error(`--provider must be one of ${PROVIDERS.join(', ')}, not "${flags.provider}".`);
  const provider = name as ProviderName;
  switch (provider) {
    case 'anthropic': {
      const apiKey = env.ANTHROPIC_API_KEY?.trim();
      if (!apiKey) throw new Error('ANTHROPIC_API_KEY is not set. Set it to your Anthropic API key.');
      return { provider, apiKey, baseURL: httpUrl(flags['base-url'] ?? env.ANTHROPIC_BASE_URL ?? DEFAULT_BASE_URL, 'the API base URL') };
    }
    case 'compatible': {
      const base = flags['base-url'] ?? env.ANTHROPIC_BASE_URL;
      if (!base) throw new Error('--base-url is required for an Anthropic-compatible endpoint (e.g. http://localhost:11434 for Ollama).');
      // Local servers want some key and ignore it.
      const apiKey = env.ANTHROPIC_API_KEY?.trim() || env.ANTHROPIC_AUTH_TOKEN?.trim() || 'none';
      return { provider, apiKey, baseURL: httpUrl(base, 'the endpoint'), promptCaching: flags['prompt-caching'] === true, tokenCounting: flags['token-counting'] === true };
    }
    case 'bedrock': {
      const endpoint = flags['bedrock-endpoint']?.trim().toLowerCase();
      if (endpoint !== undefined && endpoint !== 'runtime' && endpoint !== 'mantle') throw new Error(`--bedrock-endpoint must be runtime or mantle, not "${flags['bedrock-endpoint']}".`);
      return {
        provider,
        model,
        ...(endpoint ? { endpoint } : {}),
        ...(flags.region ? { region: flags.region } : {}),
        ...(flags['aws-profile'] ? { profile: flags['aws-profile'] } : {}),
        ...(flags['base-url'] ? { baseURL: httpUrl(flags['base-url'], 'the Bedrock endpoint') } : {}),
        env,
      };
    }
    case 'vertex':
      return {
        provider,
        ...(flags.region ? { region: flags.region } : {}),
        ...(flags.project ? { projectId: flags.project } : {}),
        ...(flags['base-url'] ? { baseURL: httpUrl(flags['base-url'], 'the Vertex AI endpoint') } : {}),
        env,
      };
    case 'foundry': {
      const apiKey = env.ANTHROPIC_FOUNDRY_API_KEY?.trim();
      const chosen = flags['foundry-auth']?.trim().toLowerCase();
      if (chosen !== undefined && chosen !== 'key' && chosen !== 'entra') throw new Error(`--foundry-auth must be key or entra, not "${flags['foundry-auth']}".`);
      const auth = chosen ?? (apiKey ? 'key' : 'entra');
      if (auth === 'key' && !apiKey) throw new Error('ANTHROPIC_FOUNDRY_API_KEY is not set. Set it to your Foundry API key, or use --foundry-auth entra.');
      const resource = flags.resource ?? env.ANTHROPIC_FOUNDRY_RESOURCE;
      if (!resource && !flags['base-url']) throw new Error('--resource (or ANTHROPIC_FOUNDRY_RESOURCE) is required for Foundry.');
      return { provider, auth, ...(auth === 'key' ? { apiKey } : {}), ...(flags['base-url'] ? { baseURL: httpUrl(flags['base-url'], 'the Foundry endpoint') } : { resource: resource! }) };
    }
  }
}

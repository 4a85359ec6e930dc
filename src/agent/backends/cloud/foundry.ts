// Claude on Microsoft Foundry. Built as its own bundle (dist/cloud-foundry.js), loaded on first
// use: @azure/identity (for Microsoft Entra ID) is read only here.
import AnthropicFoundry from '@anthropic-ai/foundry-sdk';
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { DefaultAzureCredential, getBearerTokenProvider, type TokenCredential } from '@azure/identity';
import type { ModelBackend } from '../../backend';
import { canonicalModelId } from '../../modelIds';
import { describeSdkError, sdkBackend, type MessagesClient } from '../sdkBackend';
import type { ProviderIdentity } from '../types';

/** The scope Foundry's Claude endpoint takes Entra ID tokens for. */
export const FOUNDRY_SCOPE = 'https://ai.azure.com/.default';

/** How requests authenticate: a Foundry API key (`x-api-key`), or a Microsoft Entra ID token (`Authorization: Bearer`). */
export type FoundryAuth = 'key' | 'entra';

export interface FoundryOptions {
  /** Default: `key` when an API key is given, else `entra`. */
  auth?: FoundryAuth;
  /** The Foundry API key (`auth` key). */
  apiKey?: string;
  /**
   * The Entra ID credential (`auth` entra). Default: `DefaultAzureCredential` (environment,
   * workload or managed identity, Azure CLI, PowerShell, Azure Developer CLI; its VS Code
   * credential needs a plugin not included), built on the first request, not before.
   */
  credential?: TokenCredential;
  /** The Foundry resource name (`https://{resource}.services.ai.azure.com/anthropic/`), or… */
  resource?: string;
  /** …the full base URL instead. */
  baseURL?: string;
  maxRetries?: number;
  timeoutMs?: number;
}

/** The authentication `o` asks for, or gets by default. */
export function foundryAuth(o: Pick<FoundryOptions, 'auth' | 'apiKey'>): FoundryAuth {
  return o.auth ?? (o.apiKey ? 'key' : 'entra');
}

/** No Entra ID token could be had: `message` is one sentence for the user. */
export class EntraUnavailableError extends Error {
  override readonly name = 'EntraUnavailableError';
}

// What each credential of DefaultAzureCredential's chain is called in its "unavailable" message.
const SOURCES: [RegExp, string][] = [
  [/EnvironmentCredential/, 'AZURE_* environment variables'],
  [/WorkloadIdentity/, 'workload identity'],
  [/ManagedIdentity/, 'managed identity'],
  [/Visual Studio Code/, "VS Code's Azure sign-in"],
  [/Azure Developer CLI/, 'Azure Developer CLI'],
  [/Azure CLI/, 'Azure CLI'],
  [/PowerShell/, 'Azure PowerShell'],
];

/**
 * DefaultAzureCredential's failure (an `AggregateAuthenticationError` listing every
 * credential it tried, with links) as one sentence: what was tried and what to do. A
 * credential that was found but refused (an expired sign-in) is quoted by its first line.
 */
export function entraFailure(error: unknown): string {
  const e = error as { errors?: unknown[]; message?: string } | undefined;
  const parts = Array.isArray(e?.errors) ? e.errors : [error];
  const tried: string[] = [];
  const refused: string[] = [];
  for (const part of parts) {
    const p = part as { name?: string; message?: string } | undefined;
    const text = String(p?.message ?? part).split('\n')[0]!;
    const source = SOURCES.find(([re]) => re.test(text))?.[1];
    if (p?.name === 'CredentialUnavailableError' || !p?.name) {
      if (source && !tried.includes(source)) tried.push(source);
    } else {
      refused.push(`${source ?? p.name}: ${text.replace(/\s*(To troubleshoot|See|For more).*$/i, '').trim()}`);
    }
  }
  if (refused.length) return `Microsoft Entra ID refused the sign-in (${refused.join('; ')}). Run \`az login\` again, or store a Foundry API key.`;
  const list = tried.length ? ` (tried ${tried.join(', ')})` : '';
  return `No Microsoft Entra ID credential was found${list}. Run \`az login\` (or \`azd auth login\`), or store a Foundry API key.`;
}

/** A token source that builds its credential on first use and turns its failures into one sentence. */
function tokenProvider(o: FoundryOptions, make: () => TokenCredential): () => Promise<string> {
  let credential: TokenCredential | undefined;
  const lazy: TokenCredential = {
    getToken: (scopes, options) => (credential ??= o.credential ?? make()).getToken(scopes, options),
  };
  const provider = getBearerTokenProvider(lazy, FOUNDRY_SCOPE);
  return async () => {
    try {
      return await provider();
    } catch (err) {
      throw new EntraUnavailableError(entraFailure(err), { cause: err });
    }
  };
}

/** Builds the default credential; a seam for the test that checks it is built only when a token is first needed. */
export const defaultCredential = { make: (): TokenCredential => new DefaultAzureCredential() };

function baseUrlOf(o: FoundryOptions): string {
  if (!o.resource && !o.baseURL) throw new Error('No Foundry resource is set: set archflow.chat.foundryResource (archflow ask: --resource; the name in https://NAME.services.ai.azure.com).');
  return o.baseURL ?? `https://${o.resource}.services.ai.azure.com/anthropic/`;
}

/**
 * Claude on Microsoft Foundry (`/anthropic/v1/messages`): a key in `x-api-key`, or an Entra
 * ID token as a bearer token (refreshed before it expires); model ids are deployment names.
 */
export async function createFoundryBackend(o: FoundryOptions): Promise<ModelBackend> {
  const auth = foundryAuth(o);
  if (auth === 'key' && !o.apiKey) throw new Error('No Foundry API key: store one with "ArchFlow: Set Model Provider Key" (or set ANTHROPIC_FOUNDRY_API_KEY for the CLI), or use Microsoft Entra ID.');
  const baseURL = baseUrlOf(o);
  // Passed as a base URL, never as `resource`, and the key explicitly (null for Entra), so
  // nothing comes from the environment.
  const credentials = auth === 'key' ? { apiKey: o.apiKey! } : { apiKey: null as unknown as undefined, azureADTokenProvider: tokenProvider(o, () => defaultCredential.make()) };
  const client = new AnthropicFoundry({ ...credentials, baseURL, maxRetries: o.maxRetries ?? 2, timeout: o.timeoutMs ?? 600_000 });
  const errors = { APIError, APIConnectionError, APIUserAbortError };
  const endpoint = `Microsoft Foundry (${o.resource ?? baseURL})`;
  const authHint = auth === 'key' ? 'Check the Foundry API key and that the model id is a deployment of this resource.' : 'Check that your Entra ID identity has a role on this Foundry resource (Cognitive Services User) and that the model id is a deployment of it.';
  const backend = sdkBackend(client as unknown as MessagesClient, {
    kind: 'foundry',
    caps: { promptCaching: true, countTokens: false, listModels: false, usage: 'exact' },
    endpoint,
    errors,
    authHint,
    canonicalModel: canonicalModelId,
  });
  return {
    ...backend,
    describeError: (error) => {
      const cause = (error as { cause?: unknown } | undefined)?.cause;
      if (cause instanceof EntraUnavailableError) return { message: cause.message, aborted: false };
      return describeSdkError(errors, error, endpoint, authHint);
    },
  };
}

/** Which credential and resource requests would use; for Entra ID, asks for a token (no model request). Says exactly what is missing. */
export async function describeFoundry(o: FoundryOptions): Promise<ProviderIdentity> {
  const auth = foundryAuth(o);
  let region: string;
  try {
    region = o.resource ?? baseUrlOf(o);
  } catch (err) {
    return { ready: false, missing: (err as Error).message.replace(/ \(archflow ask: --resource; .*\)\./, ' (archflow ask: --resource).') };
  }
  if (auth === 'key') return o.apiKey ? { ready: true, identity: 'Foundry API key', region } : { ready: false, missing: 'No Foundry API key is stored.' };
  try {
    const token = await tokenProvider(o, () => defaultCredential.make())();
    return { ready: true, identity: `Microsoft Entra ID${entraWho(token)}`, region };
  } catch (err) {
    return { ready: false, missing: (err as Error).message };
  }
}

/** The signed-in user or app a token was issued to (` (name)`), read from its claims; empty when it does not say. */
function entraWho(token: string): string {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const who = claims.upn ?? claims.unique_name ?? claims.preferred_username ?? claims.appid;
    return typeof who === 'string' && who ? ` (${who})` : '';
  } catch {
    return '';
  }
}

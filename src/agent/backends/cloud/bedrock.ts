// Claude on Amazon Bedrock. Built as its own bundle (dist/cloud-bedrock.js), loaded on first
// use: the AWS SDK it brings is large.
import { AnthropicBedrock, AnthropicBedrockMantle } from '@anthropic-ai/bedrock-sdk';
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { createCredentialChain, fromEnv, fromNodeProviderChain } from '@aws-sdk/credential-providers';
import { loadSharedConfigFiles } from '@smithy/shared-ini-file-loader';
import type { ModelBackend } from '../../backend';
import { canonicalModelId } from '../../modelIds';
import { sdkBackend, type MessagesClient } from '../sdkBackend';
import type { ProviderIdentity } from '../types';

/**
 * Which Bedrock API: `runtime` (InvokeModel with response stream, every Claude model, the
 * older ones on a pinned API version) or `mantle` (Claude in Amazon Bedrock: the Messages
 * API itself at `bedrock-mantle.{region}.api.aws/anthropic`, Claude 4.7 and later).
 */
export type BedrockEndpoint = 'runtime' | 'mantle';

export interface BedrockOptions {
  /** The model: a Bedrock id (`global.anthropic.claude-sonnet-5-5`, an inference profile ARN) or a Claude API id, given the `global.` profile (runtime) or `anthropic.` (mantle). */
  model: string;
  /** Default `runtime`. */
  endpoint?: BedrockEndpoint;
  /** AWS region; else `AWS_REGION`, `AWS_DEFAULT_REGION`, or the profile's region. */
  region?: string;
  /** AWS profile of `~/.aws/config` to sign with; else the default chain (environment keys first, then the default profile, SSO, instance roles). */
  profile?: string;
  /** A Bedrock API key (sent as a bearer token) instead of AWS credentials. */
  apiKey?: string;
  /** Another endpoint (a VPC endpoint, a test server); default `https://bedrock-runtime.{region}.amazonaws.com`. */
  baseURL?: string;
  maxRetries?: number;
  timeoutMs?: number;
  /** The environment to read (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

/** Claude models before 4.7 run on Bedrock's older API, which rejects the SDK's newer default API version. */
export function needsLegacyVersion(model: string): boolean {
  const m = /^claude-(?:opus|sonnet|haiku)-(\d+)(?:-(\d))?(?:-|$)/.exec(canonicalModelId(model)) ?? /^claude-(\d+)(?:-(\d))?-/.exec(canonicalModelId(model));
  if (!m) return false;
  const major = Number(m[1]);
  const minor = m[2] === undefined ? 0 : Number(m[2]);
  return major < 4 || (major === 4 && minor < 7);
}

/** The id to send: Claude API ids get the `global.` cross-region inference profile (runtime), or `anthropic.` (mantle). */
export function bedrockModelId(model: string, endpoint: BedrockEndpoint = 'runtime'): string {
  if (!/^claude-/.test(model)) return model;
  return endpoint === 'mantle' ? `anthropic.${model}` : `global.anthropic.${model}`;
}

/** The region requests go to, and where that came from; undefined when none is set anywhere. */
export function resolveRegion(o: Pick<BedrockOptions, 'region' | 'profile' | 'env'>): { region: string; from: string } | undefined {
  const env = o.env ?? process.env;
  if (o.region?.trim()) return { region: o.region.trim(), from: 'setting' };
  if (env.AWS_REGION?.trim()) return { region: env.AWS_REGION.trim(), from: 'AWS_REGION' };
  if (env.AWS_DEFAULT_REGION?.trim()) return { region: env.AWS_DEFAULT_REGION.trim(), from: 'AWS_DEFAULT_REGION' };
  return undefined;
}

async function profileRegion(profile: string | undefined, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  try {
    const files = await loadSharedConfigFiles();
    const name = profile ?? env.AWS_PROFILE ?? 'default';
    const region = files.configFile?.[name]?.region ?? files.credentialsFile?.[name]?.region;
    return typeof region === 'string' && region.trim() ? region.trim() : undefined;
  } catch {
    return undefined;
  }
}

function credentialChain(o: BedrockOptions) {
  // A profile named in settings wins over keys in the environment, as `aws --profile` does.
  return o.profile ? fromNodeProviderChain({ profile: o.profile }) : createCredentialChain(fromEnv(), fromNodeProviderChain());
}

/** The region, asking the profile's config last; throws a sentence saying what to set when there is none. */
async function region(o: BedrockOptions): Promise<string> {
  const env = o.env ?? process.env;
  const r = resolveRegion(o)?.region ?? (await profileRegion(o.profile, env));
  if (!r) throw new Error('No AWS region is set: set archflow.chat.bedrockRegion (archflow ask: --region), AWS_REGION, or a region in your AWS profile.');
  return r;
}

/** Claude on Amazon Bedrock (InvokeModel with response stream, or the Messages API on `mantle`; SigV4 or a Bedrock API key). */
export async function createBedrockBackend(o: BedrockOptions): Promise<ModelBackend> {
  const env = o.env ?? process.env;
  const awsRegion = await region(o);
  const apiKey = o.apiKey ?? env.AWS_BEARER_TOKEN_BEDROCK;
  const endpoint = o.endpoint ?? 'runtime';
  if (endpoint === 'mantle' && needsLegacyVersion(o.model)) {
    throw new Error(`${o.model} is not served by Claude in Amazon Bedrock (the mantle endpoint takes Claude 4.7 and later): set archflow.chat.bedrockEndpoint to runtime (archflow ask: --bedrock-endpoint runtime).`);
  }
  const options = {
    awsRegion,
    maxRetries: o.maxRetries ?? 2,
    timeout: o.timeoutMs ?? 600_000,
    ...(apiKey ? { apiKey } : { apiKey: null, providerChainResolver: async () => credentialChain(o) }),
  };
  const client =
    endpoint === 'mantle'
      ? new AnthropicBedrockMantle({ ...options, baseURL: o.baseURL ?? `https://bedrock-mantle.${awsRegion}.api.aws/anthropic` })
      : new AnthropicBedrock({
          ...options,
          baseURL: o.baseURL ?? `https://bedrock-runtime.${awsRegion}.amazonaws.com`,
          ...(needsLegacyVersion(o.model) ? { defaultHeaders: { 'anthropic-version': '2023-06-01' } } : {}),
        });
  const backend = sdkBackend(client as unknown as MessagesClient, {
    kind: 'bedrock',
    caps: { promptCaching: true, countTokens: false, listModels: false, usage: 'exact' },
    endpoint: `${endpoint === 'mantle' ? 'Claude in Amazon Bedrock' : 'Amazon Bedrock'} (${awsRegion})`,
    errors: { APIError, APIConnectionError, APIUserAbortError },
    authHint: 'Check that your AWS identity may invoke this model in this region (model access is granted per account and region).',
    canonicalModel: canonicalModelId,
  });
  return { ...backend, stream: (params, opts) => backend.stream({ ...params, model: bedrockModelId(params.model, endpoint) }, opts) };
}

/**
 * Which AWS identity and region requests would use, without sending any: resolves the
 * credentials the way requests do. Says exactly what is missing instead of throwing.
 */
export async function describeBedrock(o: BedrockOptions): Promise<ProviderIdentity> {
  const env = o.env ?? process.env;
  let awsRegion: string;
  try {
    awsRegion = await region(o);
  } catch (err) {
    return { ready: false, missing: (err as Error).message };
  }
  if (o.apiKey || env.AWS_BEARER_TOKEN_BEDROCK) {
    return { ready: true, identity: o.apiKey ? 'Bedrock API key' : 'Bedrock API key (AWS_BEARER_TOKEN_BEDROCK)', region: awsRegion };
  }
  try {
    const creds = await credentialChain(o)();
    const key = creds.accessKeyId;
    const who = o.profile ? `AWS profile ${o.profile}` : env.AWS_ACCESS_KEY_ID ? 'AWS keys from the environment' : `AWS profile ${env.AWS_PROFILE ?? 'default'}`;
    return { ready: true, identity: `${who} (access key …${key.slice(-4)})`, region: awsRegion };
  } catch (err) {
    const where = o.profile ? `no AWS profile "${o.profile}" with credentials was found in ~/.aws/config or ~/.aws/credentials` : 'no AWS profile or AWS_ACCESS_KEY_ID was found';
    return {
      ready: false,
      missing: `No AWS credentials: ${where}. Run \`aws configure\` (or \`aws sso login\`), or store a Bedrock API key. (${(err as Error).message.split('\n')[0]})`,
    };
  }
}

// Claude on Google Cloud Vertex AI. Built as its own bundle (dist/cloud-vertex.js), loaded on
// first use: google-auth-library is large.
import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { GoogleAuth, type AuthClient } from 'google-auth-library';
import type { ModelBackend } from '../../backend';
import { canonicalModelId } from '../../modelIds';
import { sdkBackend, type MessagesClient } from '../sdkBackend';
import type { ProviderIdentity } from '../types';

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

export interface VertexOptions {
  /** `global`, `us`, `eu`, or a region such as `us-east5`; else `CLOUD_ML_REGION`. */
  region?: string;
  /** Google Cloud project; else `ANTHROPIC_VERTEX_PROJECT_ID`, else the credentials' own project. */
  projectId?: string;
  /** Another endpoint (a test server); default Google's for the region. */
  baseURL?: string;
  /**
   * Credentials to use instead of application default credentials. (The SDK's
   * `accessToken` option is not used by the SDK: an auth client is the way to pass a token.)
   */
  authClient?: AuthClient;
  maxRetries?: number;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

function settings(o: VertexOptions): { region: string | undefined; projectId: string | undefined } {
  const env = o.env ?? process.env;
  return { region: o.region?.trim() || env.CLOUD_ML_REGION?.trim() || undefined, projectId: o.projectId?.trim() || env.ANTHROPIC_VERTEX_PROJECT_ID?.trim() || undefined };
}

const NO_REGION = 'No Vertex AI region is set: set archflow.chat.vertexRegion (archflow ask: --region) to `global`, `us`, `eu` or a region such as `us-east5`, or set CLOUD_ML_REGION.';

/** Claude on Vertex AI (`streamRawPredict`, Google OAuth from application default credentials). */
export async function createVertexBackend(o: VertexOptions): Promise<ModelBackend> {
  const { region, projectId } = settings(o);
  if (!region) throw new Error(NO_REGION);
  const client = new AnthropicVertex({
    region,
    ...(projectId ? { projectId } : {}),
    ...(o.baseURL ? { baseURL: o.baseURL } : {}),
    ...(o.authClient ? { authClient: o.authClient } : { googleAuth: new GoogleAuth({ scopes: SCOPE }) }),
    maxRetries: o.maxRetries ?? 2,
    timeout: o.timeoutMs ?? 600_000,
  });
  return sdkBackend(client as unknown as MessagesClient, {
    kind: 'vertex',
    caps: { promptCaching: true, countTokens: true, listModels: false, usage: 'exact' },
    endpoint: `Google Vertex AI (${region})`,
    errors: { APIError, APIConnectionError, APIUserAbortError },
    authHint: 'Check that your Google account may use Claude models in this project (enable them in the Model Garden).',
    canonicalModel: canonicalModelId,
  });
}

/** Which Google identity, project and region requests would use; says exactly what is missing. */
export async function describeVertex(o: VertexOptions): Promise<ProviderIdentity> {
  const { region, projectId } = settings(o);
  if (!region) return { ready: false, missing: NO_REGION };
  if (o.authClient) return { ready: true, identity: `given credentials${projectId ? `, project ${projectId}` : ''}`, region };
  const auth = new GoogleAuth({ scopes: SCOPE });
  try {
    const creds = await auth.getCredentials();
    const project = projectId ?? (await auth.getProjectId().catch(() => undefined));
    if (!project) return { ready: false, missing: 'No Google Cloud project: set archflow.chat.vertexProjectId (archflow ask: --project) or ANTHROPIC_VERTEX_PROJECT_ID.' };
    const who = creds.client_email ? `service account ${creds.client_email}` : 'application default credentials';
    return { ready: true, identity: `${who}, project ${project}`, region };
  } catch (err) {
    return {
      ready: false,
      missing: `No Google application default credentials: run \`gcloud auth application-default login\`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account key file. (${(err as Error).message.split('\n')[0]})`,
    };
  }
}

// How the cloud platforms that host Claude differ on the wire from Anthropic's API (paths,
// authentication, body version field, stream framing), checked the way each platform
// does, so a backend that passes here sends what the platform expects.
import type { IncomingMessage } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

/** Where the fake stands in for: Anthropic's API (and compatible servers), or a cloud platform. */
export type FakePlatform = 'anthropic' | 'bedrock' | 'bedrock-mantle' | 'vertex' | 'foundry';

/** AWS credentials the fake Bedrock accepts SigV4 signatures of. */
export interface FakeAwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface PlatformOptions {
  platform: FakePlatform;
  /** The key (Anthropic, Foundry), Bedrock API key, or Google access token accepted as a credential. */
  apiKey: string;
  aws?: FakeAwsCredentials;
  /** The Vertex project and region the path must name. */
  vertex?: { projectId: string; region: string };
  /** Foundry: the Microsoft Entra ID access token accepted as `Authorization: Bearer` (a key is accepted only in `x-api-key`). */
  entraToken?: string;
}

/** What the fake read from a platform request, before the Messages API's own checks. */
export type PlatformRequest =
  | { ok: true; kind: 'messages'; model?: string; stream: boolean; auth: string; version: string }
  | { ok: true; kind: 'models' }
  /** `POST /v1/messages/count_tokens` (Vertex AI: `…/models/count-tokens:rawPredict`, the model in the body). */
  | { ok: true; kind: 'count'; auth: string; version: string }
  | { ok: false; status: number; type: string; message: string };

const fail = (status: number, type: string, message: string): PlatformRequest => ({ ok: false, status, type, message });

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function bearerOrKey(req: IncomingMessage): string | undefined {
  return header(req, 'x-api-key') ?? header(req, 'authorization')?.replace(/^Bearer\s+/i, '');
}

/**
 * Checks one request's path and credentials as its platform does. For Bedrock and Vertex,
 * the model is in the path and the version in the body (`anthropic_version`); `body` is
 * the parsed JSON, which the caller then checks as a Messages API body (with the model
 * from the path and the version field taken out).
 */
export async function readPlatformRequest(req: IncomingMessage, rawBody: Buffer, body: any, o: PlatformOptions): Promise<PlatformRequest> {
  const url = new URL(req.url ?? '/', 'http://fake');
  const path = url.pathname;
  const method = req.method ?? '';
  switch (o.platform) {
    case 'anthropic':
    case 'foundry': {
      const prefix = o.platform === 'foundry' ? '/anthropic' : '';
      const listing = method === 'GET' && path === `${prefix}/v1/models` && o.platform === 'anthropic';
      const counting = method === 'POST' && path === `${prefix}/v1/messages/count_tokens`;
      if (!listing && !counting && (method !== 'POST' || path !== `${prefix}/v1/messages`)) return fail(404, 'not_found_error', 'Not Found');
      if (o.platform === 'foundry' && !header(req, 'x-api-key') && header(req, 'authorization')) {
        // Foundry takes an Entra ID token as a bearer token, and a key only in x-api-key.
        const token = header(req, 'authorization')!.replace(/^Bearer\s+/i, '');
        if (!o.entraToken || token !== o.entraToken) return fail(401, 'authentication_error', 'Invalid Microsoft Entra ID token or audience.');
        const version = header(req, 'anthropic-version');
        if (!version) return fail(400, 'invalid_request_error', 'anthropic-version: header is required');
        return { ok: true, kind: 'messages', stream: body?.stream === true, auth: 'bearer', version };
      }
      const key = bearerOrKey(req);
      if (!key) return fail(401, 'authentication_error', 'x-api-key header is required');
      if (key !== o.apiKey) return fail(401, 'authentication_error', 'invalid x-api-key');
      const version = header(req, 'anthropic-version');
      if (!version) return fail(400, 'invalid_request_error', 'anthropic-version: header is required');
      if (listing) return { ok: true, kind: 'models' };
      const how = header(req, 'x-api-key') ? 'x-api-key' : 'bearer';
      if (counting) return { ok: true, kind: 'count', auth: how, version };
      return { ok: true, kind: 'messages', stream: body?.stream === true, auth: how, version };
    }
    case 'bedrock-mantle': {
      // Claude in Amazon Bedrock (the Messages API under /anthropic): SigV4 for the
      // bedrock-mantle service, or a Bedrock API key as a bearer token; the version in a header.
      if (method !== 'POST' || path !== '/anthropic/v1/messages') return fail(404, 'not_found_error', `Not Found: ${method} ${path}`);
      const how = await awsAuth(req, rawBody, path, url, o, 'bedrock-mantle');
      if (typeof how !== 'string') return how;
      if (header(req, 'x-api-key')) return fail(400, 'invalid_request_error', 'x-api-key is not accepted by Amazon Bedrock');
      const version = header(req, 'anthropic-version');
      if (!version) return fail(400, 'invalid_request_error', 'anthropic-version: header is required');
      return { ok: true, kind: 'messages', stream: body?.stream === true, auth: how, version };
    }
    case 'bedrock': {
      const m = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/.exec(path);
      if (method !== 'POST' || !m) return fail(404, 'not_found_error', `UnknownOperationException: ${method} ${path}`);
      const how = await awsAuth(req, rawBody, path, url, o, 'bedrock');
      if (typeof how !== 'string') return how;
      const version = body?.anthropic_version;
      if (typeof version !== 'string') return fail(400, 'invalid_request_error', 'anthropic_version: Field required');
      if (body && 'model' in body) return fail(400, 'invalid_request_error', 'model: Extra inputs are not permitted');
      if (body && 'stream' in body) return fail(400, 'invalid_request_error', 'stream: Extra inputs are not permitted');
      return { ok: true, kind: 'messages', model: decodeURIComponent(m[1]), stream: m[2] === 'invoke-with-response-stream', auth: how, version };
    }
    case 'vertex': {
      const count = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/count-tokens:rawPredict$/.exec(path);
      if (method === 'POST' && count) {
        if (o.vertex && (count[1] !== o.vertex.projectId || count[2] !== o.vertex.region)) return fail(404, 'not_found_error', `Project ${count[1]} or location ${count[2]} not found`);
        if (header(req, 'authorization')?.replace(/^Bearer\s+/i, '') !== o.apiKey) return fail(401, 'authentication_error', 'Request had invalid authentication credentials.');
        const version = body?.anthropic_version;
        if (typeof version !== 'string') return fail(400, 'invalid_request_error', 'anthropic_version: Field required');
        return { ok: true, kind: 'count', auth: 'bearer', version };
      }
      const m = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+):(streamRawPredict|rawPredict)$/.exec(path);
      if (method !== 'POST' || !m) return fail(404, 'not_found_error', `Not Found: ${method} ${path}`);
      if (o.vertex && (m[1] !== o.vertex.projectId || m[2] !== o.vertex.region)) return fail(404, 'not_found_error', `Project ${m[1]} or location ${m[2]} not found`);
      const token = header(req, 'authorization')?.replace(/^Bearer\s+/i, '');
      if (token !== o.apiKey) return fail(401, 'authentication_error', 'Request had invalid authentication credentials.');
      if (header(req, 'x-api-key')) return fail(400, 'invalid_request_error', 'x-api-key is not accepted by Vertex AI');
      const version = body?.anthropic_version;
      if (typeof version !== 'string') return fail(400, 'invalid_request_error', 'anthropic_version: Field required');
      if (body && 'model' in body) return fail(400, 'invalid_request_error', 'model: Extra inputs are not permitted');
      return { ok: true, kind: 'messages', model: decodeURIComponent(m[3]), stream: m[4] === 'streamRawPredict' && body?.stream === true, auth: 'bearer', version };
    }
  }
}

/** Bedrock's two ways in: a Bedrock API key as a bearer token, or SigV4 for `service`; how it authenticated, or the failure. */
async function awsAuth(req: IncomingMessage, rawBody: Buffer, path: string, url: URL, o: PlatformOptions, service: string): Promise<'bearer' | 'sigv4' | PlatformRequest> {
  const auth = header(req, 'authorization') ?? '';
  if (/^Bearer /i.test(auth)) return auth.slice(7) === o.apiKey ? 'bearer' : fail(403, 'permission_error', 'Authentication failed: the Bedrock API key is not valid.');
  const problem = await checkSigV4(req, rawBody, path, url, o.aws, service);
  return problem ? fail(403, 'permission_error', problem) : 'sigv4';
}

/** Recomputes the request's SigV4 signature with the fake's secret; a readable reason when it differs. */
async function checkSigV4(req: IncomingMessage, rawBody: Buffer, path: string, url: URL, aws: FakeAwsCredentials | undefined, expectedService: string): Promise<string | undefined> {
  const auth = header(req, 'authorization') ?? '';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return 'MissingAuthenticationTokenException: Missing Authentication Token';
  const [, keyId, , region, service, signedHeaders, signature] = m;
  if (!aws || keyId !== aws.accessKeyId) return `UnrecognizedClientException: The security token included in the request is invalid (access key ${keyId}).`;
  if (service !== expectedService) return `InvalidSignatureException: Credential should be scoped to correct service: '${expectedService}'.`;
  if (region !== aws.region) return `InvalidSignatureException: Credential should be scoped to a valid region, not '${region}'.`;
  const amzDate = header(req, 'x-amz-date');
  if (!amzDate) return 'InvalidSignatureException: x-amz-date is required';
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) headers[name] = header(req, name) ?? '';
  const query: Record<string, string[]> = {};
  for (const k of new Set(url.searchParams.keys())) query[k] = url.searchParams.getAll(k);
  const signer = new SignatureV4({ service, region, credentials: { accessKeyId: aws.accessKeyId, secretAccessKey: aws.secretAccessKey }, sha256: Sha256 });
  const date = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  const signed = await signer.sign(new HttpRequest({ method: req.method ?? 'POST', protocol: 'http:', hostname: url.hostname, path, query, headers, body: rawBody.toString('utf8') }), { signingDate: date });
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1];
  return expected === signature ? undefined : 'InvalidSignatureException: The request signature we calculated does not match the signature you provided.';
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** One Messages API stream event as Bedrock frames it: an AWS event-stream `chunk` whose payload is `{"bytes": base64(event)}`. */
export function bedrockChunk(data: unknown): Uint8Array {
  return codec.encode({
    headers: {
      ':event-type': { type: 'string', value: 'chunk' },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: fromUtf8(JSON.stringify({ bytes: Buffer.from(JSON.stringify(data)).toString('base64') })),
  });
}

/** A failure in the middle of a Bedrock stream: an event-stream `exception` frame. */
export function bedrockException(type: string, message: string): Uint8Array {
  return codec.encode({
    headers: {
      ':exception-type': { type: 'string', value: type },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'exception' },
    },
    body: fromUtf8(JSON.stringify({ message })),
  });
}

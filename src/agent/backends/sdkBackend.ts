import type { BackendCaps, BackendError, BackendKind, ListedModel, MessageStreamLike, MessageStreamParams, ModelBackend } from '../backend';

/** The error classes of one copy of `@anthropic-ai/sdk` (each lazily loaded cloud bundle carries its own). */
export interface SdkErrorClasses {
  APIError: abstract new (...args: never[]) => Error & { status?: number | undefined; type?: string | null; apiMessage?: string | null };
  APIConnectionError: abstract new (...args: never[]) => Error;
  APIUserAbortError: abstract new (...args: never[]) => Error;
}

/** What every Claude SDK client (first party, Bedrock, Vertex AI, Foundry) has in common. */
export interface MessagesClient {
  messages: {
    stream(params: MessageStreamParams, options?: { signal?: AbortSignal }): MessageStreamLike;
    countTokens?(params: Omit<MessageStreamParams, 'max_tokens' | 'stream'>, options?: { signal?: AbortSignal }): Promise<{ input_tokens: number }>;
  };
  models?: {
    list(query: { limit: number }, options?: { signal?: AbortSignal }): AsyncIterable<{ id: string; lifecycle?: string | null; max_input_tokens?: number | null }>;
  };
}

export interface SdkBackendOptions {
  kind: BackendKind;
  caps: BackendCaps;
  endpoint: string;
  errors: SdkErrorClasses;
  /** What to check when the server says the credentials are wrong (401/403). */
  authHint: string;
  canonicalModel(id: string): string;
}

/**
 * A {@link ModelBackend} over a Claude SDK client: streams through `messages.stream`, counts
 * and lists only where `caps` says the platform can (a cloud client may keep a method its
 * platform rejects), and reads failures with the SDK's own error classes.
 */
export function sdkBackend(client: MessagesClient, o: SdkBackendOptions): ModelBackend {
  const backend: ModelBackend = {
    kind: o.kind,
    caps: o.caps,
    endpoint: o.endpoint,
    stream: (params, { signal }) => client.messages.stream(params, { signal }),
    describeError: (error) => describeSdkError(o.errors, error, o.endpoint, o.authHint),
    canonicalModel: o.canonicalModel,
  };
  const count = client.messages.countTokens;
  if (o.caps.countTokens && count) {
    backend.countTokens = async (params, signal) => (await count.call(client.messages, params, signal ? { signal } : {})).input_tokens;
  }
  const models = client.models;
  if (o.caps.listModels && models) {
    backend.listModels = async (signal) => {
      const out: ListedModel[] = [];
      for await (const info of models.list({ limit: 100 }, signal ? { signal } : {})) {
        if (info.lifecycle && info.lifecycle !== 'active') continue;
        out.push({ id: info.id, ...(typeof info.max_input_tokens === 'number' && info.max_input_tokens > 0 ? { contextWindow: info.max_input_tokens } : {}) });
        if (out.length >= 100) break;
      }
      return out;
    };
  }
  return backend;
}

/** A failed request in one readable sentence, with its HTTP status when there was one. */
export function describeSdkError(classes: SdkErrorClasses, error: unknown, endpoint: string, authHint: string): BackendError {
  if (error instanceof classes.APIUserAbortError) return { message: 'Stopped.', aborted: true };
  if (error instanceof classes.APIError) {
    if (typeof error.status === 'number') {
      const what = error.apiMessage ?? error.message;
      const hint = error.status === 401 || error.status === 403 ? ` ${authHint}` : '';
      const stop = /[.!?]$/.test(what) ? '' : '.';
      return { message: `The API answered ${error.status}${error.type ? ` ${error.type}` : ''}: ${what}${stop}${hint}`, status: error.status, aborted: false };
    }
    const api = error;
    if (error instanceof classes.APIConnectionError) {
      const cause = (error as Error & { cause?: unknown }).cause;
      const why = cause instanceof Error && cause.message && !error.message.includes(cause.message) ? ` (${cause.message})` : '';
      return { message: `Could not reach the API at ${endpoint}: ${error.message}${why}`, aborted: false };
    }
    return { message: `The API stream failed: ${api.type ? `${api.type}: ` : ''}${api.apiMessage ?? api.message}`, aborted: false };
  }
  return { message: `The API request failed: ${error instanceof Error ? error.message : String(error)}`, aborted: false };
}

import type { MessageStreamParams, ModelBackend } from './backend';

/** Share of the context window from which a request's estimate is checked against the backend's exact count. */
export const COUNT_FROM_SHARE = 0.5;

/** A request's input tokens, and whether they are an estimate (no count from the provider). */
export interface ContextMeasure {
  tokens: number;
  estimated: boolean;
}

/** About four characters a token over the request's JSON: what is known without asking the provider. */
export function estimateInputTokens(params: Pick<MessageStreamParams, 'system' | 'tools' | 'messages'>): number {
  return Math.ceil(JSON.stringify([params.system ?? null, params.tools ?? null, params.messages]).length / 4);
}

/**
 * How many input tokens `params` takes, for deciding whether it fits a `window`-token
 * context: the estimate while it is under {@link COUNT_FROM_SHARE} of the window (no
 * request), else the backend's own count where it has one (`caps.countTokens`), else, or
 * when counting fails, the estimate. Never rejects.
 */
export async function measureContext(backend: ModelBackend, params: MessageStreamParams, window: number, signal: AbortSignal): Promise<ContextMeasure> {
  const estimate = estimateInputTokens(params);
  if (estimate < window * COUNT_FROM_SHARE || !backend.caps.countTokens || !backend.countTokens) return { tokens: estimate, estimated: true };
  const { max_tokens: _m, stream: _s, ...counted } = params as MessageStreamParams & { stream?: boolean };
  try {
    return { tokens: await backend.countTokens(counted, signal), estimated: false };
  } catch {
    return { tokens: estimate, estimated: true };
  }
}

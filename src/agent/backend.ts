import type Anthropic from '@anthropic-ai/sdk';
import type { Message, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';

/** A streamed request's parameters, as `client.messages.stream()` takes them. */
export type MessageStreamParams = Parameters<Anthropic['messages']['stream']>[0];

/** The providers ArchFlow reaches Claude (or a model speaking its format) through. */
export type BackendKind = 'anthropic' | 'bedrock' | 'vertex' | 'foundry' | 'compatible' | 'vscode-lm';

/** What a backend supports; the agent switches off what it lacks. */
export interface BackendCaps {
  /** `cache_control` breakpoints are sent (false: stripped from every request). */
  promptCaching: boolean;
  /** `countTokens` gives exact counts (false: counts are estimates, shown as such). */
  countTokens: boolean;
  /** `listModels` asks the provider (false: a list of known ids is offered). */
  listModels: boolean;
  /** The usage a response reports is exact (false: estimated, its cost shown as estimated). */
  usage: 'exact' | 'estimated';
  /**
   * How requests are paid for: per token at list prices (default), or by the user's plan
   * (Copilot): then no cost is computed, and a cost budget is applied as a token cap
   * (see `planTokenCap`) beside the round cap, with a notice saying so.
   */
  billing?: 'per-token' | 'plan';
}

/** The subset of the SDK's `MessageStream` the agent reads: every Claude client's stream has it. */
export interface MessageStreamLike extends AsyncIterable<RawMessageStreamEvent> {
  on(event: 'connect', listener: () => void): unknown;
  finalMessage(): Promise<Message>;
  readonly currentMessage: Message | undefined;
}

/** A failed request, read by the backend that made it. */
export interface BackendError {
  /** One readable sentence for the user (what failed, and what to check when it helps). */
  message: string;
  /** The HTTP status, when the server answered. */
  status?: number;
  /** The request was cancelled by its signal, not failed. */
  aborted: boolean;
}

/** A model as a provider lists it. */
export interface ListedModel {
  id: string;
  /** Input tokens it takes, when the provider says. */
  contextWindow?: number;
}

/**
 * One provider of the Messages API, injected into the agent. The Anthropic message format
 * stays the internal one: every backend takes the same request and streams the same
 * events (`message_start`, content blocks and their deltas, `message_delta`,
 * `message_stop`).
 */
export interface ModelBackend {
  readonly kind: BackendKind;
  readonly caps: BackendCaps;
  /** Where requests go, for messages (`https://api.anthropic.com`, `Amazon Bedrock (us-east-1)`); never a secret. */
  readonly endpoint: string;
  /**
   * Starts one streamed request, like the SDK's `client.messages.stream()`: iterate its
   * events, then `finalMessage()`; the signal aborts it. HTTP failures are retried inside.
   */
  stream(params: MessageStreamParams, options: { signal: AbortSignal }): MessageStreamLike;
  /** Exact input tokens of a request, when `caps.countTokens`. */
  countTokens?(params: Omit<MessageStreamParams, 'max_tokens' | 'stream'>, signal?: AbortSignal): Promise<number>;
  /** The models the credentials can use, when `caps.listModels`. */
  listModels?(signal?: AbortSignal): Promise<ListedModel[]>;
  /** A failure of `stream`, `countTokens` or `listModels` in words; never throws. */
  describeError(error: unknown): BackendError;
  /** The Claude API id of a provider's model id, for prices and context windows (`global.anthropic.claude-sonnet-5-5` -> `claude-sonnet-5-5`). */
  canonicalModel(id: string): string;
}

import type { TokenUsage } from './types';

/** US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  /** Writing the 5-minute cache (1.25 x input on the public price list). */
  cacheWrite: number;
  /** Reading the cache (0.1 x input on the public price list). */
  cacheRead: number;
}

/** Prices by model id prefix; the longest matching prefix wins, so dated ids match too. */
export type PriceTable = Record<string, ModelPrice>;

function price(input: number, output: number): ModelPrice {
  return { input, output, cacheWrite: input * 1.25, cacheRead: input / 10 };
}

/**
 * Public list prices of the models the project was tried with. Models not listed have no
 * price: their cost is reported as unknown rather than guessed.
 */
export const DEFAULT_PRICES: PriceTable = {
  'claude-opus-4-5': price(5, 25),
  'claude-sonnet-4-6': price(3, 15),
  'claude-haiku-4-5': price(1, 5),
};

/** The price of `model`, by longest matching prefix; undefined when the table has none. */
export function priceFor(model: string, table: PriceTable = DEFAULT_PRICES): ModelPrice | undefined {
  let best: string | undefined;
  for (const key of Object.keys(table)) {
    if (model.startsWith(key) && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : table[best];
}

/** Usage of one response as the API reports it (nulls where a counter does not apply). */
export interface ApiUsage {
  input_tokens: number | null;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/** Tokens and cost of one response. Never throws; cost is null without a price. */
export function usageOf(usage: ApiUsage, model: string, table?: PriceTable): TokenUsage {
  const tokens = {
    inputTokens: usage.input_tokens ?? 0,
    outputTokens: usage.output_tokens ?? 0,
    cacheReadTokens: usage.cache_read_input_tokens ?? 0,
    cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
  };
  const p = priceFor(model, table);
  const costUsd = p
    ? (tokens.inputTokens * p.input +
        tokens.outputTokens * p.output +
        tokens.cacheWriteTokens * p.cacheWrite +
        tokens.cacheReadTokens * p.cacheRead) /
      1e6
    : null;
  return { ...tokens, costUsd };
}

export const ZERO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, costUsd: 0 };

/** Sum of two usages; the cost stays null once any part of it is unknown. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    costUsd: a.costUsd === null || b.costUsd === null ? null : a.costUsd + b.costUsd,
  };
}

/** Every token the run was billed for. */
export function totalTokens(u: TokenUsage): number {
  return u.inputTokens + u.outputTokens + u.cacheReadTokens + u.cacheWriteTokens;
}

import { canonicalModelId, DEFAULT_MODEL, isModelOrSnapshot } from './modelIds';

/** Tokens and cost of one response, or a sum of them. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** US dollars; null when the model has no price in the table. */
  costUsd: number | null;
}

/** US dollars per million tokens, for each kind of token a request is billed for. */
export interface PriceRates {
  input: number;
  output: number;
  /** Writing the 5-minute cache. */
  cacheWrite5m: number;
  /** Writing the 1-hour cache. */
  cacheWrite1h: number;
  /** Reading the cache. */
  cacheRead: number;
}

/** What one model costs, and how much it can read. */
export interface ModelPrice extends PriceRates {
  /**
   * A dearer tier by prompt length: when a request's prompt (input + cache reads + cache
   * writes) is over `above` tokens, every token of that request costs `rates`.
   */
  longPrompt?: { above: number; rates: PriceRates };
  /** Input tokens the model takes (its context window), when known. */
  contextWindow?: number;
}

/**
 * Prices by model id. A key prices the model with that id and its dated snapshots, never a
 * later version (`claude-opus-5` does not price `claude-opus-5-5`); ids of the cloud
 * platforms are matched by their canonical form (see {@link canonicalModelId}).
 */
export type PriceTable = Record<string, ModelPrice>;

/** The day {@link DEFAULT_PRICES} was checked against the providers' price lists. */
export const PRICES_AS_OF = '2026-12-03';

/** Rates with the public price list's standard multipliers: 1.25x, 2x and 0.1x input. */
function standard(input: number, output: number): PriceRates {
  return { input, output, cacheWrite5m: input * 1.25, cacheWrite1h: input * 2, cacheRead: input / 10 };
}

function model(rates: PriceRates, contextWindow: number, longPrompt?: ModelPrice['longPrompt']): ModelPrice {
  return { ...rates, contextWindow, ...(longPrompt ? { longPrompt } : {}) };
}

const M = 1_000_000;

/**
 * Anthropic's list prices (US dollars per million tokens) of the current lineup, as of
 * {@link PRICES_AS_OF} (sources in the README's "Costs" section). Batch discounts and the
 * regional premiums of some cloud endpoints are not included. Models not listed have no
 * price: their cost is reported as unknown rather than guessed.
 */
export const DEFAULT_PRICES: PriceTable = {
  // Cache writes of Fable 5.2 are not on its price page yet: the standard multipliers.
  'claude-fable-5-2': model({ ...standard(8, 40), cacheRead: 0.2 }, M),
  'claude-fable-5-1': model({ input: 10, output: 50, cacheWrite5m: 12.5, cacheWrite1h: 20, cacheRead: 0.25 }, M),
  'claude-fable-5': model({ ...standard(10, 50), cacheRead: 1 }, M),
  'claude-opus-5-5': model({ input: 4, output: 20, cacheWrite5m: 5, cacheWrite1h: 8, cacheRead: 0.2 }, M),
  'claude-sonnet-5-5': model({ input: 2, output: 10, cacheWrite5m: 2.5, cacheWrite1h: 4, cacheRead: 0.1 }, M),
  'claude-haiku-5-5': model({ input: 0.1, output: 0.5, cacheWrite5m: 0.125, cacheWrite1h: 0.2, cacheRead: 0.01 }, M, {
    above: 100_000,
    rates: { input: 0.5, output: 2.5, cacheWrite5m: 0.625, cacheWrite1h: 1, cacheRead: 0.05 },
  }),
  'claude-opus-5': model({ ...standard(5, 25), cacheRead: 0.5 }, M),
  'claude-sonnet-5': model({ ...standard(2, 10), cacheRead: 0.2 }, M),
  'claude-opus-4-8': model(standard(5, 25), M),
  'claude-opus-4-7': model(standard(5, 25), M),
  'claude-opus-4-6': model(standard(5, 25), M),
  // Deprecated 2026-11-23, retired 2027-01-22.
  'claude-opus-4-5': model(standard(5, 25), 200_000),
  'claude-sonnet-4-6': model(standard(3, 15), M),
  'claude-haiku-4-5': model(standard(1, 5), 200_000),
};

/** The table's key that prices `modelId`: the longest key naming it or a dated snapshot of it. */
export function priceKeyFor(modelId: string, table: PriceTable = DEFAULT_PRICES): string | undefined {
  const id = canonicalModelId(modelId);
  let best: string | undefined;
  for (const key of Object.keys(table)) {
    if (isModelOrSnapshot(id, canonicalModelId(key)) && (best === undefined || key.length > best.length)) best = key;
  }
  return best;
}

/** The price of `modelId` (see {@link PriceTable} for how ids match); undefined when the table has none. */
export function priceFor(modelId: string, table: PriceTable = DEFAULT_PRICES): ModelPrice | undefined {
  const key = priceKeyFor(modelId, table);
  return key === undefined ? undefined : table[key];
}

/** The context window the table knows for `modelId`, if any. */
export function contextWindowFor(modelId: string, table: PriceTable = DEFAULT_PRICES): number | undefined {
  return priceFor(modelId, table)?.contextWindow;
}

/**
 * What a cost budget stands for where the provider bills a plan rather than tokens
 * (Copilot): the tokens `maxCostUsd` buys at the default model's input price (a $2 budget
 * is 1,000,000 tokens at Sonnet 5.5's $2 per million), never at the dearest rates, since
 * no such price is charged.
 */
export function planTokenCap(maxCostUsd: number, table: PriceTable = DEFAULT_PRICES): { tokens: number; model: string; inputRate: number } {
  const rate = priceFor(DEFAULT_MODEL, table)?.input ?? DEFAULT_PRICES[DEFAULT_MODEL]!.input;
  return { tokens: Math.floor((maxCostUsd / rate) * 1_000_000), model: DEFAULT_MODEL, inputRate: rate };
}

/**
 * The dearest rate of each kind over the whole table (long-prompt tiers included): what a
 * token of an unpriced model is assumed to cost when a cost budget must still hold.
 */
export function ceilingRates(table: PriceTable = DEFAULT_PRICES): PriceRates {
  const out: PriceRates = { input: 0, output: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 };
  for (const p of Object.values(table)) {
    for (const r of p.longPrompt ? [p, p.longPrompt.rates] : [p]) {
      for (const k of Object.keys(out) as (keyof PriceRates)[]) out[k] = Math.max(out[k], r[k]);
    }
  }
  return out;
}

/** Usage of one response as the API reports it (nulls where a counter does not apply). */
export interface ApiUsage {
  input_tokens: number | null;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  /** The cache writes split by lifetime, when the API reports it. */
  cache_creation?: { ephemeral_5m_input_tokens?: number | null; ephemeral_1h_input_tokens?: number | null } | null;
}

/**
 * The cost in US dollars of one request, at `price` (its long-prompt tier when the prompt is
 * over the tier's threshold). Cache writes without a split by lifetime are 5-minute ones,
 * the only kind the agent asks for.
 */
export function requestCost(usage: ApiUsage, price: ModelPrice | PriceRates): number {
  const input = usage.input_tokens ?? 0;
  const read = usage.cache_read_input_tokens ?? 0;
  const written = usage.cache_creation_input_tokens ?? 0;
  const hour = Math.min(written, usage.cache_creation?.ephemeral_1h_input_tokens ?? 0);
  const tier = 'longPrompt' in price && price.longPrompt && input + read + written > price.longPrompt.above ? price.longPrompt.rates : price;
  return (input * tier.input + (usage.output_tokens ?? 0) * tier.output + (written - hour) * tier.cacheWrite5m + hour * tier.cacheWrite1h + read * tier.cacheRead) / 1e6;
}

/** Tokens and cost of one response. Never throws; cost is null without a price. */
export function usageOf(usage: ApiUsage, modelId: string, table?: PriceTable): TokenUsage {
  const p = priceFor(modelId, table);
  return {
    inputTokens: usage.input_tokens ?? 0,
    outputTokens: usage.output_tokens ?? 0,
    cacheReadTokens: usage.cache_read_input_tokens ?? 0,
    cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
    costUsd: p ? requestCost(usage, p) : null,
  };
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

/** One price of a user's own table as written in settings: input and output required, the rest derived. */
export interface PriceOverride {
  input: number;
  output: number;
  cacheWrite5m?: number;
  cacheWrite1h?: number;
  cacheRead?: number;
  contextWindow?: number;
}

/**
 * `base` with a user's prices added or replacing its own (settings `archflow.chat.prices`, a
 * JSON object from model id to {@link PriceOverride}). Missing cache rates take the standard
 * multipliers of `input`. Entries that are not valid are left out and named in `problems`;
 * never throws.
 */
export function withPriceOverrides(base: PriceTable, overrides: unknown): { table: PriceTable; problems: string[] } {
  const table: PriceTable = { ...base };
  const problems: string[] = [];
  if (overrides === undefined || overrides === null) return { table, problems };
  if (typeof overrides !== 'object' || Array.isArray(overrides)) return { table, problems: ['the prices must be an object from model id to prices'] };
  const rate = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  for (const [id, value] of Object.entries(overrides as Record<string, unknown>)) {
    const o = value as Partial<Record<keyof PriceOverride, unknown>> | null;
    if (!id.trim() || !o || typeof o !== 'object' || !rate(o.input) || !rate(o.output)) {
      problems.push(`${id || '(empty id)'}: "input" and "output" must be numbers of US dollars per million tokens`);
      continue;
    }
    const bad = (['cacheWrite5m', 'cacheWrite1h', 'cacheRead'] as const).filter((k) => o[k] !== undefined && !rate(o[k]));
    const window = o.contextWindow;
    if (bad.length || (window !== undefined && !(typeof window === 'number' && Number.isInteger(window) && window > 0))) {
      problems.push(`${id}: ${[...bad, ...(window !== undefined ? ['contextWindow'] : [])].join(', ')} must be ${bad.length ? 'non-negative numbers' : 'a whole number of tokens'}`);
      continue;
    }
    const d = standard(o.input as number, o.output as number);
    const contextWindow = (window as number | undefined) ?? priceFor(id, base)?.contextWindow;
    table[id.trim()] = {
      input: d.input,
      output: d.output,
      cacheWrite5m: (o.cacheWrite5m as number | undefined) ?? d.cacheWrite5m,
      cacheWrite1h: (o.cacheWrite1h as number | undefined) ?? d.cacheWrite1h,
      cacheRead: (o.cacheRead as number | undefined) ?? d.cacheRead,
      ...(contextWindow ? { contextWindow } : {}),
    };
  }
  return { table, problems };
}

// The price table against hand computations from the providers' published price lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canonicalModelId,
  ceilingRates,
  planTokenCap,
  contextWindowFor,
  DEFAULT_PRICES,
  priceKeyFor,
  PRICES_AS_OF,
  usageOf,
  withPriceOverrides,
} from '../../src/agent';

const near = (actual: number | null, expected: number) => assert.ok(actual !== null && Math.abs(actual - expected) < 1e-12, `${actual} != ${expected}`);

test('every model of the current lineup has all four rates and a context window; the table is dated', () => {
  const lineup = [
    'claude-fable-5-2', 'claude-fable-5-1', 'claude-opus-5-5', 'claude-sonnet-5-5', 'claude-haiku-5-5', 'claude-opus-5', 'claude-sonnet-5',
    'claude-opus-4-8', 'claude-opus-4-7', 'claude-opus-4-6', 'claude-sonnet-4-6', 'claude-haiku-4-5',
  ];
  for (const id of lineup) {
    const p = DEFAULT_PRICES[id];
    assert.ok(p, id);
    for (const k of ['input', 'output', 'cacheWrite5m', 'cacheWrite1h', 'cacheRead'] as const) assert.ok(p[k] > 0, `${id}.${k}`);
    assert.ok(p.contextWindow && p.contextWindow >= 200_000, id);
  }
  assert.match(PRICES_AS_OF, /^\d{4}-\d{2}-\d{2}$/);
  assert.equal(contextWindowFor('claude-opus-5-5'), 1_000_000);
  assert.equal(contextWindowFor('claude-haiku-4-5'), 200_000);
});

test('model ids match at a version boundary, dated snapshots match their model', () => {
  assert.equal(priceKeyFor('claude-opus-5'), 'claude-opus-5');
  assert.equal(priceKeyFor('claude-opus-5-5'), 'claude-opus-5-5');
  assert.equal(priceKeyFor('claude-opus-5-20260724'), 'claude-opus-5');
  assert.equal(priceKeyFor('claude-sonnet-5-5-20261007'), 'claude-sonnet-5-5');
  assert.equal(priceKeyFor('claude-fable-5'), 'claude-fable-5');
  assert.equal(priceKeyFor('claude-fable-5-2'), 'claude-fable-5-2');
  assert.equal(priceKeyFor('claude-haiku-4-5-20251001'), 'claude-haiku-4-5');
  assert.equal(priceKeyFor('claude-opus-6'), undefined);
  assert.equal(priceKeyFor('claude-opus-5-9'), undefined, 'a later version is not priced as its predecessor');
  assert.equal(priceKeyFor('llama3.1:8b'), undefined);
});

test('cloud ids are normalised: Bedrock profiles, revisions and ARNs, Vertex @ versions', () => {
  assert.equal(canonicalModelId('global.anthropic.claude-sonnet-5-5'), 'claude-sonnet-5-5');
  assert.equal(canonicalModelId('us.anthropic.claude-haiku-4-5-20251001-v1:0'), 'claude-haiku-4-5-20251001');
  assert.equal(canonicalModelId('anthropic.claude-opus-4-6-v1'), 'claude-opus-4-6');
  assert.equal(canonicalModelId('arn:aws:bedrock:us-east-1:123456789012:inference-profile/eu.anthropic.claude-opus-5-5-v1:0'), 'claude-opus-5-5');
  assert.equal(canonicalModelId('claude-sonnet-4-6@20250929'), 'claude-sonnet-4-6');
  assert.equal(canonicalModelId('Claude-Opus-5@latest'), 'claude-opus-5');
  assert.equal(priceKeyFor('apac.anthropic.claude-opus-5-v1:0'), 'claude-opus-5');
  assert.equal(priceKeyFor('arn:aws:bedrock:us-west-2::foundation-model/anthropic.claude-haiku-5-5'), 'claude-haiku-5-5');
  assert.equal(priceKeyFor('claude-opus-5-5@20260922'), 'claude-opus-5-5');
});

test('recorded usages cost what a hand computation says (cache reads and writes, 1-hour writes)', () => {
  // Sonnet 5.5: $2 in, $10 out, $2.50 5-minute writes, $0.10 reads.
  near(
    usageOf({ input_tokens: 2000, output_tokens: 500, cache_read_input_tokens: 30_000, cache_creation_input_tokens: 10_000 }, 'claude-sonnet-5-5').costUsd,
    (2000 * 2 + 500 * 10 + 30_000 * 0.1 + 10_000 * 2.5) / 1e6,
  );
  // Opus 5.5 with writes split by lifetime: $5 for 5 minutes, $8 for an hour.
  near(
    usageOf(
      { input_tokens: 100, output_tokens: 10, cache_read_input_tokens: 0, cache_creation_input_tokens: 4000, cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 3000 } },
      'global.anthropic.claude-opus-5-5',
    ).costUsd,
    (100 * 4 + 10 * 20 + 1000 * 5 + 3000 * 8) / 1e6,
  );
  // Fable 5.1 reads at 0.025x input.
  near(usageOf({ input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 1_000_000 }, 'claude-fable-5-1').costUsd, 0.25);
  // Sonnet 4.6 keeps the standard multipliers.
  near(usageOf({ input_tokens: 1e6, output_tokens: 1e6, cache_read_input_tokens: 1e6, cache_creation_input_tokens: 1e6 }, 'claude-sonnet-4-6').costUsd, 3 + 15 + 0.3 + 3.75);
});

test("Haiku 5.5's prompt-length tier: at 100K prompt tokens the base rates, above it every token at the long rates", () => {
  const at = { input_tokens: 20_000, output_tokens: 1000, cache_read_input_tokens: 70_000, cache_creation_input_tokens: 10_000 };
  near(usageOf(at, 'claude-haiku-5-5').costUsd, (20_000 * 0.1 + 1000 * 0.5 + 10_000 * 0.125 + 70_000 * 0.01) / 1e6);
  const over = { ...at, input_tokens: 20_001 };
  near(usageOf(over, 'claude-haiku-5-5').costUsd, (20_001 * 0.5 + 1000 * 2.5 + 10_000 * 0.625 + 70_000 * 0.05) / 1e6);
  // The tier is per request: two small requests are not summed into one large prompt.
  const small = { input_tokens: 60_000, output_tokens: 0 };
  near(usageOf(small, 'claude-haiku-5-5').costUsd, (60_000 * 0.1) / 1e6);
});

test('the dearest rates of the table, for a budget on a model without a price', () => {
  assert.deepEqual(ceilingRates(), { input: 10, output: 50, cacheWrite5m: 12.5, cacheWrite1h: 20, cacheRead: 1 });
});

test("a user's prices add models and replace the table's, with cache rates derived; bad entries are named", () => {
  const { table, problems } = withPriceOverrides(DEFAULT_PRICES, {
    'my-claude-deployment': { input: 3, output: 15 },
    'claude-sonnet-5-5': { input: 2.2, output: 11, cacheRead: 0.11, contextWindow: 500_000 },
    'broken': { input: 'three', output: 15 },
    'negative': { input: 1, output: 2, cacheRead: -1 },
  });
  assert.deepEqual(table['my-claude-deployment'], { input: 3, output: 15, cacheWrite5m: 3.75, cacheWrite1h: 6, cacheRead: 0.3 });
  near(usageOf({ input_tokens: 1e6, output_tokens: 0, cache_read_input_tokens: 1e6 }, 'global.anthropic.claude-sonnet-5-5', table).costUsd, 2.2 + 0.11);
  assert.equal(contextWindowFor('claude-sonnet-5-5', table), 500_000);
  assert.equal(problems.length, 2);
  assert.match(problems[0], /^broken: "input" and "output" must be numbers/);
  assert.match(problems[1], /^negative: cacheRead must be non-negative/);
  assert.deepEqual(withPriceOverrides(DEFAULT_PRICES, [1]).problems, ['the prices must be an object from model id to prices']);
  assert.equal(DEFAULT_PRICES['my-claude-deployment'], undefined, 'the default table is not changed');
});

test('a cost budget where a plan pays (Copilot) stands for the tokens it buys at the default model\'s input price, never the dearest', () => {
  assert.deepEqual(planTokenCap(2), { tokens: 1_000_000, model: 'claude-sonnet-5-5', inputRate: 2 });
  assert.equal(planTokenCap(0.5).tokens, 250_000);
  // A user's own price for the default model is the one used.
  assert.equal(planTokenCap(2, withPriceOverrides(DEFAULT_PRICES, { 'claude-sonnet-5-5': { input: 4, output: 20 } }).table).tokens, 500_000);
});

import assert from 'node:assert/strict';
import { Agent, type AgentEvent, type AgentOptions, type AgentRun, type RunResult } from '../../../src/agent';
import { DEFAULT_MODEL } from '../../../src/agent/modelIds';
import { describeInvalid, startFakeAnthropic, type FakeAnthropic, type FakeAnthropicOptions } from '../../fakeAnthropic';
import { TestToolProvider, type FixtureServerSpec } from './fixtures';

export interface Harness {
  fake: FakeAnthropic;
  provider: TestToolProvider;
  agent: Agent;
  /** Checks that the fake judged every request it received valid, then shuts everything down. */
  close(): Promise<void>;
}

export const MODEL = DEFAULT_MODEL;

/** The fake API, real MCP servers behind a provider, and an Agent wired to both. */
export async function harness(
  specs: FixtureServerSpec[],
  options: Partial<AgentOptions> & { fake?: FakeAnthropicOptions; provider?: TestToolProvider } = {},
): Promise<Harness> {
  const { fake: fakeOptions, provider: given, ...agentOptions } = options;
  const fake = await startFakeAnthropic(fakeOptions);
  const provider = given ?? (await TestToolProvider.connect(specs));
  const agent = new Agent({
    apiKey: fake.apiKey,
    baseURL: fake.url,
    model: MODEL,
    provider,
    approve: async () => 'allow_once',
    retryDelayMs: 10,
    ...agentOptions,
  });
  return {
    fake,
    provider,
    agent,
    async close() {
      try {
        assertAllValid(fake);
      } finally {
        // A provider passed in belongs to the caller.
        if (!given) await provider.close();
        await fake.close();
      }
    },
  };
}

/** Every request the fake received was one the real API would accept. */
export function assertAllValid(fake: FakeAnthropic): void {
  assert.equal(fake.invalidRequests().length, 0, `the fake API rejected requests:\n${describeInvalid(fake.requests)}`);
}

/** Reads every event of a run, and its result. */
export async function collect(run: AgentRun, onEvent?: (e: AgentEvent) => void): Promise<{ events: AgentEvent[]; result: RunResult }> {
  const events: AgentEvent[] = [];
  for await (const e of run) {
    events.push(e);
    onEvent?.(e);
  }
  return { events, result: await run.result };
}

export function ofType<T extends AgentEvent['type']>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

/** Polls until `check` holds (a hang guard, not a timing assertion). */
export async function eventually(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

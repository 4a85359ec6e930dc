import type {
  ContentBlockParam,
  Message,
  MessageParam,
  ToolResultBlockParam,
  ToolUseBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolApprovalStore } from '../mcpClient/approvalStore';
import { canonicalJson } from '../mcpClient/fingerprint';
import type { QualifiedTool } from '../mcpClient/types';
import { ApprovalPolicy, raceAbort } from './approvals';
import type { ModelBackend } from './backend';
import { anthropicBackend } from './backends/anthropic';
import { withCacheBreakpoints, withoutCacheBreakpoints } from './caching';
import { promptMessages, resourceAttachment } from './context';
import { measureContext } from './contextFit';
import { EventChannel } from './eventChannel';
import { appendContent, CANCELLED_MESSAGE, repairHistory, toolUsesOf, toParams, trimFinalAssistant } from './history';
import { addUsage, ceilingRates, DEFAULT_PRICES, planTokenCap, priceFor, requestCost, totalTokens, usageOf, ZERO_USAGE, type PriceRates } from './pricing';
import { DIAGRAM_SYSTEM_PROMPT } from './systemPrompt';
import { toApiTools } from './toolSchema';
import { errorMessage, streamTurn } from './turnStream';
import { DEFAULT_MAX_RESULT_CHARS, errorResult, summarize, toToolResult, type ResultBlock } from './toolResults';
import type { AgentEvent, AgentOptions, AgentRun, RunEndReason, RunResult, TokenUsage, ToolCallOutcome, Transcript } from './types';

export const DEFAULT_MAX_ROUNDS = 10;
export const DEFAULT_MAX_REPEATS = 3;
export const DEFAULT_MAX_TOKENS = 16_000;

/** Options of one run. */
export interface RunOptions {
  /** Stops the run: the stream or the running tools are cancelled and every call is answered. */
  signal?: AbortSignal;
}

type Emit = (event: AgentEvent) => void;

interface Stop {
  reason: RunEndReason;
  message: string;
  extra?: Partial<RunResult>;
}

/**
 * Claude over every tool of a {@link ToolProvider}, one user turn at a time.
 *
 * Requests go through the given backend (Anthropic's API, a cloud platform, a compatible
 * server), or, without one, to the given `baseURL` with the given `apiKey`.
 *
 * Guarantees: never the SDK's environment or profile fallbacks for the key and endpoint;
 * features the backend lacks are not sent (prompt caching); the history is valid for the Messages API
 * between runs, whatever ended the last one (every `tool_use` has exactly one `tool_result`,
 * first in the next user message; no empty or whitespace-only text); a run never rejects,
 * it ends with a reason. One run at a time.
 */
export class Agent {
  readonly #backend: ModelBackend;
  readonly #options: AgentOptions;
  readonly #approvals: ApprovalPolicy;
  #history: MessageParam[];
  #usage: TokenUsage = { ...ZERO_USAGE };
  #running = false;

  constructor(options: AgentOptions) {
    if (!options.backend) {
      if (!options.apiKey) throw new TypeError('Agent: apiKey is required.');
      if (!options.baseURL) throw new TypeError('Agent: baseURL is required.');
    }
    this.#options = options;
    this.#backend =
      options.backend ??
      anthropicBackend({ apiKey: options.apiKey!, baseURL: options.baseURL!, maxRetries: options.maxRetries ?? 2, timeoutMs: options.timeoutMs ?? 600_000 });
    this.#approvals = new ApprovalPolicy(options.approve, options.autoApproveTrustedReadOnly ?? true, options.approvals);
    this.#history = repairHistory(options.history ?? []);
  }

  /** A copy of the conversation so far: plain JSON, valid to store and to send again. */
  get messages(): Transcript {
    return structuredClone(this.#history);
  }

  /** Tokens and cost of every run of this agent. */
  get usage(): TokenUsage {
    return { ...this.#usage };
  }

  /** The provider requests go through. */
  get backend(): ModelBackend {
    return this.#backend;
  }

  /** Where "allow for this session" approvals are kept (the one given in the options, or the agent's own). */
  get approvals(): ToolApprovalStore {
    return this.#approvals.store;
  }

  /** True while a run is going on. */
  get running(): boolean {
    return this.#running;
  }

  /**
   * Sends one user turn (text, or blocks such as attachments) and runs the loop until the
   * model answers, a guard stops it, or the signal aborts. Throws only when a run is
   * already going on.
   */
  run(input: string | ContentBlockParam[], options: RunOptions = {}): AgentRun {
    return this.#start(async () => {
      const blocks: ContentBlockParam[] = typeof input === 'string' ? [{ type: 'text', text: input }] : input;
      return [{ role: 'user', content: blocks }];
    }, options);
  }

  /**
   * Starts from an MCP prompt: its messages (from the provider's optional `getPrompt`) are
   * added to the conversation and the loop runs on them.
   */
  runPrompt(server: string, name: string, args: Record<string, string> = {}, options: RunOptions = {}): AgentRun {
    return this.#start(async () => {
      const getPrompt = this.#options.provider.getPrompt;
      if (!getPrompt) throw new Error('This tool provider cannot get prompts.');
      const result = await getPrompt.call(this.#options.provider, server, name, args);
      return promptMessages(result, this.#options.maxResultChars);
    }, options);
  }

  /**
   * Lets a run that a guard stopped (round cap, repeated call, budget) go on. `note` tells the
   * model why it may continue; it joins the last user message (the one holding the answers to
   * the calls that were not run), so the conversation gains no user turn the user did not
   * write. Throws when a run is going on, or when the conversation does not end with a user
   * message (nothing was stopped by a guard, so there is nothing to resume).
   */
  resume(note: string, options: RunOptions = {}): AgentRun {
    if (this.#history.at(-1)?.role !== 'user') throw new Error('Nothing to resume: the conversation does not end with a stopped run.');
    if (!note.trim()) throw new TypeError('Agent.resume: the note must not be empty.');
    return this.#start(async () => [{ role: 'user', content: [{ type: 'text', text: note }] }], options);
  }

  /**
   * Reads an MCP resource (through the provider's optional `readResource`) as blocks to put
   * in a user message passed to {@link run}. Rejects when the provider cannot read it.
   */
  async attachResource(server: string, uri: string): Promise<ResultBlock[]> {
    const read = this.#options.provider.readResource;
    if (!read) throw new Error('This tool provider cannot read resources.');
    return resourceAttachment(await read.call(this.#options.provider, server, uri), this.#options.maxResultChars);
  }

  #start(input: () => Promise<MessageParam[]>, options: RunOptions): AgentRun {
    if (this.#running) throw new Error('A run is already going on; wait for its result or stop it first.');
    this.#running = true;
    const channel = new EventChannel<AgentEvent>();
    const signal = options.signal ?? new AbortController().signal;
    const result = this.#execute(input, signal, (e) => channel.push(e))
      .catch((err): RunResult => {
        // A bug must not leave a history the API would reject.
        this.#history = repairHistory(this.#history);
        const r: RunResult = { reason: 'error', message: `Unexpected failure: ${errorMessage(err)}`, text: '', rounds: 0, usage: { ...ZERO_USAGE } };
        channel.push({ type: 'done', result: r });
        return r;
      })
      .finally(() => {
        this.#running = false;
        channel.close();
      });
    return { result, [Symbol.asyncIterator]: () => channel[Symbol.asyncIterator]() };
  }

  async #execute(input: () => Promise<MessageParam[]>, signal: AbortSignal, emit: Emit): Promise<RunResult> {
    const o = this.#options;
    const maxRounds = o.maxRounds ?? DEFAULT_MAX_ROUNDS;
    const maxRepeats = o.maxRepeats ?? DEFAULT_MAX_REPEATS;
    const maxTokens = o.maxTokens ?? DEFAULT_MAX_TOKENS;
    const maxChars = o.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
    const system = o.system ?? DIAGRAM_SYSTEM_PROMPT;
    // Enough to take this run's input back out (it may have been merged into the last message).
    const mark = { length: this.#history.length, last: structuredClone(this.#history.at(-1)) };
    let runUsage: TokenUsage = { ...ZERO_USAGE };
    let rounds = 0;
    let lastText = '';
    const repeats = new Map<string, number>();

    const finish = (stop: Stop): RunResult => {
      this.#answerOpenCalls(stop.reason === 'cancelled' ? CANCELLED_MESSAGE : `Not run: the run ended. ${stop.message}`, emit);
      const result: RunResult = { reason: stop.reason, message: stop.message, text: lastText, rounds, usage: runUsage, ...stop.extra };
      emit({ type: 'done', result });
      return result;
    };

    let added: MessageParam[];
    try {
      added = await input();
    } catch (err) {
      return finish({ reason: 'error', message: errorMessage(err) });
    }
    const blocks = added.flatMap((m): ContentBlockParam[] => (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content));
    if (blocks.every((b) => b.type === 'text' && !b.text.trim())) {
      return finish({ reason: 'error', message: 'Nothing to send: the message is empty.' });
    }
    for (const m of added) appendContent(this.#history, m.role as 'user' | 'assistant', typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content);

    let listed: QualifiedTool[];
    try {
      listed = await o.provider.listTools();
    } catch (err) {
      return finish({ reason: 'error', message: `Could not list the tools: ${errorMessage(err)}` });
    }
    const { tools, byName, notices } = toApiTools(listed);
    for (const message of notices) emit({ type: 'notice', message });
    // A cost budget must hold without a price too: count the tokens at the dearest known rates.
    const priceModel = this.#backend.canonicalModel(o.model);
    let ceiling: PriceRates | undefined;
    let planCap: number | undefined;
    const planBilled = this.#backend.caps.billing === 'plan';
    if (o.budget?.maxCostUsd !== undefined && planBilled) {
      // No list price is charged, so none (least of all the dearest) is applied.
      const cap = planTokenCap(o.budget.maxCostUsd, o.prices);
      planCap = cap.tokens;
      emit({ type: 'notice', message: planBudgetNotice(o.budget.maxCostUsd, cap, maxRounds) });
    } else if (o.budget?.maxCostUsd !== undefined && !priceFor(priceModel, o.prices)) {
      ceiling = ceilingRates(o.prices ?? DEFAULT_PRICES);
      emit({ type: 'notice', message: unpricedBudgetNotice(o.model, o.budget.maxCostUsd, ceiling) });
    }
    let ceilingCost = 0;

    for (;;) {
      if (signal.aborted) return finish({ reason: 'cancelled', message: 'Stopped by the user.' });
      if (rounds >= maxRounds) return finish(roundCap(maxRounds));
      rounds++;
      const round = rounds;
      emit({ type: 'request_start', round });
      const cached = (this.#backend.caps.promptCaching ? withCacheBreakpoints : withoutCacheBreakpoints)(tools, system, this.#history);
      const params = {
        model: o.model,
        max_tokens: maxTokens,
        ...(cached.system.length ? { system: cached.system } : {}),
        ...(cached.tools.length ? { tools: cached.tools } : {}),
        messages: trimFinalAssistant(cached.messages),
      };
      if (o.contextWindow) {
        // Said before sending rather than paid for: a request that cannot fit is not made.
        const fit = await measureContext(this.#backend, params, o.contextWindow, signal);
        if (signal.aborted) return finish({ reason: 'cancelled', message: 'Stopped by the user.' });
        if (fit.tokens > o.contextWindow) {
          const how = fit.estimated ? 'estimated' : `counted by ${this.#backend.endpoint}`;
          return finish({
            reason: 'context_window_exceeded',
            message: `The conversation (${fit.tokens.toLocaleString('en-US')} tokens, ${how}) no longer fits in the model's context window of ${o.contextWindow.toLocaleString('en-US')} tokens, so it was not sent. Start a new conversation, attach less, or ask for a short summary to carry over.`,
          });
        }
      }
      const outcome = await streamTurn(this.#backend, params, {
        round,
        signal,
        emit,
        toolNames: byName,
        retries: o.maxRetries ?? 2,
        retryDelayMs: o.retryDelayMs ?? 1000,
      });

      if (outcome.kind === 'aborted') {
        this.#keepPartial(outcome.partial, outcome.completed);
        return finish({ reason: 'cancelled', message: 'Stopped by the user.' });
      }
      if (outcome.kind === 'error') {
        const { message, status } = this.#backend.describeError(outcome.error);
        return finish({ reason: 'error', message, ...(status !== undefined ? { extra: { status } } : {}) });
      }

      const message = outcome.message;
      const turn = planBilled ? { ...usageOf(message.usage, priceModel, o.prices), costUsd: null } : usageOf(message.usage, priceModel, o.prices);
      runUsage = addUsage(runUsage, turn);
      if (ceiling) ceilingCost += requestCost(message.usage, ceiling);
      this.#usage = addUsage(this.#usage, turn);
      emit({ type: 'usage', round, turn, total: runUsage });
      const stopReason = message.stop_reason ?? 'end_turn';
      emit({ type: 'turn_done', round, stopReason, stopDetails: message.stop_details ?? null });
      lastText = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      let content = toParams(message.content);

      switch (stopReason) {
        case 'end_turn':
          appendContent(this.#history, 'assistant', content);
          return finish({ reason: 'end_turn', message: 'The model finished.' });
        case 'stop_sequence':
          appendContent(this.#history, 'assistant', content);
          return finish({ reason: 'stop_sequence', message: `The model stopped at the stop sequence ${JSON.stringify(message.stop_sequence ?? '')}.` });
        case 'pause_turn':
          // Sent back unchanged (merged into the same assistant turn), the model carries on.
          appendContent(this.#history, 'assistant', content);
          continue;
        case 'refusal': {
          const category = message.stop_details?.category ?? null;
          let rolledBackInput: ContentBlockParam[] | undefined;
          if (round === 1) {
            // A refused request would be refused again: take it back out of the conversation.
            this.#history.length = mark.length;
            if (mark.last) this.#history[mark.length - 1] = mark.last;
            rolledBackInput = added.flatMap((m) => (m.role === 'user' ? (typeof m.content === 'string' ? [{ type: 'text' as const, text: m.content }] : m.content) : []));
          }
          return finish({
            reason: 'refusal',
            message: `The model declined to answer${category ? ` (category: ${category})` : ''}. Rephrase the request${rolledBackInput ? '; it was taken back out of the conversation' : ''}.`,
            extra: { stopDetails: message.stop_details ?? null, ...(rolledBackInput ? { rolledBackInput } : {}) },
          });
        }
        case 'max_tokens':
        case 'model_context_window_exceeded': {
          // The block being written when the limit hit is a half-written call: never run it.
          const dropped = content.at(-1)?.type === 'tool_use';
          if (dropped) content = content.slice(0, -1);
          appendContent(this.#history, 'assistant', content);
          if (stopReason === 'max_tokens') {
            return finish({
              reason: 'max_tokens',
              message: `The answer was cut off at the limit of ${maxTokens} tokens per response${dropped ? ', and the tool call it was writing was dropped' : ''}. Ask it to continue, or raise the limit.`,
            });
          }
          return finish({
            reason: 'context_window_exceeded',
            message: "The conversation no longer fits in the model's context window. Start a new conversation, attach less, or ask for a short summary to carry over.",
          });
        }
        case 'tool_use':
          break;
        default:
          appendContent(this.#history, 'assistant', content);
          return finish({ reason: 'end_turn', message: `The model stopped (${String(stopReason)}).` });
      }

      appendContent(this.#history, 'assistant', content);
      const uses = content.filter((b): b is ToolUseBlockParam => b.type === 'tool_use');
      if (uses.length === 0) return finish({ reason: 'end_turn', message: 'The model finished.' });

      const guard = this.#guard(uses, { rounds: round, maxRounds, maxRepeats, repeats, runUsage, ceilingCost: ceiling ? ceilingCost : undefined, planCap, byName });
      if (guard) return finish(guard);

      const results = await this.#runCalls(uses, byName, signal, emit, maxChars);
      appendContent(this.#history, 'user', results);
      if (signal.aborted) return finish({ reason: 'cancelled', message: 'Stopped by the user.' });
    }
  }

  #guard(
    uses: ToolUseBlockParam[],
    s: {
      rounds: number;
      maxRounds: number;
      maxRepeats: number;
      repeats: Map<string, number>;
      runUsage: TokenUsage;
      /** The run's tokens at the dearest rates, when the model has no price. */
      ceilingCost: number | undefined;
      /** The token cap a cost budget stands for on a plan-billed backend. */
      planCap: number | undefined;
      byName: Map<string, QualifiedTool>;
    },
  ): Stop | undefined {
    if (s.rounds >= s.maxRounds) return roundCap(s.maxRounds);
    const budget = this.#options.budget;
    if (budget?.maxTokens !== undefined && totalTokens(s.runUsage) > budget.maxTokens) {
      return { reason: 'budget', message: `Stopped: the run used ${totalTokens(s.runUsage).toLocaleString('en-US')} tokens, over its budget of ${budget.maxTokens.toLocaleString('en-US')}.` };
    }
    if (budget?.maxCostUsd !== undefined && s.planCap !== undefined && totalTokens(s.runUsage) > s.planCap) {
      return {
        reason: 'budget',
        message: `Stopped: the run used ${totalTokens(s.runUsage).toLocaleString('en-US')} tokens (estimated), over the ${s.planCap.toLocaleString('en-US')} its $${budget.maxCostUsd.toFixed(4)} budget stands for; the requests are billed by your Copilot plan, not at list prices.`,
      };
    }
    if (budget?.maxCostUsd !== undefined && s.runUsage.costUsd !== null && s.runUsage.costUsd > budget.maxCostUsd) {
      return { reason: 'budget', message: `Stopped: the run cost $${s.runUsage.costUsd.toFixed(4)}, over its budget of $${budget.maxCostUsd.toFixed(4)}.` };
    }
    if (budget?.maxCostUsd !== undefined && s.runUsage.costUsd === null && s.ceilingCost !== undefined && s.ceilingCost > budget.maxCostUsd) {
      return {
        reason: 'budget',
        message: `Stopped: ${this.#options.model} has no known price, and the run's ${totalTokens(s.runUsage).toLocaleString('en-US')} tokens would cost up to $${s.ceilingCost.toFixed(4)} at the dearest current prices, over its budget of $${budget.maxCostUsd.toFixed(4)}. Add the model's price to the price table, or raise the budget.`,
      };
    }
    const counts = new Map(s.repeats);
    for (const use of uses) {
      const key = `${use.name}\u0000${canonicalJson(use.input)}`;
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      if (n >= s.maxRepeats) {
        const qt = s.byName.get(use.name);
        const label = qt ? `${qt.server}/${qt.tool.name}` : use.name;
        return { reason: 'repeat_guard', message: `Stopped: the model made the same call to ${label} ${n} times with the same arguments, which looks like a loop.` };
      }
    }
    for (const [k, v] of counts) s.repeats.set(k, v);
    return undefined;
  }

  /** Approvals one at a time, in order; each allowed call starts at once, so calls run concurrently. */
  async #runCalls(
    uses: ToolUseBlockParam[],
    byName: Map<string, QualifiedTool>,
    signal: AbortSignal,
    emit: Emit,
    maxChars: number,
  ): Promise<ToolResultBlockParam[]> {
    const tasks: Promise<ToolResultBlockParam>[] = [];
    const settle = (use: ToolUseBlockParam, qt: QualifiedTool | undefined, block: ToolResultBlockParam, outcome: ToolCallOutcome, result?: CallToolResult) => {
      emit({
        type: 'tool_result',
        id: use.id,
        name: use.name,
        ...(qt ? { server: qt.server, tool: qt.tool.name } : {}),
        outcome,
        isError: block.is_error === true,
        summary: summarize(block),
        content: block.content ?? [],
        ...(result ? { result } : {}),
      });
      return block;
    };
    for (const use of uses) {
      const qt = byName.get(use.name);
      if (!qt) {
        const known = [...byName.keys()].join(', ') || 'none';
        tasks.push(Promise.resolve(settle(use, qt, errorResult(use.id, `There is no tool named "${use.name}". Available tools: ${known}.`), 'error')));
        continue;
      }
      const input = use.input;
      if (!input || typeof input !== 'object' || Array.isArray(input)) {
        tasks.push(Promise.resolve(settle(use, qt, errorResult(use.id, 'The arguments must be a JSON object.'), 'error')));
        continue;
      }
      const args = input as Record<string, unknown>;
      if (signal.aborted) {
        tasks.push(Promise.resolve(settle(use, qt, errorResult(use.id, CANCELLED_MESSAGE), 'cancelled')));
        continue;
      }
      const decision = await this.#approvals.decide(qt, use.id, args, signal, (request) => emit({ type: 'approval_needed', request }));
      if (!decision.allowed) {
        const cancelled = decision.reason === 'cancelled';
        tasks.push(Promise.resolve(settle(use, qt, errorResult(use.id, cancelled ? CANCELLED_MESSAGE : decision.message), cancelled ? 'cancelled' : 'denied')));
        continue;
      }
      emit({ type: 'tool_running', id: use.id, name: use.name, server: qt.server, tool: qt.tool.name, input: args, approval: decision.how });
      tasks.push(
        this.#call(qt, use.id, args, signal, emit, maxChars).then(({ block, outcome, result }) => settle(use, qt, block, outcome, result)),
      );
    }
    return Promise.all(tasks);
  }

  async #call(
    qt: QualifiedTool,
    id: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    emit: Emit,
    maxChars: number,
  ): Promise<{ block: ToolResultBlockParam; outcome: ToolCallOutcome; result?: CallToolResult }> {
    try {
      const result = await raceAbort(
        this.#options.provider.callTool(qt.qualifiedName, args, {
          signal,
          ...(this.#options.toolTimeoutMs !== undefined ? { timeoutMs: this.#options.toolTimeoutMs } : {}),
          onProgress: (p) => emit({ type: 'tool_progress', id, ...p }),
        }),
        signal,
      );
      const block = toToolResult(id, result, maxChars);
      return { block, outcome: block.is_error ? 'error' : 'ok', result };
    } catch (err) {
      if (signal.aborted) return { block: errorResult(id, CANCELLED_MESSAGE), outcome: 'cancelled' };
      return { block: errorResult(id, `The call to ${qt.server}/${qt.tool.name} failed: ${errorMessage(err)}`), outcome: 'error' };
    }
  }

  /** What a stopped stream had finished writing: text, and calls whose arguments were complete. */
  #keepPartial(partial: Message | undefined, completed: Set<number>): void {
    if (!partial) return;
    const kept = partial.content.filter((b, i) => b.type === 'text' || (b.type === 'tool_use' && completed.has(i)));
    appendContent(this.#history, 'assistant', toParams(kept));
  }

  /** Answers every call of the last assistant message that has no result yet. */
  #answerOpenCalls(message: string, emit: Emit): void {
    const uses = toolUsesOf(this.#history.at(-1));
    if (uses.length === 0) return;
    const results = uses.map((u) => errorResult(u.id, message));
    for (const [i, u] of uses.entries()) {
      emit({ type: 'tool_result', id: u.id, name: u.name, outcome: message === CANCELLED_MESSAGE ? 'cancelled' : 'not_run', isError: true, summary: summarize(results[i]), content: results[i].content ?? [] });
    }
    appendContent(this.#history, 'user', results);
  }
}

/**
 * Runs one turn on a new {@link Agent}. For a conversation of several turns (session
 * approvals, history), keep an Agent instead.
 */
export function runAgent(options: AgentOptions & { input: string | ContentBlockParam[]; signal?: AbortSignal }): AgentRun {
  const { input, signal, ...rest } = options;
  return new Agent(rest).run(input, signal ? { signal } : {});
}

function unpricedBudgetNotice(model: string, budgetUsd: number, ceiling: PriceRates): string {
  return `No price is known for ${model}: the $${budgetUsd.toFixed(2)} budget is enforced as if every token cost the dearest current rate ($${ceiling.input} input, $${ceiling.output} output per million tokens), so the run may stop before it has really spent that much.`;
}

function planBudgetNotice(budgetUsd: number, cap: { tokens: number; model: string; inputRate: number }, maxRounds: number): string {
  return `The requests are billed by your Copilot plan, which ArchFlow cannot see, so no cost is shown: the $${budgetUsd.toFixed(2)} budget is applied as a cap of ${cap.tokens.toLocaleString('en-US')} tokens (what it buys at ${cap.model}'s $${cap.inputRate} per million input tokens), besides the limit of ${maxRounds} model requests.`;
}

function roundCap(maxRounds: number): Stop {
  return {
    reason: 'round_cap',
    message: `Stopped after ${maxRounds} model requests, the limit of one run: let it continue, or raise the limit.`,
  };
}

import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import type { ToolProvider } from '../../mcpClient/types';
import { Agent, contextWindowFor, PRICES_AS_OF, type AgentEvent, type ApproveCallback, type ContextSource, type RunEndReason, type TokenUsage } from '../../agent';
import { createBackend, describeProvider, PROVIDER_LABELS, type ProviderSettings } from '../../agent/backends';
import { DEFAULT_MODEL } from '../../agent/modelIds';
import { DEFAULT_BASE_URL, PROVIDER_OPTIONS, PROVIDER_USAGE, providerFromFlags } from './askProvider';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliIo } from '../cliIo';

/** A guard (round cap, repeated call, budget) stopped the run. */
export const EXIT_GUARD = 3;
/** The user stopped the run with Ctrl+C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

export { DEFAULT_MODEL };
export { DEFAULT_BASE_URL };

export const ASK_USAGE = `Usage: archflow ask "PROMPT" [--config FILE] [--model ID] [--max-rounds N] [--yes] [--json] [--provider NAME ...] [--approve-project-servers]

Asks Claude, which may call the tools of every configured MCP server (the built-in
diagram server included). The answer streams to stdout; each tool call to stderr.
  --config FILE     MCP server configuration to use
  --model ID        model id (default ${DEFAULT_MODEL}; on Bedrock a Bedrock id or
                    a Claude id, which gets the global. profile; on Foundry the deployment)
  --max-rounds N    model requests per run (default 10)
  --yes             approve every tool call without asking
  --json            print one JSON event per line instead
${PROVIDER_USAGE}
  --approve-project-servers
                    start the servers of this folder's .mcp.json and .vscode/mcp.json
                    without asking (on a terminal each is asked about, showing its
                    command or URL; without one they do not start unless this is given)
On a terminal each tool call is asked about:
[y]es, [n]o, or [a]lways for this tool. Without a terminal and without --yes, calls
are denied and the model is told so. Ctrl+C stops cleanly.
Exit codes: 0 the model finished, 1 API or configuration error, 2 bad usage,
3 a guard stopped the run (round cap, repeated call, budget), 130 stopped by Ctrl+C.

Examples:
  ANTHROPIC_API_KEY=... archflow ask "Draw a web shop: browser, API, Postgres, Redis"
  archflow ask "Check and fix shop.diagram" --yes --json
`;

/** What `archflow ask` needs from its entry point. */
export interface AskDeps {
  /** The tools of every configured server (the MCP client manager); closed when the command ends. */
  createToolProvider(configPath?: string, options?: { approveProjectServers?: boolean }): Promise<ToolProvider & ContextSource & { close(): Promise<void> }>;
  /** Asks one question on the terminal and resolves with the line typed (see {@link terminalQuestion}). */
  question?: (prompt: string, signal: AbortSignal) => Promise<string>;
  /** Aborts when the user presses Ctrl+C (see {@link interruptSignal}). */
  signal?: AbortSignal;
  /** Foundry with Entra ID: the credential to use instead of DefaultAzureCredential (tests). */
  entraCredential?: import('@azure/identity').TokenCredential;
}

/** Exit code for the way a run ended. */
export function exitCodeFor(reason: RunEndReason): number {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
    case 'max_tokens':
    case 'refusal':
      return EXIT_OK;
    case 'round_cap':
    case 'repeat_guard':
    case 'budget':
      return EXIT_GUARD;
    case 'cancelled':
      return EXIT_INTERRUPTED;
    case 'context_window_exceeded':
    case 'error':
      return EXIT_FAILURE;
  }
}

/** Tool arguments in one short line: `key=value` pairs, long values cut. */
export function shortArguments(input: Record<string, unknown>, max = 120): string {
  const parts = Object.entries(input).map(([k, v]) => {
    let s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? String(v);
    if (s.length > 40) s = `${s.slice(0, 37)}...`;
    return `${k}=${s}`;
  });
  const line = parts.join(' ');
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

function formatUsage(u: TokenUsage, model: string): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const cache = u.cacheReadTokens || u.cacheWriteTokens ? ` (cache: ${n(u.cacheReadTokens)} read, ${n(u.cacheWriteTokens)} written)` : '';
  const cost = u.costUsd === null ? `cost unknown (no price for ${model})` : `$${u.costUsd.toFixed(4)} at list prices of ${PRICES_AS_OF}`;
  return `tokens: ${n(u.inputTokens)} in${cache}, ${n(u.outputTokens)} out · ${cost}`;
}

function decisionOf(answer: string): 'allow_once' | 'allow_session' | 'deny' {
  const a = answer.trim().toLowerCase();
  if (a === 'y' || a === 'yes') return 'allow_once';
  if (a === 'a' || a === 'always') return 'allow_session';
  return 'deny';
}

/**
 * `archflow ask "PROMPT"`: runs the agent loop once over every configured MCP server.
 * Streams the answer to stdout and each tool call (server, tool, short arguments, outcome)
 * to stderr, or, with `--json`, one JSON event per line to stdout. Never throws; resolves
 * with the exit code (see {@link ASK_USAGE}).
 */
export async function runAskCommand(args: string[], io: CliIo, deps: AskDeps): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        config: { type: 'string' },
        model: { type: 'string' },
        'max-rounds': { type: 'string' },
        yes: { type: 'boolean', short: 'y' },
        json: { type: 'boolean' },
        ...PROVIDER_OPTIONS,
        'approve-project-servers': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    io.stderr(`archflow ask: ${(err as Error).message}\n\n${ASK_USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(ASK_USAGE);
    return EXIT_OK;
  }
  const prompt = positionals.join(' ').trim();
  if (!prompt) {
    io.stderr(`archflow ask: a prompt is required.\n\n${ASK_USAGE}`);
    return EXIT_USAGE;
  }
  let maxRounds: number | undefined;
  if (values['max-rounds'] !== undefined) {
    maxRounds = Number(values['max-rounds']);
    if (!Number.isInteger(maxRounds) || maxRounds < 1) {
      io.stderr(`archflow ask: --max-rounds must be a whole number of 1 or more, not "${values['max-rounds']}".\n`);
      return EXIT_USAGE;
    }
  }
  const model = values.model ?? DEFAULT_MODEL;
  let settings: ProviderSettings;
  try {
    settings = providerFromFlags(values, io.env, model);
    if (settings.provider === 'foundry' && settings.auth === 'entra' && deps.entraCredential) settings = { ...settings, credential: deps.entraCredential };
  } catch (err) {
    io.stderr(`archflow ask: ${(err as Error).message}\n`);
    return EXIT_FAILURE;
  }
  if (settings.provider === 'compatible' && values.model === undefined) {
    io.stderr('archflow ask: --model is required for an Anthropic-compatible endpoint (the id the server knows the model by).\n');
    return EXIT_FAILURE;
  }
  // Cloud credentials are checked before the MCP servers start, so a missing one is said first.
  if (settings.provider === 'bedrock' || settings.provider === 'vertex' || (settings.provider === 'foundry' && settings.auth === 'entra')) {
    const who = await describeProvider(settings);
    if (!who.ready) {
      io.stderr(`archflow ask: ${PROVIDER_LABELS[settings.provider]}: ${who.missing}\n`);
      return EXIT_FAILURE;
    }
  }
  let backend;
  try {
    backend = await createBackend(settings);
  } catch (err) {
    io.stderr(`archflow ask: ${(err as Error).message}\n`);
    return EXIT_FAILURE;
  }

  let provider: Awaited<ReturnType<AskDeps['createToolProvider']>>;
  try {
    provider = await deps.createToolProvider(values.config, { approveProjectServers: values['approve-project-servers'] === true });
  } catch (err) {
    io.stderr(`archflow ask: could not load the MCP servers: ${(err as Error).message}\n`);
    return EXIT_FAILURE;
  }

  const json = values.json === true;
  const signal = deps.signal ?? new AbortController().signal;
  let approve: ApproveCallback | undefined;
  if (values.yes) {
    approve = async () => 'allow_once';
  } else if (io.isTty && deps.question) {
    const question = deps.question;
    approve = async (r, s) => {
      const changed = r.definitionChanged ? ' (its description changed since you allowed it)' : '';
      const answer = await question(`Allow ${r.server} › ${r.tool} ${shortArguments(r.arguments)}${changed}? [y]es / [n]o / [a]lways for this tool: `, s);
      return decisionOf(answer);
    };
  } else if (!json) {
    io.stderr('archflow ask: no terminal to ask for approval, so tool calls that need it are denied (use --yes to allow them).\n');
  }

  const agent = new Agent({
    backend,
    model,
    provider,
    ...(approve ? { approve } : {}),
    ...(maxRounds !== undefined ? { maxRounds } : {}),
    ...(contextWindowFor(backend.canonicalModel(model)) ? { contextWindow: contextWindowFor(backend.canonicalModel(model))! } : {}),
  });

  let stdoutAtLineStart = true;
  const out = (text: string) => {
    if (!text) return;
    io.stdout(text);
    stdoutAtLineStart = text.endsWith('\n');
  };
  // Tool lines go to stderr: end the answer's current line first, so a terminal stays readable.
  const err = (line: string) => {
    if (!stdoutAtLineStart) out('\n');
    io.stderr(line);
  };
  const render = (e: AgentEvent) => {
    if (json) {
      io.stdout(`${JSON.stringify(e)}\n`);
      return;
    }
    switch (e.type) {
      case 'text_delta':
        out(e.text);
        break;
      case 'tool_running':
        err(`→ ${e.server} › ${e.tool} ${shortArguments(e.input)}\n`);
        break;
      case 'tool_result': {
        const mark = e.outcome === 'ok' ? '✓' : '✗';
        const who = e.server ? `${e.server} › ${e.tool}` : e.name;
        const label = e.outcome === 'ok' || e.outcome === 'error' ? '' : `${e.outcome.replace('_', ' ')}: `;
        err(`  ${mark} ${who}: ${label}${e.summary}\n`);
        break;
      }
      case 'retry':
        err(`  (${e.message})\n`);
        break;
      case 'notice':
        err(`note: ${e.message}\n`);
        break;
      case 'done': {
        if (!stdoutAtLineStart) out('\n');
        const r = e.result;
        if (r.reason !== 'end_turn') io.stderr(`${r.message}\n`);
        io.stderr(`${formatUsage(r.usage, model)}\n`);
        break;
      }
      default:
        break;
    }
  };

  try {
    const run = agent.run(prompt, { signal });
    for await (const e of run) render(e);
    const result = await run.result;
    return exitCodeFor(result.reason);
  } finally {
    await provider.close().catch(() => {});
  }
}

/**
 * A {@link AskDeps.question} over a terminal: one readline prompt per question on `output`
 * (stderr, so stdout stays the answer), closed after each answer. Ctrl+C while a question
 * is open calls `onInterrupt` (the terminal is in raw mode then, so no SIGINT is raised).
 */
export function terminalQuestion(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  onInterrupt: () => void,
): (prompt: string, signal: AbortSignal) => Promise<string> {
  return async (prompt, signal) => {
    const rl = createInterface({ input, output, terminal: true });
    rl.on('SIGINT', () => {
      onInterrupt();
      rl.close();
    });
    try {
      return await rl.question(prompt, { signal });
    } finally {
      rl.close();
    }
  };
}

/**
 * An AbortSignal for Ctrl+C: the first SIGINT aborts it (a clean stop), a second one exits
 * at once with 130. `dispose` removes the handler.
 */
export function interruptSignal(proc: Pick<NodeJS.Process, 'on' | 'off' | 'exit'>): { signal: AbortSignal; abort(): void; dispose(): void } {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) proc.exit(EXIT_INTERRUPTED);
    controller.abort();
  };
  proc.on('SIGINT', onSigint);
  return { signal: controller.signal, abort: () => controller.abort(), dispose: () => proc.off('SIGINT', onSigint) };
}

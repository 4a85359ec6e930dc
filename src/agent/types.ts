import type {
  ContentBlockParam,
  MessageParam,
  RefusalStopDetails,
  StopReason,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult, GetPromptResult, ReadResourceResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ToolApprovalStore } from '../mcpClient/approvalStore';
import type { ToolProvider } from '../mcpClient/types';
import type { RunEndReason } from '../protocol/runEndReason';
import type { ModelBackend } from './backend';
import type { PriceTable, TokenUsage } from './pricing';

export type { TokenUsage };

/** A conversation as the Messages API takes it: plain JSON, safe to store and reload. */
export type Transcript = MessageParam[];

/**
 * Optional capabilities a {@link ToolProvider} may also offer. The agent uses them only
 * when present (prompts to start a conversation, resources to attach), never requires them.
 */
export interface ContextSource {
  /** Runs `prompts/get` on one server. */
  getPrompt?(server: string, name: string, args?: Record<string, string>): Promise<GetPromptResult>;
  /** Runs `resources/read` on one server. */
  readResource?(server: string, uri: string): Promise<ReadResourceResult>;
}

/**
 * What the user answers when asked to approve a tool call: this call only, this tool for the
 * session, this tool always in this workspace (kept by a store that persists), or no.
 */
export type ApprovalDecision = 'allow_once' | 'allow_session' | 'allow_always' | 'deny';

/** How an allowed call came to be allowed. */
export type ApprovalHow = 'once' | 'session' | 'always' | 'trusted_read_only';

/** Everything the user needs to decide about one tool call. */
export interface ApprovalRequest {
  /** The `tool_use` id. */
  id: string;
  qualifiedName: string;
  server: string;
  /** The tool's own name on its server. */
  tool: string;
  description?: string;
  arguments: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** The server is trusted (built-in or marked trusted). */
  trusted: boolean;
  /** True when the tool was allowed for the session before, but its definition changed since. */
  definitionChanged: boolean;
}

/**
 * Asks the user about one call. Calls are asked one at a time, in the order the model made
 * them. The signal aborts when the user stops the run; a rejection counts as a denial.
 */
export type ApproveCallback = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalDecision>;

/** Per-run limits; reaching one stops the run with a reason. */
export interface AgentBudget {
  /** Input + output + cache tokens over the whole run. */
  maxTokens?: number;
  /**
   * Cost over the whole run, in US dollars. For a model without a price, tokens are counted
   * at the dearest rates of the price table (see `ceilingRates`), so the budget still holds.
   */
  maxCostUsd?: number;
}

export interface AgentOptions {
  /**
   * Where requests go (see `createBackend`). Without it, Anthropic's API at `baseURL` with
   * `apiKey`, both then required.
   */
  backend?: ModelBackend;
  /** Always explicit: the SDK's fallbacks to environment variables and profile files are never used. */
  apiKey?: string;
  /** Always explicit, e.g. `https://api.anthropic.com`. */
  baseURL?: string;
  /** Model id, e.g. `claude-sonnet-5-5`. */
  model: string;
  /** Every tool the model may call (the MCP client manager), optionally with prompts and resources. */
  provider: ToolProvider & ContextSource;
  /** Answers approval requests. Without it, every call that is not auto-approved is denied. */
  approve?: ApproveCallback;
  /**
   * Where "allow for this session" approvals are kept, each bound to the tool's fingerprint.
   * Default: in memory, for the agent's lifetime; the extension passes a store it persists.
   */
  approvals?: ToolApprovalStore;
  /** Auto-approve tools annotated `readOnlyHint` on trusted servers (default true). */
  autoApproveTrustedReadOnly?: boolean;
  /** System prompt; defaults to {@link DIAGRAM_SYSTEM_PROMPT}. */
  system?: string;
  /** `max_tokens` of each request (default 16000). */
  maxTokens?: number;
  /** Model requests per run (default 10). */
  maxRounds?: number;
  /** The same call (tool and arguments) this many times in one run stops the run (default 3). */
  maxRepeats?: number;
  budget?: AgentBudget;
  /** Characters of text a tool result may keep; longer text is cut to head and tail (default 50000). */
  maxResultChars?: number;
  /** Per-call timeout passed to the provider. */
  toolTimeoutMs?: number;
  /** HTTP retries the SDK makes (default 2; a given backend has its own) and how often a stream that failed mid-way is retried. */
  maxRetries?: number;
  /** First back-off before re-sending a request whose stream failed mid-way (default 1000 ms, doubled each time). */
  retryDelayMs?: number;
  /** SDK request timeout in ms (default 600000). */
  timeoutMs?: number;
  /**
   * The model's context window in input tokens. When given, each request is measured first
   * (the backend's token count near the limit where it has one, else an estimate) and one
   * that does not fit is not sent: the run ends `context_window_exceeded`, saying whether
   * the count was estimated. Without it, only the API's own stop reason says so.
   */
  contextWindow?: number;
  /** Prices per million tokens; defaults to {@link DEFAULT_PRICES}. */
  prices?: PriceTable;
  /** A stored conversation to continue; it is repaired first (see `repairHistory`). */
  history?: Transcript;
}

/** Why a run ended; one definition, shared with the chat's messages. */
export type { RunEndReason };

export interface RunResult {
  reason: RunEndReason;
  /** One readable sentence for the user (what happened, and what to do when it helps). */
  message: string;
  /** Text of the model's last response. */
  text: string;
  /** Model requests made in this run. */
  rounds: number;
  usage: TokenUsage;
  /** Present for `refusal`. */
  stopDetails?: RefusalStopDetails | null;
  /** Present for `error`: the HTTP status, when there was one. */
  status?: number;
  /** Present when a refusal on the first request rolled the user's input back out of the history. */
  rolledBackInput?: ContentBlockParam[];
}

/** The content of a `tool_result` block as sent to the model. */
export type ToolResultContent = Exclude<ToolResultBlockParam['content'], undefined>;

/** How a tool call ended, from the user's point of view. */
export type ToolCallOutcome = 'ok' | 'error' | 'denied' | 'cancelled' | 'not_run';

/** Events of one run, in order. */
export type AgentEvent =
  | { type: 'request_start'; round: number }
  /** A stream failed mid-way and the request is sent again: drop what this round streamed so far. */
  | { type: 'retry'; round: number; attempt: number; message: string }
  | { type: 'text_delta'; round: number; text: string }
  | { type: 'tool_call_started'; round: number; id: string; name: string; server?: string; tool?: string }
  /** Arguments as they stream: each `delta` continues the JSON text of the call's arguments. */
  | { type: 'tool_call_input'; id: string; delta: string }
  | { type: 'approval_needed'; request: ApprovalRequest }
  | { type: 'tool_running'; id: string; name: string; server: string; tool: string; input: Record<string, unknown>; approval: ApprovalHow }
  | { type: 'tool_progress'; id: string; progress: number; total?: number; message?: string }
  | {
      type: 'tool_result';
      id: string;
      name: string;
      server?: string;
      tool?: string;
      outcome: ToolCallOutcome;
      isError: boolean;
      /** A one-line summary for logs and UIs. */
      summary: string;
      /** What the model receives (text, images, documents), as sent. */
      content: ToolResultContent;
      /** The server's own result, when the call ran and returned one (for UIs: `_meta`, `structuredContent`). */
      result?: CallToolResult;
    }
  | { type: 'usage'; round: number; turn: TokenUsage; total: TokenUsage }
  | { type: 'turn_done'; round: number; stopReason: StopReason; stopDetails: RefusalStopDetails | null }
  /** Something the user should know that did not stop the run (a schema rewritten, a tool left out). */
  | { type: 'notice'; message: string }
  | { type: 'done'; result: RunResult };

/** A running turn: iterate its events, or await its result (or both). */
export interface AgentRun extends AsyncIterable<AgentEvent> {
  /** Settles when the run is over; never rejects (failures end with reason `error`). */
  readonly result: Promise<RunResult>;
}

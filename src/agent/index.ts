export { Agent, runAgent, DEFAULT_MAX_ROUNDS, DEFAULT_MAX_REPEATS, DEFAULT_MAX_TOKENS } from './agent';
export type { RunOptions } from './agent';
export type {
  AgentBudget,
  AgentEvent,
  AgentOptions,
  AgentRun,
  ApprovalDecision,
  ApprovalHow,
  ApprovalRequest,
  ApproveCallback,
  ContextSource,
  RunEndReason,
  RunResult,
  TokenUsage,
  ToolCallOutcome,
  ToolResultContent,
  Transcript,
} from './types';
export { ApprovalPolicy } from './approvals';
export type { ApprovalOutcome } from './approvals';
export { repairHistory, toParams, appendContent, CANCELLED_MESSAGE } from './history';
export { toApiTools, toInputSchema, API_TOOL_NAME } from './toolSchema';
export {
  toToolResult,
  errorResult,
  cutMiddle,
  capText,
  imageBlock,
  resourceBlocks,
  summarize,
  API_IMAGE_TYPES,
  MAX_IMAGE_BASE64,
  DEFAULT_MAX_RESULT_CHARS,
} from './toolResults';
export type { ResultBlock } from './toolResults';
export { withCacheBreakpoints, MAX_CACHE_BREAKPOINTS } from './caching';
export { resourceAttachment, fileAttachment, promptMessages } from './context';
export { DEFAULT_PRICES, PRICES_AS_OF, priceFor, priceKeyFor, contextWindowFor, ceilingRates, planTokenCap, requestCost, usageOf, addUsage, totalTokens, withPriceOverrides } from './pricing';
export { canonicalModelId, isModelOrSnapshot } from './modelIds';
export type { ModelPrice, PriceRates, PriceTable, PriceOverride, ApiUsage } from './pricing';
export { DIAGRAM_SYSTEM_PROMPT, EDITOR_SYSTEM_PROMPT } from './systemPrompt';

import type { ChatChrome, ConversationView } from '../../../src/protocol/index';
import { useChatEnv } from '../context';
import { compactNumber, fill, formatCost, totalTokens, usageLine } from '../format';

/** Share of the context window past which the bar turns amber. */
export const CONTEXT_WARNING = 0.8;

/**
 * The conversation's title, its total tokens and cost (with the price table's date), the
 * provider, identity and region when it is not Anthropic's API, and how full the model's
 * context window is (amber near the limit).
 */
export function Header({ conversation, chrome }: { conversation: ConversationView; chrome: ChatChrome | undefined }) {
  const { strings } = useChatEnv();
  const meta = conversation.meta;
  const window = chrome?.contextWindow ?? 200_000;
  const share = Math.min(1, meta.contextTokens / window);
  const warn = share >= CONTEXT_WARNING;
  const contextLabel = fill(strings.context, compactNumber(meta.contextTokens), compactNumber(window));
  const provider = chrome?.provider;
  // Where the cost is, the day its prices were checked; and plainly when counts are estimates.
  // Copilot bills the user's plan: no list price applies, so none is named.
  const plan = provider?.billedByPlan === true;
  const costNote = [provider && !plan ? fill(strings.pricesAsOf, provider.pricesAsOf) : '', provider?.estimated ? strings.estimatedTokens : ''].filter(Boolean).join(' · ');
  const where = provider && provider.name !== 'anthropic' ? [provider.label, provider.identity, provider.region].filter(Boolean).join(' · ') : '';
  return (
    <div className="af-header">
      <div className="af-header-row">
        <span className="af-title" title={meta.title || strings.untitled}>
          {meta.title || strings.untitled}
        </span>
        <span className="af-total" title={`${strings.conversationTotal}: ${usageLine(meta.usage, plan ? { ...strings, costUnknown: strings.billedByCopilot } : strings)}${costNote ? ` (${costNote})` : ''}`} data-prices-as-of={provider?.pricesAsOf}>
          {plan ? strings.billedByCopilot : formatCost(meta.usage.costUsd, strings.costUnknown)} · {compactNumber(totalTokens(meta.usage))}
        </span>
      </div>
      {where && (
        <div className="af-provider" data-provider={provider!.name}>
          {where}
        </div>
      )}
      <div
        className={`af-context${warn ? ' af-context-warn' : ''}`}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={window}
        aria-valuenow={meta.contextTokens}
        aria-label={contextLabel}
        title={warn ? `${contextLabel}. ${strings.contextNearlyFull}` : contextLabel}
      >
        <div className="af-context-fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
    </div>
  );
}

import { memo, useEffect } from 'react';
import type { AssistantItem, NoticeItem, RunEndItem, RunEndReason, UserItem } from '../../../src/protocol/index';
import { useChatEnv } from '../context';
import { ATTACHMENT_ICON, fill, usageLine } from '../format';
import { Markdown } from '../markdown/Markdown';

export const UserMessage = memo(function UserMessage({ item }: { item: UserItem }) {
  const { strings } = useChatEnv();
  return (
    <div className="af-user" aria-label={strings.you}>
      {item.attachments.length > 0 && (
        <div className="af-chips">
          {item.attachments.map((a) => (
            <span key={a.id} className="af-chip" title={a.detail ?? a.label}>
              <span className={`codicon codicon-${ATTACHMENT_ICON[a.kind]}`} aria-hidden="true" /> {a.label}
            </span>
          ))}
        </div>
      )}
      <div className="af-user-text">{item.text}</div>
      {item.app && (
        <div className="af-user-app">
          <span className="codicon codicon-window" aria-hidden="true" /> {fill(strings.appSentBy, `${item.app.server} › ${item.app.tool}`)}
        </div>
      )}
    </div>
  );
});

/** Benchmark mode: tells the host when a length of an item's text is on screen. */
function usePaintReport(id: string, length: number) {
  const { host, reportPaints } = useChatEnv();
  useEffect(() => {
    if (!reportPaints) return;
    // The frame after this commit is the one that shows it: report once it has been painted.
    const frame = requestAnimationFrame(() => setTimeout(() => host.post({ type: 'painted', id, length, at: performance.timeOrigin + performance.now() }), 0));
    return () => cancelAnimationFrame(frame);
  }, [host, reportPaints, id, length]);
}

export const AssistantMessage = memo(function AssistantMessage({ item }: { item: AssistantItem }) {
  usePaintReport(item.id, item.text.length);
  return (
    <div className="af-assistant" data-item-id={item.id}>
      <Markdown text={item.text} streaming={!item.done} />
    </div>
  );
});

export const Notice = memo(function Notice({ item }: { item: NoticeItem }) {
  const icon = item.level === 'error' ? 'error' : item.level === 'warning' ? 'warning' : 'info';
  return (
    <div className={`af-notice af-notice-${item.level}`} role={item.level === 'info' ? 'status' : 'alert'}>
      <span className={`codicon codicon-${icon}`} aria-hidden="true" /> {item.text}
    </div>
  );
});

function reasonTitle(reason: RunEndReason, s: ReturnType<typeof useChatEnv>['strings']): string {
  switch (reason) {
    case 'round_cap':
      return s.reasonRoundCap;
    case 'repeat_guard':
      return s.reasonRepeat;
    case 'budget':
      return s.reasonBudget;
    case 'cancelled':
      return s.reasonCancelled;
    case 'max_tokens':
      return s.reasonMaxTokens;
    case 'refusal':
      return s.reasonRefusal;
    case 'context_window_exceeded':
      return s.reasonContext;
    default:
      return s.reasonError;
  }
}

/**
 * The end of a run: a quiet line with its tokens and cost when the model simply finished;
 * otherwise what stopped it, and "Continue" when a guard did and nothing came after.
 */
export const RunEnd = memo(function RunEnd({ item, canContinueNow }: { item: RunEndItem; canContinueNow: boolean }) {
  const { host, strings } = useChatEnv();
  const usage = usageLine(item.usage, strings);
  if (item.reason === 'end_turn' || item.reason === 'stop_sequence') {
    return (
      <div className="af-run-usage" title={strings.thisTurn} data-run-end={item.reason} data-item-id={item.id}>
        {usage}
      </div>
    );
  }
  const level = item.reason === 'cancelled' ? 'info' : item.canContinue || item.reason === 'max_tokens' ? 'warning' : 'error';
  return (
    <div className={`af-run-end af-run-end-${level}`} role="status" data-reason={item.reason} data-run-end={item.reason} data-item-id={item.id}>
      <div className="af-run-end-title">
        <span className={`codicon codicon-${item.reason === 'cancelled' ? 'debug-stop' : level === 'warning' ? 'warning' : 'error'}`} aria-hidden="true" /> {reasonTitle(item.reason, strings)}
      </div>
      <div className="af-run-end-message">{item.message}</div>
      {item.canContinue && (item.continued || canContinueNow) && (
        <button type="button" className="af-button af-primary" disabled={item.continued} onClick={() => host.post({ type: 'continue', itemId: item.id })}>
          {item.continued ? strings.continued : strings.continue}
        </button>
      )}
      <div className="af-run-usage">{usage}</div>
    </div>
  );
});

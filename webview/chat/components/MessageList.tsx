import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChatItem, ConversationView, ToolAppView } from '../../../src/protocol/index';
import { useChatEnv } from '../context';
import { AssistantMessage, Notice, RunEnd, UserMessage } from './Messages';
import { ToolCard } from './ToolCard';

/** Height assumed for an item not measured yet. */
const ESTIMATED_HEIGHT = 140;
/** Closer than this to the end counts as "at the end": the list follows what arrives. */
const STICKY_PX = 48;

const ItemView = memo(function ItemView({ item, last, running, app }: { item: ChatItem; last: boolean; running: boolean; app: ToolAppView | undefined }) {
  switch (item.kind) {
    case 'user':
      return <UserMessage item={item} />;
    case 'assistant':
      return <AssistantMessage item={item} />;
    case 'tool':
      return <ToolCard item={item} app={app} />;
    case 'notice':
      return <Notice item={item} />;
    case 'runEnd':
      return <RunEnd item={item} canContinueNow={last && !running} />;
  }
});

function Working() {
  const { strings } = useChatEnv();
  return (
    <div className="af-working" role="status">
      <span className="codicon codicon-loading codicon-modifier-spin" aria-hidden="true" /> {strings.working}
    </div>
  );
}

/**
 * The conversation, virtualised (only the items near the viewport are in the DOM, measured as
 * they render), opening at its end and following the end while the user is there; scrolled up,
 * it stays put as text arrives, until the user sends a message.
 */
export function MessageList({ conversation }: { conversation: ConversationView }) {
  const { strings } = useChatEnv();
  const items = conversation.items;
  const running = conversation.meta.running;
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_HEIGHT,
    getItemKey: (index) => items[index]!.id,
    overscan: 4,
    // Open at the end: render the last items first, not the first ones.
    initialOffset: () => items.length * ESTIMATED_HEIGHT,
  });

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el) atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
  }, []);

  const total = virtualizer.getTotalSize();
  const last = items.at(-1);
  const lastSize = last?.kind === 'assistant' ? last.text.length : last?.kind === 'tool' ? last.status : '';
  /** The newest user message already brought into view. */
  const followed = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const el = scroller.current;
    // A message the user just sent (or an app sent for them) brings the end back into view,
    // wherever the list was scrolled: the answer to it comes there.
    if (last?.kind === 'user' && followed.current !== last.id) {
      followed.current = last.id;
      atEnd.current = true;
    }
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [total, items.length, lastSize, running, last]);

  return (
    <div ref={scroller} className="af-messages" role="log" aria-live="polite" aria-label={strings.messageLabel} onScroll={onScroll}>
      <div className="af-messages-inner" style={{ height: total }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!;
          return (
            <div key={row.key} data-index={row.index} ref={virtualizer.measureElement} className="af-item" style={{ transform: `translateY(${row.start}px)` }}>
              <ItemView item={item} last={row.index === items.length - 1} running={running} app={conversation.apps?.[item.id]} />
            </div>
          );
        })}
      </div>
      {running && <Working />}
    </div>
  );
}

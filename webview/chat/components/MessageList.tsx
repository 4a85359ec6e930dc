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

function lastUserId(items: readonly ChatItem[]): string | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (items[i]!.kind === 'user') return items[i]!.id;
  return undefined;
}

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
 * it stays put as text arrives.
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

  const lastTop = useRef(0);
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    // Only the user scrolling up leaves the end. The list also scrolls by itself, downwards:
    // the virtualiser keeps the view in place when an item above it grows (an MCP App frame
    // taking its height, a card unfolding), which is no reason to stop following.
    const up = el.scrollTop < lastTop.current;
    lastTop.current = el.scrollTop;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX) atEnd.current = true;
    else if (up) atEnd.current = false;
  }, []);

  const total = virtualizer.getTotalSize();
  const last = items.at(-1);
  const lastSize = last?.kind === 'assistant' ? last.text.length : last?.kind === 'tool' ? last.status : '';
  // A message of the user's (typed, or sent by an app in a card) brings the list back to the
  // end, as in any chat: what follows is the answer to it.
  const lastUser = lastUserId(items);
  const seenUser = useRef(lastUser);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (lastUser !== seenUser.current) {
      seenUser.current = lastUser;
      atEnd.current = true;
    }
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [total, items.length, lastSize, running, lastUser]);

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

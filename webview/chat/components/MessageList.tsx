import { forwardRef, memo, type HTMLAttributes } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { ChatItem, ConversationView } from '../../../src/protocol/index';
import { useChatEnv } from '../context';
import { AssistantMessage, Notice, RunEnd, UserMessage } from './Messages';
import { ToolCard } from './ToolCard';

const ItemView = memo(function ItemView({ item, last, running }: { item: ChatItem; last: boolean; running: boolean }) {
  switch (item.kind) {
    case 'user':
      return <UserMessage item={item} />;
    case 'assistant':
      return <AssistantMessage item={item} />;
    case 'tool':
      return <ToolCard item={item} />;
    case 'notice':
      return <Notice item={item} />;
    case 'runEnd':
      return <RunEnd item={item} canContinueNow={last && !running} />;
  }
});

// Virtuoso's list element, as a labelled log for screen readers.
const List = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function List(props, ref) {
  const { strings } = useChatEnv();
  return <div {...props} ref={ref} role="log" aria-live="polite" aria-label={strings.messageLabel} />;
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
 * The conversation, virtualised (only what is near the viewport is in the DOM), following the
 * end while the user is at the bottom and staying put when they have scrolled up.
 */
export const MessageList = forwardRef<VirtuosoHandle, { conversation: ConversationView }>(function MessageList({ conversation }, ref) {
  const items = conversation.items;
  const running = conversation.meta.running;
  return (
    <Virtuoso
      ref={ref}
      className="af-messages"
      data={items}
      computeItemKey={(_, item) => item.id}
      initialTopMostItemIndex={Math.max(0, items.length - 1)}
      followOutput={(atBottom) => (atBottom ? 'auto' : false)}
      increaseViewportBy={{ top: 600, bottom: 600 }}
      itemContent={(index, item) => (
        <div className="af-item">
          <ItemView item={item} last={index === items.length - 1} running={running} />
        </div>
      )}
      components={{ List, Footer: running ? Working : undefined }}
    />
  );
});

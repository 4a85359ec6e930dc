import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ChatBootConfig, HostToChatMessage, ToolItem } from '../../src/protocol/index';
import { AppChannel } from './apps/appChannel';
import { Banners } from './components/Banners';
import { Composer } from './components/Composer';
import { Header } from './components/Header';
import { HistoryPanel } from './components/HistoryPanel';
import { MessageList } from './components/MessageList';
import { APPROVAL_KEYS } from './components/ToolCard';
import { ChatEnvContext, useChatEnv, type ChatEnv } from './context';
import type { ChatHost } from './host';
import { warmMarkdown } from './markdown/render';
import { chatReducer, INITIAL_STATE } from './state';

function EmptyState({ onPick }: { onPick(text: string): void }) {
  const { strings } = useChatEnv();
  return (
    <div className="af-empty">
      <div className="af-empty-title">{strings.emptyTitle}</div>
      <div className="af-empty-hint">{strings.emptyHint}</div>
      {[strings.suggestion1, strings.suggestion2, strings.suggestion3].map((s) => (
        <button key={s} type="button" className="af-suggestion" onClick={() => onPick(s)}>
          {s}
        </button>
      ))}
    </div>
  );
}

function fromAppFrame(source: MessageEventSource | null): boolean {
  for (const frame of document.querySelectorAll('iframe')) if (source !== null && frame.contentWindow === source) return true;
  return false;
}

function isTextField(el: EventTarget | null): boolean {
  return el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement || el instanceof HTMLSelectElement;
}

/**
 * The chat app: draws the state the host sends, posts what the user does. It asks for the
 * whole state when it starts (`ready`) and again whenever a batch of changes does not follow
 * on from what it has.
 */
export function App({ boot, host }: { boot: ChatBootConfig; host: ChatHost }) {
  const [state, dispatch] = useReducer(chatReducer, INITIAL_STATE);
  const saved = useRef(host.state());
  const [draft, setDraft] = useState(saved.current?.draft ?? '');
  const env = useMemo<ChatEnv>(
    () => ({ host, strings: boot.strings, lang: document.documentElement.lang || 'en', reportPaints: boot.reportPaints, apps: new AppChannel(host) }),
    [host, boot],
  );

  useEffect(() => {
    // Whatever arrives between two drawings is drawn together, and at once: a render React
    // could time-slice would be interrupted by the next batch, again and again while text
    // streams, and nothing would reach the screen for seconds (measured). Drawings are spaced
    // by twice what the last one took (at least a frame), so on a busy machine the chat keeps
    // to about half the page's time and catches up instead of falling behind.
    let queued: HostToChatMessage[] = [];
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastStart = 0;
    let lastCost = 0;
    const flush = () => {
      frame = 0;
      timer = undefined;
      const actions = queued;
      queued = [];
      lastStart = performance.now();
      flushSync(() => dispatch({ type: 'batch', actions }));
      lastCost = performance.now() - lastStart;
    };
    const schedule = () => {
      if (frame || timer !== undefined) return;
      const wait = lastStart + 2 * lastCost - performance.now();
      if (wait > 16) timer = setTimeout(() => (frame = requestAnimationFrame(flush)), wait - 16);
      else frame = requestAnimationFrame(flush);
    };
    const onMessage = (e: MessageEvent) => {
      // Only the host speaks here: MCP Apps post to this window too (their sandboxed frames have
      // an opaque origin, and their bridge reads their messages by source), never as the host.
      if (e.origin !== window.origin || fromAppFrame(e.source)) return;
      const data = e.data as { type?: unknown } | null;
      if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
      if (data.type === 'appResponse') {
        env.apps.receive(e.data);
        return;
      }
      queued.push(e.data as HostToChatMessage);
      // A hidden page gets no frames: draw at once.
      if (document.hidden) flush();
      else schedule();
    };
    window.addEventListener('message', onMessage);
    host.post({ type: 'ready' });
    return () => {
      window.removeEventListener('message', onMessage);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [host, env]);

  useEffect(() => {
    if (!state.outOfStep) return;
    host.post({ type: 'ready' });
    dispatch({ type: 'resynced' });
  }, [state.outOfStep, host]);

  useEffect(() => {
    if (state.focus.draft !== undefined) setDraft(state.focus.draft);
  }, [state.focus]);

  const onDraft = useCallback(
    (text: string) => {
      setDraft(text);
      host.saveState({ stateVersion: 1, draft: text });
    },
    [host],
  );

  const conversation = state.conversation;
  const running = conversation?.meta.running ?? false;

  // A conversation just shown: its answers are parsed while the page is idle, newest first, so
  // scrolling back through them never waits for Markdown.
  const shownId = conversation?.id;
  useEffect(() => {
    if (!conversation) return;
    warmMarkdown(conversation.items.flatMap((i) => (i.kind === 'assistant' && i.done ? [i.text] : [])));
    // Once per conversation shown, not on every change of it.
  }, [shownId]);
  const pending = useMemo(() => [...(conversation?.items ?? [])].reverse().find((i): i is ToolItem => i.kind === 'tool' && i.status === 'approval'), [conversation]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && running && !e.defaultPrevented) {
        host.post({ type: 'stop' });
        return;
      }
      if (!pending || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      const choice = APPROVAL_KEYS[e.key.toLowerCase()];
      const typing = isTextField(e.target) && (e.target as HTMLTextAreaElement).value !== '';
      if (choice && !typing) {
        e.preventDefault();
        host.post({ type: 'approve', toolUseId: pending.id, choice });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pending, running, host]);

  return (
    <ChatEnvContext.Provider value={env}>
      <div className="af-chat">
        <Banners chrome={state.chrome} />
        {state.showHistory ? (
          <HistoryPanel entries={state.history} unreadable={state.unreadable} activeId={conversation?.id} onClose={() => dispatch({ type: 'toggleHistory', open: false })} />
        ) : (
          <>
            {conversation && conversation.items.length > 0 && <Header conversation={conversation} chrome={state.chrome} />}
            {conversation && conversation.items.length > 0 ? <MessageList key={conversation.id} conversation={conversation} /> : <EmptyState onPick={onDraft} />}
          </>
        )}
        <Composer chrome={state.chrome} running={running} draft={draft} onDraft={onDraft} focusSignal={state.focus.n} />
      </div>
    </ChatEnvContext.Provider>
  );
}

// The floor the chat's streaming is measured against in `npm run bench -- --only chat`:
// react-markdown used the way its README shows, re-rendering the whole answer as it grows,
// fed the same `conversation` and `ops` messages, reporting `painted` the same way. What the
// chat costs beyond it is its tool cards, virtualisation and the rest; what it saves is the
// re-rendering of finished blocks.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { applyChatOps, type ConversationView, type HostToChatMessage } from '../../src/protocol/index';

declare function acquireVsCodeApi(): { postMessage(message: unknown): void };
const api = acquireVsCodeApi();

function App() {
  const [view, setView] = useState<ConversationView | undefined>();
  useEffect(() => {
    const onMessage = (e: MessageEvent<HostToChatMessage>) => {
      const m = e.data;
      if (m.type === 'conversation') setView(m.conversation);
      else if (m.type === 'ops') setView((v) => (v ? applyChatOps(v, m.ops) : v));
    };
    window.addEventListener('message', onMessage);
    api.postMessage({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const last = view?.items.at(-1);
  const text = last?.kind === 'assistant' ? last.text : '';
  useEffect(() => {
    if (!last) return;
    const frame = requestAnimationFrame(() => setTimeout(() => api.postMessage({ type: 'painted', id: last.id, length: text.length, at: performance.timeOrigin + performance.now() }), 0));
    return () => cancelAnimationFrame(frame);
  }, [last, text.length]);
  return (
    <div>
      <ReactMarkdown remarkPlugins={[remarkGfm]}>{text}</ReactMarkdown>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<App />);

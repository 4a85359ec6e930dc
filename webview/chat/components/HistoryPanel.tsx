import type { HistoryEntry } from '../../../src/protocol/index';
import { useChatEnv } from '../context';
import { fill, formatCost, formatDate } from '../format';

/** The workspace's conversations, newest first: open one, delete one, or start a new one. */
export function HistoryPanel({ entries, unreadable, activeId, onClose }: { entries: HistoryEntry[]; unreadable: number; activeId: string | undefined; onClose(): void }) {
  const { host, strings, lang } = useChatEnv();
  return (
    <div className="af-history" role="region" aria-label={strings.history}>
      <div className="af-history-bar">
        <button type="button" className="af-button" onClick={onClose}>
          <span className="codicon codicon-arrow-left" aria-hidden="true" /> {strings.back}
        </button>
        <button type="button" className="af-button" onClick={() => host.post({ type: 'newConversation' })}>
          <span className="codicon codicon-add" aria-hidden="true" /> {strings.newChat}
        </button>
      </div>
      {unreadable > 0 && (
        <div className="af-notice af-notice-warning" role="alert">
          <span className="codicon codicon-warning" aria-hidden="true" /> {fill(strings.unreadable, unreadable)}
        </div>
      )}
      {entries.length === 0 && <div className="af-history-empty">{strings.noHistory}</div>}
      <ul className="af-history-list">
        {entries.map((e) => (
          <li key={e.id} className={`af-history-entry${e.id === activeId ? ' af-selected' : ''}`}>
            <button type="button" className="af-history-open" onClick={() => host.post({ type: 'openConversation', id: e.id })}>
              <span className="af-history-title">{e.title || strings.untitled}</span>
              <span className="af-history-meta">
                {formatDate(e.updatedAt, lang)} · {formatCost(e.costUsd, strings.costUnknown)}
              </span>
            </button>
            <button type="button" className="af-icon-button" aria-label={fill(strings.deleteConversation, e.title || strings.untitled)} title={fill(strings.deleteConversation, e.title || strings.untitled)} onClick={() => host.post({ type: 'deleteConversation', id: e.id })}>
              <span className="codicon codicon-trash" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

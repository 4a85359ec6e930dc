import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatChrome, PromptView } from '../../../src/protocol/index';
import { useChatEnv } from '../context';
import { ATTACHMENT_ICON, fill } from '../format';

export interface ComposerProps {
  chrome: ChatChrome | undefined;
  running: boolean;
  draft: string;
  onDraft(text: string): void;
  /** Bumped to take the focus. */
  focusSignal: number;
}

const MAX_ROWS = 12;

function matches(prompts: PromptView[], draft: string): PromptView[] {
  const m = /^\/([\w.-]*)$/.exec(draft);
  if (!m) return [];
  const q = m[1].toLowerCase();
  return prompts.filter((p) => p.command.toLowerCase().startsWith(q) || p.name.toLowerCase().includes(q)).slice(0, 8);
}

/**
 * Where the user writes: Enter sends, Shift+Enter starts a new line, Escape stops a run,
 * `/` lists the MCP servers' prompts. Attachments are chips above the text; the model picker
 * and Send/Stop sit below it.
 */
export function Composer({ chrome, running, draft, onDraft, focusSignal }: ComposerProps) {
  const { host, strings } = useChatEnv();
  const area = useRef<HTMLTextAreaElement>(null);
  const [menu, setMenu] = useState(false);
  const [selected, setSelected] = useState(0);
  const blocked = chrome?.blocker !== undefined;
  const suggestions = useMemo(() => matches(chrome?.prompts ?? [], draft), [chrome?.prompts, draft]);

  useEffect(() => {
    area.current?.focus();
  }, [focusSignal]);

  useEffect(() => {
    // Grow with the text, up to MAX_ROWS lines (height through the CSSOM, which the CSP allows).
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const line = parseFloat(getComputedStyle(el).lineHeight) || 18;
    el.style.height = `${Math.min(el.scrollHeight, line * MAX_ROWS + 12)}px`;
  }, [draft]);

  useEffect(() => setSelected(0), [suggestions.length]);

  const send = () => {
    if (running || blocked) return;
    if (!draft.trim() && !(chrome?.attachments.length ?? 0)) return;
    host.post({ type: 'send', text: draft });
    onDraft('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (suggestions.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setSelected((i) => (i + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
        return;
      }
      if (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey && draft !== `/${suggestions[selected].command}`)) {
        e.preventDefault();
        onDraft(`/${suggestions[selected].command} `);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    } else if (e.key === 'Escape' && running) {
      e.preventDefault();
      host.post({ type: 'stop' });
    }
  };

  return (
    <div className="af-composer">
      {suggestions.length > 0 && (
        <div className="af-slash" role="listbox" aria-label={strings.slashHint}>
          {suggestions.map((p, i) => (
            <div
              key={`${p.server}/${p.name}`}
              role="option"
              aria-selected={i === selected}
              className={`af-slash-item${i === selected ? ' af-selected' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                onDraft(`/${p.command} `);
                area.current?.focus();
              }}
            >
              <span className="af-slash-command">/{p.command}</span>
              <span className="af-slash-server">{p.server}</span>
              {p.description && <span className="af-slash-description">{p.description}</span>}
            </div>
          ))}
        </div>
      )}
      {(chrome?.attachments.length ?? 0) > 0 && (
        <div className="af-chips">
          {chrome!.attachments.map((a) => (
            <span key={a.id} className="af-chip" data-kind={a.kind} title={a.kind === 'app' ? `${strings.appContext}\n\n${a.detail ?? ''}` : (a.detail ?? a.label)}>
              <span className={`codicon codicon-${ATTACHMENT_ICON[a.kind]}`} aria-hidden="true" /> {a.label}
              <button type="button" className="af-icon-button" aria-label={fill(strings.removeAttachment, a.label)} title={fill(strings.removeAttachment, a.label)} onClick={() => host.post({ type: 'detach', id: a.id })}>
                <span className="codicon codicon-close" aria-hidden="true" />
              </button>
            </span>
          ))}
        </div>
      )}
      <textarea
        ref={area}
        className="af-input"
        rows={1}
        value={draft}
        placeholder={blocked ? strings.placeholderBlocked : strings.placeholder}
        aria-label={strings.messageLabel}
        onChange={(e) => onDraft(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="af-composer-bar">
        <div className="af-attach">
          <button type="button" className="af-icon-button" aria-haspopup="menu" aria-expanded={menu} aria-label={strings.attach} title={strings.attach} disabled={blocked} onClick={() => setMenu(!menu)}>
            <span className="codicon codicon-attach" aria-hidden="true" />
          </button>
          {menu && (
            <div className="af-menu" role="menu" onMouseLeave={() => setMenu(false)}>
              {(
                [
                  ['file', strings.attachFile, 'file'],
                  ['selection', strings.attachSelection, 'selection'],
                  ['resource', strings.attachResource, 'plug'],
                ] as const
              ).map(([kind, label, icon]) => (
                <button
                  key={kind}
                  type="button"
                  role="menuitem"
                  className="af-menu-item"
                  onClick={() => {
                    setMenu(false);
                    host.post({ type: 'attach', kind });
                  }}
                >
                  <span className={`codicon codicon-${icon}`} aria-hidden="true" /> {label}
                </button>
              ))}
            </div>
          )}
        </div>
        <select
          className="af-model"
          aria-label={strings.model}
          title={strings.model}
          value={chrome?.model ?? ''}
          disabled={running || !chrome}
          onChange={(e) => host.post({ type: 'setModel', model: e.target.value })}
        >
          {(chrome?.models ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </select>
        <span className="af-spacer" />
        {running ? (
          <button type="button" className="af-button af-stop" aria-label={strings.stop} title={`${strings.stop} (Escape)`} onClick={() => host.post({ type: 'stop' })}>
            <span className="codicon codicon-debug-stop" aria-hidden="true" /> {strings.stop}
          </button>
        ) : (
          <button type="button" className="af-button af-primary af-send" aria-label={strings.send} title={`${strings.send} (Enter)`} disabled={blocked || (!draft.trim() && !(chrome?.attachments.length ?? 0))} onClick={send}>
            <span className="codicon codicon-send" aria-hidden="true" />
          </button>
        )}
      </div>
    </div>
  );
}

import { memo, useEffect, useRef, useState } from 'react';
import { appShown, type ApprovalChoice, type ToolAppView, type ToolItem, type ToolResultPart, type ToolStatus } from '../../../src/protocol/index';
import { AppFrame } from '../apps/AppFrame';
import { useChatEnv } from '../context';
import { fill, formatDuration } from '../format';

/** Lines of a result shown before "Show all". */
const FOLDED_LINES = 12;

const STATUS_ICON: Record<ToolStatus, string> = {
  preparing: 'loading codicon-modifier-spin',
  approval: 'shield',
  running: 'loading codicon-modifier-spin',
  done: 'check',
  failed: 'error',
  denied: 'circle-slash',
  cancelled: 'debug-stop',
  not_run: 'circle-large-outline',
};

/** The keys that answer an approval while the card waits (shown on its buttons). */
export const APPROVAL_KEYS: Record<string, ApprovalChoice> = { a: 'allow_once', s: 'allow_session', w: 'allow_always', d: 'deny' };

function statusLabel(status: ToolStatus, s: ReturnType<typeof useChatEnv>['strings']): string {
  switch (status) {
    case 'preparing':
      return s.statusPreparing;
    case 'approval':
      return s.statusApproval;
    case 'running':
      return s.statusRunning;
    case 'done':
      return s.statusDone;
    case 'failed':
      return s.statusFailed;
    case 'denied':
      return s.statusDenied;
    case 'cancelled':
      return s.statusCancelled;
    case 'not_run':
      return s.statusNotRun;
  }
}

function ResultText({ text }: { text: string }) {
  const { strings } = useChatEnv();
  const lines = text.split('\n');
  const [open, setOpen] = useState(false);
  const folded = lines.length > FOLDED_LINES && !open;
  return (
    <div className="af-result-text">
      <pre>{folded ? `${lines.slice(0, FOLDED_LINES).join('\n')}\n…` : text}</pre>
      {lines.length > FOLDED_LINES && (
        <button type="button" className="af-link-button" onClick={() => setOpen(!open)}>
          {open ? strings.showLess : fill(strings.showMore, lines.length)}
        </button>
      )}
    </div>
  );
}

function ResultPart({ part, server }: { part: ToolResultPart; server: string }) {
  const { strings } = useChatEnv();
  if (part.type === 'text') return <ResultText text={part.text} />;
  if (part.type === 'image') return <img className="af-result-image" src={`data:${part.mimeType};base64,${part.data}`} alt={fill(strings.image, server)} />;
  return <div className="af-result-note">{part.text}</div>;
}

/** A tool's description, three lines at first (servers write long ones). */
function Description({ text }: { text: string }) {
  const { strings } = useChatEnv();
  const [open, setOpen] = useState(false);
  const long = text.length > 160;
  return (
    <div className="af-approval-description">
      <div className={long && !open ? 'af-clamp' : undefined}>{text}</div>
      {long && (
        <button type="button" className="af-link-button" onClick={() => setOpen(!open)}>
          {open ? strings.showLess : strings.showDescription}
        </button>
      )}
    </div>
  );
}

function ApprovalBar({ item }: { item: ToolItem }) {
  const { host, strings } = useChatEnv();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Take the focus only when the user is not typing something.
    const active = document.activeElement;
    const typing = active instanceof HTMLTextAreaElement && active.value.trim() !== '';
    if (!typing) first.current?.focus();
  }, []);
  const answer = (choice: ApprovalChoice) => host.post({ type: 'approve', toolUseId: item.id, choice });
  const a = item.approval!;
  return (
    <div className="af-approval" role="group" aria-label={fill(strings.approvalQuestion, item.tool ?? item.name, item.server ?? '')}>
      <div className="af-approval-question">{fill(strings.approvalQuestion, item.tool ?? item.name, item.server ?? '?')}</div>
      {a.description && <Description text={a.description} />}
      {a.definitionChanged && (
        <div className="af-approval-warning">
          <span className="codicon codicon-warning" aria-hidden="true" /> {strings.definitionChanged}
        </div>
      )}
      {a.destructive && (
        <div className="af-approval-warning">
          <span className="codicon codicon-warning" aria-hidden="true" /> {strings.destructive}
        </div>
      )}
      {a.readOnly && !a.destructive && <div className="af-approval-note">{strings.readOnly}</div>}
      <div className="af-approval-buttons">
        <button ref={first} type="button" className="af-button af-primary" aria-keyshortcuts="A" onClick={() => answer('allow_once')}>
          {strings.allowOnce} <kbd>A</kbd>
        </button>
        <button type="button" className="af-button" aria-keyshortcuts="S" onClick={() => answer('allow_session')}>
          {strings.allowSession} <kbd>S</kbd>
        </button>
        <button type="button" className="af-button" aria-keyshortcuts="W" onClick={() => answer('allow_always')}>
          {strings.allowAlways} <kbd>W</kbd>
        </button>
        <button type="button" className="af-button af-danger" aria-keyshortcuts="D" onClick={() => answer('deny')}>
          {strings.deny} <kbd>D</kbd>
        </button>
      </div>
    </div>
  );
}

/** "Open File" and "Open Preview" for the `.diagram` file a result names; the host checks the file and opens it. */
function FileActions({ item, display }: { item: ToolItem; display: string }) {
  const { host, strings } = useChatEnv();
  const open = (target: 'file' | 'preview') => host.post({ type: 'openDiagram', toolUseId: item.id, target });
  return (
    <div className="af-tool-files" role="group">
      <button type="button" className="af-button af-open-file" title={fill(strings.openFileTitle, display)} onClick={() => open('file')}>
        <span className="codicon codicon-go-to-file" aria-hidden="true" /> {strings.openFile}
      </button>
      <button type="button" className="af-button af-open-preview" title={fill(strings.openPreviewTitle, display)} onClick={() => open('preview')}>
        <span className="codicon codicon-open-preview" aria-hidden="true" /> {strings.openPreview}
      </button>
    </div>
  );
}

function Elapsed({ since }: { since: number }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  return <span className="af-tool-duration">{formatDuration(Date.now() - since)}</span>;
}

/**
 * One tool call: server and tool, live status, duration, the arguments (folded), the approval
 * question while it waits, progress while it runs, and the result (text folded when long,
 * pictures shown). Everything is text or a `data:` picture: nothing from a tool becomes HTML.
 * A tool with an MCP App shows the app once the call runs (in a frame of its own, see
 * AppFrame), and its result folded below it. A result that names a `.diagram` file offers to
 * open it and its preview.
 */
export const ToolCard = memo(function ToolCard({ item, app }: { item: ToolItem; app?: ToolAppView | undefined }) {
  const { strings } = useChatEnv();
  const [showArgs, setShowArgs] = useState(false);
  const withApp = app !== undefined && appShown(item.status, item.startedAt);
  const [showResult, setShowResult] = useState(false);
  const server = item.server ?? item.name.split('__')[0] ?? '';
  const tool = item.tool ?? item.name;
  const how =
    item.approvedHow === 'session' ? strings.approvedHowSession : item.approvedHow === 'always' ? strings.approvedHowAlways : item.approvedHow === 'trusted_read_only' ? strings.approvedHowTrusted : undefined;
  const p = item.progress;
  return (
    <div className={`af-tool af-tool-${item.status}`} data-tool-id={item.id} data-status={item.status} aria-label={fill(strings.toolLabel, `${server} › ${tool}`)} role="group">
      <div className="af-tool-header">
        <span className={`codicon codicon-${STATUS_ICON[item.status]}`} aria-hidden="true" />
        <span className="af-tool-name">
          <span className="af-tool-server">{server}</span> › <span className="af-tool-tool">{tool}</span>
        </span>
        <span className="af-tool-meta">
          <span className="af-tool-status">{statusLabel(item.status, strings)}</span>
          {item.startedAt !== undefined && item.endedAt !== undefined && <span className="af-tool-duration">{formatDuration(item.endedAt - item.startedAt)}</span>}
          {item.startedAt !== undefined && item.endedAt === undefined && item.status === 'running' && <Elapsed since={item.startedAt} />}
        </span>
      </div>
      {how && <div className="af-tool-how">{how}</div>}
      <button type="button" className="af-link-button af-tool-args-toggle" aria-expanded={showArgs} onClick={() => setShowArgs(!showArgs)}>
        <span className={`codicon codicon-chevron-${showArgs ? 'down' : 'right'}`} aria-hidden="true" /> {strings.arguments}
      </button>
      {showArgs && <pre className="af-tool-args">{item.args || '{}'}</pre>}
      {item.status === 'approval' && item.approval && <ApprovalBar item={item} />}
      {item.status === 'running' && p && (
        <div className="af-progress">
          {p.total ? <progress value={p.progress} max={p.total} /> : null}
          {p.message && <span className="af-progress-message">{p.message}</span>}
        </div>
      )}
      {withApp && <AppFrame item={item} app={app} />}
      {withApp && item.result && item.result.parts.length > 0 && (
        <button type="button" className="af-link-button af-tool-result-toggle" aria-expanded={showResult} onClick={() => setShowResult(!showResult)}>
          <span className={`codicon codicon-chevron-${showResult ? 'down' : 'right'}`} aria-hidden="true" /> {strings.result}
        </button>
      )}
      {item.result && item.result.parts.length > 0 && (!withApp || showResult) && (
        <div className={`af-tool-result${item.result.isError ? ' af-error' : ''}`} aria-label={strings.result}>
          {item.result.parts.map((part, i) => (
            <ResultPart key={i} part={part} server={server} />
          ))}
        </div>
      )}
      {item.result?.file && <FileActions item={item} display={item.result.file.display} />}
    </div>
  );
});

import type { ChatChrome } from '../../../src/protocol/index';
import { useChatEnv } from '../context';
import { fill } from '../format';

/**
 * What keeps the chat from working, said plainly with the action that fixes it: Restricted
 * Mode, a missing API key, a provider not set up (what is missing, named), an MCP server
 * that failed (its tools are missing).
 */
export function Banners({ chrome }: { chrome: ChatChrome | undefined }) {
  const { host, strings } = useChatEnv();
  if (!chrome) return null;
  const failed = chrome.servers.filter((s) => s.state === 'failed');
  return (
    <div className="af-banners">
      {chrome.blocker === 'untrusted' && (
        <div className="af-banner af-banner-warning" role="alert" data-banner="untrusted">
          <span className="codicon codicon-shield" aria-hidden="true" />
          <span className="af-banner-text">{strings.untrusted}</span>
          <button type="button" className="af-button af-primary" onClick={() => host.post({ type: 'action', action: 'manageTrust' })}>
            {strings.manageTrust}
          </button>
        </div>
      )}
      {chrome.blocker === 'noKey' && (
        <div className="af-banner af-banner-warning" role="alert" data-banner="noKey">
          <span className="codicon codicon-key" aria-hidden="true" />
          <span className="af-banner-text">{strings.noKey}</span>
          <button type="button" className="af-button af-primary" onClick={() => host.post({ type: 'action', action: 'setApiKey' })}>
            {strings.setKey}
          </button>
        </div>
      )}
      {chrome.blocker === 'providerSetup' && chrome.provider && (
        <div className="af-banner af-banner-warning" role="alert" data-banner="providerSetup">
          <span className="codicon codicon-plug" aria-hidden="true" />
          <span className="af-banner-text">{fill(strings.providerSetup, chrome.provider.label, chrome.provider.missing ?? '')}</span>
          <button type="button" className="af-button af-primary" onClick={() => host.post({ type: 'action', action: 'openSettings' })}>
            {strings.openSettings}
          </button>
        </div>
      )}
      {failed.map((s) => (
        <div key={s.name} className="af-banner af-banner-error" role="alert" data-banner="server" data-server={s.name}>
          <span className="codicon codicon-error" aria-hidden="true" />
          <div className="af-banner-text">
            <div>{fill(strings.serverFailed, s.name)}</div>
            {s.error && <pre className="af-banner-detail">{s.error}</pre>}
          </div>
          <button type="button" className="af-button" onClick={() => host.post({ type: 'action', action: 'showServerLog', server: s.name })}>
            {strings.showLog}
          </button>
          <button type="button" className="af-button" onClick={() => host.post({ type: 'action', action: 'restartServer', server: s.name })}>
            {strings.restart}
          </button>
        </div>
      ))}
    </div>
  );
}

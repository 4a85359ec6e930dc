import { createRoot } from 'react-dom/client';
import '@vscode/codicons/dist/codicon.css';
import './styles.css';
import type { ChatBootConfig } from '../../src/protocol/index';
import { App } from './App';
import { connectToHost } from './host';

const host = connectToHost();

function readBoot(): ChatBootConfig {
  const raw = document.getElementById('archflow-chat-config')?.getAttribute('data-config');
  if (!raw) throw new Error('the chat page has no boot config');
  return JSON.parse(raw) as ChatBootConfig;
}

window.addEventListener('error', (e) => host.post({ type: 'log', level: 'error', message: String(e.error?.stack ?? e.message).slice(0, 4000) }));
window.addEventListener('unhandledrejection', (e) => host.post({ type: 'log', level: 'error', message: String(e.reason?.stack ?? e.reason).slice(0, 4000) }));
// A blocked resource or inline style would mean the page relies on something the CSP forbids.
document.addEventListener('securitypolicyviolation', (e) => host.post({ type: 'log', level: 'error', message: `CSP violation: ${e.violatedDirective} ${e.blockedURI}`.slice(0, 4000) }));

createRoot(document.getElementById('root')!).render(<App boot={readBoot()} host={host} />);

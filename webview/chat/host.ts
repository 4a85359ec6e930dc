import type { ChatToHostMessage, ChatWebviewState } from '../../src/protocol/index';
import { connectWebview, type WebviewHost } from '../vscodeApi';

/** The chat's channel: typed posts to the host and the persisted draft. */
export type ChatHost = WebviewHost<ChatToHostMessage, ChatWebviewState>;

export function connectToHost(): ChatHost {
  return connectWebview((s): s is ChatWebviewState => {
    const saved = s as Partial<ChatWebviewState> | undefined;
    return !!saved && typeof saved === 'object' && saved.stateVersion === 1 && typeof saved.draft === 'string';
  });
}

import type { ChatToHostMessage, ChatWebviewState } from '../../src/protocol/index';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** The webview's side of the channel: typed posts to the host and the persisted view state. */
export interface ChatHost {
  post(message: ChatToHostMessage): void;
  state(): ChatWebviewState | undefined;
  saveState(state: ChatWebviewState): void;
}

/** `acquireVsCodeApi` may be called once per page; this wraps that single instance. */
export function connectToHost(): ChatHost {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    state: () => {
      const s = api.getState() as Partial<ChatWebviewState> | undefined;
      return s && s.stateVersion === 1 && typeof s.draft === 'string' ? (s as ChatWebviewState) : undefined;
    },
    saveState: (state) => api.setState(state),
  };
}

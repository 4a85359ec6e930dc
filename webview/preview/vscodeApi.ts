import type { PreviewState, PreviewToHostMessage } from '../../src/protocol/index';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** The webview's side of the channel: typed posts to the host and the persisted view state. */
export interface HostChannel {
  post(message: PreviewToHostMessage): void;
  state(): Partial<PreviewState> | undefined;
  saveState(state: PreviewState): void;
}

/** `acquireVsCodeApi` may be called once per page; this wraps that single instance. */
export function connectToHost(): HostChannel {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    state: () => {
      const s = api.getState();
      return s && typeof s === 'object' && (s as { stateVersion?: unknown }).stateVersion === 1 ? (s as Partial<PreviewState>) : undefined;
    },
    saveState: (state) => api.setState(state),
  };
}

import type { PreviewState, PreviewToHostMessage } from '../src/protocol/index';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** A webview's side of its channel: typed posts to the host and the view state VS Code keeps across reloads. */
export interface WebviewHost<Out, State, Saved = State> {
  post(message: Out): void;
  /** The saved state, when it is one this version of the page wrote. */
  state(): Saved | undefined;
  saveState(state: State): void;
}

/**
 * `acquireVsCodeApi` may be called once per page; this wraps that single instance.
 * `accept` tells a state this page can read from one an older version left.
 */
export function connectWebview<Out, State, Saved = State>(accept: (saved: unknown) => saved is Saved): WebviewHost<Out, State, Saved> {
  const api = acquireVsCodeApi();
  return {
    post: (message) => api.postMessage(message),
    state: () => {
      const s = api.getState();
      return accept(s) ? s : undefined;
    },
    saveState: (state) => api.setState(state),
  };
}

/** The preview's channel. */
export type HostChannel = WebviewHost<PreviewToHostMessage, PreviewState, Partial<PreviewState>>;

export function connectToHost(): HostChannel {
  return connectWebview((s): s is Partial<PreviewState> => !!s && typeof s === 'object' && (s as { stateVersion?: unknown }).stateVersion === 1);
}

import { useEffect, useReducer, useState } from 'react';
import { App, type McpUiHostCapabilities, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { INITIAL_PHASE, nextPhase, type ViewPhase } from './viewState';

/** After this long without an answer to `ui/initialize` the view says the host is silent. */
const SLOW_HOST_MS = 4000;
/** When the handshake is given up. */
const CONNECT_TIMEOUT_MS = 60_000;

declare const ARCHFLOW_VERSION: string;

export interface Host {
  /** Set once created (before the handshake ends); calls need `connected`. */
  app: App | undefined;
  connected: boolean;
  phase: ViewPhase;
  /** The host context, with every `host-context-changed` merged in. */
  context: McpUiHostContext;
  capabilities: McpUiHostCapabilities;
}

/**
 * The view's side of the MCP Apps bridge (ext-apps' `App` over `postMessage` to the
 * parent): registers the tool-input, tool-result, cancel and context handlers before the
 * `ui/initialize` handshake (the host may send them right after it), reports no sizes of
 * its own (the view has a fixed height; see DiagramApp), and turns everything the host
 * says into a {@link ViewPhase}. Never throws: a host that fails or never answers becomes
 * the `hostSilent` and `hostFailed` phases.
 */
export function useHost(): Host {
  const [phase, dispatch] = useReducer(nextPhase, INITIAL_PHASE);
  const [app, setApp] = useState<App | undefined>(undefined);
  const [connected, setConnected] = useState(false);
  const [context, setContext] = useState<McpUiHostContext>({});
  const [capabilities, setCapabilities] = useState<McpUiHostCapabilities>({});

  useEffect(() => {
    const created = new App({ name: 'ArchFlow diagram', version: ARCHFLOW_VERSION }, { availableDisplayModes: ['inline', 'fullscreen'] }, { autoResize: false });
    created.ontoolinputpartial = (p) => dispatch({ type: 'toolInputPartial', arguments: p.arguments });
    created.ontoolinput = (p) => dispatch({ type: 'toolInput', arguments: p.arguments });
    created.ontoolresult = (result) => dispatch({ type: 'toolResult', result });
    created.ontoolcancelled = (p) => dispatch({ type: 'toolCancelled', reason: p.reason });
    // App merges each change into its host context before calling this.
    created.onhostcontextchanged = () => setContext({ ...created.getHostContext() });
    created.onteardown = async () => ({});
    setApp(created);
    let live = true;
    const slow = setTimeout(() => dispatch({ type: 'slowHost' }), SLOW_HOST_MS);
    created.connect(undefined, { timeout: CONNECT_TIMEOUT_MS }).then(
      () => {
        clearTimeout(slow);
        if (!live) return;
        setContext({ ...created.getHostContext() });
        setCapabilities(created.getHostCapabilities() ?? {});
        setConnected(true);
        dispatch({ type: 'connected' });
      },
      (err: unknown) => {
        clearTimeout(slow);
        if (live) dispatch({ type: 'connectFailed', error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      live = false;
      clearTimeout(slow);
      void created.close();
    };
  }, []);

  return { app, connected, phase, context, capabilities };
}

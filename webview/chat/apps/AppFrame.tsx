import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AppBridge, McpUiHostCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { APP_DEFAULT_HEIGHT, ARCHFLOW_CHAT_HOST, appMaxHeight, clampAppHeight, type AppDocumentView, type ToolAppView, type ToolItem } from '../../../src/protocol/index';
import { useChatEnv } from '../context';
import { fill } from '../format';
import { loadBridge, type BridgeModule } from './bridgeLoader';
import { useVsCodeLook } from './vscodeTheme';

/** How long an app may take to answer `ui/initialize` before the card says it did not start. */
const START_TIMEOUT_MS = 20_000;
const HOST_INFO = { name: ARCHFLOW_CHAT_HOST, version: '1.0.0' };
/** Height of the bar above an app shown full screen. */
const BAR_HEIGHT = 30;

// The host passes MCP's shapes on as plain JSON (src/protocol/chatApps.ts); they were checked by the SDK where they were made.
type CallToolResult = Parameters<AppBridge['sendToolResult']>[0];
type ReadResourceResult = Awaited<ReturnType<NonNullable<AppBridge['onreadresource']>>>;
type ToolDefinition = NonNullable<McpUiHostContext['toolInfo']>['tool'];

type Load = { state: 'loading' } | { state: 'ready'; doc: AppDocumentView; bridge: BridgeModule } | { state: 'failed'; error: string };

/** The call's arguments as an object (the card keeps them as indented JSON text). */
function argumentsOf(item: ToolItem): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(item.args || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What the chat offers every app; `sandbox` says which of its declared domains and permissions it got. */
function capabilities(doc: AppDocumentView): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: {},
    logging: {},
    updateModelContext: { text: {}, structuredContent: {} },
    message: { text: {} },
    sandbox: { csp: doc.sandbox.csp, permissions: doc.sandbox.permissions },
  };
}

/**
 * The MCP App of a tool card: the host reads the app's `ui://` resource and serves it as a
 * document of its own (its CSP from the resource's `_meta.ui.csp`, never the chat's), which
 * runs here in a sandboxed frame (`allow-scripts` only: an origin of its own, no access to
 * the chat). A load that fails says why, with Retry.
 */
export function AppFrame({ item, app }: { item: ToolItem; app: ToolAppView }) {
  const { apps, strings } = useChatEnv();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    Promise.all([apps.request(item.id, 'load'), loadBridge()]).then(
      ([doc, bridge]) => live && setLoad({ state: 'ready', doc, bridge }),
      (err: Error) => live && setLoad({ state: 'failed', error: err.message }),
    );
    return () => {
      live = false;
    };
  }, [apps, item.id, attempt]);
  const retry = () => setAttempt((n) => n + 1);

  if (load.state === 'ready') return <AppSurface key={`${load.doc.url}#${attempt}`} item={item} app={app} doc={load.doc} modules={load.bridge} onRetry={retry} />;
  if (load.state === 'failed') {
    return (
      <div className="af-app af-app-failed" data-app-state="failed" role="alert">
        <span className="codicon codicon-error" aria-hidden="true" /> {fill(strings.appFailed, load.error)}{' '}
        <button type="button" className="af-link-button" onClick={retry}>
          {strings.appRetry}
        </button>
      </div>
    );
  }
  return (
    <div className="af-app af-app-placeholder" data-app-state="loading" style={{ height: APP_DEFAULT_HEIGHT }}>
      <div className="af-app-status">{strings.appLoading}</div>
    </div>
  );
}

/**
 * The app's frame and its bridge (ext-apps' AppBridge over `postMessage`): sends the call's
 * arguments once the app is initialized, then its result (or `tool-cancelled`); follows VS
 * Code's theme and the frame's size in the host context; sizes the frame as the app asks,
 * within {@link clampAppHeight}; shows it full screen in the chat view when asked. What the
 * app asks beyond its frame goes to the host, which decides.
 */
function AppSurface({ item, app, doc, modules, onRetry }: { item: ToolItem; app: ToolAppView; doc: AppDocumentView; modules: BridgeModule; onRetry(): void }) {
  const { apps, strings, lang } = useChatEnv();
  const look = useVsCodeLook();
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const bridge = useRef<AppBridge | undefined>(undefined);
  const [initialized, setInitialized] = useState(false);
  const [silent, setSilent] = useState(false);
  const [mode, setMode] = useState<'inline' | 'fullscreen'>('inline');
  const [requested, setRequested] = useState<number | undefined>(undefined);
  const [viewHeight, setViewHeight] = useState(() => window.innerHeight);
  const [width, setWidth] = useState(0);
  const height = clampAppHeight(requested ?? APP_DEFAULT_HEIGHT, viewHeight)!;
  const who = `${app.server} › ${app.tool}`;

  useEffect(() => {
    const onResize = () => setViewHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.round(entry.contentRect.width)));
    if (box.current) observer.observe(box.current);
    return () => {
      window.removeEventListener('resize', onResize);
      observer.disconnect();
    };
  }, []);

  const context = useMemo<McpUiHostContext>(
    () => ({
      theme: look.theme,
      styles: { variables: look.variables },
      displayMode: mode,
      availableDisplayModes: ['inline', 'fullscreen'],
      containerDimensions: mode === 'fullscreen' ? { height: Math.max(0, viewHeight - BAR_HEIGHT), width } : { maxHeight: appMaxHeight(viewHeight), width },
      locale: lang,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      platform: 'desktop',
      userAgent: HOST_INFO.name,
      ...(doc.tool ? { toolInfo: { id: item.id, tool: doc.tool as unknown as ToolDefinition } } : {}),
    }),
    [look, mode, viewHeight, width, lang, doc.tool, item.id],
  );
  const contextNow = useRef(context);
  contextNow.current = context;

  // The bridge listens before the document can run (this runs in the task that inserted the frame).
  useLayoutEffect(() => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    const b = new modules.AppBridge(null, HOST_INFO, capabilities(doc), { hostContext: contextNow.current });
    b.oncalltool = async (params) => (await apps.request(item.id, 'callTool', { name: params.name, ...(params.arguments ? { arguments: params.arguments } : {}) })) as unknown as CallToolResult;
    b.onreadresource = async (params) => (await apps.request(item.id, 'readResource', { uri: params.uri })) as unknown as ReadResourceResult;
    b.onopenlink = (params) => apps.request(item.id, 'openLink', { url: params.url });
    b.onmessage = (params) => apps.request(item.id, 'message', params);
    b.onupdatemodelcontext = async (params) => {
      await apps.request(item.id, 'modelContext', params);
      return {};
    };
    b.onloggingmessage = (params) => void apps.request(item.id, 'log', { level: params.level, ...(params.logger ? { logger: params.logger } : {}), data: params.data }).catch(() => undefined);
    b.onsizechange = (params) => {
      if (typeof params.height === 'number') setRequested(params.height);
    };
    b.onrequestdisplaymode = async (params) => {
      const next = params.mode === 'fullscreen' ? 'fullscreen' : 'inline';
      setMode(next);
      return { mode: next };
    };
    b.oninitialized = () => setInitialized(true);
    bridge.current = b;
    void b.connect(new modules.PostMessageTransport(target, target));
    return () => {
      bridge.current = undefined;
      void b.close();
    };
  }, [apps, doc, item.id, modules]);

  useEffect(() => bridge.current?.setHostContext(context), [context]);

  useEffect(() => {
    if (initialized) return;
    const timer = setTimeout(() => setSilent(true), START_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [initialized]);

  // The call as it goes: its arguments once, then how it ended, once.
  const sent = useRef({ input: false, end: false });
  const status = item.status;
  useEffect(() => {
    const b = bridge.current;
    if (!b || !initialized) return;
    if (!sent.current.input) {
      sent.current.input = true;
      void b.sendToolInput({ arguments: argumentsOf(item) });
    }
    if (sent.current.end) return;
    const cancelled = (reason: string) => void b.sendToolCancelled({ reason });
    if (status === 'done' || status === 'failed') {
      sent.current.end = true;
      apps.request(item.id, 'result').then(
        ({ result }) => {
          if (bridge.current !== b) return;
          if (result) void b.sendToolResult(result as unknown as CallToolResult);
          else cancelled(item.result?.summary || strings.appCancelled);
        },
        (err: Error) => bridge.current === b && cancelled(err.message),
      );
    } else if (status === 'cancelled') {
      sent.current.end = true;
      cancelled(strings.appCancelled);
    }
    // `item` is read for its arguments and summary, which are final by the time they are sent.
  }, [initialized, status, apps, strings]);

  // Escape leaves full screen before it stops a run (the chat's own Escape handler runs later).
  useEffect(() => {
    if (mode !== 'fullscreen') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setMode('inline');
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [mode]);

  const state = initialized ? 'ready' : silent ? 'silent' : 'starting';
  return (
    <div
      ref={box}
      className={`af-app${doc.prefersBorder ? ' af-app-border' : ''}${mode === 'fullscreen' ? ' af-app-fullscreen' : ''}`}
      data-app-state={state}
      data-app-mode={mode}
      data-app-height={height}
      data-app-requested={requested ?? ''}
    >
      {mode === 'fullscreen' && (
        <div className="af-app-bar">
          <span className="af-app-bar-title">{fill(strings.appFullscreen, who)}</span>
          <button type="button" className="af-button af-app-exit" onClick={() => setMode('inline')}>
            {strings.appExitFullscreen} <kbd>Esc</kbd>
          </button>
        </div>
      )}
      <iframe
        ref={frame}
        className="af-app-frame"
        src={doc.url}
        sandbox="allow-scripts"
        allow={doc.allow || undefined}
        referrerPolicy="no-referrer"
        title={fill(strings.appTitle, who)}
        style={mode === 'fullscreen' ? undefined : { height }}
      />
      {state !== 'ready' && (
        <div className="af-app-status" role="status">
          {state === 'silent' ? (
            <>
              {strings.appSilent}{' '}
              <button type="button" className="af-link-button" onClick={onRetry}>
                {strings.appRetry}
              </button>
            </>
          ) : (
            strings.appLoading
          )}
        </div>
      )}
    </div>
  );
}

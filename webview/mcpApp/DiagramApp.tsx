import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Controls, Panel, ReactFlowProvider, useReactFlow, type EdgeMouseHandler, type NodeMouseHandler } from '@xyflow/react';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { SELECT_ELEMENT_TOOL, type DiagramViewData, type ElementSelection } from '../../src/protocol/mcpAppMessages';
import { ARCHFLOW_CHAT_HOST } from '../../src/protocol/chatApps';
import { safeLink, THEMES } from '../../src/core/render/index';
import type { SceneEdge } from '../../src/core/scene';
import { DiagramFlow, FIT_OPTIONS } from '../diagram/components/DiagramFlow';
import { DrawingContext, paletteNameFor, type Drawing } from '../diagram/drawingContext';
import { useDocumentHidden, useReducedMotion, useSmilPausedWhile } from '../diagram/hooks';
import { TITLE_NODE_ID, type DiagramFlowEdge, type DiagramFlowNode } from '../diagram/sceneToFlow';
import { useSceneFlow } from '../diagram/useSceneFlow';
import { fittedViewHeight } from './frameFit';
import { vscodeFileUrl } from './links';
import { StatusMessage } from './StatusMessage';
import { viewStrings, type ViewStrings } from './strings';
import { useHost, type Host } from './useHost';
import type { ViewPhase } from './viewState';
import { useHostTheme } from './useHostTheme';

/** Height of the view inline in a conversation until there is a drawing to fit (see fittedViewHeight). */
export const VIEW_HEIGHT = 500;
/** Height of a view that ended without a drawing (the problems of its text, a refusal): room for a few lines of them. */
export const PROBLEMS_HEIGHT = 220;
const ENDED_UNDRAWN = new Set<ViewPhase['kind']>(['notDrawn', 'failed', 'unreadable', 'cancelled']);

type Shared = 'sending' | 'shared' | 'canAsk' | 'none';

/**
 * The diagram of a tool result (`render_diagram`'s SVG, or the `.diagram` document the editor
 * tools wrote or showed, at that call's version), inside the host's conversation: the
 * preview's React Flow drawing (pan, zoom, animated connections, icons), the host's theme, a
 * status for every phase before the drawing (and the problems of a text that could not be
 * drawn), full screen where the host offers it, and clicks that tell the model which element
 * the user means.
 */
export function DiagramApp() {
  return (
    <ReactFlowProvider>
      <DiagramView />
    </ReactFlowProvider>
  );
}

function DiagramView() {
  const host = useHost();
  const { phase, app, context, capabilities, connected } = host;
  const strings = viewStrings(context.locale ?? navigator.language);
  const theme = useHostTheme(context);
  const data = phase.kind === 'drawn' ? phase.data : undefined;
  const scene = data?.scene;
  const flow = useSceneFlow(scene);
  const reducedMotion = useReducedMotion();
  const hidden = useDocumentHidden();
  useSmilPausedWhile(hidden, flow);
  const rf = useReactFlow();
  const root = useRef<HTMLDivElement>(null);

  const displayMode = context.displayMode ?? 'inline';
  const fill = displayMode !== 'inline' || hasFixedHeight(context.containerDimensions);
  // The drawing's own aspect at the frame's width decides its height; before it, a fixed one.
  const frameSize = useFrameSize();
  const height = ENDED_UNDRAWN.has(phase.kind)
    ? Math.min(inlineHeight(context.containerDimensions), PROBLEMS_HEIGHT)
    : scene
      ? fittedViewHeight(scene, frameSize.width, maxHeightOf(context.containerDimensions))
      : inlineHeight(context.containerDimensions);
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('af-fill', fill);
    document.documentElement.style.setProperty('--af-height', `${height}px`);
  }, [fill, height]);
  // Hosts that size apps by what they report get the height it needs (no ResizeObserver: a
  // view that fills its frame and reports its size grows without end in some hosts; this
  // height follows the frame's width and the drawing only).
  useEffect(() => {
    if (connected && !fill) app?.sendSizeChanged({ height }).catch(() => undefined);
  }, [connected, fill, height, app]);

  // The drawing is fitted when it arrives and whenever the frame changes size (the height it
  // asked for, full screen and back, a chat column resized).
  useEffect(() => {
    if (!scene) return;
    const frame = requestAnimationFrame(() => void rf.fitView(FIT_OPTIONS));
    return () => cancelAnimationFrame(frame);
  }, [scene, frameSize.width, frameSize.height, rf]);

  // When the drawing was painted (the task after its frame), for tests and `npm run bench`.
  useEffect(() => {
    if (!scene) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => root.current?.setAttribute('data-painted-at', String(performance.timeOrigin + performance.now())), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [scene]);

  const paletteName = paletteNameFor(scene?.theme, theme.dark);
  const palette = THEMES[paletteName];
  const hostCanvas = useHostCanvas(context, theme.dark);
  const canvas = scene?.theme === 'light' || scene?.theme === 'dark' ? palette.canvas : (hostCanvas ?? palette.canvas);

  /** The selection, the React Flow id it highlights, and whether the model was told. */
  const [selected, setSelected] = useState<{ selection: ElementSelection; flowId: string; shared: Shared } | undefined>(undefined);
  const clicks = useRef(0);
  const select = useCallback(
    (selection: ElementSelection, flowId: string) => {
      const click = ++clicks.current;
      setSelected({ selection, flowId, shared: 'sending' });
      if (!app || !connected) return;
      void tellModel(app, capabilities, selection).then((shared) => {
        if (click === clicks.current) setSelected({ selection, flowId, shared });
      });
    },
    [app, connected, capabilities],
  );
  const about = useCallback(
    (kind: ElementSelection['kind'], id: string, label: string, line: number): ElementSelection => ({
      kind,
      id,
      label,
      line,
      ...(scene?.title ? { diagram: scene.title } : {}),
      ...(data?.output ? { output: data.output.display } : {}),
      ...(data?.source ? { file: data.source.display } : {}),
    }),
    [scene, data],
  );
  const onNodeClick = useCallback<NodeMouseHandler<DiagramFlowNode>>(
    (event, node) => {
      if (node.id === TITLE_NODE_ID || !('element' in node.data)) return;
      const element = node.data.element;
      const link = safeLink(element.link);
      if (link && (event.ctrlKey || event.metaKey) && capabilities.openLinks) {
        app?.openLink({ url: link }).catch(() => undefined);
        return;
      }
      select(about(node.type === 'diagramGroup' ? 'group' : 'node', node.id, element.label.lines.join(' '), element.line), node.id);
    },
    [app, capabilities, select, about],
  );
  const selectEdge = useCallback(
    (edge: SceneEdge) => select(about('connection', `${edge.source} -> ${edge.target}`, edge.label ? edge.label.lines.join(' ') : '', edge.line), edge.id),
    [select, about],
  );
  const onEdgeClick = useCallback<EdgeMouseHandler<DiagramFlowEdge>>((_event, edge) => edge.data && selectEdge(edge.data.edge), [selectEdge]);

  // The selected element is drawn as the preview draws the element under the editor's cursor.
  const selectedId = selected?.flowId;
  const selectedKind = selected?.selection.kind;
  const nodes = useMemo(
    () => (selectedId && selectedKind !== 'connection' ? flow.nodes.map((n): DiagramFlowNode => (n.id === selectedId ? { ...n, className: 'af-highlight' } : n)) : flow.nodes),
    [flow, selectedId, selectedKind],
  );
  const edges = useMemo(
    () => (selectedId && selectedKind === 'connection' ? flow.edges.map((e) => (e.id === selectedId ? { ...e, className: 'af-highlight' } : e)) : flow.edges),
    [flow, selectedId, selectedKind],
  );

  const drawing = useMemo<Drawing>(
    () => ({
      palette,
      highContrast: theme.highContrast,
      canvasText: palette.node.text,
      canvas,
      animate: !reducedMotion,
      labelZ: flow.labelZ,
      onEdgeLabelClick: selectEdge,
    }),
    [palette, theme.highContrast, canvas, reducedMotion, flow.labelZ, selectEdge],
  );

  const ask = useCallback(() => {
    if (app && selected) app.sendMessage({ role: 'user', content: [{ type: 'text', text: strings.askMessage(selected.selection) }] }).catch(() => undefined);
  }, [app, selected, strings]);
  const canFullscreen = connected && (context.availableDisplayModes ?? []).includes('fullscreen');
  const toggleFullscreen = useCallback(() => {
    app?.requestDisplayMode({ mode: displayMode === 'fullscreen' ? 'inline' : 'fullscreen' }).catch(() => undefined);
  }, [app, displayMode]);
  // Only for a written SVG: a .diagram source is drawn in a chat that also runs the editor
  // tools (inside VS Code), whose tool cards open the file and its preview themselves.
  const written = data?.source ? undefined : data?.output;
  // In ArchFlow's own chat the view is inside VS Code already: the same link opens the file in
  // the editor (the chat asks the user first), so the button says so, as the chat's cards do.
  const inVsCode = connected && app?.getHostVersion()?.name === ARCHFLOW_CHAT_HOST;
  const openWritten = useCallback(() => {
    if (app && written) app.openLink({ url: vscodeFileUrl(written.path) }).catch(() => undefined);
  }, [app, written]);

  const rootClass = ['af-root', 'af-app', `af-theme-${paletteName}`, theme.highContrast ? 'af-hc' : '', hidden ? 'af-paused' : '', drawing.animate ? '' : 'af-still']
    .filter(Boolean)
    .join(' ');

  return (
    <DrawingContext.Provider value={drawing}>
      <div ref={root} className={rootClass} style={{ ['--af-canvas' as string]: canvas, ['--af-accent' as string]: palette.accent }} data-state={phase.kind}>
        <DiagramFlow nodes={nodes} edges={edges} colorMode={paletteName} ariaLabel={strings.diagram} onNodeClick={onNodeClick} onEdgeClick={onEdgeClick} onPaneClick={() => setSelected(undefined)}>
          {scene && <Controls position="bottom-right" showInteractive={false} fitViewOptions={FIT_OPTIONS} />}
          {(canFullscreen || (written && capabilities.openLinks)) && (
            <Panel position="top-right">
              <div className="af-toolbar" role="toolbar">
                {written && capabilities.openLinks && (
                  <button
                    type="button"
                    className={`af-tool ${inVsCode ? 'af-open-file' : 'af-open-vscode'}`}
                    title={inVsCode ? strings.openFileTitle(written.display) : strings.openInVsCodeTitle(written.display)}
                    onClick={openWritten}
                  >
                    {inVsCode ? strings.openFile : strings.openInVsCode}
                  </button>
                )}
                {canFullscreen && (
                  <button type="button" className="af-tool af-fullscreen" title={displayMode === 'fullscreen' ? strings.exitFullscreen : strings.fullscreen} aria-label={displayMode === 'fullscreen' ? strings.exitFullscreen : strings.fullscreen} onClick={toggleFullscreen}>
                    <FullscreenIcon exit={displayMode === 'fullscreen'} />
                  </button>
                )}
              </div>
            </Panel>
          )}
          {data && (
            <Panel position="bottom-left" className="af-caption-panel">
              {selected ? <SelectionCaption selected={selected} strings={strings} onAsk={ask} /> : <div className="af-caption">{caption(data, phase.kind === 'drawn' ? phase.summary : '', strings)}</div>}
            </Panel>
          )}
        </DiagramFlow>
        <StatusMessage phase={phase} strings={strings} />
      </div>
    </DrawingContext.Provider>
  );
}

/**
 * Tells the host's model which element the user clicked: the sentence comes from the
 * server's app-only tool (what the model reads is written by the server, in its locale),
 * or a plain one when the host cannot reach it; it goes in as model context where the
 * host takes it, else the user can send it as a message. Never rejects.
 */
async function tellModel(app: NonNullable<Host['app']>, capabilities: Host['capabilities'], selection: ElementSelection): Promise<Shared> {
  let text: string | undefined;
  if (capabilities.serverTools) {
    try {
      const result = await app.callServerTool({ name: SELECT_ELEMENT_TOOL, arguments: { ...selection } });
      if (!result.isError) text = result.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n') || undefined;
    } catch {
      // An older server or a host that refuses app tools: the plain sentence below does.
    }
  }
  text ??= `The user selected ${selection.kind} ${selection.id}${selection.label ? ` ("${selection.label}")` : ''} in the ArchFlow diagram.`;
  if (capabilities.updateModelContext) {
    try {
      await app.updateModelContext({ content: [{ type: 'text', text }], structuredContent: { selectedElement: { ...selection } } });
      return 'shared';
    } catch {
      return capabilities.message ? 'canAsk' : 'none';
    }
  }
  return capabilities.message ? 'canAsk' : 'none';
}

/** What the drawing is: a source document at its version with its counts, else the render's summary. */
function caption(data: DiagramViewData, summary: string, strings: ViewStrings): string {
  if (!data.source) return summary;
  const { scene, source } = data;
  return strings.sourceCaption(source.display, source.version, scene.nodes.length + scene.groups.length, scene.edges.length);
}

function SelectionCaption({ selected, strings, onAsk }: { selected: { selection: ElementSelection; shared: Shared }; strings: ViewStrings; onAsk(): void }) {
  const s = selected.selection;
  return (
    <div className="af-caption af-selection" data-shared={selected.shared}>
      <span className="af-selection-name">{s.label || s.id}</span>
      <span className="af-selection-detail">
        {strings.kind(s.kind)} {s.id}
        {s.line ? ` · ${strings.line(s.line)}` : ''}
      </span>
      {selected.shared === 'shared' && <span className="af-selection-note">{strings.shared}</span>}
      {selected.shared === 'none' && <span className="af-selection-note">{strings.notShared}</span>}
      {selected.shared === 'canAsk' && (
        <button type="button" className="af-tool af-ask" onClick={onAsk}>
          {strings.askAbout}
        </button>
      )}
    </div>
  );
}

function FullscreenIcon({ exit }: { exit: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
      {exit ? <path d="M6 2.5V6H2.5M10 2.5V6h3.5M6 13.5V10H2.5M10 13.5V10h3.5" /> : <path d="M2.5 6V2.5H6M13.5 6V2.5H10M2.5 10v3.5H6M13.5 10v3.5H10" />}
    </svg>
  );
}

/** The host's canvas colour as the browser resolved it (host variables may use `light-dark()`), or undefined when transparent. */
function useHostCanvas(context: McpUiHostContext, dark: boolean): string | undefined {
  const [colour, setColour] = useState<string | undefined>(undefined);
  useLayoutEffect(() => {
    const c = getComputedStyle(document.body).backgroundColor;
    setColour(/^rgba\(.*,\s*0\)$/.test(c) || c === 'transparent' ? undefined : c);
  }, [context.theme, context.styles, dark]);
  return colour;
}

/** The frame's size, updated when the host resizes it. */
function useFrameSize(): { width: number; height: number } {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize((s) => (s.width === window.innerWidth && s.height === window.innerHeight ? s : { width: window.innerWidth, height: window.innerHeight }));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** The host's height limit for an inline app, when it gives one. */
function maxHeightOf(dimensions: McpUiHostContext['containerDimensions']): number | undefined {
  const max = dimensions && 'maxHeight' in dimensions ? dimensions.maxHeight : undefined;
  return typeof max === 'number' && max > 0 ? max : undefined;
}

/** The inline height before a drawing: {@link VIEW_HEIGHT}, or less when the host allows less. */
function inlineHeight(dimensions: McpUiHostContext['containerDimensions']): number {
  const max = maxHeightOf(dimensions);
  return max !== undefined ? Math.min(VIEW_HEIGHT, Math.floor(max)) : VIEW_HEIGHT;
}

function hasFixedHeight(dimensions: McpUiHostContext['containerDimensions']): boolean {
  return dimensions !== undefined && 'height' in dimensions && typeof dimensions.height === 'number';
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controls, MiniMap, Panel, ReactFlowProvider, useReactFlow, type EdgeChange, type NodeMouseHandler, type EdgeMouseHandler, type Viewport } from '@xyflow/react';
import { THEMES } from '../../src/core/render/index';
import type { HostToPreviewMessage, PictureGesture, PreviewSettings } from '../../src/protocol/index';
import { DiagramFlow, FIT_OPTIONS } from '../diagram/components/DiagramFlow';
import { format, ProblemsBanner } from './components/ProblemsBanner';
import { Toolbar } from './components/Toolbar';
import { Palette } from './components/Palette';
import { usePictureEdits } from './usePictureEdits';
import { groupDrop } from './groupDrop';
import { addsToSelection, useModifierSelection } from './useModifierSelection';
import { DrawingContext, paletteNameFor, type Drawing } from '../diagram/drawingContext';
import { TITLE_NODE_ID, type DiagramFlowEdge, type DiagramFlowNode } from '../diagram/sceneToFlow';
import { useDocumentHidden, useReducedMotion, useSmilPausedWhile, useThemeKind } from '../diagram/hooks';
import type { HostChannel } from '../vscodeApi';
import { applyUpdate, type DocState } from './docState';
import { useSceneFlow } from '../diagram/useSceneFlow';
import { useSceneTransition } from '../diagram/useSceneTransition';
import { useElementMoves } from '../diagram/useElementMoves';
import type { Move } from '../../src/core/sceneMoves';
import type { Point, Scene } from '../../src/core/scene';

/** Boot data the host embeds in the page. */
export interface BootConfig {
  uri: string;
  settings: PreviewSettings;
  fonts: { regular: string; semibold: string };
  strings: Record<string, string>;
}

export function App({ boot, host }: { boot: BootConfig; host: HostChannel }) {
  return (
    <ReactFlowProvider>
      <Preview boot={boot} host={host} />
    </ReactFlowProvider>
  );
}

function Preview({ boot, host }: { boot: BootConfig; host: HostChannel }) {
  const saved = useMemo(() => host.state(), [host]);
  const [doc, setDoc] = useState<DocState>(() => ({
    uri: boot.uri,
    version: -1,
    problems: [],
    restore: saved?.uri === boot.uri ? saved.viewport : undefined,
  }));
  const [highlight, setHighlight] = useState<{ elements: string[]; connections: string[] }>({ elements: [], connections: [] });
  const [settings, setSettings] = useState<PreviewSettings>(boot.settings);
  const [minimap, setMinimap] = useState<boolean>(saved?.minimap ?? boot.settings.minimap);
  const theme = useThemeKind();
  const reducedMotion = useReducedMotion();
  const hidden = useDocumentHidden();
  const rf = useReactFlow();
  const viewport = useRef<Viewport | undefined>(doc.restore);
  const shownUri = useRef<string | undefined>(undefined);
  const viewportTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** When each update arrived, by `uri@version`, to report how long drawing it took. */
  const arrivals = useRef(new Map<string, number>());
  /** Elements the host asked to centre on, waiting until they are drawn. */
  const pendingReveal = useRef<string[] | undefined>(undefined);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const m = event.data as HostToPreviewMessage;
      if (!m || typeof m !== 'object') return;
      switch (m.type) {
        case 'update':
          arrivals.current.set(`${m.uri}@${m.version}`, performance.now());
          setDoc((prev) => applyUpdate(prev, m));
          return;
        case 'highlight':
          // A reveal waits for its elements to be drawn; the cursor moving elsewhere meanwhile cancels it.
          if (m.reveal) pendingReveal.current = m.elements;
          else if (pendingReveal.current && m.elements.join('\n') !== pendingReveal.current.join('\n')) pendingReveal.current = undefined;
          setHighlight({ elements: m.elements, connections: m.connections });
          return;
        case 'settings':
          setSettings(m.settings);
          return;
      }
    };
    window.addEventListener('message', onMessage);
    // Only now may the host send: anything it posted earlier would have been lost.
    host.post({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, [host]);

  const saveState = useCallback(
    (uri: string) => host.saveState({ stateVersion: 1, uri, ...(viewport.current ? { viewport: viewport.current } : {}), minimap }),
    [host, minimap],
  );
  useEffect(() => saveState(doc.uri), [doc.uri, saveState]);

  // A new drawing of the same document glides there from the one shown (not under reduced motion).
  const flow = useSceneFlow(useSceneTransition(doc.scene, doc.uri, !reducedMotion));

  // The first drawing of a document is fitted (or put back where it was before a reload);
  // later drawings of the same document keep the user's pan and zoom.
  useEffect(() => {
    if (!doc.scene || shownUri.current === doc.uri) return;
    shownUri.current = doc.uri;
    const restore = doc.restore;
    requestAnimationFrame(() => {
      if (restore) void rf.setViewport(restore);
      else void rf.fitView(FIT_OPTIONS);
    });
  }, [doc.scene, doc.uri, doc.restore, rf]);

  // After the first drawing's fit (declared above, so its frame runs first).
  useEffect(() => {
    const wanted = pendingReveal.current;
    if (!wanted?.length) return;
    const drawn = wanted.filter((id) => flow.nodes.some((n) => n.id === id));
    if (drawn.length === 0) return;
    pendingReveal.current = undefined;
    requestAnimationFrame(() => {
      // Shown already: the highlight says enough. Else centre them, keeping the user's zoom unless they do not fit.
      const pane = document.querySelector('.react-flow')?.getBoundingClientRect();
      const { x, y, zoom } = rf.getViewport();
      const onScreen = (id: string) => {
        const node = rf.getInternalNode(id);
        if (!node || !pane) return false;
        const left = node.internals.positionAbsolute.x * zoom + x;
        const top = node.internals.positionAbsolute.y * zoom + y;
        return left >= 0 && top >= 0 && left + (node.measured.width ?? 0) * zoom <= pane.width && top + (node.measured.height ?? 0) * zoom <= pane.height;
      };
      if (drawn.every(onScreen)) return;
      void rf.fitView({ padding: 0.4, maxZoom: zoom, nodes: drawn.map((id) => ({ id })), duration: reducedMotion ? 0 : 300 });
    });
  }, [flow, highlight, rf, reducedMotion]);

  useEffect(() => {
    if (doc.version < 0) return;
    const frame = requestAnimationFrame(() => {
      const key = `${doc.uri}@${doc.version}`;
      const arrived = arrivals.current.get(key);
      arrivals.current.clear();
      host.post({
        type: 'rendered',
        uri: doc.uri,
        version: doc.version,
        elements: doc.scene ? doc.scene.nodes.length + doc.scene.groups.length : 0,
        ...(arrived !== undefined ? { renderMs: Math.max(0, performance.now() - arrived), receivedAt: performance.timeOrigin + arrived } : {}),
        ...heapInUse(),
        ...(doc.failure ? { failure: doc.failure } : {}),
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [doc.uri, doc.version, doc.sceneVersion, doc.scene, doc.failure, host]);

  useSmilPausedWhile(hidden, flow);

  const nodes = useMemo(() => {
    if (highlight.elements.length === 0) return flow.nodes;
    const ids = new Set(highlight.elements);
    return flow.nodes.map((n): DiagramFlowNode => (ids.has(n.id) ? { ...n, className: 'af-highlight' } : n));
  }, [flow, highlight.elements]);
  // Connections selected with the mouse (with Shift, Ctrl or Cmd: several), for delete and restyle.
  // Their ids are positions in the text, so a new drawing forgets them.
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => setSelectedEdges(new Set()), [doc.sceneVersion]);
  const onEdgesChange = useCallback((changes: EdgeChange<DiagramFlowEdge>[]) => {
    if (!changes.some((c) => c.type === 'select')) return;
    setSelectedEdges((prev) => {
      const next = new Set(prev);
      for (const c of changes) if (c.type === 'select') (c.selected ? next.add(c.id) : next.delete(c.id));
      return next;
    });
  }, []);
  const edges = useMemo(() => {
    if (highlight.connections.length === 0 && selectedEdges.size === 0) return flow.edges;
    const ids = new Set(highlight.connections);
    return flow.edges.map((e) => (ids.has(e.id) || selectedEdges.has(e.id) ? { ...e, ...(ids.has(e.id) ? { className: 'af-highlight' } : {}), selected: selectedEdges.has(e.id) } : e));
  }, [flow, highlight.connections, selectedEdges]);

  const uri = doc.uri;
  /** The picture's gestures while the text can be edited (set below, once they exist). */
  const postGesture = useRef<((gesture: PictureGesture) => void) | undefined>(undefined);
  // A dropped box stays where it was put until the host's drawing (connections routed again) arrives.
  // Let go in another group (or out of its own), its declaration moves there too, in one undo step.
  const onMoved = useCallback(
    (moves: Move[], moved: Scene) => {
      setDoc((prev) => (prev.uri === uri && prev.scene ? { ...prev, scene: moved } : prev));
      // Only dragged groups (and what they carry) moved, and groupDrop never looks at those: the moved scene will do.
      const regroup = postGesture.current && groupDrop(moved, moves);
      if (regroup) postGesture.current!({ kind: 'move', ...regroup, moves });
      else host.post({ type: 'moveElements', uri, moves });
    },
    [host, uri],
  );
  // A reshaped connection stays as it was let go until the host's drawing from the layout file arrives.
  const onRouteChange = useCallback(
    (connection: string, route: Point[]) => {
      setDoc((prev) => (prev.uri === uri && prev.scene ? { ...prev, scene: { ...prev.scene, edges: prev.scene.edges.map((e) => (e.id === connection ? { ...e, points: route } : e)) } } : prev));
      host.post({ type: 'reshapeConnection', uri, connection, route });
    },
    [host, uri],
  );
  const onResetRoutes = useCallback((connections: string[]) => host.post({ type: 'resetRoutes', uri, connections }), [host, uri]);
  const onSelect = useCallback((ids: string[]) => host.post({ type: 'selectionChanged', uri, ids }), [host, uri]);
  const moves = useElementMoves(doc.scene, nodes, doc.scene !== undefined, onMoved, onSelect);
  const layoutAction = useCallback((action: 'keep' | 'relayout' | 'undo' | 'redo', ids?: readonly string[]) => host.post({ type: 'layoutAction', uri, action, ...(ids?.length ? { ids: [...ids] } : {}) }), [host, uri]);

  // Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (or Ctrl+Y) undo and redo the last move or picture edit while the
  // preview has the focus (the host keeps one history of both); a text field keeps its own undo.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
      const key = event.key.toLowerCase();
      const action = key === 'z' ? (event.shiftKey ? 'redo' : 'undo') : key === 'y' && !event.shiftKey ? 'redo' : undefined;
      if (!action) return;
      event.preventDefault();
      layoutAction(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [layoutAction]);

  const revealLine = useCallback((line: number, column = 1) => line > 0 && host.post({ type: 'revealLine', uri, line, column }), [host, uri]);
  const onNodeClick = useCallback<NodeMouseHandler<DiagramFlowNode>>(
    (event, node) => {
      if (node.id === TITLE_NODE_ID || node.type === 'diagramTitle') return;
      const link = 'element' in node.data ? node.data.element.link : undefined;
      if (link && (event.ctrlKey || event.metaKey)) host.post({ type: 'openLink', url: link });
      else if (!addsToSelection(event)) host.post({ type: 'revealElement', uri, id: node.id });
    },
    [host, uri],
  );
  const onEdgeClick = useCallback<EdgeMouseHandler>((e, edge) => !addsToSelection(e) && revealLine((edge.data as { edge: { line: number } }).edge.line), [revealLine]);
  const modifierSelection = useModifierSelection();
  const onMoveEnd = useCallback(
    (_event: unknown, vp: Viewport) => {
      viewport.current = vp;
      saveState(uri);
      clearTimeout(viewportTimer.current);
      viewportTimer.current = setTimeout(() => host.post({ type: 'viewportChanged', uri, viewport: vp }), 300);
    },
    [host, saveState, uri],
  );

  const edits = usePictureEdits({ host, uri: doc.uri, version: doc.version, scene: doc.scene, problems: doc.problems, strings: boot.strings, onResetRoutes });
  postGesture.current = edits.editable ? edits.post : undefined;

  // Stable, so the drawing's context (and every edge under it) does not change with each render.
  const connectionMenu = useRef(edits.openConnectionMenu);
  connectionMenu.current = edits.openConnectionMenu;
  const onEdgeLabelContextMenu = useCallback((id: string, at: { x: number; y: number }) => connectionMenu.current(id, at), []);

  const paletteName = paletteNameFor(doc.scene?.theme, theme === 'dark' || theme === 'hc-dark');
  const palette = THEMES[paletteName];
  const explicitTheme = doc.scene?.theme === 'light' || doc.scene?.theme === 'dark';
  const canvas = explicitTheme ? palette.canvas : (cssVariable('--vscode-editor-background', theme) ?? palette.canvas);
  const hasScene = doc.scene !== undefined;
  const drawing = useMemo<Drawing>(
    () => ({
      palette,
      highContrast: theme === 'hc-dark' || theme === 'hc-light',
      canvasText: palette.node.text,
      canvas,
      animate: settings.animations && !reducedMotion,
      labelZ: flow.labelZ,
      onEdgeLabelClick: (edge) => revealLine(edge.line),
      editable: edits.editable,
      ...(edits.editable ? { onEdgeLabelContextMenu } : {}),
      // A layout gesture, as moving a box: the host refuses it while the text has errors.
      ...(hasScene ? { onRouteChange } : {}),
    }),
    [palette, theme, canvas, settings.animations, reducedMotion, flow.labelZ, revealLine, edits.editable, onEdgeLabelContextMenu, hasScene, onRouteChange],
  );

  const errors = doc.problems.some((p) => p.severity === 'error');
  const empty = doc.scene !== undefined && doc.scene.nodes.length === 0 && doc.scene.groups.length === 0;
  const rootClass = ['af-root', `af-theme-${paletteName}`, drawing.highContrast ? 'af-hc' : '', hidden ? 'af-paused' : '', drawing.animate ? '' : 'af-still', errors ? 'af-stale' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <DrawingContext.Provider value={drawing}>
      <div
        className={rootClass}
        style={{ ['--af-canvas' as string]: canvas, ['--af-accent' as string]: palette.accent }}
        data-uri={doc.uri}
        data-version={doc.version}
        data-layout={doc.layout?.source}
        onKeyDownCapture={moves.onKeyDownCapture}
        onClickCapture={modifierSelection.onClickCapture}
        onClick={modifierSelection.onClick}
        onKeyDown={edits.onKeyDown}
      >
        <DiagramFlow
          nodes={moves.nodes}
          edges={edges}
          colorMode={paletteName}
          ariaLabel={boot.strings.diagram}
          onNodeClick={onNodeClick}
          onEdgeClick={onEdgeClick}
          onMoveEnd={onMoveEnd}
          onNodesChange={moves.onNodesChange}
          onEdgesChange={onEdgesChange}
          onNodeDragStop={moves.onNodeDragStop}
          {...(edits.editing ? { editing: edits.editing } : {})}
        >
          <Controls showInteractive={false} fitViewOptions={FIT_OPTIONS} />
          {minimap && <MiniMap pannable zoomable nodeColor={(n) => (n.type === 'diagramGroup' ? 'transparent' : palette.node.stroke)} nodeStrokeColor={palette.node.stroke} />}
          <Panel position="top-right">
            <Toolbar
              strings={boot.strings}
              minimap={minimap}
              onToggleMinimap={() => setMinimap((v) => !v)}
              onExport={(f) => host.post({ type: 'export', format: f })}
              held={doc.layout?.source === 'held'}
              selected={moves.selected.length}
              onKeep={() => layoutAction('keep')}
              onRelayout={() => layoutAction('relayout', moves.selected)}
            />
          </Panel>
          {edits.editable && (
            <Panel position="top-left" className="af-palette-panel">
              <Palette strings={boot.strings} onAdd={edits.addFromPalette} icons={edits.icons} onSearch={edits.searchIcons} />
            </Panel>
          )}
        </DiagramFlow>
        {edits.overlays}
        <ProblemsBanner
          problems={doc.problems}
          failure={doc.failure}
          hasDrawing={doc.scene !== undefined}
          strings={boot.strings}
          onReveal={revealLine}
          layoutProblem={doc.layout?.problem}
          onOpenLayoutProblem={(line, column) => host.post({ type: 'openLayoutFile', uri, line, column })}
        />
        {doc.version < 0 && <div className="af-message">{boot.strings.loading}</div>}
        {empty && !errors && <div className="af-message">{format(boot.strings.empty ?? '{0}', 'api = rectangle "API"')}</div>}
      </div>
    </DrawingContext.Provider>
  );
}

/** A VS Code theme colour from the page's CSS variables (re-read when the theme changes). */
function cssVariable(name: string, _themeKey: string): string | undefined {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || undefined;
}

/** Chromium's non-standard heap figure, for the editor's memory soak; nothing elsewhere. */
function heapInUse(): { heapBytes?: number } {
  const used = (performance as Performance & { memory?: { usedJSHeapSize?: number } }).memory?.usedJSHeapSize;
  return typeof used === 'number' && Number.isFinite(used) && used >= 0 ? { heapBytes: used } : {};
}

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useReactFlow, type Connection, type FinalConnectionState } from '@xyflow/react';
import { ANIMATIONS, LINE_STYLES, SHAPES } from '../../src/core/language/index';
import type { Scene } from '../../src/core/scene';
import type { HostToPreviewMessage, IconSearchResultMessage, PaletteElement, PictureEditTarget, PictureGesture, PreviewProblem } from '../../src/protocol/index';
import type { DiagramEditing } from '../diagram/components/DiagramFlow';
import { TITLE_NODE_ID, type DiagramFlowEdge, type DiagramFlowNode } from '../diagram/sceneToFlow';
import type { HostChannel } from '../vscodeApi';
import { ElementMenu, type MenuItem } from './components/ElementMenu';
import { GroupDeleteDialog } from './components/GroupDeleteDialog';
import { LabelEditor } from './components/LabelEditor';
import { PALETTE_MIME } from './components/Palette';

/** Colours offered by the menu (any colour can be typed in the text). */
const COLOURS = ['#1f77b4', '#2ca02c', '#d62728', '#ff7f0e', '#9467bd', '#7f7f7f'];

type Point = { x: number; y: number };

/** Where a mouse or touch gesture ended. */
function pointerOf(event: MouseEvent | TouchEvent): { clientX: number; clientY: number } {
  return 'changedTouches' in event ? event.changedTouches[0]! : event;
}

/** The id of the drawn node under a point of the page, if any. */
function nodeAt(p: { clientX: number; clientY: number }): string | undefined {
  return document.elementFromPoint(p.clientX, p.clientY)?.closest<HTMLElement>('.react-flow__node')?.dataset.id;
}

interface LabelEdit {
  title: string;
  initial: string;
  at: Point;
  commit(label: string): PictureGesture;
}

/**
 * The preview's gestures, each posted as a `pictureEdit` for the host to write into the text:
 * connect (a handle dragged to a node, or onto empty space for a new node), reconnect,
 * rename in place, delete, add from the palette, restyle and move from the context menu,
 * with a keyboard path for each (Enter/F2 rename, C then Enter connects, Delete,
 * Shift+F10 or the menu key). While the text has errors nothing is posted and the reason shows.
 */
export function usePictureEdits({
  host,
  uri,
  version,
  scene,
  problems,
  strings,
  onResetRoutes,
}: {
  host: HostChannel;
  uri: string;
  version: number;
  scene: Scene | undefined;
  problems: PreviewProblem[];
  strings: Record<string, string>;
  /** Reset Route: the connections' waypoints go (a layout change, not a text edit). */
  onResetRoutes?: (connections: string[]) => void;
}) {
  const rf = useReactFlow<DiagramFlowNode, DiagramFlowEdge>();
  const unavailable = problems.some((p) => p.severity === 'error');
  const [label, setLabel] = useState<LabelEdit>();
  const [menu, setMenu] = useState<{ title: string; items: MenuItem[]; at: Point }>();
  const [confirm, setConfirm] = useState<{ group: string; elements: string[]; connections: string[] }>();
  const [connectFrom, setConnectFrom] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [icons, setIcons] = useState<IconSearchResultMessage['icons']>([]);
  const searchId = useRef(0);
  const reconnecting = useRef(false);
  const lang = strings.editLang === 'pt' ? 'pt' : 'en';
  const t = (key: string, arg = '') => (strings[key] ?? key).replace('{0}', arg);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const m = event.data as HostToPreviewMessage;
      if (m?.type === 'pictureEditRefused' && m.uri === uri) setNotice(t('editRefused', m.reason));
      if (m?.type === 'iconSearchResult' && m.uri === uri && m.requestId === searchId.current) setIcons(m.icons);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  });

  const post = useCallback(
    (gesture: PictureGesture) => {
      if (unavailable) {
        setNotice(strings.editUnavailable);
        return;
      }
      setNotice(undefined);
      host.post({ type: 'pictureEdit', uri, version, gesture });
    },
    [host, uri, version, unavailable, strings.editUnavailable],
  );

  const groups = scene?.groups ?? [];
  const isGroup = (id: string) => groups.some((g) => g.id === id);
  const elementName = (id: string) => [...(scene?.nodes ?? []), ...groups].find((e) => e.id === id)?.label.lines.join(' ') || id;
  const edgeOf = (id: string) => scene?.edges.find((e) => e.id === id);
  const screenOf = (selector: string): Point => {
    const r = document.querySelector(selector)?.getBoundingClientRect();
    return r ? { x: r.left, y: r.top } : { x: 40, y: 40 };
  };

  const rename = (target: PictureEditTarget) => {
    const isElement = 'element' in target;
    const name = isElement ? elementName(target.element) : (edgeOf(target.connection)?.label?.lines.join(' ') ?? '');
    const current = isElement ? [...(scene?.nodes ?? []), ...groups].find((e) => e.id === target.element)?.label.lines.join('\n') : edgeOf(target.connection)?.label?.lines.join('\n');
    setLabel({
      title: t('editLabelOf', name || ('connection' in target ? target.connection : '')),
      initial: current ?? '',
      at: screenOf(isElement ? `.react-flow__node[data-id="${CSS.escape(target.element)}"]` : `[data-id="${CSS.escape(target.connection)}"]`),
      commit: (value) => ({ kind: 'rename', target, label: value }),
    });
  };

  const remove = (elements: string[], connections: string[]) => {
    const group = elements.find(isGroup);
    if (group) setConfirm({ group, elements, connections });
    else if (elements.length || connections.length) post({ kind: 'delete', elements, connections });
  };

  /** The selection, or the one element or connection acted on when it is not part of it. */
  const targetsFor = (clicked: PictureEditTarget): PictureEditTarget[] => {
    const nodes = rf.getNodes().filter((n) => n.selected && n.type !== 'diagramTitle').map((n) => ({ element: n.id }));
    const edges = rf.getEdges().filter((e) => e.selected).map((e) => ({ connection: e.id }));
    const all: PictureEditTarget[] = [...nodes, ...edges];
    const key = (x: PictureEditTarget) => ('element' in x ? `e:${x.element}` : `c:${x.connection}`);
    return all.some((x) => key(x) === key(clicked)) ? all : [clicked];
  };

  const openMenu = (clicked: PictureEditTarget, at: Point) => {
    const targets = targetsFor(clicked);
    const restyle = (change: Omit<Extract<PictureGesture, { kind: 'restyle' }>, 'kind' | 'targets'>) => () => post({ kind: 'restyle', targets, ...change });
    const entries = <V extends string>(list: readonly { value: V; pt: readonly string[]; en: readonly string[] }[], run: (v: V) => () => void): MenuItem[] => list.map((e) => ({ label: e[lang][0]!, run: run(e.value) }));
    const elements = targets.flatMap((x) => ('element' in x ? [x.element] : []));
    const connections = targets.flatMap((x) => ('connection' in x ? [x.connection] : []));
    const onlyNodes = elements.length > 0 && connections.length === 0 && !elements.some(isGroup);
    const colours: MenuItem[] = [...COLOURS.map((c) => ({ label: c, run: restyle({ attribute: 'color', value: c }) })), { label: t('editDefault'), run: restyle({ attribute: 'color' }) }];
    const items: MenuItem[] = [];
    if (targets.length === 1) items.push({ label: t('editRename'), run: () => rename(clicked) });
    if (onlyNodes) items.push({ label: t('editShape'), items: entries(SHAPES.filter((s) => s.value !== 'icon'), (v) => restyle({ shape: v })) });
    if (elements.length && !connections.length) {
      items.push({ label: t('editIcon'), prompt: { placeholder: t('editIconPrompt'), submit: (v) => restyle({ attribute: 'icon', ...(v ? { value: v } : {}) })() } });
    }
    items.push({ label: t('editColor'), items: colours });
    if (connections.length && !elements.length) {
      items.push({ label: t('editLineStyle'), items: entries(LINE_STYLES, (v) => restyle({ attribute: 'style', value: v })) });
      items.push({ label: t('editAnimation'), items: entries(ANIMATIONS, (v) => restyle({ attribute: 'anim', value: v })) });
      if (onResetRoutes) items.push({ label: t('editResetRoute'), run: () => onResetRoutes(connections) });
    }
    if (elements.length === 1 && !connections.length) {
      const source = elements[0]!;
      const others = [...(scene?.nodes ?? []), ...groups].filter((e) => e.id !== source);
      items.push({ label: t('editConnectTo'), items: others.map((e) => ({ label: elementName(e.id), run: () => post({ kind: 'connect', source, target: e.id }) })) });
    }
    if (elements.length && !connections.length) {
      items.push({
        label: t('editMoveTo'),
        items: [{ label: t('editTopLevel'), run: () => post({ kind: 'move', elements }) }, ...groups.filter((g) => !elements.includes(g.id)).map((g) => ({ label: elementName(g.id), run: () => post({ kind: 'move', elements, group: g.id }) }))],
      });
    }
    items.push({ label: t('editDelete'), run: () => remove(elements, connections) });
    const name = 'element' in clicked ? elementName(clicked.element) : (edgeOf(clicked.connection)?.label?.lines.join(' ') ?? `${edgeOf(clicked.connection)?.source} → ${edgeOf(clicked.connection)?.target}`);
    setMenu({ title: t('editMenu', targets.length > 1 ? String(targets.length) : name), items, at });
  };

  /** The group under a point of the drawing, the innermost one. */
  const groupAt = (p: Point): string | undefined =>
    [...groups].sort((a, b) => b.depth - a.depth).find((g) => p.x >= g.x && p.x <= g.x + g.width && p.y >= g.y && p.y <= g.y + g.height)?.id;

  const editing: DiagramEditing | undefined = useMemo(
    () =>
      scene && !unavailable
        ? {
            onConnect: (c: Connection) => c.source !== c.target && post({ kind: 'connect', source: c.source, target: c.target }),
            onConnectEnd: (event, state: FinalConnectionState) => {
              // Dragging a connection's end also ends here: onReconnectEnd handles it.
              if (reconnecting.current || state.isValid || !state.fromNode) return;
              const e = pointerOf(event);
              const source = state.fromNode.id;
              // Dropped on a node's body rather than its handle: that node is the target.
              const over = nodeAt(e) ?? state.toNode?.id;
              if (over) {
                if (over !== source && over !== TITLE_NODE_ID) post({ kind: 'connect', source, target: over });
                return;
              }
              const at = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY });
              const parent = groupAt(at);
              setLabel({
                title: t('editNewNodeLabel', elementName(source)),
                initial: '',
                at: { x: e.clientX, y: e.clientY },
                commit: (value) => ({ kind: 'connectToNew', source, element: { kind: 'node', ...(value ? { label: value } : {}), ...(parent ? { parent } : {}) }, at }),
              });
            },
            onReconnectStart: () => void (reconnecting.current = true),
            onReconnectEnd: (event, edge, fixed, state) => {
              reconnecting.current = false;
              if (state.isValid) return;
              // Dropped on a node's body rather than its handle: that node is the new end.
              const over = nodeAt(pointerOf(event));
              const end = fixed === 'target' ? 'source' : 'target';
              if (over && over !== TITLE_NODE_ID && over !== edge[end]) post({ kind: 'reconnect', connection: edge.id, end, to: over });
            },
            onReconnect: (old, c) => {
              if (c.source !== old.source) post({ kind: 'reconnect', connection: old.id, end: 'source', to: c.source });
              else if (c.target !== old.target) post({ kind: 'reconnect', connection: old.id, end: 'target', to: c.target });
            },
            onNodeDoubleClick: (_e, node) => node.type !== 'diagramTitle' && rename({ element: node.id }),
            onEdgeDoubleClick: (_e, edge) => rename({ connection: edge.id }),
            onNodeContextMenu: (e, node) => {
              e.preventDefault();
              if (node.type !== 'diagramTitle') openMenu({ element: node.id }, { x: e.clientX, y: e.clientY });
            },
            onEdgeContextMenu: (e, edge) => {
              e.preventDefault();
              openMenu({ connection: edge.id }, { x: e.clientX, y: e.clientY });
            },
            onDragOver: (e) => {
              if (!e.dataTransfer.types.includes(PALETTE_MIME)) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'copy';
            },
            onDrop: (e) => {
              const raw = e.dataTransfer.getData(PALETTE_MIME);
              if (!raw) return;
              e.preventDefault();
              const element = JSON.parse(raw) as PaletteElement;
              // The drawing's coordinates: the host keeps the new box centred there.
              const at = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY });
              const parent = groupAt(at);
              post({ kind: 'add', element: { ...element, ...(parent ? { parent } : {}) }, at });
            },
          }
        : undefined,
    // The helpers used inside read only the scene, the strings and React Flow.
    [scene, unavailable, post, rf, strings],
  );

  /** The element or connection that has the keyboard focus in the drawing. */
  const focused = (): PictureEditTarget | undefined => {
    const el = document.activeElement?.closest<HTMLElement>('.react-flow__node, .react-flow__edge');
    const id = el?.dataset.id ?? el?.getAttribute('data-testid')?.replace(/^rf__edge-/, '');
    if (!el || !id) return undefined;
    return el.classList.contains('react-flow__node') ? { element: id } : { connection: id };
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (label || menu || confirm) return;
    const target = focused();
    if (e.key === 'Escape' && connectFrom) {
      setConnectFrom(undefined);
      setNotice(undefined);
      return;
    }
    if (!target || !editing) return;
    if (connectFrom && e.key === 'Enter' && 'element' in target) {
      e.preventDefault();
      if (target.element !== connectFrom) post({ kind: 'connect', source: connectFrom, target: target.element });
      setConnectFrom(undefined);
      return;
    }
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      rename(target);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      const targets = targetsFor(target);
      remove(targets.flatMap((x) => ('element' in x ? [x.element] : [])), targets.flatMap((x) => ('connection' in x ? [x.connection] : [])));
    } else if ((e.key === 'c' || e.key === 'C') && 'element' in target && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      setConnectFrom(target.element);
      setNotice(t('editPickTarget', elementName(target.element)));
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      e.preventDefault();
      const r = (document.activeElement as HTMLElement).getBoundingClientRect();
      openMenu(target, { x: r.left + 8, y: r.top + 8 });
    }
  };

  const addFromPalette = (element: PaletteElement) => {
    const selectedGroup = rf.getNodes().find((n) => n.selected && n.type === 'diagramGroup')?.id;
    post({ kind: 'add', element: { ...element, ...(selectedGroup ? { parent: selectedGroup } : {}) } });
  };

  const searchIcons = (query: string) => host.post({ type: 'iconSearch', uri, requestId: ++searchId.current, query });

  const overlays: ReactNode = (
    <>
      {(unavailable || notice) && (
        <div className="af-edit-notice" role="status" aria-live="polite">
          {notice ?? strings.editUnavailable}
        </div>
      )}
      {label && (
        <LabelEditor
          title={label.title}
          initial={label.initial}
          at={label.at}
          onCancel={() => setLabel(undefined)}
          onCommit={(value) => {
            setLabel(undefined);
            post(label.commit(value));
          }}
        />
      )}
      {menu && <ElementMenu title={menu.title} items={menu.items} at={menu.at} onClose={() => setMenu(undefined)} />}
      {confirm && (
        <GroupDeleteDialog
          strings={strings}
          group={elementName(confirm.group)}
          onCancel={() => setConfirm(undefined)}
          onChoose={(groupsMode) => {
            setConfirm(undefined);
            post({ kind: 'delete', elements: confirm.elements, connections: confirm.connections, groups: groupsMode });
          }}
        />
      )}
    </>
  );

  const openConnectionMenu = (id: string, at: Point) => openMenu({ connection: id }, at);
  return { editing, onKeyDown, overlays, addFromPalette, icons, searchIcons, openConnectionMenu, post, editable: editing !== undefined };
}

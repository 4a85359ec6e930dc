import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { NodeChange, OnNodeDrag } from '@xyflow/react';
import type { Point, Scene } from '../../src/core/scene';
import { moveBoxes, movedPositions, type Move } from '../../src/core/sceneMoves';
import { TITLE_NODE_ID, type DiagramFlowNode } from './sceneToFlow';

/** Arrow-key steps in scene pixels: a nudge, and with Shift a stride. */
export const KEY_STEP = 10;
export const KEY_STRIDE = 50;
/** A burst of arrow keys ends this long after its last key: one move (one write) per burst. */
export const KEY_BURST_MS = 500;

const ARROWS: Record<string, Point> = { ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 }, ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 } };

export interface ElementMoves {
  nodes: DiagramFlowNode[];
  onNodesChange(changes: NodeChange<DiagramFlowNode>[]): void;
  onNodeDragStop: OnNodeDrag<DiagramFlowNode>;
  /** On the drawing's container: arrow keys move the focused box (before React Flow sees them). */
  onKeyDownCapture(event: KeyboardEvent): void;
  selected: readonly string[];
}

/**
 * Dragging boxes, and moving the focused one with the arrow keys, in a drawing of `scene`:
 * a group's members come along, connections wait for the drop (the host routes them again).
 * On a drop, or at the end of a burst of keys, `onMoved` gets the moves and the scene with the
 * boxes where they were put, to show until the host's drawing arrives. Without `enabled`, the
 * nodes are returned as they are (the MCP App's drawing stays still). Also tracks selection.
 */
export function useElementMoves(
  scene: Scene | undefined,
  nodes: DiagramFlowNode[],
  enabled: boolean,
  onMoved: (moves: Move[], moved: Scene) => void,
  onSelect?: (ids: string[]) => void,
): ElementMoves {
  const [moving, setMoving] = useState<ReadonlyMap<string, Point>>(new Map());
  const [selected, setSelected] = useState<readonly string[]>([]);
  const burst = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const movingRef = useRef(moving);
  movingRef.current = moving;

  // A new drawing from the host replaces whatever was being moved.
  useEffect(() => {
    clearTimeout(burst.current);
    setMoving(new Map());
  }, [scene]);
  useEffect(() => () => clearTimeout(burst.current), []);

  const positions = useMemo(() => (scene && moving.size ? movedPositions(scene, [...moving].map(([id, p]) => ({ id, ...p }))) : new Map<string, Point>()), [scene, moving]);

  // Each unchanged node keeps one draggable copy, so React Flow redraws only what moved.
  const draggable = useRef(new WeakMap<DiagramFlowNode, DiagramFlowNode>());
  const shown = useMemo(() => {
    if (!enabled) return nodes;
    const chosen = new Set(selected);
    return nodes.map((n): DiagramFlowNode => {
      if (n.id === TITLE_NODE_ID) return n;
      const at = positions.get(n.id);
      if (at || chosen.has(n.id)) return { ...n, draggable: true, selected: chosen.has(n.id), ...(at ? { position: at } : {}) };
      let copy = draggable.current.get(n);
      if (!copy) draggable.current.set(n, (copy = { ...n, draggable: true }));
      return copy;
    });
  }, [enabled, nodes, positions, selected]);

  const finish = useCallback(() => {
    clearTimeout(burst.current);
    const current = movingRef.current;
    if (!scene || current.size === 0) return;
    const moves = [...current].map(([id, p]) => ({ id, x: Math.round(p.x), y: Math.round(p.y) }));
    onMoved(moves, moveBoxes(scene, movedPositions(scene, moves)));
  }, [scene, onMoved]);

  const onNodesChange = useCallback(
    (changes: NodeChange<DiagramFlowNode>[]) => {
      if (!enabled) return;
      const dragged = changes.filter((c): c is Extract<NodeChange<DiagramFlowNode>, { type: 'position' }> => c.type === 'position' && c.position !== undefined && c.id !== TITLE_NODE_ID);
      if (dragged.length) {
        setMoving((prev) => {
          const next = new Map(prev);
          for (const c of dragged) next.set(c.id, c.position!);
          return next;
        });
      }
      const selects = changes.filter((c) => c.type === 'select');
      if (selects.length) {
        setSelected((prev) => {
          const next = new Set(prev);
          for (const c of selects) if (c.type === 'select') (c.selected ? next.add(c.id) : next.delete(c.id));
          const ids = [...next];
          onSelect?.(ids);
          return ids;
        });
      }
    },
    [enabled, onSelect],
  );

  const onNodeDragStop = useCallback<OnNodeDrag<DiagramFlowNode>>(() => finish(), [finish]);

  const onKeyDownCapture = useCallback(
    (event: KeyboardEvent) => {
      const arrow = ARROWS[event.key];
      if (!enabled || !scene || !arrow || event.altKey || event.ctrlKey || event.metaKey) return;
      const id = (document.activeElement as HTMLElement | null)?.closest('.react-flow__node')?.getAttribute('data-id');
      const box = id && id !== TITLE_NODE_ID ? (scene.nodes.find((n) => n.id === id) ?? scene.groups.find((g) => g.id === id)) : undefined;
      if (!box) return;
      // Ours, not React Flow's (which would move every selected node by its own step).
      event.preventDefault();
      event.stopPropagation();
      const step = event.shiftKey ? KEY_STRIDE : KEY_STEP;
      const from = movingRef.current.get(box.id) ?? { x: box.x, y: box.y };
      const next = new Map(movingRef.current);
      next.set(box.id, { x: from.x + arrow.x * step, y: from.y + arrow.y * step });
      movingRef.current = next;
      setMoving(next);
      clearTimeout(burst.current);
      burst.current = setTimeout(finish, KEY_BURST_MS);
    },
    [enabled, scene, finish],
  );

  return { nodes: shown, onNodesChange, onNodeDragStop, onKeyDownCapture, selected };
}

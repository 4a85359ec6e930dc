import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useStore, useStoreApi } from '@xyflow/react';
import type { Point } from '../../../src/core/scene';
import { axisOf, draggableSegments, draggedTo, dragSegment, simplifyRoute, type EndBox } from '../../../src/core/routeDrag';

/** A handle's size on screen, whatever the zoom: long along its segment, thin across it. */
const HANDLE_LONG = 18;
const HANDLE_THIN = 8;

interface Drag {
  pointer: number;
  index: number;
  /** The route when the drag began: each move is computed from it (a drag may drop bends on the way). */
  route: Point[];
  start: Point;
  zoom: number;
  source?: EndBox;
  target?: EndBox;
  last: Point[];
}

/**
 * Handles on the segments of a selected connection: each moves its segment perpendicular to
 * itself (see core's routeDrag), the route shown live through `onLive`, and `onCommit` gets
 * the route where the pointer was let go (not called when it did not change).
 */
export function SegmentHandles({
  points,
  source,
  target,
  onLive,
  onCommit,
}: {
  points: readonly Point[];
  source: string;
  target: string;
  onLive(route: Point[] | undefined): void;
  onCommit(route: Point[]): void;
}) {
  const zoom = useStore((s) => s.transform[2]);
  const store = useStoreApi();
  /** While a handle is dragged: only it is drawn, on its segment where it is now (the others' segments may merge). */
  const [dragged, setDragged] = useState<{ index: number; a: Point; b: Point }>();

  // The boxes as React Flow has them now (absolute: the drawing nests nothing).
  const boxOf = (id: string): EndBox | undefined => {
    const node = store.getState().nodeLookup.get(id);
    if (!node) return undefined;
    const { x, y } = node.internals.positionAbsolute;
    return { x, y, width: node.measured.width ?? node.width ?? 0, height: node.measured.height ?? node.height ?? 0 };
  };

  // Followed on the window, as React Flow's own node drags are: the pointer leaves a thin handle at once.
  const finish = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => finish.current?.(), []);

  const down = (event: ReactPointerEvent<SVGRectElement>, index: number) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    finish.current?.();
    const route = points.map((p) => ({ x: p.x, y: p.y }));
    const s = boxOf(source);
    const t = boxOf(target);
    const d: Drag = { pointer: event.pointerId, index, route, start: { x: event.clientX, y: event.clientY }, zoom: store.getState().transform[2], last: route, ...(s ? { source: s } : {}), ...(t ? { target: t } : {}) };
    setDragged({ index, a: route[index]!, b: route[index + 1]! });
    const axis = axisOf(route[index]!, route[index + 1]!);
    const move = (e: PointerEvent) => {
      if (e.pointerId !== d.pointer) return;
      const offset = (axis === 'horizontal' ? e.clientY - d.start.y : e.clientX - d.start.x) / d.zoom;
      d.last = dragSegment(d.route, d.index, offset, d.source, d.target);
      const to = draggedTo(d.route, d.index, offset, d.source, d.target);
      const [a, b] = [d.route[d.index]!, d.route[d.index + 1]!];
      if (to !== undefined) setDragged(axis === 'horizontal' ? { index: d.index, a: { x: a.x, y: to }, b: { x: b.x, y: to } } : { index: d.index, a: { x: to, y: a.y }, b: { x: to, y: b.y } });
      onLive(d.last);
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      finish.current = undefined;
      setDragged(undefined);
    };
    const up = (e: PointerEvent) => {
      if (e.pointerId !== d.pointer) return;
      move(e);
      stop();
      if (JSON.stringify(d.last) === JSON.stringify(simplifyRoute(d.route.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }))))) onLive(undefined);
      else onCommit(d.last);
    };
    const cancel = () => {
      stop();
      onLive(undefined);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    finish.current = stop;
  };

  return (
    <g className="af-segment-handles">
      {(dragged ? [dragged] : draggableSegments(points).map((index) => ({ index, a: points[index]!, b: points[index + 1]! }))).map(({ index, a, b }) => {
        const horizontal = axisOf(a, b) === 'horizontal';
        const length = Math.abs(horizontal ? b.x - a.x : b.y - a.y);
        const along = Math.min(HANDLE_LONG / zoom, length);
        const across = HANDLE_THIN / zoom;
        const [w, h] = horizontal ? [along, across] : [across, along];
        const cx = (a.x + b.x) / 2;
        const cy = (a.y + b.y) / 2;
        return (
          <rect
            key={index}
            className={`af-segment-handle nodrag nopan ${horizontal ? 'af-segment-h' : 'af-segment-v'}`}
            data-segment={index}
            x={cx - w / 2}
            y={cy - h / 2}
            width={w}
            height={h}
            rx={across / 2}
            strokeWidth={1 / zoom}
            onPointerDown={(e) => down(e, index)}
            onClick={(e) => e.stopPropagation()}
          />
        );
      })}
    </g>
  );
}

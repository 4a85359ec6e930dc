import { memo, useEffect, useMemo, useState } from 'react';
import { EdgeLabelRenderer, type EdgeProps } from '@xyflow/react';
import {
  edgePath,
  EDGE_LABEL_PADDING,
  flowDuration,
  FLOW_DASH,
  packetCount,
  sanitizeColor,
  tripDuration,
} from '../../../src/core/render/index';
import { ARROW_TRIM, polylineLength, STROKE_WIDTH, trimPolyline } from '../../../src/core/render/index';
import { useDrawing } from '../drawingContext';
import type { DiagramFlowEdge } from '../sceneToFlow';
import { sameData } from './sameData';
import { SegmentHandles } from './SegmentHandles';
import type { Point } from '../../../src/core/scene';
import { TextLines } from './TextLines';

const seconds = (s: number) => `${Math.max(0.01, Math.round(s * 1000) / 1000)}s`;

/**
 * A connection along the route the layout computed (React Flow's own handle positions
 * are ignored), with the exported SVG's arrowheads, line styles and animations: marching
 * dashes (`flow`) and glow (`pulse`) in CSS, travelling dots (`packets`) in SMIL. The
 * page pauses them while hidden and drops them under reduced motion.
 */
export const DiagramEdge = memo(function DiagramEdge({ id, data, selected }: EdgeProps<DiagramFlowEdge>) {
  const { palette, canvas, animate, labelZ, onEdgeLabelClick, onEdgeLabelContextMenu, onRouteChange } = useDrawing();
  const edge = data!.edge;
  // The route while one of its segments is dragged; a new drawing of the connection ends it.
  const [live, setLive] = useState<Point[]>();
  useEffect(() => setLive(undefined), [edge.points]);
  const geometry = useMemo(() => {
    const points = live ?? edge.points;
    const full = edgePath(points);
    const endHead = edge.heads === 'end' || edge.heads === 'both';
    const startHead = edge.heads === 'both';
    let trimmed = points;
    if (endHead) trimmed = trimPolyline(trimmed, ARROW_TRIM, true);
    if (startHead) trimmed = trimPolyline(trimmed, ARROW_TRIM, false);
    return { full, d: edgePath(trimmed), length: polylineLength(trimmed), fullLength: polylineLength(points), endHead, startHead };
  }, [live, edge.points, edge.heads]);
  if (!geometry.full) return null;

  const color = sanitizeColor(edge.color) ?? palette.edge.stroke;
  const dash = edge.style === 'dashed' ? '6 5' : edge.style === 'dotted' ? '0.5 4.5' : undefined;
  const markerId = `af-arrow-${id}`;
  const anim = edge.anim;
  const trip = tripDuration(edge.speed);
  const count = anim === 'packets' ? packetCount(geometry.fullLength) : 0;

  let label = null;
  if (edge.label && edge.labelPosition && edge.label.lines.length > 0) {
    const bw = edge.label.width + 2 * EDGE_LABEL_PADDING.x;
    const bh = edge.label.height + 2 * EDGE_LABEL_PADDING.y;
    label = (
      <EdgeLabelRenderer>
        <div
          className="af-edge-label nodrag nopan"
          data-edge={id}
          title={edge.tooltip}
          style={{ transform: `translate(${edge.labelPosition.x}px, ${edge.labelPosition.y}px)`, width: bw, height: bh, zIndex: labelZ }}
          onClick={() => onEdgeLabelClick(edge)}
          onContextMenu={
            onEdgeLabelContextMenu &&
            ((event) => {
              event.preventDefault();
              onEdgeLabelContextMenu(id, { x: event.clientX, y: event.clientY });
            })
          }
        >
          <svg width={bw} height={bh}>
            <rect x={0} y={0} width={bw} height={bh} rx={Math.min(5, bh / 2)} fill={palette.label.fill} stroke={palette.label.stroke} strokeWidth={1} />
            <TextLines block={edge.label} left={EDGE_LABEL_PADDING.x} top={EDGE_LABEL_PADDING.y} align="middle" fill={palette.edge.text} />
          </svg>
        </div>
      </EdgeLabelRenderer>
    );
  }

  return (
    <>
      <defs>
        {geometry.endHead && (
          <marker id={markerId} viewBox="0 0 12 10" refX={10.1 - ARROW_TRIM} refY={5} markerWidth={12} markerHeight={10} markerUnits="userSpaceOnUse" orient="auto">
            <path d="M1.5 1.2L9.6 5L1.5 8.8L3.3 5Z" fill={color} stroke={color} strokeWidth={1} strokeLinejoin="round" />
          </marker>
        )}
        {geometry.startHead && (
          <marker id={`${markerId}-start`} viewBox="0 0 12 10" refX={1.9 + ARROW_TRIM} refY={5} markerWidth={12} markerHeight={10} markerUnits="userSpaceOnUse" orient="auto">
            <path d="M10.5 1.2L2.4 5L10.5 8.8L8.7 5Z" fill={color} stroke={color} strokeWidth={1} strokeLinejoin="round" />
          </marker>
        )}
      </defs>
      <path d={geometry.d} className="af-edge-interaction" fill="none" stroke="transparent" strokeWidth={14} />
      <path
        className="af-edge-line"
        d={geometry.d}
        fill="none"
        stroke={color}
        strokeWidth={STROKE_WIDTH}
        strokeOpacity={anim === 'flow' ? 0.35 : undefined}
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeDasharray={dash}
        markerStart={geometry.startHead ? `url(#${markerId}-start)` : undefined}
        markerEnd={geometry.endHead ? `url(#${markerId})` : undefined}
      />
      {anim === 'flow' && (
        <path
          className={animate ? 'af-flow' : undefined}
          d={geometry.d}
          fill="none"
          stroke={color}
          strokeWidth={STROKE_WIDTH}
          strokeLinecap="round"
          strokeDasharray={FLOW_DASH.join(' ')}
          style={animate ? { animationDuration: seconds(flowDuration(edge.speed, geometry.length)) } : undefined}
        />
      )}
      {anim === 'pulse' && animate && (
        <path
          className="af-pulse"
          d={geometry.d}
          fill="none"
          stroke={color}
          strokeWidth={7}
          strokeOpacity={0}
          strokeLinecap="round"
          strokeLinejoin="round"
          style={{ animationDuration: seconds(trip) }}
        />
      )}
      {anim === 'packets' && animate && (
        <g className="af-packets">
          {Array.from({ length: count }, (_, i) => (
            <circle key={i} r={3.5} fill={color} stroke={canvas} strokeWidth={1.5}>
              <animateMotion dur={seconds(trip)} begin={i === 0 ? '0s' : `-${seconds((trip * i) / count)}`} repeatCount="indefinite" path={geometry.full} />
            </circle>
          ))}
        </g>
      )}
      {selected && onRouteChange && (
        <SegmentHandles points={edge.points} source={edge.source} target={edge.target} onLive={setLive} onCommit={(route) => onRouteChange(id, route)} />
      )}
      {label}
    </>
  );
  // Selected or not redraws it too: a selected connection shows its segment handles.
}, (a, b) => sameData(a, b) && a.selected === b.selected);

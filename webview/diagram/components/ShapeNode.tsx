import { memo, useMemo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { nodeColors, shapeGeometry, STROKE_WIDTH } from '../../../src/core/render/index';
import { useDrawing } from '../drawingContext';
import type { ShapeFlowNode } from '../sceneToFlow';
import { Handles } from './Handles';
import { sameData } from './sameData';
import { ElementContent } from './ElementContent';

/**
 * A node of any shape: the core's outline and decorations for its shape, its icon and its
 * label, all at the positions the layout gave them (relative to the node's corner).
 */
export const ShapeNode = memo(function ShapeNode({ data }: NodeProps<ShapeFlowNode>) {
  const { palette, canvas, canvasText } = useDrawing();
  const n = data.element;
  const geometry = useMemo(() => shapeGeometry(n.shape, n.width, n.height, n.size), [n.shape, n.width, n.height, n.size]);
  const outlined = geometry.path !== '';
  const colors = nodeColors(n, palette, { fill: canvas, text: canvasText });
  return (
    <div className={`af-node af-shape-${n.shape}${n.implicit ? ' af-implicit' : ''}`} title={n.tooltip} data-id={n.id} data-line={n.line}>
      <Handles />
      <svg width={n.width} height={n.height} overflow="visible" className="af-node-svg">
        {outlined && (
          <path
            className="af-outline"
            d={geometry.path}
            fill={colors.fill}
            stroke={colors.stroke}
            strokeWidth={STROKE_WIDTH}
            strokeLinejoin="round"
            strokeDasharray={n.implicit ? '5 4' : undefined}
          />
        )}
        {geometry.decorations.map((d, i) => (
          <path
            key={i}
            className="af-decoration"
            d={d.d}
            fill={d.kind === 'shade' ? colors.shade : 'none'}
            stroke={colors.stroke}
            strokeWidth={STROKE_WIDTH}
            strokeLinejoin="round"
          />
        ))}
        <ElementContent element={n} icon={data.icon} iconColor={colors.icon} textColor={colors.text} align="middle" palette={palette} />
      </svg>
    </div>
  );
}, sameData);

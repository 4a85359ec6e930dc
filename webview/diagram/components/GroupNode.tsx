import { memo } from 'react';
import type { NodeProps } from '@xyflow/react';
import { useDrawing } from '../drawingContext';
import type { GroupFlowNode, TitleFlowNode } from '../sceneToFlow';
import { FONT_FAMILY, GROUP_RADIUS, groupColors, TITLE_STYLE } from '../../../src/core/render/index';
import { Handles } from './Handles';
import { sameData } from './sameData';
import { ElementContent } from './ElementContent';

/** A group frame with its icon and title, coloured by nesting depth as in the export. */
export const GroupNode = memo(function GroupNode({ data }: NodeProps<GroupFlowNode>) {
  const { palette } = useDrawing();
  const g = data.element;
  const colors = groupColors(g, palette);
  const w = Math.max(0, g.width);
  const h = Math.max(0, g.height);
  return (
    <div className="af-group" title={g.tooltip} data-id={g.id} data-line={g.line}>
      <Handles />
      <svg width={w} height={h} overflow="visible" className="af-node-svg">
        <rect className="af-frame" x={0} y={0} width={w} height={h} rx={Math.min(GROUP_RADIUS, w / 2, h / 2)} fill={colors.fill} stroke={colors.stroke} strokeWidth={1} />
        <ElementContent element={g} icon={data.icon} iconColor={colors.icon} textColor={colors.title} align="start" palette={palette} />
      </svg>
    </div>
  );
}, sameData);

/** The diagram title, in the band the export adds above the drawing. */
export const TitleNode = memo(function TitleNode({ data, width }: NodeProps<TitleFlowNode>) {
  const { palette } = useDrawing();
  return (
    <div className="af-title" title={data.tooltip}>
      <svg width={width ?? 1} height={TITLE_STYLE.band} overflow="visible">
        <text x={0} y={TITLE_STYLE.baseline} fontFamily={FONT_FAMILY} fontSize={TITLE_STYLE.fontSize} fontWeight={TITLE_STYLE.fontWeight} fill={palette.title}>
          {data.title}
        </text>
      </svg>
    </div>
  );
});

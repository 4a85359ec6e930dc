import type { IconData, SceneGroup, SceneNode } from '../../../src/core/scene';
import type { Palette } from '../../../src/core/render/index';
import { IconImage } from './IconImage';
import { TextLines } from './TextLines';

/**
 * A node's or group's icon and label, placed where the layout put them, relative to the
 * element's own corner: only relative placement is drawn, which is what lets a moved
 * element keep its previous data (see keepUnchanged).
 */
export function ElementContent({
  element,
  icon,
  iconColor,
  textColor,
  align,
  palette,
}: {
  element: SceneNode | SceneGroup;
  icon: IconData | null | undefined;
  iconColor: string;
  textColor: string;
  align: 'middle' | 'start';
  palette: Palette;
}) {
  const { x, y, iconBox, label, labelPosition } = element;
  return (
    <>
      {icon !== undefined && iconBox && <IconImage data={icon} x={iconBox.x - x} y={iconBox.y - y} size={iconBox.size} color={iconColor} palette={palette} />}
      <TextLines block={label} left={labelPosition.x - x} top={labelPosition.y - y} align={align} fill={textColor} />
    </>
  );
}

import type { TextBlock } from '../../../src/core/scene';
import { baselineOf, FONT_FAMILY } from '../../../src/core/render/index';

/** A measured text block as SVG text, placed exactly as the exported SVG places it. */
export function TextLines({ block, left, top, align, fill }: { block: TextBlock; left: number; top: number; align: 'middle' | 'start'; fill: string }) {
  if (!block.lines.length) return null;
  const fontSize = block.fontSize || 14;
  const lineHeight = block.lineHeight || fontSize * 1.3;
  const x = align === 'middle' ? left + block.width / 2 : left;
  return (
    <text
      className="af-text"
      fontFamily={FONT_FAMILY}
      fontSize={fontSize}
      fontWeight={block.fontWeight === 600 ? 600 : undefined}
      fill={fill}
      textAnchor={align === 'middle' ? 'middle' : undefined}
      xmlSpace="preserve"
    >
      {block.lines.map((line, i) => (
        <tspan key={i} x={x} y={baselineOf(top, i, fontSize, lineHeight)}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

export { renderSvg, type RenderOptions } from './renderSvg';
export { renderLightDark, mergePalettes, type LightDarkSvgs } from './lightDark';
export {
  FONT_FAMILY,
  STROKE_WIDTH,
  GROUP_STROKE_WIDTH,
  GROUP_RADIUS,
  ARROW_TRIM,
  ARROW_HEAD,
  EDGE_LABEL_PADDING,
  EDGE_LABEL_RADIUS,
  BASELINE_SHIFT,
  TITLE_STYLE,
  baselineOf,
  drawnTitle,
} from './metrics';
export { nodeColors, groupColors, edgeColor, type NodeColors, type GroupColors, type CanvasColors } from './elementColors';
export { THEMES, groupPalette, type Palette, type GroupPalette, type ThemeName } from './themes';
export { shapeGeometry, roundedRect, type ShapeGeometry, type ShapeDecoration } from './shapes';
export { edgePath, polylineLength, trimPolyline, EDGE_CORNER_RADIUS } from './edgePath';
export { animationCss, animationClass, flowDuration, tripDuration, packetCount, seconds, FLOW_DASH, DEFAULT_SPEED } from './animations';
export { escapeXml } from './xml';
export { safeLink } from './links';
export { sanitizeColor, contrastRatio, mix, readableOn } from './color';
export { checkXmlWellFormed, type XmlCheckOptions } from './xmlCheck';

export { layoutDiagram } from './layoutDiagram';
export type { LayoutOptions, LayoutPhase } from './layoutDiagram';
export { measureText, layoutText, lineHeightFor } from './textMetrics';
export type { FontWeight } from './textMetrics';
export {
  FONT_FAMILY,
  LINE_HEIGHT_RATIO,
  SCENE_MARGIN,
  NODE_METRICS,
  NODE_FONT_WEIGHT,
  SHAPE_DETAIL,
  HEXAGON_POINT_RATIO,
  CLOUD_INSET_RATIO,
  TIGHT_PADDING,
  GROUP_METRICS,
  GROUP_FONT_WEIGHT,
  GROUP_FRAME,
  EDGE_LABEL_METRICS,
  LAYOUT_SPACING,
  LARGE_DIAGRAM,
  groupTitleBarHeight,
} from './constants';
export type { NodeSizeMetrics, GroupSizeMetrics } from './constants';
export { layoutJson } from './layoutJson';
export type { LayoutJson, LayoutJsonBox, LayoutJsonConnection, LayoutJsonLabel } from './layoutJson';
export { measureLayout } from './metrics';
export type { LayoutMetrics } from './metrics';
export { compareLayouts } from './stability';
export type { LayoutStability } from './stability';
export { layoutWithKept, keptLayout, hasKeptPositions } from './keptLayout';
export {
  LAYOUT_FORMAT,
  connectionKeys,
  emptyLayout,
  layoutFileName,
  layoutFromScene,
  mergeLayout,
  parseLayoutFile,
  serializeLayoutFile,
  staleIds,
} from './layoutFile';
export type { DiagramLayout, LayoutBox, LayoutFile, LayoutParse, LayoutProblem, LayoutProblemCode } from './layoutFile';

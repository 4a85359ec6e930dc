import { drawnTitle, TITLE_STYLE } from '../../src/core/render/index';
import type { Scene } from '../../src/core/scene';
import { FIT_OPTIONS } from '../diagram/components/DiagramFlow';

/** The least an inline drawing asks for: its caption, a few rows of drawing and the zoom controls. */
export const MIN_VIEW_HEIGHT = 160;
/** The most an inline drawing asks for (a tall diagram), unless the host allows less; beyond it, full screen or zoom. */
export const MAX_VIEW_HEIGHT = 640;
/** Room below the drawing for the caption line, which would otherwise cover its bottom row. */
export const CAPTION_BAND = 36;

/**
 * The frame height an inline drawing asks its host for: what the drawing, fitted to
 * `frameWidth` as the view fits it (React Flow's `fitView` with {@link FIT_OPTIONS}: its
 * padding and its largest zoom), needs in height, plus the caption's band; between
 * {@link MIN_VIEW_HEIGHT} and {@link MAX_VIEW_HEIGHT}, and never more than `maxHeight` (the
 * host's limit, when it gives one). So a wide diagram in a narrow side bar gets a short frame
 * filled edge to edge rather than a thin strip in a tall one, and a tall diagram gets the
 * tallest frame allowed. Whole pixels; pure.
 */
export function fittedViewHeight(scene: Pick<Scene, 'width' | 'height' | 'title'>, frameWidth: number, maxHeight?: number): number {
  const limit = Math.max(1, Math.min(MAX_VIEW_HEIGHT, maxHeight !== undefined && maxHeight > 0 ? Math.floor(maxHeight) : MAX_VIEW_HEIGHT));
  const width = Math.max(1, scene.width);
  // The view draws the title above the scene, in a band of its own.
  const height = Math.max(1, scene.height + (drawnTitle(scene.title) ? TITLE_STYLE.band : 0));
  const grow = 1 + FIT_OPTIONS.padding;
  const zoom = Math.min(FIT_OPTIONS.maxZoom, Math.max(1, frameWidth) / (grow * width));
  const wanted = Math.ceil(height * zoom * grow + CAPTION_BAND);
  return Math.min(limit, Math.max(MIN_VIEW_HEIGHT, wanted));
}

import type { Viewport } from '@xyflow/react';
import type { Scene } from '../../src/core/scene';
import type { PreviewLayoutStatus, PreviewProblem, UpdateMessage } from '../../src/protocol/index';

/** What the preview shows: one document version, its problems and its (last good) drawing. */
export interface DocState {
  uri: string;
  /** Document version of the last update (-1 before the first). */
  version: number;
  scene?: Scene;
  sceneVersion?: number;
  problems: PreviewProblem[];
  failure?: string;
  /** Viewport to move to when this document's drawing is first shown. */
  restore?: Viewport;
  /** Where the drawing's positions come from (the toolbar's note, the layout file's problem). */
  layout?: PreviewLayoutStatus;
}

/**
 * Applies one `update` from the host. Updates older than the shown version of the same
 * document are ignored, and so is a drawing older than the one shown; an update without
 * a drawing keeps the current one (the last good drawing while the text has errors).
 * Switching documents drops the old drawing and viewport.
 */
export function applyUpdate(prev: DocState, m: UpdateMessage): DocState {
  const sameDoc = m.uri === prev.uri;
  if (sameDoc && m.version >= 0 && m.version < prev.version) return prev;
  const next: DocState = {
    uri: m.uri,
    version: m.version,
    problems: m.problems,
    failure: m.failure,
    scene: sameDoc ? prev.scene : undefined,
    sceneVersion: sameDoc ? prev.sceneVersion : undefined,
    restore: m.viewport ?? (sameDoc ? prev.restore : undefined),
    layout: m.layout ?? (sameDoc ? prev.layout : undefined),
  };
  if (m.scene && (!sameDoc || prev.sceneVersion === undefined || (m.sceneVersion ?? 0) >= prev.sceneVersion)) {
    next.scene = m.scene;
    next.sceneVersion = m.sceneVersion;
  }
  return next;
}

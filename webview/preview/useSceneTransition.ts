import { useLayoutEffect, useRef, useState } from 'react';
import type { Scene } from '../../src/core/scene';
import { easeInOut, geometryMoved, sceneBetween } from './sceneMorph';

/** How long elements take to glide from their old places to their new ones. */
export const TRANSITION_MS = 320;
/**
 * Above this many elements and connections a drawing jumps instead: each frame of a
 * transition redraws every moving element, which a very large diagram cannot do at 60 fps
 * while the user types.
 */
export const MAX_TRANSITION_ELEMENTS = 800;

/**
 * The scene to draw while `scene` replaces the one before it in the same document
 * (`documentKey`): when the new drawing moves or resizes elements both have, they glide from
 * where they are shown to where they belong over {@link TRANSITION_MS} (connections morph
 * along), so an edit is seen rather than a jump; a new transition starts from wherever the
 * previous one had got to. Without `enabled` (reduced motion), for another document, for a
 * style-only change or for a very large drawing, the new scene is returned as it is.
 */
export function useSceneTransition(scene: Scene | undefined, documentKey: string, enabled: boolean): Scene | undefined {
  const [frame, setFrame] = useState<{ target: Scene; shown: Scene } | undefined>(undefined);
  /** What is on screen now (a frame of a transition, or a final scene) and for which document. */
  const shown = useRef<{ scene: Scene; documentKey: string } | undefined>(undefined);

  useLayoutEffect(() => {
    const from = shown.current;
    if (!scene) {
      shown.current = undefined;
      setFrame(undefined);
      return;
    }
    const size = scene.nodes.length + scene.groups.length + scene.edges.length;
    if (!enabled || !from || from.documentKey !== documentKey || from.scene === scene || size > MAX_TRANSITION_ELEMENTS || !geometryMoved(from.scene, scene)) {
      shown.current = { scene, documentKey };
      setFrame(undefined);
      return;
    }
    const start = performance.now();
    const show = (t: number) => {
      const next = sceneBetween(from.scene, scene, easeInOut(t));
      shown.current = { scene: next, documentKey };
      setFrame(t >= 1 ? undefined : { target: scene, shown: next });
    };
    // The first frame (the old places) replaces the new scene before the browser paints.
    show(0);
    let handle = requestAnimationFrame(function step(now) {
      const t = Math.min(1, (now - start) / TRANSITION_MS);
      show(t);
      if (t < 1) handle = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(handle);
  }, [scene, documentKey, enabled]);

  return frame && frame.target === scene ? frame.shown : scene;
}

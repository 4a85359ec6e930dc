import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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

interface Transition {
  /** The scene being shown or glided to. */
  target: Scene | undefined;
  /** While gliding: where from, and the frame on screen. */
  from?: Scene;
  frame?: Scene;
}

/**
 * The scene to draw while `scene` replaces the one before it in the same document
 * (`documentKey`): when the new drawing moves or resizes elements both have, they glide from
 * where they are shown to where they belong over {@link TRANSITION_MS} (connections morph
 * along), so an edit is seen rather than a jump; a new transition starts from wherever the
 * previous one had got to. Without `enabled` (reduced motion), for another document, for a
 * style-only change or for a very large drawing, the new scene is returned as it is. The
 * first frame is decided while rendering, so the new scene is never drawn before it.
 */
export function useSceneTransition(scene: Scene | undefined, documentKey: string, enabled: boolean): Scene | undefined {
  const [state, setState] = useState<Transition>({ target: scene });
  /** What is on screen (a frame of a transition, or a final scene), and for which document. */
  const shown = useRef<{ scene: Scene | undefined; documentKey: string }>({ scene, documentKey });

  let current = state;
  if (scene !== state.target) {
    // A new scene: start from what is on screen (React renders again at once, before any child).
    const from = shown.current.scene;
    const size = scene ? scene.nodes.length + scene.groups.length + scene.edges.length : 0;
    const glide = enabled && scene && from && shown.current.documentKey === documentKey && size <= MAX_TRANSITION_ELEMENTS && geometryMoved(from, scene);
    current = glide ? { target: scene, from, frame: sceneBetween(from, scene, 0) } : { target: scene };
    setState(current);
  }
  const displayed = current.frame ?? scene;

  useLayoutEffect(() => {
    shown.current = { scene: displayed, documentKey };
  });

  const { target, from } = current;
  useEffect(() => {
    if (!target || !from) return;
    const start = performance.now();
    let handle = requestAnimationFrame(function step(now) {
      const t = Math.min(1, (now - start) / TRANSITION_MS);
      setState((s) => (s.target !== target ? s : t >= 1 ? { target } : { target, from, frame: sceneBetween(from, target, easeInOut(t)) }));
      if (t < 1) handle = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(handle);
  }, [target, from]);

  return displayed;
}

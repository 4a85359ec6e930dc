import { useMemo, useRef } from 'react';
import type { Scene } from '../../src/core/scene';
import { keepUnchanged } from './keepUnchanged';
import { sceneToFlow, type FlowElements } from './sceneToFlow';

const EMPTY_FLOW: FlowElements = { nodes: [], edges: [], labelZ: 1 };

/**
 * The React Flow elements of `scene` (none without one). Each drawing shares every
 * unchanged node and edge with the one before (see keepUnchanged), so a new scene redraws
 * only what changed; the same scene object gives the same elements.
 */
export function useSceneFlow(scene: Scene | undefined): FlowElements {
  const shown = useRef<FlowElements | undefined>(undefined);
  return useMemo(() => {
    const next = scene ? keepUnchanged(shown.current, sceneToFlow(scene)) : EMPTY_FLOW;
    shown.current = scene ? next : undefined;
    return next;
  }, [scene]);
}

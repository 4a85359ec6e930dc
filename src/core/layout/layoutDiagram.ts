import type { ElkNode } from 'elkjs/lib/elk-api';
import type { DiagramModel, Direction } from '../model';
import type { IconData, Scene } from '../scene';
import { LARGE_DIAGRAM, SCENE_MARGIN } from './constants';
import { buildElkGraph } from './elkGraph';
import { candidateSeeds, isBetterCandidate, isUnbeatable, withSeed, type CandidateChoice } from './candidates';
import { feedbackConnections } from './feedback';
import { measureLayout, type LayoutMetrics } from './metrics';
import { clearGroupTitles } from './groupTitles';
import { buildHierarchy } from './hierarchy';
import { sceneFromElk } from './sceneFromElk';
import { straightenRoutes } from './straightenRoutes';

export interface LayoutOptions {
  /** Lays the diagram out in this direction instead of the model's. */
  direction?: Direction;
  /** Empty room around the drawing, in px (default `SCENE_MARGIN`). */
  margin?: number;
  /**
   * Called as each phase ends, in order (once per candidate for candidate phases); the caller
   * reads its own clock, which keeps the core free of timers. For the benchmark's phase
   * table: a CPU profile of a layout shows ELK's minified functions, not which of our steps
   * called them.
   */
  onPhase?: (phase: LayoutPhase) => void;
  /** How many candidate layouts to weigh (default `best`; see CandidateChoice). */
  candidates?: CandidateChoice;
}

/** The steps of a layout, as `LayoutOptions.onPhase` names them. */
export type LayoutPhase = 'prepare' | 'elk' | 'scene' | 'straighten' | 'titles' | 'measure';

/**
 * Lays a diagram out with ELK layered and returns its scene.
 *
 * Guarantees: the same model, icons and options always give an identical scene (a fixed ELK
 * seed, model order everywhere, coordinates rounded to 1/100 px); every coordinate is absolute
 * and includes the margin; groups come parents first; edges are orthogonal polylines from the
 * source's border to the target's border. The diagram's direction is used at the top level;
 * a group's own `direction` is honoured when no connection crosses its border, otherwise the
 * group follows the direction of the run it belongs to (see `buildHierarchy`).
 *
 * Never throws on a model the parser produced: connections to missing ids are skipped, bad
 * parents count as the top level, and if ELK rejects the hierarchical graph the layout is
 * redone with every group laid out on its own (connections crossing group borders then get
 * a simple orthogonal route). `icons` is only copied into `scene.icons` (ids the model uses,
 * `null` for the unknown ones); a missing icon still gets its box, for a placeholder.
 */
export async function layoutDiagram(
  model: DiagramModel,
  icons: Record<string, IconData | null>,
  options: LayoutOptions = {},
): Promise<Scene> {
  const direction = options.direction ?? model.direction;
  const margin = options.margin ?? SCENE_MARGIN;
  const phase = options.onPhase ?? (() => undefined);
  const hierarchy = buildHierarchy(model, direction);
  const reversed = feedbackConnections(hierarchy);
  const elementCount = hierarchy.nodes.length + hierarchy.groups.length;
  const seeds = candidateSeeds(elementCount, options.candidates);
  // Past this size straightening would cost a sizeable share of the layout (measured: 6% of a
  // 300-node layout, 30% of a dense 1000-node one), while ELK's own effort is already cut back.
  const straighten = elementCount <= LARGE_DIAGRAM.large;
  let best: { scene: Scene; metrics: LayoutMetrics } | undefined;
  let first: LayoutMetrics | undefined;
  const elk = await elkEngine();
  for (const seed of seeds) {
    let input = buildElkGraph(hierarchy, direction, false, reversed);
    phase('prepare');
    let laidOut: ElkNode;
    try {
      laidOut = await elk.layout(withSeed(input.graph, seed));
    } catch {
      input = buildElkGraph(hierarchy, direction, true, reversed);
      laidOut = await elk.layout(withSeed(input.graph, seed));
    }
    phase('elk');
    const drawn = sceneFromElk(model, hierarchy, input, laidOut, direction, margin, icons);
    phase('scene');
    const straightened = straighten ? straightenRoutes(drawn) : drawn;
    phase('straighten');
    const scene = clearGroupTitles(straightened);
    phase('titles');
    if (seeds.length === 1) return scene;
    const metrics = measureLayout(scene);
    phase('measure');
    first ??= metrics;
    // Each candidate is weighed against the first seed's drawing, then against the best so far.
    if (!best || (isBetterCandidate(metrics, first) && isBetterCandidate(metrics, best.metrics))) best = { scene, metrics };
    if (isUnbeatable(first)) break;
  }
  return best!.scene;
}

let engine: Promise<InstanceType<typeof import('elkjs/lib/elk.bundled.js').default>> | undefined;

/**
 * The one ELK engine of this thread. Loaded on first use: evaluating elkjs costs hundreds
 * of ms, which importers of this module (for measureText or the constants) should not pay.
 * Shared because a fresh engine per call doubled the cost of small layouts, and safe to
 * share: each `layout` call builds its own graph and the random seed is set per call.
 */
function elkEngine() {
  engine ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
  return engine;
}

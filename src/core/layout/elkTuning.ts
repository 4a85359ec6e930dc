import type { LayoutOptions as ElkLayoutOptions } from 'elkjs/lib/elk-api';
import { LARGE_DIAGRAM } from './constants';

/**
 * ELK options chosen on the layout metrics (bench: `npm run bench -- --only layout-quality`),
 * not by eye. Measured on the examples and generated architectures against the previous
 * options: network-simplex placement straightens chains (fewer bends, shorter routes);
 * the hierarchical greedy-switch pass removes crossings the layer sweeps leave between
 * groups. See README "Layout quality" for the figures.
 */
const QUALITY_OPTIONS: ElkLayoutOptions = {
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.crossingMinimization.greedySwitchHierarchical.type': 'TWO_SIDED',
};

/**
 * Declaration order as a tie-break keeps the drawing close to the text and steadier under
 * edits. Only for the root graph of each layout run (the diagram, a sealed group, the wrapper
 * starting a run inside one): set on a group inside a hierarchical run it crashes elkjs
 * 0.12.1 (eclipse-elk/elk#1173, #1182: the model-order bound is only set on the run's root).
 */
const MODEL_ORDER: ElkLayoutOptions = { 'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES' };

/**
 * Keeps declaration order within each layer of the run's own graph, so one added or removed
 * connection does not reshuffle the rest (measured: node pairs keeping their order after
 * +connection 66% -> 73%, -connection 60% -> 74%, crossings 81 -> 83 on the bench set).
 */
const FORCED_MODEL_ORDER: ElkLayoutOptions = { 'elk.layered.crossingMinimization.forceNodeModelOrder': 'true' };

/** The options of a layout that depend on the diagram's size. */
export interface ElkTuning {
  /** For every layered run and compound node. */
  run: ElkLayoutOptions;
  /** Only for the root graph of each run (see `MODEL_ORDER`). */
  runRoot: ElkLayoutOptions;
}

/**
 * ELK's effort for a diagram of `elementCount` nodes and groups. The diagrams people read as
 * a whole (up to `LARGE_DIAGRAM.medium`) get ELK's default crossing effort (7) and every
 * quality option. Past that their cost grows faster than the graph while a reader no longer
 * takes in the whole drawing, so responsiveness wins, in two steps: lower effort up to
 * `LARGE_DIAGRAM.large`, then effort 1 (which halves a 1000-node layout) and ELK's plain
 * defaults. Neither step sets declaration order: ELK's model-order tie-break compares nodes
 * during every crossing-minimisation sweep, and on a 300-node diagram with 30 groups and 455
 * connections it made ELK 3-8x slower than raw elkjs for 93 wrap-arounds instead of 162 (see
 * docs/decisions/0009-layout-speed-tiers.md for the options measured and dropped). Measured
 * (CPU time of one layout of the bench's generated graphs against raw elkjs): 1000 nodes 68 s
 * with network simplex and greedy switch against 5 s raw.
 */
export function elkTuning(elementCount: number): ElkTuning {
  if (elementCount > LARGE_DIAGRAM.large) return { run: { 'elk.layered.thoroughness': '1' }, runRoot: {} };
  if (elementCount > LARGE_DIAGRAM.medium) return { run: { 'elk.layered.thoroughness': '3' }, runRoot: {} };
  return { run: { 'elk.layered.thoroughness': '7', ...QUALITY_OPTIONS }, runRoot: { ...MODEL_ORDER, ...FORCED_MODEL_ORDER } };
}

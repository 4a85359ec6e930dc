import type { LayoutOptions as ElkLayoutOptions } from 'elkjs/lib/elk-api';

/**
 * ELK options chosen on the layout metrics (bench: `npm run bench -- --only layout-quality`),
 * not by eye. Measured on the examples and generated architectures against the previous
 * options: network-simplex placement straightens chains (fewer bends, shorter routes);
 * the hierarchical greedy-switch pass removes crossings the layer sweeps leave between
 * groups. See README "Layout quality" for the figures.
 */
export const QUALITY_OPTIONS: ElkLayoutOptions = {
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.crossingMinimization.greedySwitchHierarchical.type': 'TWO_SIDED',
};

/**
 * Options only for the root graph of each layout run (the diagram, a sealed group, the
 * wrapper starting a run inside one). Declaration order as a tie-break keeps the drawing
 * close to the text and steadier under edits; set on a group inside a hierarchical run it
 * crashes elkjs 0.12.1 (eclipse-elk/elk#1173, #1182: the model-order bound is only set on
 * the run's root), so it must stay here.
 */
export const RUN_ROOT_OPTIONS: ElkLayoutOptions = {
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  // Keeps declaration order within each layer of the run's own graph, so one added or removed
  // connection does not reshuffle the rest (measured: node pairs keeping their order after
  // +connection 66% -> 73%, -connection 60% -> 74%, crossings 81 -> 83 on the bench set).
  'elk.layered.crossingMinimization.forceNodeModelOrder': 'true',
};

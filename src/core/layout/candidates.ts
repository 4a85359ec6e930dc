import type { ElkNode } from 'elkjs/lib/elk-api';
import type { LayoutMetrics } from './metrics';

/**
 * Candidate layouts for small diagrams: ELK's crossing minimisation starts from random
 * orders, so other seeds sometimes give a drawing with fewer crossings or no route around
 * the outside. Under `CANDIDATE_LIMIT` elements (nodes and groups) a few seeds are laid out
 * and the best by the metrics is kept; bigger diagrams get one run, which keeps the
 * 300-node pipeline within its time budget.
 */
export const CANDIDATE_SEEDS: readonly number[] = [1, 2, 3];
export const CANDIDATE_LIMIT = 60;

/**
 * How many candidates a layout weighs: `best` (the default) the seeds above under
 * CANDIDATE_LIMIT elements, `first` the first seed only, whatever the size. `first` is for
 * drawings laid out afresh on every edit with nothing held on screen (Markdown fences, see
 * FENCE_CANDIDATES): three layouts per keystroke cost more there than the better pick gains.
 */
export type CandidateChoice = 'best' | 'first';

/**
 * What every surface that draws a Markdown fence asks for (the Markdown preview, export, the
 * CLI's `render` and `layout` of a .md): one choice, so a fence is the same picture on all of them.
 */
export const FENCE_CANDIDATES: CandidateChoice = 'first';

/** The seeds to lay out a diagram of `elementCount` nodes and groups with. */
export function candidateSeeds(elementCount: number, choice: CandidateChoice = 'best'): readonly number[] {
  return choice === 'best' && elementCount <= CANDIDATE_LIMIT ? CANDIDATE_SEEDS : CANDIDATE_SEEDS.slice(0, 1);
}

/**
 * True when no candidate can replace the first seed's drawing (see isBetterCandidate): nothing
 * wrong, no wrap-around, and too few crossings to save two. The other seeds are then not laid
 * out, which changes no drawing and saves two layouts.
 */
export function isUnbeatable(first: LayoutMetrics): boolean {
  return faults(first) === 0 && first.wrapArounds === 0 && first.crossings < 2;
}

/** Sets ELK's random seed on every graph of a freshly built ELK graph (mutates it). */
export function withSeed(graph: ElkNode, seed: number): ElkNode {
  const stack = [graph];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.layoutOptions) node.layoutOptions['elk.randomSeed'] = String(seed);
    stack.push(...(node.children ?? []));
  }
  return graph;
}

/**
 * True when candidate `b` should replace the drawing `a` of the first seed, comparing
 * lexicographically and never blending "wrong" with "ugly": first what is wrong (overlaps,
 * connections through nodes, label collisions), then wrap-arounds, then crossings. A
 * candidate must save at least two crossings and a quarter of them: the first seed's
 * drawing is kept otherwise, because switching seeds on a small gain makes a one-line edit
 * redraw everything (measured: a longer label kept 92% of the node order instead of 98%).
 */
export function isBetterCandidate(b: LayoutMetrics, a: LayoutMetrics): boolean {
  if (faults(b) !== faults(a)) return faults(b) < faults(a);
  if (b.wrapArounds !== a.wrapArounds) return b.wrapArounds < a.wrapArounds;
  return a.crossings - b.crossings >= Math.max(2, a.crossings / 4);
}

/** What is wrong in a drawing: overlaps, connections through nodes, label collisions. */
function faults(m: LayoutMetrics): number {
  return m.boxOverlaps + m.edgeNode + m.labelNode + m.labelLabel;
}

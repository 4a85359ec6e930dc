import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDiagram } from '../../../src/core/language';
import { layoutDiagram } from '../../../src/core/layout';
import {
  CANDIDATE_LIMIT,
  CANDIDATE_SEEDS,
  candidateSeeds,
  FENCE_CANDIDATES,
  isBetterCandidate,
  isUnbeatable,
  withSeed,
  type CandidateChoice,
} from '../../../src/core/layout/candidates';
import type { LayoutMetrics } from '../../../src/core/layout/metrics';
import { CANDIDATES_DISAGREE } from './candidateFixture';

const m = (over: Partial<LayoutMetrics>): LayoutMetrics =>
  ({ boxOverlaps: 0, edgeNode: 0, labelNode: 0, labelLabel: 0, wrapArounds: 0, crossings: 8, bends: 10, detourLength: 100, ...over }) as LayoutMetrics;

describe('candidate layouts', () => {
  it('prefers what is right over what is pretty, then no wrap-arounds, then clearly fewer crossings', () => {
    assert.equal(isBetterCandidate(m({ crossings: 20 }), m({ edgeNode: 1 })), true, 'a fault outweighs any crossing count');
    assert.equal(isBetterCandidate(m({ wrapArounds: 1, crossings: 0 }), m({})), false);
    assert.equal(isBetterCandidate(m({ crossings: 6 }), m({ crossings: 8 })), true, 'two fewer of eight');
    assert.equal(isBetterCandidate(m({ crossings: 7 }), m({ crossings: 8 })), false, 'one fewer keeps the first seed');
    assert.equal(isBetterCandidate(m({ crossings: 35 }), m({ crossings: 40 })), false, 'less than a quarter fewer');
    assert.equal(isBetterCandidate(m({ bends: 0 }), m({})), false, 'bends alone never switch');
  });

  it('sets the seed on every graph that has options', () => {
    const g = withSeed({ id: 'r', layoutOptions: { 'elk.randomSeed': '1' }, children: [{ id: 'a', layoutOptions: {}, children: [{ id: 'b' }] }] }, 3);
    assert.equal(g.layoutOptions!['elk.randomSeed'], '3');
    assert.equal(g.children![0]!.layoutOptions!['elk.randomSeed'], '3');
    assert.equal(g.children![0]!.children![0]!.layoutOptions, undefined);
  });
  it('lays out the seeds under the limit for the best drawing, one seed past it or when asked for the first', () => {
    assert.deepEqual(candidateSeeds(CANDIDATE_LIMIT), CANDIDATE_SEEDS);
    assert.deepEqual(candidateSeeds(CANDIDATE_LIMIT + 1), [1]);
    assert.deepEqual(candidateSeeds(5, 'first'), [1]);
    assert.equal(FENCE_CANDIDATES, 'first');
  });

  it('no candidate can replace a first drawing it calls unbeatable, and every other first drawing can be replaced', () => {
    const range = [0, 1, 2, 3, 8, 40];
    const all: LayoutMetrics[] = [];
    for (const edgeNode of [0, 1]) for (const wrapArounds of [0, 1, 2]) for (const crossings of range) all.push(m({ edgeNode, wrapArounds, crossings }));
    for (const a of all) {
      const beatenBy = all.filter((b) => isBetterCandidate(b, a));
      assert.equal(isUnbeatable(a), beatenBy.length === 0, `first ${JSON.stringify([a.edgeNode, a.wrapArounds, a.crossings])}`);
    }
  });

  it('stops after the first seed when its drawing is unbeatable, and gives the same scene as weighing one candidate', async () => {
    const chain = parseDiagram('a -> b\nb -> c\nc -> d\n').model;
    let runs = 0;
    const scene = await layoutDiagram(chain, {}, { onPhase: (p) => p === 'elk' && runs++ });
    assert.equal(runs, 1);
    assert.deepEqual(scene, await layoutDiagram(chain, {}, { candidates: 'first' }));
  });

  it("weighs three seeds by default and one when asked for the first (a Markdown fence's choice)", async () => {
    const model = parseDiagram(CANDIDATES_DISAGREE).model;
    const count = async (candidates?: CandidateChoice) => {
      let runs = 0;
      const scene = await layoutDiagram(model, {}, { onPhase: (p) => p === 'elk' && runs++, ...(candidates ? { candidates } : {}) });
      return { runs, scene };
    };
    const best = await count();
    const first = await count('first');
    assert.deepEqual([best.runs, first.runs], [3, 1]);
    assert.notDeepEqual(first.scene, best.scene, 'the fixture is one where a later seed wins');
  });
});

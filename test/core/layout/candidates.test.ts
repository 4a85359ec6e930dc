import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isBetterCandidate, withSeed } from '../../../src/core/layout/candidates';
import type { LayoutMetrics } from '../../../src/core/layout/metrics';

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
});

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bendsAtLeast } from '../../../src/core/layout/bendsAtLeast';
import { rng } from './builders';

const DX = [1, -1, 0, 0];
const DY = [0, 0, 1, -1];

/**
 * The fewest bends from every cell and heading of an n x n grid to `goal`, arriving heading
 * `goalDir` (-1: any), under the router's rules: a move goes to a neighbouring cell, never
 * straight back; a change of heading is a bend; reaching the goal ends the route, turning
 * there to `goalDir` costs its bends (1 across, 2 reversed); blocked cells are never entered.
 * Solved exhaustively, backwards from the goal.
 */
function trueBends(n: number, blocked: ReadonlySet<number>, goal: number, goalDir: number): number[] {
  const turn = (d: number, to: number) => (to < 0 || d === to ? 0 : d === (to ^ 1) ? 2 : 1);
  const best = new Array<number>(n * n * 4).fill(Infinity);
  // best[cell * 4 + d]: a route that arrived at `cell` heading `d`.
  for (let d = 0; d < 4; d++) {
    best[goal * 4 + d] = turn(d, goalDir);
  }
  // Dijkstra, picking the cheapest open state by a plain scan: a few hundred states.
  const done = new Set<number>();
  for (;;) {
    let s = -1;
    for (let k = 0; k < best.length; k++) if (!done.has(k) && best[k]! < Infinity && (s < 0 || best[k]! < best[s]!)) s = k;
    if (s < 0) break;
    done.add(s);
    const cell = s >> 2;
    const d = s & 3;
    // Predecessors: the state one step back, heading pd, that moved in d to reach `cell`.
    const x = (cell % n) - DX[d]!;
    const y = Math.floor(cell / n) - DY[d]!;
    if (x < 0 || y < 0 || x >= n || y >= n) continue;
    const from = y * n + x;
    if (blocked.has(from) || from === goal) continue;
    for (let pd = 0; pd < 4; pd++) {
      if (pd === (d ^ 1)) continue;
      const v = best[s]! + (pd === d ? 0 : 1);
      if (v < best[from * 4 + pd]!) best[from * 4 + pd] = v;
    }
  }
  return best;
}

describe('bendsAtLeast: the router\'s estimate of the bends still needed', () => {
  it('is exact in the open: every cell and heading of a free grid, every arrival side', () => {
    const n = 11;
    const goal = 5 * n + 5;
    for (const goalDir of [-1, 0, 1, 2, 3]) {
      const best = trueBends(n, new Set(), goal, goalDir);
      // Two lines of room around the goal and the start are all a route ever needs here.
      for (let y = 2; y < n - 2; y++) {
        for (let x = 2; x < n - 2; x++) {
          for (let d = 0; d < 4; d++) {
            const want = best[(y * n + x) * 4 + d]!;
            assert.equal(bendsAtLeast(d, 5 - x, 5 - y, goalDir), want, `from (${x},${y}) heading ${d}, arriving ${goalDir}`);
          }
        }
      }
    }
  });

  it('never counts more than the true fewest bends: small grids with random blocked cells, solved exhaustively', () => {
    const rand = rng(30);
    let compared = 0;
    for (let trial = 0; trial < 40; trial++) {
      const n = 6 + Math.floor(rand() * 3);
      const goal = Math.floor(rand() * n * n);
      const blocked = new Set<number>();
      for (let c = 0; c < n * n; c++) if (c !== goal && rand() < 0.25) blocked.add(c);
      const goalDir = Math.floor(rand() * 5) - 1;
      const best = trueBends(n, blocked, goal, goalDir);
      for (let c = 0; c < n * n; c++) {
        if (blocked.has(c)) continue;
        for (let d = 0; d < 4; d++) {
          const want = best[c * 4 + d]!;
          if (want === Infinity) continue;
          const got = bendsAtLeast(d, (goal % n) - (c % n), Math.floor(goal / n) - Math.floor(c / n), goalDir);
          assert.ok(got <= want, `grid ${trial}: from cell ${c} heading ${d} to ${goal} arriving ${goalDir}: estimate ${got}, true ${want}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 1000, `${compared} states compared`);
  });

  it('with no heading yet, takes the best heading', () => {
    assert.equal(bendsAtLeast(-1, 5, 0, 0), 0);
    assert.equal(bendsAtLeast(-1, 5, 3, 1), 2);
    assert.equal(bendsAtLeast(-1, -5, 3, 2), 1);
  });
});

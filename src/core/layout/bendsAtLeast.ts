/**
 * The fewest bends an orthogonal route can still make, for the kept-layout router's A*
 * estimate (routeOrthogonal.ts): a tight lower bound keeps the search from spreading over
 * the whole grid, and an exact one is what makes it find the cheapest route.
 *
 * Directions are the router's: 0 +x, 1 -x, 2 +y, 3 -y. A route heading `dir` at a point, with
 * the goal `dx`, `dy` away, that must arrive heading `goalDir` (-1: any), needs at least the
 * returned number of bends, the turns it takes at the goal itself included (the router
 * charges those as bends). Counted in the open plane, so no obstacle, grid line or goal
 * the route may not pass can make it fewer.
 *
 * In the frame of `dir` (along it, and across to the goal's side):
 * - goal straight ahead (or here): 0 to arrive straight on, 1 across, 2 reversed;
 * - goal straight behind: it must leave the line and come back: 3 across, 4 either way along;
 * - goal to one side, not behind: 1 turning towards it, 2 straight on or reversed (a Z, or
 *   overshooting and turning back), 3 arriving from beyond it;
 * - goal to one side and behind: 2 arriving reversed (a U), 3 across, 4 straight on.
 */
export function bendsAtLeast(dir: number, dx: number, dy: number, goalDir: number): number {
  if (dir < 0) return Math.min(bendsAtLeast(0, dx, dy, goalDir), bendsAtLeast(1, dx, dy, goalDir), bendsAtLeast(2, dx, dy, goalDir), bendsAtLeast(3, dx, dy, goalDir));
  const along = dir === 0 ? dx : dir === 1 ? -dx : dir === 2 ? dy : -dy;
  const across = dir < 2 ? dy : dx;
  const ahead = along >= 0;
  if (goalDir < 0) return across === 0 ? (ahead ? 0 : 3) : ahead ? 1 : 2;
  const same = goalDir === dir;
  const reversed = goalDir === (dir ^ 1);
  if (across === 0) {
    if (ahead) return same ? 0 : reversed ? 2 : 1;
    return same || reversed ? 4 : 3;
  }
  if (reversed) return 2;
  if (same) return ahead ? 2 : 4;
  // Arriving across: towards the side the goal lies on, or from beyond it.
  const towards = (goalDir === 0 || goalDir === 2 ? 1 : -1) === Math.sign(across);
  return towards && ahead ? 1 : 3;
}

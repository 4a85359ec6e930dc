import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LayoutRuns, StaleLayoutError } from '../../src/node/layoutRuns';

/** A layout engine that settles only when told, counting layouts started and aborted (as the worker does). */
function fakeEngine() {
  const started: number[] = [];
  const finishers = new Map<number, () => void>();
  const layout = (version: number, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      started.push(version);
      finishers.set(version, () => resolve(`scene v${version}`));
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  return { started, finish: (v: number) => finishers.get(v)!(), layout };
}

describe('LayoutRuns', () => {
  const doc = 'file:///big.diagram';

  /** Lays out version 1 and lets it take `ms` on the fake clock, so the document's speed is known. */
  async function withLastLayout(runs: LayoutRuns, clock: { t: number }, ms: number) {
    const run = runs.start(doc, 1);
    clock.t += ms;
    run.done(true);
  }

  it('a burst of edits to a slow document stops the stale layout and leaves one running, the newest', async () => {
    const clock = { t: 0 };
    const runs = new LayoutRuns(1000, () => clock.t);
    await withLastLayout(runs, clock, 4000);
    assert.equal(runs.isSlow(doc), true);

    const engine = fakeEngine();
    const run2 = runs.start(doc, 2);
    const scene2 = engine.layout(2, run2.signal).finally(() => run2.done(false));
    // Keystrokes: versions 3 to 7 appear while version 2 is being laid out.
    let aborted = 0;
    for (let v = 3; v <= 7; v++) aborted += runs.supersede(doc, v);
    assert.equal(aborted, 1, 'the one running layout, of version 2, is stopped once');
    await assert.rejects(scene2, (err: unknown) => err instanceof StaleLayoutError && (err as StaleLayoutError).version === 2);
    assert.equal(runs.runningCount(doc), 0);

    // The edits settle: one layout, of the newest version, which nothing stops.
    const run7 = runs.start(doc, 7);
    const scene7 = engine.layout(7, run7.signal);
    assert.equal(runs.supersede(doc, 7), 0, 'the newest version is never stale');
    engine.finish(7);
    assert.equal(await scene7, 'scene v7');
    run7.done(true);
    assert.deepEqual(engine.started, [2, 7], 'two layouts started for six versions, one finished');
  });

  it('a fast document finishes its layouts: stopping one would cost a fresh layout thread', async () => {
    const clock = { t: 0 };
    const runs = new LayoutRuns(1000, () => clock.t);
    await withLastLayout(runs, clock, 40);
    assert.equal(runs.isSlow(doc), false);
    const engine = fakeEngine();
    const run = runs.start(doc, 2);
    const scene = engine.layout(2, run.signal);
    assert.equal(runs.supersede(doc, 3), 0);
    assert.equal(run.signal.aborted, false);
    engine.finish(2);
    assert.equal(await scene, 'scene v2');
  });

  it('a document never laid out counts as fast, and only its own layouts are stopped', async () => {
    const clock = { t: 0 };
    const runs = new LayoutRuns(1000, () => clock.t);
    assert.equal(runs.isSlow('file:///new.diagram'), false);
    await withLastLayout(runs, clock, 2000);
    const other = runs.start('file:///other.diagram', 1);
    const mine = runs.start(doc, 2);
    runs.supersede(doc, 3);
    assert.equal(mine.signal.aborted, true);
    assert.equal(other.signal.aborted, false);
  });

  it('a stopped layout does not time the document, and forgetting it makes it fast again', async () => {
    const clock = { t: 0 };
    const runs = new LayoutRuns(1000, () => clock.t);
    await withLastLayout(runs, clock, 3000);
    const run = runs.start(doc, 2);
    runs.supersede(doc, 3);
    clock.t += 10;
    run.done(false);
    assert.equal(runs.isSlow(doc), true, 'still timed by its last finished layout');
    runs.forget(doc);
    assert.equal(runs.isSlow(doc), false);
  });
});

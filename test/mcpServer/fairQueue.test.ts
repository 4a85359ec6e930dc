import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { FairQueue, QueueFullError } from '../../src/mcpServer/fairQueue';

/** A task that runs until `release` is called, recording when it starts and ends. */
function gated(events: string[], name: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const task = async () => {
    events.push(`start ${name}`);
    await gate;
    events.push(`end ${name}`);
    return name;
  };
  return { task, release };
}

test('one slot: lanes take turns, each lane in its own order', async () => {
  const queue = new FairQueue(1);
  const a = queue.lane();
  const b = queue.lane();
  const events: string[] = [];
  const task = (name: string) => async () => {
    events.push(name);
    await tick();
    return name;
  };
  const results = await Promise.all([a.run(task('a1')), a.run(task('a2')), a.run(task('a3')), b.run(task('b1')), b.run(task('b2'))]);
  assert.deepEqual(results, ['a1', 'a2', 'a3', 'b1', 'b2']);
  assert.deepEqual(events, ['a1', 'b1', 'a2', 'b2', 'a3']);
});

test('two slots: a lane busy for ever leaves the other slot to the other lanes, and runs its own tasks one at a time', async () => {
  const queue = new FairQueue(2);
  const a = queue.lane();
  const b = queue.lane();
  const events: string[] = [];
  const slow = gated(events, 'a-slow');
  const aSlow = a.run(slow.task);
  const aNext = a.run(async () => events.push('a-next'));
  await b.run(async () => events.push('b1'));
  await b.run(async () => events.push('b2'));
  assert.deepEqual(events, ['start a-slow', 'b1', 'b2']);
  slow.release();
  await Promise.all([aSlow, aNext]);
  assert.deepEqual(events, ['start a-slow', 'b1', 'b2', 'end a-slow', 'a-next']);
});

test('at most `concurrency` tasks run at once', async () => {
  const queue = new FairQueue(2);
  const events: string[] = [];
  const gates = ['x', 'y', 'z'].map((name) => gated(events, name));
  const runs = gates.map((g) => queue.lane().run(g.task));
  await tick();
  assert.deepEqual(events, ['start x', 'start y']);
  gates[0]!.release();
  await runs[0];
  await tick();
  assert.deepEqual(events, ['start x', 'start y', 'end x', 'start z']);
  gates[1]!.release();
  gates[2]!.release();
  assert.deepEqual(await Promise.all(runs), ['x', 'y', 'z']);
});

test('a failing task rejects only its own caller and the lane goes on', async () => {
  const queue = new FairQueue(1);
  const lane = queue.lane();
  const failing = lane.run(async () => {
    throw new Error('boom');
  });
  const throwingSync = lane.run(() => {
    throw new Error('sync boom');
  });
  const next = lane.run(() => 'after');
  await assert.rejects(failing, /boom/);
  await assert.rejects(throwingSync, /sync boom/);
  assert.equal(await next, 'after');
});

test('refuses a concurrency below one', () => {
  assert.throws(() => new FairQueue(0), RangeError);
  assert.throws(() => new FairQueue(1.5), RangeError);
});

test('a lane over its limit is refused at once, without waiting or disturbing what runs', async () => {
  const queue = new FairQueue(1, { perLane: 2 });
  const a = queue.lane();
  const b = queue.lane();
  const events: string[] = [];
  const first = gated(events, 'a1');
  const running = a.run(first.task);
  const queued = a.run(async () => 'a2');
  await assert.rejects(a.run(async () => 'a3'), (e: Error) => e instanceof QueueFullError && e.scope === 'lane' && e.limit === 2 && /already has 2 renders/.test(e.message));
  // Another lane is not counted against this one.
  const other = b.run(async () => 'b1');
  first.release();
  assert.deepEqual(await Promise.all([running, queued, other]), ['a1', 'a2', 'b1']);
  // Once its tasks are done the lane takes new ones.
  assert.equal(await a.run(async () => 'a4'), 'a4');
});

test('past `waiting` tasks waiting in all lanes, a task that would wait is refused; one that can start now is not', async () => {
  const queue = new FairQueue(1, { waiting: 2 });
  const events: string[] = [];
  const first = gated(events, 'l0');
  const lanes = Array.from({ length: 4 }, () => queue.lane());
  const running = lanes[0].run(first.task);
  const waiting = [lanes[1].run(async () => 'l1'), lanes[2].run(async () => 'l2')];
  assert.equal(queue.waiting, 2);
  assert.equal(queue.running, 1);
  await assert.rejects(lanes[3].run(async () => 'l3'), (e: Error) => e instanceof QueueFullError && e.scope === 'queue' && e.limit === 2);
  first.release();
  assert.deepEqual(await Promise.all([running, ...waiting]), ['l0', 'l1', 'l2']);
  assert.equal(queue.waiting, 0);
  assert.equal(await lanes[3].run(async () => 'l3'), 'l3');
  assert.throws(() => new FairQueue(1, { perLane: 0 }), /perLane must be a whole number of at least 1/);
});

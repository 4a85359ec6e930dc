import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { SerialQueue } from '../../src/mcpServer/serialQueue';

test('runs tasks one at a time, in order', async () => {
  const queue = new SerialQueue();
  const events: string[] = [];
  let running = 0;
  const task = (name: string) => async () => {
    running++;
    assert.equal(running, 1, 'two tasks overlapped');
    events.push(`start ${name}`);
    await tick();
    events.push(`end ${name}`);
    running--;
    return name;
  };
  const results = await Promise.all(['a', 'b', 'c'].map((n) => queue.run(task(n))));
  assert.deepEqual(results, ['a', 'b', 'c']);
  assert.deepEqual(events, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  assert.equal(queue.size, 0);
});

test('a failing task rejects only its own caller and the next one still runs', async () => {
  const queue = new SerialQueue();
  const failing = queue.run(async () => {
    throw new Error('boom');
  });
  const throwingSync = queue.run(() => {
    throw new Error('sync boom');
  });
  const next = queue.run(async () => 'next');
  await assert.rejects(failing, /boom/);
  await assert.rejects(throwingSync, /sync boom/);
  assert.equal(await next, 'next');
  assert.equal(queue.size, 0);
});

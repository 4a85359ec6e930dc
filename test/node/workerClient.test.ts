// The generic worker client with small plain-JS workers that speak its protocol, and the
// worker side (serveRequests) with an in-thread port.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { bundledWorkerPath, createWorkerClient, serveRequests, WorkerTimeoutError, type WorkerResponse } from '../../src/node/workerClient';

const T = { timeout: 60_000 };

/** Answers `x * 2` at once, or spins forever (synchronously, as a stuck layout does) for `spin`. */
const SPINNER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.spin) for (;;) {}
  parentPort.postMessage({ id: m.id, value: m.x * 2 });
});
`;
const repo = resolve(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'archflow-worker-client-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Doubles `x` after `delay` ms, fails with a RangeError for `fail`, exits with `exit`. */
const DOUBLER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.exit !== undefined) process.exit(m.exit);
  setTimeout(() => parentPort.postMessage(m.fail
    ? { id: m.id, error: { name: 'RangeError', message: 'cannot double ' + m.x } }
    : { id: m.id, value: m.x * 2 }), m.delay ?? 0);
});
`;

function script(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

type Ask = { x: number; delay?: number; fail?: boolean; exit?: number };
const doubler = script('doubler.js', DOUBLER);

/** Doubles `x` and names the thread that answered; spins for `spin`, fails for `fail`. */
const WHICH_THREAD = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.spin) for (;;) {}
  setTimeout(() => parentPort.postMessage(m.fail
    ? { id: m.id, error: { name: 'Error', message: 'no' } }
    : { id: m.id, value: { x: m.x * 2, thread: threadId } }), m.delay ?? 0);
});
`;
type Which = { x: number; spin?: boolean; delay?: number; fail?: boolean };
const whichThread = script('which.js', WHICH_THREAD);

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}

describe('createWorkerClient', () => {
  it('stops a request past its timeout, and sends the others again to a fresh worker', T, async () => {
    const spinner = script('spinner.js', SPINNER);
    const client = createWorkerClient<{ x: number; spin?: boolean }, number>({ workerPath: spinner, name: 'spin worker' });
    try {
      const stuck = client.request({ x: 1, spin: true }, { timeoutMs: 50 });
      // Queued behind the stuck one on the same thread: only a fresh worker can answer it.
      const behind = client.request({ x: 2 });
      await assert.rejects(stuck, (e: Error) => e instanceof WorkerTimeoutError && e.timeoutMs === 50 && /spin worker stopped after 0\.05 s/.test(e.message));
      assert.equal(await behind, 4);
      assert.equal(await client.request({ x: 5 }), 10);
    } finally {
      await client.dispose();
    }
  });

  it('an aborted request rejects with the reason and the worker is restarted', T, async () => {
    const spinner = script('spinner2.js', SPINNER);
    const client = createWorkerClient<{ x: number; spin?: boolean }, number>({ workerPath: spinner, name: 'spin worker' });
    try {
      const controller = new AbortController();
      const stuck = client.request({ x: 1, spin: true }, { signal: controller.signal });
      const behind = client.request({ x: 3 });
      controller.abort(new Error('cancelled by the client'));
      await assert.rejects(stuck, /cancelled by the client/);
      assert.equal(await behind, 6);
      await assert.rejects(client.request({ x: 1 }, { signal: AbortSignal.abort() }), (e: Error) => e.name === 'AbortError');
      assert.equal(await client.request({ x: 7 }), 14);
    } finally {
      await client.dispose();
    }
  });

  it('matches concurrent answers to their requests by id', T, async () => {
    const client = createWorkerClient<Ask, number>({ workerPath: doubler, name: 'test worker' });
    try {
      // Later requests answer first.
      const answers = await Promise.all([1, 2, 3, 4, 5].map((x) => client.request({ x, delay: (5 - x) * 20 })));
      assert.deepEqual(answers, [2, 4, 6, 8, 10]);
    } finally {
      await client.dispose();
    }
  });

  it("rejects with the worker's error, by default of the same class, and keeps serving", T, async () => {
    const client = createWorkerClient<Ask, number>({ workerPath: doubler, name: 'test worker' });
    const wrapped = createWorkerClient<Ask, number>({ workerPath: doubler, name: 'test worker', toError: (e) => new Error(`wrapped: ${e.message}`) });
    try {
      await assert.rejects(client.request({ x: 1, fail: true }), (e: Error) => e instanceof RangeError && e.message === 'cannot double 1');
      await assert.rejects(wrapped.request({ x: 2, fail: true }), /^Error: wrapped: cannot double 2$/);
      assert.equal(await client.request({ x: 21 }), 42);
    } finally {
      await client.dispose();
      await wrapped.dispose();
    }
  });

  it('after a crash rejects what was pending, naming the exit code, and restarts on the next request', T, async () => {
    const client = createWorkerClient<Ask, number>({ workerPath: doubler, name: 'test worker' });
    try {
      const results = await Promise.allSettled([client.request({ x: 1, delay: 500 }), client.request({ x: 0, exit: 7 })]);
      for (const r of results) {
        assert.equal(r.status, 'rejected');
        assert.match(String((r as PromiseRejectedResult).reason), /test worker exited unexpectedly \(exit code 7\)/);
      }
      assert.equal(client.running, false);
      assert.equal(await client.request({ x: 4 }), 8);
    } finally {
      await client.dispose();
    }
  });

  it('reports a worker that cannot start', T, async () => {
    const client = createWorkerClient<Ask, number>({ workerPath: join(dir, 'missing.js'), name: 'test worker' });
    try {
      await assert.rejects(client.request({ x: 1 }), /test worker crashed: .*missing\.js/);
      assert.equal(client.running, false);
    } finally {
      await client.dispose();
    }
  });

  it('terminates an idle worker after idleMs, never while a request is pending, and starts again on demand', T, async () => {
    const client = createWorkerClient<Ask, number>({ workerPath: doubler, name: 'test worker', idleMs: 30 });
    try {
      assert.equal(client.running, false, 'no thread before the first request');
      // Answers arrive one by one (200 ms apart, much more than idleMs): the clock starts only once none is pending.
      const answers = Promise.all([0, 1, 2].map((i) => client.request({ x: i, delay: 200 * i })));
      assert.equal(client.running, true);
      assert.deepEqual(await answers, [0, 2, 4]);
      assert.equal(client.running, true, 'still up right after answering');
      await until(() => !client.running);
      assert.equal(await client.request({ x: 5 }), 10);
    } finally {
      await client.dispose();
    }
  });

  it('without idleMs keeps its worker between requests', T, async () => {
    const client = createWorkerClient<Ask, number>({ workerPath: doubler, name: 'test worker' });
    try {
      await client.request({ x: 1 });
      await new Promise((r) => setTimeout(r, 150));
      assert.equal(client.running, true);
    } finally {
      await client.dispose();
    }
  });

  it('does not keep the process alive while idle, with or without idleMs', T, () => {
    for (const idleMs of ['undefined', '600000']) {
      const code = `
        const { createWorkerClient } = require(${JSON.stringify(join(repo, 'src/node/workerClient.ts'))});
        const client = createWorkerClient({ workerPath: ${JSON.stringify(doubler)}, name: 'w', idleMs: ${idleMs} });
        client.request({ x: 2 }).then((v) => console.log('answer', v));
      `;
      const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: repo, encoding: 'utf8', timeout: 50_000 });
      assert.equal(child.error, undefined, `the process exited by itself (idleMs ${idleMs})`);
      assert.equal(child.status, 0, child.stderr);
      assert.match(child.stdout, /answer 4/);
    }
  });

  it('rejects pending and later requests once disposed', T, async () => {
    const client = createWorkerClient<Ask, number>({ workerPath: doubler, name: 'test worker' });
    const pending = assert.rejects(client.request({ x: 1, delay: 1000 }), /test worker disposed/);
    await client.dispose();
    await pending;
    assert.equal(client.running, false);
    await assert.rejects(client.request({ x: 1 }), /test worker is disposed/);
  });

  it('a cancelled request hands its place to the warm standby: no cold thread starts', T, async () => {
    const started: Worker[] = [];
    let warm = 0;
    let tookOver = 0;
    const client = createWorkerClient<Which, { x: number; thread: number }>({
      workerPath: whichThread,
      name: 'which worker',
      observer: { started: (w) => started.push(w), standbyWarm: () => warm++, tookOver: () => tookOver++ },
    });
    try {
      const first = await client.request({ x: 1 });
      client.warmStandby({ x: 0, delay: 50 });
      client.warmStandby({ x: 0 }); // one standby at a time
      await until(() => warm === 1);
      assert.equal(started.length, 2);
      const standbyThread = started[1]!.threadId;
      assert.notEqual(standbyThread, first.thread);
      const controller = new AbortController();
      const stuck = client.request({ x: 2, spin: true }, { signal: controller.signal });
      const behind = client.request({ x: 3 });
      controller.abort(new Error('stale'));
      await assert.rejects(stuck, /stale/);
      // The request queued behind the stopped one, and the next, go to the standby.
      assert.deepEqual(await behind, { x: 6, thread: standbyThread });
      assert.deepEqual(await client.request({ x: 4 }), { x: 8, thread: standbyThread });
      assert.equal(tookOver, 1);
      assert.equal(started.length, 2, 'no thread started after the cancel');
    } finally {
      await client.dispose();
    }
  });

  it('a standby still warming up, or whose warm-up failed, does not take over: a fresh thread does', T, async () => {
    const started: Worker[] = [];
    let tookOver = 0;
    const client = createWorkerClient<Which, { x: number; thread: number }>({ workerPath: whichThread, name: 'which worker', observer: { started: (w) => started.push(w), tookOver: () => tookOver++ } });
    try {
      await client.request({ x: 1 });
      client.warmStandby({ x: 0, delay: 60_000 });
      const controller = new AbortController();
      const stuck = client.request({ x: 2, spin: true }, { signal: controller.signal });
      controller.abort(new Error('stale'));
      await assert.rejects(stuck, /stale/);
      const next = await client.request({ x: 5 });
      assert.equal(next.thread, started[2]!.threadId, 'a third thread, neither the stopped one nor the standby');
      assert.equal(tookOver, 0);
      await client.dispose();

      const failing = createWorkerClient<Which, { x: number; thread: number }>({ workerPath: whichThread, name: 'which worker', observer: { tookOver: () => tookOver++ } });
      await failing.request({ x: 1 });
      failing.warmStandby({ x: 0, fail: true });
      await new Promise((r) => setTimeout(r, 300));
      const stop = new AbortController();
      const spun = failing.request({ x: 2, spin: true }, { signal: stop.signal });
      stop.abort(new Error('stale'));
      await assert.rejects(spun, /stale/);
      assert.equal((await failing.request({ x: 6 })).x, 12);
      assert.equal(tookOver, 0);
      await failing.dispose();
    } finally {
      await client.dispose();
    }
  });

  it('a standby does not keep the process alive, and dispose stops it', T, () => {
    const code = `
      const { createWorkerClient } = require(${JSON.stringify(join(repo, 'src/node/workerClient.ts'))});
      const client = createWorkerClient({ workerPath: ${JSON.stringify(whichThread)}, name: 'w' });
      client.request({ x: 2 }).then((v) => { console.log('answer', v.x); client.warmStandby({ x: 0, delay: 60000 }); });
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: repo, encoding: 'utf8', timeout: 50_000 });
    assert.equal(child.error, undefined, 'the process exited by itself');
    assert.equal(child.status, 0, child.stderr);
    assert.match(child.stdout, /answer 4/);
  });

  it('finds bundled workers in <repo>/dist when running from sources', () => {
    assert.equal(bundledWorkerPath('layoutWorker.js'), join(repo, 'dist/layoutWorker.js'));
    assert.ok(existsSync(bundledWorkerPath('layoutWorker.js')), 'run `node esbuild.mjs` first');
  });
});

describe('serveRequests', () => {
  /** A port that records what the worker posts, optionally refusing transfers as Node 22+ does for external memory. */
  function fakePort(refuseTransfers = false) {
    const events = new EventEmitter();
    const posted: Array<{ message: WorkerResponse<unknown>; transfer?: unknown[] }> = [];
    return {
      posted,
      send: (message: object) => events.emit('message', message),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any payload shape the test sends
      on: (event: 'message', listener: (m: any) => void) => events.on(event, listener),
      postMessage(message: unknown, transfer?: unknown[]) {
        if (refuseTransfers && transfer?.length) throw new Error('DataCloneError');
        posted.push({ message: message as WorkerResponse<unknown>, ...(transfer ? { transfer } : {}) });
      },
    };
  }

  it('answers each request under its id, with the value or the error name, message and stack', async () => {
    const port = fakePort();
    serveRequests<{ x: number }, number>(port, async ({ x }) => {
      if (x < 0) throw new RangeError(`negative: ${x}`);
      return x + 1;
    });
    port.send({ id: 7, x: 1 });
    port.send({ id: 8, x: -1 });
    await until(() => port.posted.length === 2);
    assert.deepEqual(port.posted[0]!.message, { id: 7, value: 2 });
    const failed = port.posted[1]!.message as { id: number; error: { name: string; message: string; stack?: string } };
    assert.equal(failed.id, 8);
    assert.equal(failed.error.name, 'RangeError');
    assert.equal(failed.error.message, 'negative: -1');
    assert.match(failed.error.stack ?? '', /negative: -1/);
  });

  it('transfers what it may, and copies when the transfer is refused', async () => {
    for (const refuse of [false, true]) {
      const port = fakePort(refuse);
      serveRequests<{ n: number }, Uint8Array>(port, async ({ n }) => new Uint8Array(n), (bytes) => [bytes.buffer as ArrayBuffer]);
      port.send({ id: 1, n: 4 });
      await until(() => port.posted.length === 1);
      const { message, transfer } = port.posted[0]!;
      assert.deepEqual((message as { value: Uint8Array }).value, new Uint8Array(4));
      assert.equal(transfer?.length ?? 0, refuse ? 0 : 1);
    }
  });
});

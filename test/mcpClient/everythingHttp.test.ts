import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { McpServerStatus } from '../../src/mcpClient/index';
import { freePort, managerFor, managerForConfig, startEverythingHttp, textOf, waitUntil, type HttpPeer, type TestManager } from './helpers';

// server-everything over Streamable HTTP and over SSE (its two HTTP modes, each on a free port).
for (const mode of ['streamableHttp', 'sse'] as const) {
  describe(`server-everything over ${mode === 'sse' ? 'SSE' : 'Streamable HTTP'}`, () => {
    let peer: HttpPeer;
    let t: TestManager;
    const elicited: string[] = [];
    before(async () => {
      peer = await startEverythingHttp(mode);
      t = managerFor(
        { remote: { type: mode === 'sse' ? 'sse' : 'http', url: peer.url } },
        {
          elicit: async (request) => {
            elicited.push(request.message);
            return { action: 'decline' };
          },
        },
      );
    });
    after(async () => {
      await t?.manager.dispose();
      await peer?.stop();
    });

    test('connects and lists tools, resources, templates and prompts', { timeout: 30_000 }, async () => {
      const status = await t.manager.connect('remote');
      assert.equal(status.state, 'running');
      assert.equal(status.transport, mode === 'sse' ? 'sse' : 'http');
      assert.equal(status.description, peer.url);
      assert.deepEqual({ resources: status.counts?.resources, templates: status.counts?.resourceTemplates, prompts: status.counts?.prompts }, { resources: 7, templates: 2, prompts: 4 });
      let names: string[] = [];
      await waitUntil(async () => {
        names = (await t.manager.listServerTools('remote')).map((x) => x.tool.name);
        return names.includes('trigger-elicitation-request');
      }, 'the tools announced after connecting');
      // No sampling callback was given, so sampling is not offered and its tool does not appear.
      assert.equal(names.includes('trigger-sampling-request'), false);
    });

    test('calls a tool with progress, and a structured result', { timeout: 30_000 }, async () => {
      assert.match(textOf(await t.manager.callTool('remote__echo', { message: 'over http' })), /over http/);
      const progress: number[] = [];
      const result = await t.manager.callTool('remote__trigger-long-running-operation', { duration: 0.6, steps: 4 }, { onProgress: (p) => progress.push(p.progress) });
      assert.match(textOf(result), /completed/);
      assert.ok(progress.length >= 2, `got ${progress.length} progress reports`);
      const structured = await t.manager.callTool('remote__get-structured-content', { location: 'New York' });
      assert.equal((structured.structuredContent as { temperature: number }).temperature, 33);
    });

    test('cancellation rejects at once and the session stays usable', { timeout: 30_000 }, async () => {
      const controller = new AbortController();
      const call = t.manager.callTool('remote__trigger-long-running-operation', { duration: 20, steps: 20 }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 300);
      await assert.rejects(call, { name: 'AbortError' });
      assert.match(textOf(await t.manager.callTool('remote__get-sum', { a: 1, b: 2 })), /3/);
    });

    test('elicitation reaches the callback; a decline is passed back', { timeout: 30_000 }, async () => {
      const result = await t.manager.callTool('remote__trigger-elicitation-request', {});
      assert.equal(elicited.length, 1);
      assert.match(textOf(result), /declined/);
    });

    test('subscribed resource updates arrive', { timeout: 30_000 }, async () => {
      const [resource] = await t.manager.listResources('remote');
      const updates: string[] = [];
      const listener = t.manager.onDidUpdateResource((e) => updates.push(e.uri));
      await t.manager.subscribeResource('remote', resource.uri);
      await t.manager.callTool('remote__toggle-subscriber-updates', {});
      await waitUntil(() => updates.includes(resource.uri), 'a resource update');
      await t.manager.callTool('remote__toggle-subscriber-updates', {});
      listener.dispose();
    });
  });
}

describe('HTTP fallback and failures', () => {
  let sse: HttpPeer;
  let t: TestManager;
  let closedPort: number;
  const asked: string[] = [];
  before(async () => {
    sse = await startEverythingHttp('sse');
    closedPort = await freePort();
    t = managerForConfig(
      {
        inputs: [{ type: 'promptString', id: 'token', password: true }],
        servers: {
          // Configured as Streamable HTTP but only speaks SSE: the POST gets a 4xx, so the manager falls back.
          oldServer: { type: 'http', url: sse.url },
          unreachable: { type: 'http', url: `http://127.0.0.1:${closedPort}/mcp?token=\${input:token}` },
        },
      },
      {
        resolveInput: async (id) => {
          asked.push(id);
          return 'very-secret-token-value';
        },
      },
    );
  });
  after(async () => {
    await t?.manager.dispose();
    await sse?.stop();
  });

  test('a Streamable HTTP server that answers 4xx is reached over SSE instead', { timeout: 30_000 }, async () => {
    const status = await t.manager.connect('oldServer');
    assert.equal(status.state, 'running');
    assert.equal(status.transport, 'sse');
    assert.ok(t.logs.some((l) => l.server === 'oldServer' && /no Streamable HTTP at .* \(HTTP 404\); trying SSE/.test(l.message)));
    assert.match(textOf(await t.manager.callTool('oldServer__echo', { message: 'fell back' })), /fell back/);
  });

  test('an unreachable server fails with the URL and the network error, secrets hidden, input asked once', { timeout: 30_000 }, async () => {
    const statuses: McpServerStatus[] = [];
    t.manager.onDidChangeStatus((s) => s.name === 'unreachable' && statuses.push(s));
    const error = await t.manager.connect('unreachable').then(() => assert.fail('expected a failure'), (e: unknown) => e as Error);
    assert.match(error.message, new RegExp(`server 'unreachable' failed to connect to http://127\\.0\\.0\\.1:${closedPort}/mcp\\?token=••••: .*(ECONNREFUSED|fetch failed)`));
    assert.equal(error.message.includes('very-secret-token-value'), false);
    await assert.rejects(t.manager.restartServer('unreachable'));
    assert.deepEqual(asked, ['token']);
    assert.ok(t.logs.every((l) => !l.message.includes('very-secret-token-value')));
  });
});

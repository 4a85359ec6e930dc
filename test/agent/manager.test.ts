// The loop over the real McpClientManager: a built-in server in memory and a real stdio
// server (@modelcontextprotocol/server-everything), against the fake API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { lastToolResults } from '../fakeAnthropic';
import { McpClientManager, MemoryApprovalStore } from '../../src/mcpClient';
import { fixtureServer, standardServers } from './helpers/fixtures';
import { collect, eventually, harness, ofType } from './helpers/harness';

const everything = createRequire(__filename).resolve('@modelcontextprotocol/server-everything/dist/index.js');

test('the loop over the real client manager: built-in and stdio servers, images, approvals shared, Stop', { timeout: 60_000 }, async () => {
  const log = { cancelled: [] as string[], started: [] as string[] };
  const approvals = new MemoryApprovalStore();
  const manager = new McpClientManager({
    sources: [{ kind: 'object', label: 'test', config: { mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } } } }],
    builtinServers: [{ name: 'fixture', createServer: () => fixtureServer(standardServers(log)[0]) }],
    approvals,
    shell: false,
  });
  const asked: string[] = [];
  const h = await harness([], {
    provider: manager as never,
    approvals,
    approve: async (r) => {
      asked.push(r.qualifiedName);
      return 'allow_session';
    },
  });
  try {
    const names = (await manager.listTools()).map((t) => t.qualifiedName);
    const echo = names.find((n) => n.startsWith('everything') && n.endsWith('echo'))!;
    const image = names.find((n) => n.startsWith('everything') && n.endsWith('get-tiny-image'))!;
    assert.ok(echo && image, names.join(', '));
    h.fake.script(
      { content: [{ type: 'tool_use', name: echo, input: { message: 'hi from the loop' } }, { type: 'tool_use', name: image, input: {} }, { type: 'tool_use', name: 'fixture__echo', input: { text: 'built-in' } }], stopReason: 'tool_use' },
      { content: [{ type: 'text', text: 'All three answered.' }], stopReason: 'end_turn' },
    );
    const first = await collect(h.agent.run('use the real servers'));
    assert.equal(first.result.reason, 'end_turn');
    const results = lastToolResults(h.fake.requests[1]);
    assert.match(results[0].text, /hi from the loop/);
    assert.ok(results[1].content.some((b: { type: string; source?: { media_type: string } }) => b.type === 'image' && b.source?.media_type === 'image/png'), 'the tiny image reaches the model');
    assert.equal(results[2].text, 'echo: built-in');
    assert.ok(h.fake.requests[0].body.tools.length >= names.length - 1);
    // "Allow for this session" went into the manager's store.
    assert.equal(manager.getApprovalState(echo), 'approved');

    const stop = new AbortController();
    h.fake.script({ content: [{ type: 'tool_use', name: 'fixture__slow', input: { label: 'm' } }], stopReason: 'tool_use' }, { content: [{ type: 'text', text: 'ok' }], stopReason: 'end_turn' });
    const second = await collect(h.agent.run('slow', { signal: stop.signal }), (e) => {
      if (e.type === 'tool_progress') stop.abort();
    });
    assert.equal(second.result.reason, 'cancelled');
    await eventually(() => log.cancelled.includes('m'), 'the built-in server to see the cancellation');
    assert.equal(ofType(second.events, 'tool_result')[0].outcome, 'cancelled');
    const third = await collect(h.agent.run('carry on'));
    assert.equal(third.result.reason, 'end_turn');
  } finally {
    await h.close();
    await manager.dispose();
  }
});

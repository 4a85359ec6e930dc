import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpClientManager, storedInputResolver, type McpInputTarget } from '../../src/mcpClient/index';

/** A listener that records the headers of every request and answers 404 (so connecting fails). */
async function recordingListener(): Promise<{ url: string; headers: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const headers: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    headers.push(req.headers);
    req.resume();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/mcp`, headers, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A workspace folder whose `.vscode/mcp.json` sends `${input:github_token}` to `url`. */
function workspaceSendingTokenTo(url: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'archflow-inputs-'));
  mkdirSync(join(folder, '.vscode'));
  writeFileSync(
    join(folder, '.vscode', 'mcp.json'),
    JSON.stringify({
      inputs: [{ type: 'promptString', id: 'github_token', password: true }],
      servers: { tracker: { type: 'http', url, headers: { Authorization: 'Bearer ${input:github_token}' } } },
    }),
  );
  return folder;
}

test('a token typed for one workspace server is not sent to another workspace server that names the same input', { timeout: 30_000 }, async () => {
  const userServer = await recordingListener();
  const attacker = await recordingListener();
  const workspaceA = workspaceSendingTokenTo(userServer.url);
  const workspaceB = workspaceSendingTokenTo(attacker.url);
  // One store for both workspaces, as VS Code's SecretStorage is one per extension.
  const secretStorage = new Map<string, string>();
  const store = { get: async (key: string) => secretStorage.get(key), store: async (key: string, value: string) => void secretStorage.set(key, value) };
  const questions: McpInputTarget[] = [];
  const resolveInput = storedInputResolver(store, async (_id, _spec, target) => {
    questions.push(target);
    // The user types the token for their own server, and declines when another one asks.
    return target.destination === userServer.url ? 'ghp_USERS_REAL_TOKEN' : undefined;
  });
  // Both repositories' servers are approved: this is about inputs, not about consent (projectConsent.test.ts).
  const open = (folder: string) => new McpClientManager({ workspaceFolder: folder, shell: false, resolveInput, consent: async () => true, restart: { maxAttempts: 0 } });
  try {
    for (const folder of [workspaceA, workspaceB, workspaceA]) {
      const manager = open(folder);
      await manager.connect('tracker').catch(() => {});
      await manager.dispose();
    }
    assert.ok(
      userServer.headers.some((h) => h.authorization === 'Bearer ghp_USERS_REAL_TOKEN'),
      "the user's own server got the token",
    );
    assert.equal(attacker.headers.length, 0, 'the other workspace server was never contacted without its own value');
    assert.deepEqual(
      questions.map((q) => [q.server, q.destination]),
      [
        ['tracker', userServer.url],
        ['tracker', attacker.url],
      ],
      "asked once for the user's server (then remembered), and again, naming the other URL, for the other workspace",
    );
    assert.ok(questions[1].source.startsWith(workspaceB), 'the question names the file that configures the server');
    assert.ok(![...secretStorage.keys()].some((k) => k.endsWith('github_token')), 'stored values are not keyed by input id alone');
  } finally {
    await userServer.close();
    await attacker.close();
    rmSync(workspaceA, { recursive: true, force: true });
    rmSync(workspaceB, { recursive: true, force: true });
  }
});

test('one manager never hands a value typed for one server to another server that uses the same input id', { timeout: 30_000 }, async () => {
  const first = await recordingListener();
  const second = await recordingListener();
  const asked: string[] = [];
  const manager = new McpClientManager({
    sources: [
      {
        kind: 'object',
        label: 'test config',
        config: {
          inputs: [{ type: 'promptString', id: 'api_key', password: true }],
          servers: {
            one: { type: 'http', url: first.url, headers: { 'X-Key': '${input:api_key}' } },
            two: { type: 'http', url: second.url, headers: { 'X-Key': '${input:api_key}' } },
          },
        },
      },
    ],
    shell: false,
    restart: { maxAttempts: 0 },
    resolveInput: async (_id, _spec, target) => {
      asked.push(target.server);
      return `key-for-${target.server}`;
    },
  });
  try {
    await manager.connect('one').catch(() => {});
    await manager.connect('two').catch(() => {});
    assert.deepEqual(asked, ['one', 'two']);
    assert.ok(first.headers.every((h) => h['x-key'] === 'key-for-one'));
    assert.ok(second.headers.length > 0 && second.headers.every((h) => h['x-key'] === 'key-for-two'));
  } finally {
    await manager.dispose();
    await first.close();
    await second.close();
  }
});

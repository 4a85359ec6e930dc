import { test } from 'node:test';
import assert from 'node:assert/strict';
import { everythingJs, managerFor, nodeServer, textOf } from './helpers';

test("the model's key never reaches a spawned server, even when its configuration asks for it", { timeout: 30_000 }, async () => {
  const secret = 'sk-ant-secret-must-not-leak';
  const t = managerFor(
    {
      everything: nodeServer(everythingJs, {
        args: ['stdio'],
        env: { ASKED_FOR_KEY: '${env:ANTHROPIC_API_KEY}', ASKED_FOR_TOKEN: '${env:ANTHROPIC_AUTH_TOKEN}', VISIBLE: '${env:ARCHFLOW_TEST_VISIBLE}' },
      }),
    },
    { env: { ...process.env, ANTHROPIC_API_KEY: secret, ANTHROPIC_AUTH_TOKEN: secret, ARCHFLOW_TEST_VISIBLE: 'seen' } },
  );
  try {
    const env = JSON.parse(textOf(await t.manager.callServerTool('everything', 'get-env', {}))) as Record<string, string>;
    assert.equal(env.VISIBLE, 'seen', 'other variables are still substituted');
    assert.equal(env.ANTHROPIC_API_KEY, undefined);
    assert.ok(!Object.values(env).includes(secret), 'the key is in no variable of the server');
    assert.equal(env.ASKED_FOR_KEY ?? '', '');
  } finally {
    await t.manager.dispose();
  }
});

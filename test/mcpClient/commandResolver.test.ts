import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandNotFoundError, CommandResolver } from '../../src/mcpClient/commandResolver';
import { prepareLaunch } from '../../src/mcpClient/launch';
import { parseConfigObject } from '../../src/mcpClient/configFile';

const dir = mkdtempSync(join(tmpdir(), 'archflow-mcp-resolve-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function executable(path: string, body: string): string {
  writeFileSync(path, body);
  chmodSync(path, 0o755);
  return path;
}

// A program only a login shell knows about, and a fake "login shell" that adds its folder to
// PATH the way a user's profile (nvm, pyenv) would.
const hidden = mkdtempSync(join(dir, 'hidden-bin-'));
executable(join(hidden, 'archflow-only-in-login-shell'), '#!/bin/sh\necho hi\n');
const fakeShell = executable(join(dir, 'fake-login-shell'), `#!/bin/sh\nexport PATH="${hidden}:$PATH"\nshift\nexec /bin/sh -c "$1"\n`);

test('a command only the login shell knows is found there, with the shell PATH to pass on', { timeout: 15_000 }, async () => {
  const resolver = new CommandResolver({ shell: fakeShell, env: { PATH: '/usr/bin:/bin' } });
  const found = await resolver.resolve('archflow-only-in-login-shell', dir);
  assert.equal(found.path, join(hidden, 'archflow-only-in-login-shell'));
  assert.equal(found.via, 'login-shell');
  assert.ok(found.shellPath?.startsWith(`${hidden}:`));
});

test('the real login shell resolves node like a terminal would', { timeout: 15_000 }, async () => {
  const resolver = new CommandResolver({ env: process.env });
  const found = await resolver.resolve('node', dir);
  assert.match(found.path, /\/node$/);
});

test('with loginShell "fallback", PATH is searched first and the shell is not asked', async () => {
  const resolver = new CommandResolver({ shell: join(dir, 'no-such-shell'), loginShell: 'fallback', env: { PATH: `/nonexistent:${hidden}` } });
  const found = await resolver.resolve('archflow-only-in-login-shell', dir);
  assert.equal(found.via, 'path');
});

test('a missing command says where it looked (the "spawn npx ENOENT" case)', { timeout: 15_000 }, async () => {
  const resolver = new CommandResolver({ shell: fakeShell, env: { PATH: '/nonexistent-a:/nonexistent-b' } });
  const error = await resolver.resolve('archflow-no-such-command', dir).then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof CommandNotFoundError);
  assert.match(error.message, /command 'archflow-no-such-command' not found/);
  assert.match(error.message, /\/nonexistent-a:\/nonexistent-b/);
  assert.match(error.message, new RegExp(`login shell's PATH \\(${fakeShell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  assert.match(error.message, /give its full path/);
});

test('a relative path resolves against cwd; a missing one says which path', async () => {
  executable(join(dir, 'local-server'), '#!/bin/sh\n');
  const resolver = new CommandResolver({ shell: false, env: { PATH: '' } });
  assert.equal((await resolver.resolve('./local-server', dir)).path, join(dir, 'local-server'));
  await assert.rejects(resolver.resolve('./missing-server', dir), new RegExp(`resolves to ${join(dir, 'missing-server')}, which does not exist`));
});

test('a PATH set in the server env is searched before anything else', async () => {
  const resolver = new CommandResolver({ shell: false, env: { PATH: '/usr/bin:/bin' } });
  const found = await resolver.resolve('archflow-only-in-login-shell', dir, hidden);
  assert.equal(found.via, 'configured-path');
});

test('launch: envFile, env (null removes), inputs and secrets; the login-shell PATH is passed on', { timeout: 15_000 }, async () => {
  writeFileSync(join(dir, '.env'), '# comment\nFROM_FILE=file-value\nOVERRIDDEN=file\nREMOVED=x\n');
  const parsed = parseConfigObject(
    {
      inputs: [{ type: 'promptString', id: 'api-key', description: 'API key', password: true }],
      servers: {
        s: {
          command: 'archflow-only-in-login-shell',
          args: ['--key', '${input:api-key}', '${workspaceFolder}'],
          envFile: '${workspaceFolder}/.env',
          env: { OVERRIDDEN: 'env', REMOVED: null, NUM: 7, HOME_DIR: '${userHome}' },
        },
      },
    },
    'settings',
    dir,
  );
  const launch = await prepareLaunch(parsed.servers[0], {
    workspaceFolder: dir,
    userHome: '/home/test',
    env: { PATH: '/usr/bin:/bin' },
    resolver: new CommandResolver({ shell: fakeShell, env: { PATH: '/usr/bin:/bin' } }),
    input: async (id, spec) => `secret-for-${id}-${spec.description}`,
  });
  assert.equal(launch.kind, 'stdio');
  if (launch.kind !== 'stdio') return;
  assert.deepEqual(launch.args, ['--key', 'secret-for-api-key-API key', dir]);
  assert.equal(launch.resolvedCommand, join(hidden, 'archflow-only-in-login-shell'));
  assert.deepEqual({ ...launch.env, PATH: undefined }, { FROM_FILE: 'file-value', OVERRIDDEN: 'env', NUM: '7', HOME_DIR: '/home/test', PATH: undefined });
  assert.ok(launch.env.PATH?.startsWith(hidden));
  assert.deepEqual(launch.secrets, ['secret-for-api-key-API key']);
  assert.equal(launch.cwd, dir);
});

test('launch: an undeclared input, a bad URL and a missing envFile give clear messages', async () => {
  const ctx = { userHome: '/h', env: {}, resolver: new CommandResolver({ shell: false, env: { PATH: '' } }), input: async () => 'x' };
  const parsed = parseConfigObject(
    {
      servers: {
        a: { url: 'http://x/${input:nope}' },
        b: { url: 'not a url' },
        c: { command: '/bin/sh', envFile: 'missing.env' },
        d: { url: 'ftp://x/' },
      },
    },
    'settings',
    dir,
  );
  const [a, b, c, d] = parsed.servers;
  await assert.rejects(prepareLaunch(a, ctx), /\$\{input:nope\} is used but settings declares no input with id 'nope'/);
  await assert.rejects(prepareLaunch(b, ctx), /"url" "not a url" is not a valid URL/);
  await assert.rejects(prepareLaunch(c, ctx), /envFile .*missing\.env cannot be read: ENOENT/);
  await assert.rejects(prepareLaunch(d, ctx), /must start with http:\/\/ or https:\/\//);
});

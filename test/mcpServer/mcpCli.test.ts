import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_HTTP_PORT, McpUsageError, parseMcpArgs } from '../../src/mcpServer/mcpCli';

test('stdio is the default; locale follows LC_ALL, then LANG', () => {
  const o = parseMcpArgs([], {});
  assert.equal(o.mode, 'stdio');
  assert.equal(o.locale, 'en');
  assert.deepEqual(o.roots, []);
  assert.equal(parseMcpArgs([], { LANG: 'pt_BR.UTF-8' }).locale, 'pt-BR');
  assert.equal(parseMcpArgs([], { LC_ALL: 'en_US.UTF-8', LANG: 'pt_BR.UTF-8' }).locale, 'en');
  assert.equal(parseMcpArgs(['--locale', 'pt-BR'], { LANG: 'en_US' }).locale, 'pt-BR');
  assert.equal(parseMcpArgs(['--locale', 'en'], { LANG: 'pt_BR' }).locale, 'en');
});

test('--http takes port, host and token (flag first, then ARCHFLOW_MCP_TOKEN)', () => {
  const o = parseMcpArgs(['--http'], {});
  assert.equal(o.mode, 'http');
  assert.equal(o.port, DEFAULT_HTTP_PORT);
  assert.equal(o.host, '127.0.0.1');
  assert.equal(o.token, undefined);
  const p = parseMcpArgs(['--http', '--port', '0', '--host', 'localhost', '--token', 'abc'], { ARCHFLOW_MCP_TOKEN: 'env' });
  assert.deepEqual([p.port, p.host, p.token], [0, 'localhost', 'abc']);
  assert.equal(parseMcpArgs(['--http'], { ARCHFLOW_MCP_TOKEN: 'env' }).token, 'env');
  assert.equal(parseMcpArgs([], { ARCHFLOW_MCP_TOKEN: 'env' }).token, undefined);
});

test('--root is repeatable and keeps its order', () => {
  assert.deepEqual(parseMcpArgs(['--root', 'a', '--root', '/b'], {}).roots, ['a', '/b']);
});

test('help and version', () => {
  assert.equal(parseMcpArgs(['--help'], {}).mode, 'help');
  assert.equal(parseMcpArgs(['-v'], {}).mode, 'version');
});

test('usage mistakes throw McpUsageError naming the problem', () => {
  const cases: Array<[string[], RegExp]> = [
    [['--bogus'], /bogus/],
    [['--port', '80'], /--port needs --http/],
    [['--token', 'x'], /--token needs --http/],
    [['--http', '--port', 'eighty'], /--port must be a number/],
    [['--http', '--port', '70000'], /--port must be a number/],
    [['--http', '--token', ''], /--token is empty/],
    [['--locale', 'fr'], /unknown locale 'fr'/],
    [['extra'], /extra/],
  ];
  for (const [args, message] of cases) {
    assert.throws(() => parseMcpArgs(args, {}), (err: unknown) => err instanceof McpUsageError && message.test(err.message), args.join(' '));
  }
});

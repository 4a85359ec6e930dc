// Finding a server's entry in a configuration file, and adding one as a snippet that keeps
// the file valid: every result is run through the same parser the manager reads files with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPTY_MCP_JSON, locateServerEntry, serverSnippet, type ServerSnippetKind } from '../../src/mcpClient/configEdit';
import { parseConfigText } from '../../src/mcpClient/configFile';

/** The text after inserting the snippet with every tab stop at its default (what a user gets by pressing Tab through it). */
function accept(text: string, kind: ServerSnippetKind): { text: string; name: string } {
  const s = serverSnippet(text, kind);
  assert.ok(s, 'a snippet is offered');
  const filled = s.snippet.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '');
  return { text: text.slice(0, s.offset) + filled + text.slice(s.offset), name: s.name };
}

function servers(text: string): string[] {
  const parsed = parseConfigText(text, '/ws/.vscode/mcp.json');
  assert.deepEqual(parsed.diagnostics, [], text);
  return parsed.servers.map((s) => `${s.name}:${s.config.type}`);
}

test('a new .vscode/mcp.json gets a stdio server and stays valid', () => {
  const { text, name } = accept(EMPTY_MCP_JSON, 'stdio');
  assert.equal(name, 'my-server');
  assert.deepEqual(servers(text), ['my-server:stdio']);
  assert.equal(text, '{\n\t"servers": {\n\t\t"my-server": {\n\t\t\t"type": "stdio",\n\t\t\t"command": "npx",\n\t\t\t"args": ["-y", "@modelcontextprotocol/server-everything"]\n\t\t}\n\t}\n}\n');
});

test('after the last entry, with comments and a trailing comma, under a name not taken yet', () => {
  const file = '{\n  // mine\n  "servers": {\n    "my-server": { "command": "a" },\n    "b": { "type": "http", "url": "https://x.test/mcp" },\n  },\n  "inputs": []\n}\n';
  const { text, name } = accept(file, 'http');
  assert.equal(name, 'my-server-2');
  assert.deepEqual(servers(text), ['my-server:stdio', 'b:http', 'my-server-2:http']);
  assert.ok(text.startsWith(file.slice(0, file.indexOf('},\n  },') + 1)), 'nothing before the insertion changed');
});

test('a file without servers gets a servers object; .mcp.json style mcpServers is used when present', () => {
  assert.deepEqual(servers(accept('{\n\t"inputs": []\n}\n', 'stdio').text), ['my-server:stdio']);
  assert.deepEqual(servers(accept('{}', 'http').text), ['my-server:http']);
  assert.deepEqual(servers(accept('{ "mcpServers": { "x": { "command": "x" } } }', 'stdio').text), ['x:stdio', 'my-server:stdio']);
});

test('no snippet for text that is not a JSON object: the user repairs it first', () => {
  assert.equal(serverSnippet('{ "servers": { ', 'stdio'), undefined);
  assert.equal(serverSnippet('[]', 'stdio'), undefined);
  assert.equal(serverSnippet('', 'stdio'), undefined);
});

test('locates an entry in each format, and nothing for an unknown name', () => {
  const vs = '{\n  "servers": {\n    "a": { "command": "x" },\n    "broken": {\n      "command": "y"\n    }\n  }\n}';
  const at = locateServerEntry(vs, 'broken');
  assert.ok(at);
  assert.equal(vs.slice(at.offset, at.offset + at.length), '"broken": {\n      "command": "y"\n    }');
  const claude = '{ "mcpServers": { "fs": { "command": "npx" } } }';
  assert.equal(claude.slice(locateServerEntry(claude, 'fs')!.offset).startsWith('"fs"'), true);
  const settings = '{ "mcp": { "servers": { "s": { "url": "https://x.test" } } } }';
  assert.equal(settings.slice(locateServerEntry(settings, 's')!.offset).startsWith('"s"'), true);
  assert.equal(locateServerEntry(vs, 'nope'), undefined);
  assert.equal(locateServerEntry('not json', 'a'), undefined);
});

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../src/bin/args';
import type { CliIo } from '../../src/bin/cliIo';
import { runMcpCommand, type McpCommandDeps, type TerminalPrompt } from '../../src/bin/commands/mcp';
import { everythingJs, fixture, tinyBuiltin } from './helpers';

// `archflow mcp` in-process with a fake CliIo, the way the entry point runs it (UsageError -> 2).
const workspace = mkdtempSync(join(tmpdir(), 'archflow-mcp-cli-'));
after(() => rmSync(workspace, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], options: { cwd?: string; isTty?: boolean; prompt?: TerminalPrompt; unapproved?: boolean } = {}): Promise<Run> {
  // The workspace's own files are this suite's fixtures: approved, as a user would, unless a test is about that.
  if (!args.includes('--config') && !options.unapproved && !options.isTty && args[0] !== undefined && !args.includes('--help')) args = [...args, '--approve-project-servers'];
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: async () => '',
    cwd: options.cwd ?? workspace,
    env: { ...process.env, SHELL: '/bin/sh' },
    isTty: options.isTty ?? false,
  };
  const deps: McpCommandDeps = {
    builtinServers: [{ name: 'archflow', createServer: tinyBuiltin }],
    ...(options.prompt ? { prompt: options.prompt } : {}),
    managerOptions: { shell: false },
  };
  try {
    return { code: await runMcpCommand(args, io, deps), stdout, stderr };
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, stdout, stderr: stderr + error.message };
    throw error;
  }
}

const node = process.execPath;

before(() => {
  mkdirSync(join(workspace, '.vscode'));
  writeFileSync(
    join(workspace, '.vscode', 'mcp.json'),
    `{
  // VS Code's format, with a comment and trailing commas
  "servers": {
    "toolbox": { "type": "stdio", "command": ${JSON.stringify(node)}, "args": [${JSON.stringify(fixture('toolbox.mjs'))}], },
  },
}`,
  );
  writeFileSync(join(workspace, '.mcp.json'), JSON.stringify({ mcpServers: { broken: { command: node, args: [fixture('crashAtStart.mjs')] } } }));
  writeFileSync(join(workspace, 'healthy.json'), JSON.stringify({ mcpServers: { toolbox: { command: node, args: [fixture('toolbox.mjs')] } } }));
  writeFileSync(
    join(workspace, 'malformed.json'),
    ['{', '  "servers": {', `    "toolbox": { "command": ${JSON.stringify(node)}, "args": [${JSON.stringify(fixture('toolbox.mjs'))}] },`, '    "typo": { "command": "x" "args": [] }', '  }', '}'].join('\n'),
  );
  writeFileSync(
    join(workspace, 'inputs.json'),
    JSON.stringify({
      inputs: [{ type: 'promptString', id: 'greeting', description: 'A greeting for the server', password: true }],
      servers: { everything: { command: node, args: [everythingJs, 'stdio'], env: { GREETING: '${input:greeting}' } } },
    }),
  );
});

describe('servers of the folder\'s own files', () => {
  test('without a terminal and without --approve-project-servers they do not start, and the run says how', { timeout: 30_000 }, async () => {
    const r = await run(['list'], { unapproved: true });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^toolbox\s+failed/m);
    assert.match(r.stderr, /server 'toolbox' defined in .*\.vscode\/mcp\.json was not started: this run cannot ask for approval \(no terminal\); pass --approve-project-servers/);
    assert.match(r.stdout, /^archflow\s+running/m, 'the built-in server needs no approval');
  });

  test('on a terminal each is asked about with its command shown, and a no keeps it stopped', { timeout: 30_000 }, async () => {
    const asked: string[] = [];
    const r = await run(['tools', 'toolbox'], { isTty: true, prompt: async (question) => (asked.push(question), 'n') });
    assert.equal(r.code, 1);
    assert.deepEqual(asked, ["Start 'toolbox'? [y/N] "]);
    assert.match(r.stderr, /\.vscode\/mcp\.json defines the MCP server 'toolbox', which runs: .*toolbox\.mjs/);
    assert.match(r.stderr, /needs your approval first/);
  });
});

describe('archflow mcp list', () => {
  test('reads .vscode/mcp.json and .mcp.json, always shows the built-in, and exits 1 with the failed server and why', { timeout: 30_000 }, async () => {
    const r = await run(['list']);
    assert.equal(r.code, 1);
    const lines = r.stdout.split('\n');
    assert.match(lines[0], /^SERVER\s+STATUS\s+TRANSPORT\s+PROTOCOL\s+TOOLS\s+RESOURCES\s+TEMPLATES\s+PROMPTS\s+SOURCE$/);
    assert.match(r.stdout, /^archflow\s+running\s+memory\s+2025-11-25 \(legacy\)\s+1\s+1\s+0\s+1\s+built-in$/m);
    assert.match(r.stdout, /^toolbox\s+running\s+stdio\s+2025-11-25 \(legacy\)\s+\d+\s+0\s+0\s+0\s+.*\.vscode\/mcp\.json$/m);
    assert.match(r.stdout, /^broken\s+failed\s+stdio\s+\(legacy\)\s+-\s+-\s+-\s+-\s+.*\.mcp\.json$/m);
    assert.match(r.stdout, /broken:\n  server 'broken' failed to start: the process exited with code 3/);
    assert.match(r.stdout, /fatal: missing API token/);
  });

  test('--json gives a stable shape with counts and errors', { timeout: 30_000 }, async () => {
    const r = await run(['list', '--json']);
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as { servers: Array<Record<string, unknown>>; diagnostics: unknown[] };
    const byName = Object.fromEntries(out.servers.map((s) => [s.name, s]));
    assert.deepEqual(Object.keys(byName), ['archflow', 'broken', 'toolbox']);
    assert.deepEqual({ ...byName.archflow, serverInfo: undefined }, { name: 'archflow', state: 'running', transport: 'memory', protocol: { setting: 'legacy', era: 'legacy', version: '2025-11-25' }, source: 'built-in', builtin: true, trusted: true, tools: 1, resources: 1, resourceTemplates: 0, prompts: 1, serverInfo: undefined });
    assert.equal(byName.broken.state, 'failed');
    assert.match(String(byName.broken.error), /exited with code 3/);
    assert.deepEqual(out.diagnostics, []);
  });

  test('all servers healthy: exit 0', { timeout: 30_000 }, async () => {
    const r = await run(['list', '--config', 'healthy.json']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^toolbox\s+running/m);
    assert.doesNotMatch(r.stdout, /broken/);
  });

  test('a malformed file: file, line, column and what is wrong on stderr; the other servers still start', { timeout: 30_000 }, async () => {
    const r = await run(['list', '--config', 'malformed.json']);
    assert.equal(r.code, 1);
    assert.ok(r.stderr.includes(`${join(workspace, 'malformed.json')}:4:30: error: expected ','`), r.stderr);
    assert.match(r.stdout, /^toolbox\s+running/m);
    assert.doesNotMatch(r.stdout, /^typo/m);
  });

  test('a --config file that does not exist is an I/O error (exit 2)', async () => {
    const r = await run(['list', '--config', 'nope.json']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read --config nope\.json: file not found/);
  });
});

describe('archflow mcp tools / call / read / prompt', () => {
  test('tools lists a server\'s tools; --json has names, qualified names and fingerprints', { timeout: 30_000 }, async () => {
    const text = await run(['tools', 'toolbox']);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /^echo\s+Echoes the text back\.$/m);
    const json = await run(['tools', 'toolbox', '--json']);
    const tools = JSON.parse(json.stdout) as Array<{ name: string; qualifiedName: string; fingerprint: string; inputSchema: unknown }>;
    const dotted = tools.find((t) => t.name === 'files.read.v2')!;
    assert.match(dotted.qualifiedName, /^toolbox__files_read_v2_[0-9a-f]{6}$/);
    assert.match(dotted.fingerprint, /^[0-9a-f]{16}$/);
    assert.ok(dotted.inputSchema);
  });

  test('call prints the result; --json prints the whole result', { timeout: 30_000 }, async () => {
    const r = await run(['call', 'toolbox', 'echo', '--args', '{"text":"hello from the CLI"}']);
    assert.deepEqual([r.code, r.stdout], [0, 'hello from the CLI\n']);
    const j = await run(['call', 'archflow', 'check_diagram', '--args', '{"text":"a -> b"}', '--json']);
    assert.equal(j.code, 0);
    assert.deepEqual(JSON.parse(j.stdout).content, [{ type: 'text', text: 'checked 6 characters' }]);
  });

  test('a tool error exits 1 with its message on stderr', { timeout: 30_000 }, async () => {
    const r = await run(['call', 'toolbox', 'echo', '--args', '{"text": 5}']);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /text/i);
  });

  test('an unknown tool, an unknown server and a failed server exit 1 and say why', { timeout: 30_000 }, async () => {
    const tool = await run(['call', 'toolbox', 'nope']);
    assert.equal(tool.code, 1);
    assert.match(tool.stderr, /server 'toolbox' has no tool 'nope'; its tools: echo, slow/);
    const server = await run(['tools', 'nope']);
    assert.equal(server.code, 1);
    assert.match(server.stderr, /no server named 'nope'; known: archflow, broken, toolbox/);
    const failed = await run(['call', 'broken', 'anything']);
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /server 'broken' failed to start: the process exited with code 3[\s\S]*fatal: missing API token/);
  });

  test('read prints a resource; prompt prints its messages', { timeout: 30_000 }, async () => {
    const read = await run(['read', 'archflow', 'archflow://syntax']);
    assert.deepEqual([read.code, read.stdout], [0, '# syntax\n']);
    const prompt = await run(['prompt', 'archflow', 'draw_architecture']);
    assert.deepEqual([prompt.code, prompt.stdout], [0, '[user]\nDraw it.\n\n']);
  });

  test('bad usage exits 2 with the reason', async () => {
    assert.equal((await run([])).code, 2);
    const help = await run(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /archflow mcp call SERVER TOOL \[--args JSON\]/);
    assert.match((await run(['frobnicate'])).stderr, /unknown subcommand 'frobnicate'/);
    assert.match((await run(['call', 'toolbox'])).stderr, /expected SERVER TOOL/);
    const badJson = await run(['call', 'toolbox', 'echo', '--args', '{text}']);
    assert.equal(badJson.code, 2);
    assert.match(badJson.stderr, /--args is not valid JSON/);
    assert.match((await run(['call', 'toolbox', 'echo', '--args', '[1]'])).stderr, /--args must be a JSON object/);
    assert.equal((await run(['read', 'archflow', 'x', '--json'])).code, 2);
  });
});

describe('inputs and elicitation on the terminal', () => {
  test('without a terminal, a needed input fails with a message that names it', { timeout: 30_000 }, async () => {
    const r = await run(['call', 'everything', 'echo', '--config', 'inputs.json', '--args', '{"message":"x"}']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /server 'everything' needs the input 'greeting' \(A greeting for the server\), which was not given/);
  });

  test('on a terminal, inputs are asked (secrets hidden) and forms answered field by field', { timeout: 60_000 }, async () => {
    const asked: Array<{ question: string; secret: boolean }> = [];
    const prompt: TerminalPrompt = async (question, { secret }) => {
      asked.push({ question, secret });
      if (question.startsWith('A greeting')) return 'hello-from-the-terminal';
      if (question.startsWith('Answer?')) return 'y';
      if (question.startsWith('String (Your full')) return 'Grace Hopper';
      if (question.startsWith('Boolean')) return 'yes';
      return '';
    };
    const env = await run(['call', 'everything', 'get-env', '--config', 'inputs.json'], { isTty: true, prompt });
    assert.equal(env.code, 0, env.stderr);
    assert.equal(JSON.parse(env.stdout).GREETING, 'hello-from-the-terminal');
    assert.equal(asked[0].secret, true);
    assert.match(asked[0].question, /^A greeting for the server \(for server 'everything', .*server-everything.* stdio\): $/, 'the question names the server and what it runs');

    const form = await run(['call', 'everything', 'trigger-elicitation-request', '--config', 'inputs.json'], { isTty: true, prompt });
    assert.equal(form.code, 0, form.stderr);
    assert.match(form.stderr, /server 'everything' asks: Please provide inputs/);
    assert.match(form.stdout, /Name: Grace Hopper/);
    assert.match(form.stdout, /Agreed to terms: true/);
  });
});

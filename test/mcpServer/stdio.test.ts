// `archflow-mcp` (the built dist/mcp.js) as Claude Code or Claude Desktop runs it: a child
// process spoken to over stdio, by the SDK Client and by hand.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { chainDiagram, EXAMPLE_TEXTS, PNG_SIGNATURE, requireBuiltServer, resourceText, tempDir, textOf, writeExamples } from './helpers';

const T = { timeout: 180_000 };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe('archflow-mcp over stdio with the SDK Client', T, () => {
  let root: string;
  let extra: string;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';
  const cleanups: Array<() => Promise<void>> = [];

  before(async () => {
    const server = requireBuiltServer();
    const r = await tempDir();
    const x = await tempDir();
    const e = await tempDir();
    cleanups.push(r.cleanup, x.cleanup, e.cleanup);
    root = r.dir;
    extra = x.dir;
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [server, '--root', extra],
      cwd: root,
      env: { ARCHFLOW_EXAMPLES_DIR: await writeExamples(e.dir) },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    for (const c of cleanups) await c();
  });

  test('initialises as archflow with tools, resources, prompts and completions', () => {
    assert.equal(client.getServerVersion()?.name, 'archflow');
    const caps = client.getServerCapabilities();
    assert.ok(caps?.tools && caps.resources && caps.prompts && caps.completions);
    assert.match(client.getInstructions() ?? '', /check_diagram/);
    assert.match(stderr, /ready on stdio/);
  });

  test('lists and calls every tool', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['check_diagram', 'render_diagram', 'search_icons', 'syntax_help']);

    assert.match(textOf(await call(client, 'syntax_help', {})), /```/);

    const bad = await call(client, 'check_diagram', { text: 'a -> ' });
    assert.equal(bad.isError, true);
    const errors = (bad.structuredContent as { diagnostics: Array<{ severity: string; line: number }> }).diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(errors.map((d) => d.line), [1]);

    const icons = await call(client, 'search_icons', { query: 'kafka', limit: 5 });
    assert.ok((icons.structuredContent as { matches: Array<{ id: string }> }).matches.some((m) => m.id === 'logos:kafka'));

    const rendered = await call(client, 'render_diagram', { text: chainDiagram(3), output: 'docs/arch.svg', preview: true });
    assert.equal(rendered.isError, undefined, textOf(rendered));
    assert.ok(Buffer.byteLength(textOf(rendered)) < 1024);
    assert.match(textOf(rendered), /^3 elements, 2 connections, \d+ (B|KB) -> docs\/arch\.svg$/);
    const image = rendered.content.find((c) => c.type === 'image');
    assert.ok(image?.type === 'image' && image.mimeType === 'image/png');
    assert.deepEqual(Buffer.from(image.data, 'base64').subarray(0, 8), PNG_SIGNATURE);
    assert.match(await readFile(join(root, 'docs', 'arch.svg'), 'utf8'), /^<svg/);
  });

  test('the start directory and every --root are allowed; anything else is refused naming both', async () => {
    assert.equal((await call(client, 'render_diagram', { text: chainDiagram(2), output: join(extra, 'e.svg') })).isError, undefined);
    const refused = await call(client, 'render_diagram', { text: chainDiagram(2), output: '../escape.svg' });
    assert.equal(refused.isError, true);
    assert.ok(textOf(refused).endsWith(`Allowed roots: ${root}, ${extra}`), textOf(refused));
    assert.deepEqual(await readdir(extra), ['e.svg']);
  });

  test('ten overlapping renders over stdio all succeed; a failing one does not block the next', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(client, 'render_diagram', i === 2 ? { text: chainDiagram(2), output: 'bad.txt' } : { text: chainDiagram(2 + i), output: `many/${i}.svg` })),
    );
    results.forEach((r, i) => assert.equal(r.isError, i === 2 ? true : undefined, `render ${i}`));
    assert.equal((await readdir(join(root, 'many'))).length, 9);
  });

  test('reads every resource and template, completes names, gets the prompt', async () => {
    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((r) => r.uri).sort(), ['archflow://examples/load-balancer', 'archflow://examples/queue', 'archflow://syntax', 'ui://archflow/diagram']);
    for (const r of resources) {
      const read = await client.readResource({ uri: r.uri });
      assert.ok(String(resourceText(read.contents[0])).length > 0, r.uri);
    }
    assert.equal(resourceText((await client.readResource({ uri: 'archflow://examples/load-balancer' })).contents[0]), EXAMPLE_TEXTS['load-balancer']);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.equal(resourceTemplates.length, 2);
    const icon = await client.readResource({ uri: 'archflow://icons/logos/kafka' });
    assert.equal(icon.contents[0].mimeType, 'image/svg+xml');
    const names = await client.complete({ ref: { type: 'ref/resource', uri: 'archflow://examples/{name}' }, argument: { name: 'name', value: 'q' } });
    assert.deepEqual(names.completion.values, ['queue']);
    const prompt = await client.getPrompt({ name: 'draw_architecture', arguments: { focus: 'storage' } });
    assert.match(prompt.messages[0].content.type === 'text' ? prompt.messages[0].content.text : '', /storage/);
  });
});

/** A raw child process, line-oriented: what the client side of stdio sees, byte for byte. */
function startRaw(args: string[], cwd: string): { child: ChildProcessWithoutNullStreams; stdout: () => string; stderr: () => string; response: (id: number) => Promise<Record<string, unknown>>; send: (msg: unknown) => void } {
  const child = spawn(process.execPath, [requireBuiltServer(), ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  const seen = new Map<number, Record<string, unknown>>();
  // Only the lines completed by this chunk are parsed: re-reading the whole output on every
  // chunk made a 30 MB answer cost minutes on a loaded machine.
  let partial: string[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    out += text;
    if (!text.includes('\n')) {
      partial.push(text);
      return;
    }
    const lines = (partial.join('') + text).split('\n');
    partial = [lines.pop()!];
    for (const line of lines) {
      try {
        const msg = JSON.parse(line) as Record<string, unknown>;
        if (typeof msg.id === 'number' && !seen.has(msg.id)) {
          seen.set(msg.id, msg);
          waiting.get(msg.id)?.(msg);
        }
      } catch {
        // Checked by the test itself.
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    send: (msg) => child.stdin.write(`${typeof msg === 'string' ? msg : JSON.stringify(msg)}\n`),
    response: (id) => (seen.has(id) ? Promise.resolve(seen.get(id)!) : new Promise((resolve) => waiting.set(id, resolve))),
  };
}

const initialize = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('archflow-mcp process behaviour', T, () => {
  const children: ChildProcessWithoutNullStreams[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  after(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const c of cleanups) await c();
  });
  async function cwd() {
    const d = await tempDir();
    cleanups.push(d.cleanup);
    return d.dir;
  }

  test('every byte on stdout is JSON-RPC, one message per line, even for garbage input and errors', async () => {
    const raw = startRaw([], await cwd());
    children.push(raw.child);
    raw.send(initialize(1));
    await raw.response(1);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const requests: Array<[string, Record<string, unknown>]> = [
      ['tools/list', {}],
      ['tools/call', { name: 'syntax_help', arguments: {} }],
      ['tools/call', { name: 'check_diagram', arguments: { text: 'a -> ' } }],
      ['tools/call', { name: 'check_diagram', arguments: { text: 42 } }],
      ['tools/call', { name: 'search_icons', arguments: { query: 'kafka' } }],
      ['tools/call', { name: 'render_diagram', arguments: { text: chainDiagram(3), output: 'out/a.svg', preview: true } }],
      ['tools/call', { name: 'render_diagram', arguments: { text: chainDiagram(3), output: '/etc/passwd.svg' } }],
      ['tools/call', { name: 'no_such_tool', arguments: {} }],
      ['resources/list', {}],
      ['resources/read', { uri: 'archflow://syntax' }],
      ['resources/read', { uri: 'archflow://icons/logos/kafka' }],
      ['resources/read', { uri: 'archflow://nothing' }],
      ['prompts/get', { name: 'draw_architecture', arguments: {} }],
      ['no/such/method', {}],
    ];
    raw.send('this is not json');
    raw.send('{"jsonrpc":"2.0"');
    requests.forEach(([method, params], i) => raw.send({ jsonrpc: '2.0', id: 10 + i, method, params }));
    // Ending stdin must still let every answer out before the process exits.
    raw.child.stdin.end();
    const [code] = await once(raw.child, 'exit');
    assert.equal(code, 0, raw.stderr());

    const text = raw.stdout();
    assert.ok(text.endsWith('\n'));
    const lines = text.slice(0, -1).split('\n');
    const ids: number[] = [];
    for (const line of lines) {
      const msg = JSON.parse(line) as Record<string, unknown>;
      assert.equal(msg.jsonrpc, '2.0', line.slice(0, 200));
      assert.ok(('id' in msg && ('result' in msg || 'error' in msg)) || 'method' in msg, line.slice(0, 200));
      if (typeof msg.id === 'number') ids.push(msg.id);
    }
    assert.deepEqual(ids.sort((a, b) => a - b), [1, ...requests.map((_, i) => 10 + i)]);
    assert.match(raw.stderr(), /\[archflow-mcp\] warn: protocol: /);
  });

  test('a 10.5 MB request is answered, one over the line limit is refused with its id, and the server keeps serving', async () => {
    const raw = startRaw([], await cwd());
    children.push(raw.child);
    raw.send(initialize(1));
    await raw.response(1);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    raw.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'check_diagram', arguments: { text: 'a'.repeat(10_500_000) } } });
    raw.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'check_diagram', arguments: { text: 'a'.repeat(17_000_000) } } });
    raw.send('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":null}');
    raw.send({ jsonrpc: '2.0', id: 5, method: 'ping' });
    const [checked, refused, invalid, ping] = await Promise.all([2, 3, 4, 5].map((id) => raw.response(id)));
    assert.match(textOf(checked!.result as CallToolResult), /^The diagram text is 10\.0 MB; the limit is 1\.0 MB/);
    assert.deepEqual(refused!.error, { code: -32600, message: 'Request too large: 17,000,104 bytes; the limit is 16,777,216 bytes' });
    assert.equal((invalid!.error as { code: number }).code, -32600);
    assert.deepEqual(ping!.result, {});
    raw.child.stdin.end();
    assert.deepEqual(await once(raw.child, 'exit'), [0, null]);
  });

  test('a ping sent while a large check_diagram is being parsed is answered first', async () => {
    const raw = startRaw([], await cwd());
    children.push(raw.child);
    raw.send(initialize(1));
    await raw.response(1);
    raw.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // Close to the 1 MiB limit, and over the element limit: about a second of parsing.
    const lines: string[] = [];
    for (let i = 0, size = 0; size < 1_000_000; i++) size += lines[lines.push(`n${i} -> n${i + 1}`) - 1]!.length + 1;
    const text = lines.join('\n');
    // Once the whole request has been handed over, the server is busy with it: the ping comes in then.
    await new Promise<void>((resolve) => raw.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'check_diagram', arguments: { text } } })}\n`, () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 100));
    raw.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    const [checked, ping] = await Promise.all([raw.response(2), raw.response(3)]);
    assert.deepEqual(ping.result, {});
    const result = checked.result as CallToolResult;
    assert.equal(result.isError, true);
    assert.match(textOf(result), /5[.,]000/);
    const answered = raw.stdout().trim().split('\n').map((line) => (JSON.parse(line) as { id?: number }).id);
    assert.deepEqual(answered, [1, 3, 2], 'the ping is answered before the check');
    raw.child.stdin.end();
    assert.deepEqual(await once(raw.child, 'exit'), [0, null]);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`${signal} closes the server and exits 0`, async () => {
      const raw = startRaw([], await cwd());
      children.push(raw.child);
      raw.send(initialize(1));
      await raw.response(1);
      raw.child.kill(signal);
      const [code, sig] = await once(raw.child, 'exit');
      assert.deepEqual([code, sig], [0, null]);
      assert.match(raw.stderr(), new RegExp(`${signal}: closing`));
    });
  }

  test('SIGTERM in HTTP mode closes the listener and exits 0', async () => {
    const raw = startRaw(['--http', '--port', '0'], await cwd());
    children.push(raw.child);
    while (!/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/.test(raw.stderr())) await once(raw.child.stderr, 'data');
    raw.child.kill('SIGTERM');
    const [code, sig] = await once(raw.child, 'exit');
    assert.deepEqual([code, sig], [0, null], raw.stderr());
    assert.equal(raw.stdout(), '');
  });

  test('started in the file-system root (as GUI hosts do), it writes only inside --root', async () => {
    const { dir, cleanup } = await tempDir();
    cleanups.push(cleanup);
    const transport = new StdioClientTransport({ command: process.execPath, args: [requireBuiltServer(), '--root', dir], cwd: '/', stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const client = new Client({ name: 'gui-host', version: '1.0.0' });
    await client.connect(transport);
    try {
      const refused = await call(client, 'render_diagram', { text: chainDiagram(2), output: '/tmp/archflow-should-not-exist.svg' });
      assert.equal(refused.isError, true);
      assert.ok(textOf(refused).endsWith(`Allowed roots: ${dir}`), textOf(refused));
      const relative = await call(client, 'render_diagram', { text: chainDiagram(2), output: 'ok.svg' });
      assert.equal(relative.isError, undefined, textOf(relative));
      assert.deepEqual(await readdir(dir), ['ok.svg']);
      assert.match(stderr, /started in \/, which is not used as an output root/);
    } finally {
      await client.close();
    }
  });

  test('--help prints usage and exits 0; a bad option exits 2 with nothing on stdout', () => {
    const help = spawnSync(process.execPath, [requireBuiltServer(), '--help'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^Usage: archflow-mcp/);
    const bad = spawnSync(process.execPath, [requireBuiltServer(), '--nope'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(bad.status, 2);
    assert.equal(bad.stdout, '');
    assert.match(bad.stderr, /archflow-mcp: .*nope/);
  });
});

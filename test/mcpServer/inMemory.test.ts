// The diagram server through a real SDK Client over InMemoryTransport: what the extension's
// chat does. Every tool, resource, template, completion and prompt; render safety; the queue.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { syntaxHelp } from '../../src/core/language';
import { iconTotals } from '../../src/core/icons';
import { getIconCatalog } from '../../src/node/iconStore';
import { connectInProcess, createDiagramServer, type DiagramServerOptions, type InProcessConnection } from '../../src/mcpServer';
import { chainDiagram, EXAMPLE_TEXTS, PNG_SIGNATURE, repoRoot, resourceText, tempDir, textOf, writeExamples } from './helpers';

const T = { timeout: 120_000 };

async function tree(dir: string): Promise<string[]> {
  return ((await readdir(dir, { recursive: true })) as string[]).sort();
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe('diagram server over InMemoryTransport', T, () => {
  let root: string;
  let outside: string;
  let examplesDir: string;
  let conn: InProcessConnection;
  let client: Client;
  const cleanups: Array<() => Promise<void>> = [];

  before(async () => {
    const r = await tempDir();
    const o = await tempDir();
    const e = await tempDir();
    cleanups.push(r.cleanup, o.cleanup, e.cleanup);
    root = r.dir;
    outside = o.dir;
    examplesDir = await writeExamples(e.dir);
    conn = await connectInProcess({ roots: [root], examplesDir });
    client = conn.client;
  });
  after(async () => {
    await conn?.close();
    for (const c of cleanups) await c();
  });

  test('lists the four tools with described inputs, output schemas and annotations', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.deepEqual([...byName.keys()].sort(), ['check_diagram', 'render_diagram', 'search_icons', 'syntax_help']);
    for (const tool of tools) {
      assert.ok((tool.description ?? '').length > 80, `${tool.name} needs a description a model can choose by`);
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        assert.ok(((schema as { description?: string }).description ?? '').length > 10, `${tool.name}.${field} has no description`);
      }
    }
    for (const name of ['syntax_help', 'check_diagram', 'search_icons']) {
      assert.equal(byName.get(name)?.annotations?.readOnlyHint, true, name);
    }
    const render = byName.get('render_diagram')!;
    assert.deepEqual(
      [render.annotations?.readOnlyHint, render.annotations?.destructiveHint, render.annotations?.idempotentHint, render.annotations?.openWorldHint],
      [false, false, true, false],
    );
    // text or path (a .diagram file inside the roots): the tool says which when neither or both is given.
    assert.deepEqual(render.inputSchema.required?.sort(), ['output']);
    assert.ok(render.inputSchema.properties?.text && render.inputSchema.properties?.path);
    assert.ok(byName.get('check_diagram')?.outputSchema?.properties?.diagnostics);
    assert.ok(byName.get('search_icons')?.outputSchema?.properties?.matches);
    assert.equal(byName.get('render_diagram')?.outputSchema, undefined);
  });

  test('syntax_help returns the cheat sheet of the server locale', async () => {
    const result = await call(client, 'syntax_help', {});
    assert.equal(result.isError, undefined);
    assert.equal(textOf(result), syntaxHelp('en', (await getIconCatalog()).sets()));
    assert.match(textOf(result), /```/);
    assert.match(textOf(result), /\| total \| 9 sets \| [\d,]+ \| [\d,]+ \|/, 'the icon sets and their counts');
  });

  test('check_diagram on `a -> ` is an error on line 1, as text and as structured content', async () => {
    const result = await call(client, 'check_diagram', { text: 'a -> ' });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /^diagrama:1:\d+: error: /m);
    const data = result.structuredContent as { valid: boolean; errors: number; diagnostics: Array<{ severity: string; line: number; message: string }> };
    assert.equal(data.valid, false);
    assert.ok(data.errors >= 1);
    const error = data.diagnostics.find((d) => d.severity === 'error');
    assert.equal(error?.line, 1);
    assert.ok(textOf(result).includes(error!.message));
  });

  test('check_diagram on a valid diagram counts elements and connections', async () => {
    const result = await call(client, 'check_diagram', { text: chainDiagram(3) });
    assert.equal(result.isError, undefined);
    assert.deepEqual(result.structuredContent, { valid: true, elements: 3, connections: 2, errors: 0, warnings: 0, diagnostics: [] });
    assert.match(textOf(result), /3 elements, 2 connections; 0 errors, 0 warnings/);
  });

  test('check_diagram gives suggestions and flags unknown icons as warnings', async () => {
    const result = await call(client, 'check_diagram', { text: 'a = retangolo "A"\nb = rectangle icon=logos:kafkaa\n' });
    const data = result.structuredContent as { diagnostics: Array<{ code: string; line: number; suggestions: string[] }> };
    const shape = data.diagnostics.find((d) => d.code === 'unknown-shape');
    assert.equal(shape?.line, 1);
    assert.ok(shape!.suggestions.length > 0);
    assert.match(textOf(result), /fix: replace 1:\d+-1:\d+ with "/);
    const icon = data.diagnostics.find((d) => d.code === 'unknown-icon');
    assert.equal(icon?.line, 2);
    assert.ok(icon!.suggestions.includes('logos:kafka'));
  });

  test('search_icons finds logos:kafka first, honours limit and prefix', async () => {
    const result = await call(client, 'search_icons', { query: 'kafka' });
    assert.equal(result.isError, undefined);
    const data = result.structuredContent as { matches: Array<{ id: string; set: string }> };
    assert.equal(data.matches[0].id, 'logos:kafka');
    assert.match(textOf(result), /^logos:kafka \(SVG Logos\)$/m);
    // The summary counts what `archflow icons sets` counts.
    const totals = iconTotals((await getIconCatalog()).sets());
    assert.deepEqual((result.structuredContent as { searched: unknown }).searched, totals);
    const summary = textOf(result).split('\n').at(-1)!;
    assert.equal(summary, `${data.matches.length} matches, best first, among ${totals.names.toLocaleString('en-US')} names (aliases included) of ${totals.icons.toLocaleString('en-US')} icons in 9 sets.`);
    const limited = (await call(client, 'search_icons', { query: 'database', limit: 3 })).structuredContent as { matches: unknown[] };
    assert.equal(limited.matches.length, 3);
    const mdi = (await call(client, 'search_icons', { query: 'kafka', prefix: 'mdi' })).structuredContent as { matches: Array<{ prefix: string }> };
    assert.ok(mdi.matches.length > 0);
    assert.ok(mdi.matches.every((m) => m.prefix === 'mdi'));
  });

  test('search_icons explains an unknown set and an empty result; schema limits are enforced', async () => {
    const unknownSet = await call(client, 'search_icons', { query: 'kafka', prefix: 'nope' });
    assert.equal(unknownSet.isError, true);
    assert.match(textOf(unknownSet), /Unknown icon set 'nope'.*logos/);
    const none = await call(client, 'search_icons', { query: 'qqqqqqqqqqqqqqqqqqqq' });
    assert.equal(none.isError, undefined);
    assert.match(textOf(none), /No icon matches 'q+'\..*\n0 matches among [\d,]+ names/);
    assert.deepEqual((none.structuredContent as { matches: unknown[] }).matches, []);
    const tooMany = await call(client, 'search_icons', { query: 'kafka', limit: 101 });
    assert.equal(tooMany.isError, true);
    assert.match(textOf(tooMany), /limit/);
  });

  test('render_diagram writes the SVG and answers with a short summary', async () => {
    const result = await call(client, 'render_diagram', { text: chainDiagram(3), output: 'docs/arch.svg' });
    assert.equal(result.isError, undefined);
    const summary = textOf(result);
    assert.ok(Buffer.byteLength(summary) < 1024, `summary is ${Buffer.byteLength(summary)} bytes`);
    assert.match(summary, /^3 elements, 2 connections, \d+ (B|KB) -> docs\/arch\.svg$/);
    assert.equal(result.content.length, 1);
    const svg = await readFile(join(root, 'docs', 'arch.svg'), 'utf8');
    assert.match(svg, /^<svg[\s>]/);
    assert.ok(!summary.includes('<svg'));
    assert.deepEqual(await readdir(join(root, 'docs')), ['arch.svg']);
  });

  test('render_diagram with preview adds a PNG at most 1600 px wide', async () => {
    const result = await call(client, 'render_diagram', { text: chainDiagram(40), output: 'preview/wide.svg', preview: true, theme: 'dark', background: '#101010' });
    assert.equal(result.isError, undefined);
    const image = result.content.find((c) => c.type === 'image');
    assert.ok(image && image.type === 'image');
    assert.equal(image.mimeType, 'image/png');
    const png = Buffer.from(image.data, 'base64');
    assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE);
    const width = png.readUInt32BE(16);
    assert.ok(width > 0 && width <= 1600, `width ${width}`);
    assert.ok(Buffer.byteLength(textOf(result)) < 1024);
  });

  test('render_diagram keeps warnings in the summary and still draws', async () => {
    const result = await call(client, 'render_diagram', { text: 'a = rectangle\na -> ghost\n', output: 'warn.svg' });
    assert.equal(result.isError, undefined);
    assert.match(textOf(result), /-> warn\.svg\ndiagrama:2:\d+: warning: /);
    assert.ok(existsSync(join(root, 'warn.svg')));
  });

  test('render_diagram with errors writes nothing and lists every problem with its line', async () => {
    const before = await tree(root);
    const result = await call(client, 'render_diagram', { text: 'a = rectangle\nb = retangolo\nc ->\n', output: 'broken.svg' });
    assert.equal(result.isError, true);
    const text = textOf(result);
    assert.match(text, /Nothing was written: the diagram has 2 errors/);
    assert.match(text, /^diagrama:2:\d+: error: /m);
    assert.match(text, /^diagrama:3:\d+: error: /m);
    assert.deepEqual(await tree(root), before);
  });

  test('render_diagram refuses a bad background before writing', async () => {
    const result = await call(client, 'render_diagram', { text: chainDiagram(2), output: 'bg.svg', background: 'url(http://evil)' });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /Invalid background/);
    assert.ok(!existsSync(join(root, 'bg.svg')));
  });

  test('the path-safety table: every unsafe output is refused, names the roots, writes nothing', async () => {
    await mkdir(join(root, 'links'), { recursive: true });
    await symlink(outside, join(root, 'links', 'out'));
    const table = ['../x.svg', join(outside, 'x.svg'), 'links/out/x.svg', 'x.txt', 'x\0.svg', `${'n'.repeat(300)}.svg`, 'CON.svg', 'docs/../x.svg'];
    const before = [await tree(root), await tree(outside)];
    for (const output of table) {
      const result = await call(client, 'render_diagram', { text: chainDiagram(2), output });
      assert.equal(result.isError, true, JSON.stringify(output));
      assert.match(textOf(result), /^Refused: /, JSON.stringify(output));
      assert.ok(textOf(result).includes(`Allowed roots: ${root}`), JSON.stringify(output));
    }
    assert.deepEqual([await tree(root), await tree(outside)], before);
  });

  test('ten overlapping renders through one client all finish; a failing one does not block the next', async () => {
    const calls = Array.from({ length: 10 }, (_, i) =>
      call(client, 'render_diagram', i === 4 ? { text: 'x ->', output: 'many/fail.svg' } : { text: chainDiagram(3 + i, `Diagram ${i}`), output: `many/d${i}.svg` }),
    );
    const results = await Promise.all(calls);
    results.forEach((r, i) => assert.equal(r.isError, i === 4 ? true : undefined, `render ${i}: ${textOf(r)}`));
    const files = (await readdir(join(root, 'many'))).sort();
    assert.deepEqual(files, ['d0.svg', 'd1.svg', 'd2.svg', 'd3.svg', 'd5.svg', 'd6.svg', 'd7.svg', 'd8.svg', 'd9.svg']);
    for (const f of files) assert.match(await readFile(join(root, 'many', f), 'utf8'), /<\/svg>\s*$/);
    const i = 7;
    assert.match(textOf(results[i]), new RegExp(`^${3 + i} elements, ${2 + i} connections`));
  });

  test('resources: the syntax sheet, the examples (listed, read, completed) and icons as SVG', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri).sort();
    assert.deepEqual(uris, ['archflow://examples/load-balancer', 'archflow://examples/queue', 'archflow://syntax', 'ui://archflow/diagram']);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate).sort(), ['archflow://examples/{name}', 'archflow://icons/{prefix}/{name}']);
    assert.equal(resourceTemplates.find((t) => t.uriTemplate.startsWith('archflow://icons'))?.mimeType, 'image/svg+xml');

    const syntax = await client.readResource({ uri: 'archflow://syntax' });
    assert.equal(syntax.contents[0].mimeType, 'text/markdown');
    assert.equal(resourceText(syntax.contents[0]), syntaxHelp('en', (await getIconCatalog()).sets()));

    const example = await client.readResource({ uri: 'archflow://examples/queue' });
    assert.equal(resourceText(example.contents[0]), EXAMPLE_TEXTS.queue);
    await assert.rejects(client.readResource({ uri: 'archflow://examples/missing' }), /No example named 'missing'/);
    await assert.rejects(client.readResource({ uri: 'archflow://examples/..%2F..%2Fetc%2Fpasswd' }));

    const completion = await client.complete({ ref: { type: 'ref/resource', uri: 'archflow://examples/{name}' }, argument: { name: 'name', value: 'lo' } });
    assert.deepEqual(completion.completion.values, ['load-balancer']);

    const icon = await client.readResource({ uri: 'archflow://icons/logos/kafka' });
    assert.equal(icon.contents[0].mimeType, 'image/svg+xml');
    assert.match(String(resourceText(icon.contents[0])), /^<svg[\s\S]*<\/svg>$/);
    await assert.rejects(client.readResource({ uri: 'archflow://icons/logos/not-an-icon-at-all' }), /No icon logos:not-an-icon-at-all/);

    const prefixes = await client.complete({ ref: { type: 'ref/resource', uri: 'archflow://icons/{prefix}/{name}' }, argument: { name: 'prefix', value: 'lo' } });
    assert.ok(prefixes.completion.values.includes('logos'));
    const names = await client.complete({
      ref: { type: 'ref/resource', uri: 'archflow://icons/{prefix}/{name}' },
      argument: { name: 'name', value: 'kafk' },
      context: { arguments: { prefix: 'logos' } },
    });
    assert.ok(names.completion.values.includes('kafka'));
  });

  test('the draw_architecture prompt, with and without focus', async () => {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name), ['draw_architecture']);
    assert.deepEqual(prompts[0].arguments?.map((a) => [a.name, a.required ?? false]), [['focus', false]]);
    const focused = await client.getPrompt({ name: 'draw_architecture', arguments: { focus: 'the payment flow' } });
    const text = focused.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
    assert.equal(focused.messages[0].role, 'user');
    assert.match(text, /Focus on: the payment flow/);
    for (const tool of ['syntax_help', 'search_icons', 'check_diagram', 'render_diagram']) assert.ok(text.includes(tool), tool);
    const plain = await client.getPrompt({ name: 'draw_architecture', arguments: {} });
    assert.doesNotMatch(plain.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n'), /Focus on/);
  });
});

describe('limits, locale and roots', T, () => {
  const cleanups: Array<() => Promise<void>> = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  async function dir() {
    const d = await tempDir();
    cleanups.push(d.cleanup);
    return d.dir;
  }
  async function open(options: DiagramServerOptions) {
    const conn = await connectInProcess(options);
    cleanups.push(conn.close);
    return conn.client;
  }

  test('text over maxTextBytes is refused clearly by check and render, before any work', async () => {
    const root = await dir();
    const client = await open({ roots: [root], maxTextBytes: 2048 });
    const big = chainDiagram(200);
    assert.ok(Buffer.byteLength(big) > 2048);
    for (const [name, args] of [
      ['check_diagram', { text: big }],
      ['render_diagram', { text: big, output: 'big.svg' }],
    ] as const) {
      const result = await call(client, name, args);
      assert.equal(result.isError, true, name);
      assert.match(textOf(result), /The diagram text is \d+ KB; the limit is 2 KB/, name);
    }
    assert.deepEqual(await readdir(root), []);
    // Multi-byte text is measured in bytes, not characters.
    const accents = `diagram "${'ã'.repeat(1100)}"\n`;
    assert.ok(accents.length < 2048);
    assert.equal((await call(client, 'check_diagram', { text: accents })).isError, true);
  });

  test('pt-BR: diagnostics, summary, refusals and prompt in Portuguese', async () => {
    const root = await dir();
    const client = await open({ roots: [root], locale: 'pt-BR' });
    assert.match(textOf(await call(client, 'check_diagram', { text: 'a -> ' })), /diagrama:1:\d+: error: .*\n.*1 elemento, 0 conexões; 1 erro/s);
    assert.match(textOf(await call(client, 'render_diagram', { text: chainDiagram(2), output: 'a.svg' })), /^2 elementos, 1 conexão, \d+ (B|KB) -> a\.svg$/);
    assert.match(textOf(await call(client, 'render_diagram', { text: chainDiagram(2), output: 'a.txt' })), /Recusado.*\nRaízes permitidas: /);
    assert.equal(textOf(await call(client, 'syntax_help', {})), syntaxHelp('pt-BR', (await getIconCatalog()).sets()));
    assert.match(textOf(await call(client, 'search_icons', { query: 'kafka', prefix: 'mdi' })), /\n\d+ resultados?(, os melhores primeiro,)? entre [\d.]+ nomes \(com apelidos\) de [\d.]+ ícones em Material Design Icons \(mdi\)\.$/);
    const prompt = await client.getPrompt({ name: 'draw_architecture', arguments: { focus: 'pagamentos' } });
    assert.match(prompt.messages[0].content.type === 'text' ? prompt.messages[0].content.text : '', /Foco: pagamentos/);
  });

  test('by default the bundled examples/ are served, and each one checks clean', async () => {
    const client = await open({ roots: [await dir()] });
    const onDisk = (await readdir(join(repoRoot, 'examples'))).filter((f) => f.endsWith('.diagram')).map((f) => f.slice(0, -'.diagram'.length)).sort();
    assert.ok(onDisk.length > 0);
    const { resources } = await client.listResources();
    const listed = resources.filter((r) => r.uri.startsWith('archflow://examples/')).map((r) => r.name).sort();
    assert.deepEqual(listed, onDisk);
    for (const name of listed) {
      const text = resourceText((await client.readResource({ uri: `archflow://examples/${name}` })).contents[0]);
      assert.equal(text, await readFile(join(repoRoot, 'examples', `${name}.diagram`), 'utf8'));
      const check = await call(client, 'check_diagram', { text: text! });
      assert.equal((check.structuredContent as { errors: number }).errors, 0, `${name}: ${textOf(check)}`);
    }
  });

  test('the roots function is asked on every render (workspace folders that change)', async () => {
    const a = await dir();
    const b = await dir();
    let current = [a];
    const client = await open({ roots: () => current });
    assert.equal((await call(client, 'render_diagram', { text: chainDiagram(2), output: 'x.svg' })).isError, undefined);
    current = [b];
    assert.equal((await call(client, 'render_diagram', { text: chainDiagram(2), output: 'y.svg' })).isError, undefined);
    assert.deepEqual([await readdir(a), await readdir(b)], [['x.svg'], ['y.svg']]);
    const refused = await call(client, 'render_diagram', { text: chainDiagram(2), output: join(a, 'z.svg') });
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), new RegExp(`Allowed roots: ${b}$`));
  });

  test('MCP roots from the client replace the fallback, extra roots stay, and roots/list_changed is honoured', async () => {
    const fallback = await dir();
    const first = await dir();
    const second = await dir();
    const extra = await dir();
    let clientRoots = [first];
    let listed = 0;
    const server = createDiagramServer({ roots: [fallback], extraRoots: [extra] });
    const client = new Client({ name: 'roots-client', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
    client.setRequestHandler(ListRootsRequestSchema, () => {
      listed++;
      return { roots: clientRoots.map((d) => ({ uri: pathToFileURL(d).href, name: 'root' })) };
    });
    const [ct, st] = InMemoryTransport.createLinkedPair();
    await server.connect(st);
    await client.connect(ct);
    cleanups.push(async () => {
      await client.close();
      await server.close();
    });

    const render = (output: string) => call(client, 'render_diagram', { text: chainDiagram(2), output });
    assert.equal((await render('a.svg')).isError, undefined);
    assert.equal((await render(join(extra, 'e.svg'))).isError, undefined);
    const toFallback = await render(join(fallback, 'f.svg'));
    assert.equal(toFallback.isError, true);
    assert.ok(textOf(toFallback).endsWith(`Allowed roots: ${first}, ${extra}`));
    assert.equal(listed, 1, 'roots are cached until the client says they changed');

    clientRoots = [second];
    await client.sendRootsListChanged();
    assert.equal((await render('b.svg')).isError, undefined);
    assert.equal(listed, 2);
    assert.deepEqual([await readdir(first), await readdir(second), await readdir(extra), await readdir(fallback)], [['a.svg'], ['b.svg'], ['e.svg'], []]);
  });

  test('a client that announces roots but lists none falls back to the start roots', async () => {
    const fallback = await dir();
    const server = createDiagramServer({ roots: [fallback] });
    const client = new Client({ name: 'empty-roots', version: '1.0.0' }, { capabilities: { roots: {} } });
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [] }));
    const [ct, st] = InMemoryTransport.createLinkedPair();
    await server.connect(st);
    await client.connect(ct);
    cleanups.push(async () => {
      await client.close();
      await server.close();
    });
    assert.equal((await call(client, 'render_diagram', { text: chainDiagram(2), output: 'f.svg' })).isError, undefined);
    assert.deepEqual(await readdir(fallback), ['f.svg']);
  });
});

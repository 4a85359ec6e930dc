// render_diagram with the diagram's layout file: the model passes the file's content and the
// drawing keeps its boxes, the same geometry the CLI draws from the same text and file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseDiagram } from '../../src/core/language';
import { layoutDiagram, layoutFromScene, layoutWithKept, parseLayoutFile, serializeLayoutFile } from '../../src/core/layout';
import { connectInProcess, type InProcessConnection } from '../../src/mcpServer';
import { tempDir, textOf } from './helpers';

const text = 'a = rect "A"\nb = rect "B"\nc = rect "C"\na -> b "calls"\nb -> c\n';
let root: string;
let conn: InProcessConnection;
let cleanup: () => Promise<void>;

before(async () => {
  const t = await tempDir();
  root = t.dir;
  cleanup = t.cleanup;
  conn = await connectInProcess({ roots: [root] });
});
after(async () => {
  await conn?.close();
  await cleanup?.();
});

const render = async (args: Record<string, unknown>) => (await conn.client.callTool({ name: 'render_diagram', arguments: { text, ...args } })) as CallToolResult;
const translateOf = (svg: string, id: string) => /transform="translate\(([\d.]+) ([\d.]+)\)"/.exec(svg.slice(svg.indexOf(`data-id="${id}"`)))?.slice(1).map(Number);

test('render_diagram keeps the boxes of the layout it is given, where core layoutWithKept puts them', async () => {
  const model = parseDiagram(text).model;
  const fresh = layoutFromScene(await layoutDiagram(model, {}));
  const moved = parseLayoutFile(serializeLayoutFile({ kind: 'diagram', layout: fresh }).replace(/"b": \{ "x": (\d+), "y": \d+/, (_m, x) => `"b": { "x": ${x}, "y": 320`));
  assert.ok(moved.ok && moved.file.kind === 'diagram');
  const layoutText = serializeLayoutFile(moved.file);

  const result = await render({ output: 'kept.svg', layout: layoutText });
  assert.equal(result.isError ?? false, false, textOf(result));
  const svg = await readFile(join(root, 'kept.svg'), 'utf8');
  assert.equal(translateOf(svg, 'b')?.[1], 320);
  const expected = await layoutWithKept(model, {}, moved.file.layout);
  const b = expected.nodes.find((n) => n.id === 'b')!;
  assert.deepEqual(translateOf(svg, 'b'), [b.x, b.y]);

  const freshResult = await render({ output: 'fresh.svg' });
  assert.equal(freshResult.isError ?? false, false);
  assert.notEqual(translateOf(await readFile(join(root, 'fresh.svg'), 'utf8'), 'b')?.[1], 320);
});

test('render_diagram refuses a layout that does not parse, saying where and how to fix it, and writes nothing', async () => {
  const result = await render({ output: 'broken.svg', layout: '{\n  "format": "archflow-layout-file/1",\n  "nodes": [\n' });
  assert.equal(result.isError, true);
  assert.match(textOf(result), /^Invalid layout at \d+:\d+: .+ Pass the layout file's content unchanged/);
  assert.equal(existsSync(join(root, 'broken.svg')), false);
});

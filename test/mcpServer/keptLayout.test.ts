// render_diagram with the diagram's layout file: the model passes the file's content (layout),
// or names the .diagram file (path) whose layout file beside it is read; the drawing keeps its
// boxes, the same geometry core's layoutWithKept gives for the same text and file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseDiagram } from '../../src/core/language';
import { layoutDiagram, layoutFromScene, layoutWithKept, parseLayoutFile, serializeLayoutFile, type DiagramLayout } from '../../src/core/layout';
import { DIAGRAM_VIEW_META_KEY } from '../../src/protocol/mcpAppMessages';
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

// path: the .diagram file inside the roots is read instead of text, and the layout file beside it is used.
const callWith = async (args: Record<string, unknown>) => (await conn.client.callTool({ name: 'render_diagram', arguments: args })) as CallToolResult;
const sceneOf = (result: CallToolResult) => (result._meta as Record<string, { scene: { nodes: Array<{ id: string; x: number; y: number }> } }>)[DIAGRAM_VIEW_META_KEY]!.scene;

async function movedLayoutFile(y: number): Promise<{ text: string; layout: DiagramLayout }> {
  const model = parseDiagram(text).model;
  const moved = parseLayoutFile(serializeLayoutFile({ kind: 'diagram', layout: layoutFromScene(await layoutDiagram(model, {})) }).replace(/"b": \{ "x": (\d+), "y": \d+/, (_m, x) => `"b": { "x": ${x}, "y": ${y}`));
  assert.ok(moved.ok && moved.file.kind === 'diagram');
  return { text: serializeLayoutFile(moved.file), layout: moved.file.layout };
}

test('render_diagram with path reads the .diagram inside the roots and keeps the layout file beside it; the layout argument wins over it', async () => {
  await mkdir(join(root, 'docs'), { recursive: true });
  await writeFile(join(root, 'docs', 'shop.diagram'), text);
  const beside = await movedLayoutFile(360);
  await writeFile(join(root, 'docs', 'shop.diagram.layout.json'), beside.text);

  const result = await callWith({ path: 'docs/shop.diagram', output: 'docs/shop.svg' });
  assert.equal(result.isError ?? false, false, textOf(result));
  assert.match(textOf(result), /^3 elements, 2 connections, .+ -> docs\/shop\.svg$/);
  const expected = await layoutWithKept(parseDiagram(text).model, {}, beside.layout);
  assert.deepEqual(sceneOf(result).nodes.map((n) => [n.id, n.x, n.y]), expected.nodes.map((n) => [n.id, n.x, n.y]));
  assert.equal(translateOf(await readFile(join(root, 'docs', 'shop.svg'), 'utf8'), 'b')?.[1], 360);

  // An absolute path inside the root is the same file.
  const absolute = await callWith({ path: join(root, 'docs', 'shop.diagram'), output: 'docs/abs.svg' });
  assert.equal(sceneOf(absolute).nodes.find((n) => n.id === 'b')!.y, 360);

  const given = await movedLayoutFile(420);
  const overridden = await callWith({ path: 'docs/shop.diagram', output: 'docs/given.svg', layout: given.text });
  assert.equal(sceneOf(overridden).nodes.find((n) => n.id === 'b')!.y, 420);
});

test('render_diagram with path: a layout file beside it that does not parse is named in the summary, the drawing is fresh, the file untouched', async () => {
  await writeFile(join(root, 'broken.diagram'), text);
  const broken = '{\n  "format": "archflow-layout-file/1",\n  "nodes": [\n';
  await writeFile(join(root, 'broken.diagram.layout.json'), broken);
  const result = await callWith({ path: 'broken.diagram', output: 'broken-path.svg' });
  assert.equal(result.isError ?? false, false, textOf(result));
  assert.match(textOf(result), /\nbroken\.diagram\.layout\.json:\d+:\d+: the layout file does not parse \(.+\); drawn without it, the file left as it was\.$/);
  const fresh = await layoutDiagram(parseDiagram(text).model, {});
  assert.deepEqual(sceneOf(result).nodes.map((n) => [n.x, n.y]), fresh.nodes.map((n) => [n.x, n.y]));
  assert.equal(await readFile(join(root, 'broken.diagram.layout.json'), 'utf8'), broken);
});

test('render_diagram refuses a path outside the roots, a path that is not a .diagram, a missing file, and text with path (or neither), writing nothing', async () => {
  const outside = await tempDir();
  try {
    await writeFile(join(outside.dir, 'secret.diagram'), text);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ path: join(outside.dir, 'secret.diagram') }, /^Refused: .*secret\.diagram is outside the allowed roots\.\nAllowed roots: /],
      [{ path: '../secret.diagram' }, /^Refused: '\.\.\/secret\.diagram' contains '\.\.'/],
      [{ path: 'notes.txt' }, /^Refused: 'notes\.txt' does not end in \.diagram; path names the diagram file to draw\./],
      [{ path: 'nowhere.diagram' }, /^Could not read nowhere\.diagram: no such file\. Nothing was written\.$/],
      [{ path: 'docs/shop.diagram', text }, /^Refused: give either text .* or path .*, not both\./],
      [{}, /^Refused: give text \(the diagram\) or path/],
    ];
    for (const [args, message] of cases) {
      const result = await callWith({ ...args, output: 'refused.svg' });
      assert.equal(result.isError, true, JSON.stringify(args));
      assert.match(textOf(result), message);
    }
    assert.equal(existsSync(join(root, 'refused.svg')), false);
  } finally {
    await outside.cleanup();
  }
});

// One geometry on every surface: for one text and one layout file, the CLI's `layout --json`
// (on the .diagram and on a Markdown fence), the MCP server's render_diagram (the scene its
// MCP App draws) and core's keptLayout give the same node and group boxes and edge routes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseDiagram } from '../../src/core/language';
import { keptLayout, layoutDiagram, layoutFromScene, layoutJson, serializeLayoutFile, type LayoutJson } from '../../src/core/layout';
import type { Scene } from '../../src/core/scene';
import { connectInProcess } from '../../src/mcpServer';
import { DIAGRAM_VIEW_META_KEY } from '../../src/protocol/mcpAppMessages';

const cli = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
const text = [
  'direction LR',
  'web = rect "Web"',
  'back = group "Back end" {',
  '  api = rect "Checkout API"',
  '  db = cylinder "Orders"',
  '}',
  'queue = queue "Events"',
  'web -> api "HTTPS"',
  'api -> db',
  'api -> queue "publish"',
  '',
].join('\n');
let dir: string;

before(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'archflow-geometry-')));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** What must agree: every box and route, and the drawing's size. */
const geometry = (l: LayoutJson) => ({
  size: [l.width, l.height],
  groups: l.groups.map((g) => [g.id, g.x, g.y, g.width, g.height]),
  nodes: l.nodes.map((n) => [n.id, n.x, n.y, n.width, n.height]),
  routes: l.connections.map((c) => [c.id, c.points.map((p) => [p.x, p.y])]),
});

test('CLI layout --json (.diagram and Markdown fence), MCP render_diagram and core keptLayout draw one geometry from one layout file', async () => {
  // The layout file of the fresh drawing, with queue moved down: a drawing no fresh layout gives.
  const model = parseDiagram(text).model;
  const layout = layoutFromScene(await layoutDiagram(model, {}));
  const q = layout.nodes.get('queue')!;
  layout.nodes.set('queue', { ...q, y: q.y + 160 });
  const fileText = serializeLayoutFile({ kind: 'diagram', layout });
  writeFileSync(join(dir, 'shop.diagram'), text);
  writeFileSync(join(dir, 'shop.diagram.layout.json'), fileText);
  writeFileSync(join(dir, 'guide.md'), `# Guide\n\n\`\`\`diagram id=shop\n${text}\`\`\`\n`);
  writeFileSync(join(dir, 'guide.md.layout.json'), serializeLayoutFile({ kind: 'markdown', diagrams: new Map([['shop', layout]]) }));

  const core = geometry(layoutJson(keptLayout(model, {}, layout)));
  assert.equal(core.nodes.find((n) => n[0] === 'queue')![2], q.y + 160, 'the kept drawing holds the moved box');

  const run = (file: string) => {
    const r = spawnSync(process.execPath, [cli, 'layout', file, '--json'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as unknown;
  };
  assert.deepEqual(geometry(run('shop.diagram') as LayoutJson), core, 'archflow layout shop.diagram --json');
  assert.deepEqual(geometry((run('guide.md') as { diagrams: Array<{ layout: LayoutJson }> }).diagrams[0]!.layout), core, 'archflow layout guide.md --json');

  const conn = await connectInProcess({ roots: [dir] });
  try {
    for (const args of [{ path: 'shop.diagram' }, { text, layout: fileText }]) {
      const result = (await conn.client.callTool({ name: 'render_diagram', arguments: { ...args, output: 'shop.svg' } })) as CallToolResult;
      assert.equal(result.isError ?? false, false, JSON.stringify(result.content));
      const scene = (result._meta as Record<string, { scene: Scene }>)[DIAGRAM_VIEW_META_KEY]!.scene;
      assert.deepEqual(geometry(layoutJson(scene)), core, `render_diagram ${Object.keys(args).join('+')}`);
    }
  } finally {
    await conn.close();
  }
});

test("without a layout file a Markdown fence is laid out as every surface lays fences out (one candidate), its .diagram file with the best of three", async () => {
  const { CANDIDATES_DISAGREE } = await import('../core/layout/candidateFixture');
  const { FENCE_CANDIDATES } = await import('../../src/core/layout/candidates');
  writeFileSync(join(dir, 'parts.diagram'), CANDIDATES_DISAGREE);
  writeFileSync(join(dir, 'parts.md'), `# Parts\n\n\`\`\`diagram\n${CANDIDATES_DISAGREE}\`\`\`\n`);
  const run = (file: string) => {
    const r = spawnSync(process.execPath, [cli, 'layout', file, '--json'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as unknown;
  };
  const model = parseDiagram(CANDIDATES_DISAGREE).model;
  const fence = geometry(layoutJson(await layoutDiagram(model, {}, { candidates: FENCE_CANDIDATES })));
  const file = geometry(layoutJson(await layoutDiagram(model, {})));
  assert.notDeepEqual(fence, file, 'the fixture is one where the choice shows');
  assert.deepEqual(geometry((run('parts.md') as { diagrams: Array<{ layout: LayoutJson }> }).diagrams[0]!.layout), fence, 'archflow layout parts.md --json');
  assert.deepEqual(geometry(run('parts.diagram') as LayoutJson), file, 'archflow layout parts.diagram --json');
});

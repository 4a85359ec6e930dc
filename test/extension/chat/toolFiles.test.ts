// Which .diagram file a tool card names, and which ones the host opens when the user asks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { resultView } from '../../../src/extension/chat/runRecorder';
import { diagramFileOf, openableDiagram } from '../../../src/extension/chat/toolFiles';

async function tempDir(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

const text = (t: string): CallToolResult['content'] => [{ type: 'text', text: t }];

test("a result names its drawing's source document, else the editor tools' structured file", () => {
  const source = { path: '/work/docs/checkout.diagram', display: 'docs/checkout.diagram', version: 2 };
  assert.deepEqual(diagramFileOf({ content: text('Replaced'), _meta: { 'archflow/diagram': { scene: {}, source } } }), { path: source.path, display: source.display });
  assert.deepEqual(diagramFileOf({ content: text('Created'), _meta: { 'archflow/diagram': { source, errors: 1, problems: [] } } }), { path: source.path, display: source.display }, 'also when it could not be drawn');
  const uri = pathToFileURL('/work/my docs/read.diagram').href;
  assert.deepEqual(diagramFileOf({ content: text('read'), structuredContent: { path: 'my docs/read.diagram', uri, version: 1 } }), { path: '/work/my docs/read.diagram', display: 'my docs/read.diagram' });
  assert.deepEqual(diagramFileOf({ content: text('read'), structuredContent: { uri } }), { path: '/work/my docs/read.diagram', display: '/work/my docs/read.diagram' }, 'no display: the path');
});

test('anything that is not an absolute .diagram path names no file', () => {
  const cases: unknown[] = [
    undefined,
    { content: text('x') },
    { content: text('x'), _meta: { 'archflow/diagram': { scene: {}, output: { path: '/w/a.svg', display: 'a.svg', bytes: 1 } } } },
    { content: text('x'), _meta: { 'archflow/diagram': { source: { path: 'docs/relative.diagram', display: 'x' } } } },
    { content: text('x'), _meta: { 'archflow/diagram': { source: { path: '/etc/passwd', display: 'x' } } } },
    { content: text('x'), _meta: { 'archflow/diagram': { source: { path: '/w/a\0.diagram', display: 'x' } } } },
    { content: text('x'), _meta: { 'archflow/diagram': { source: { path: 42 } } } },
    { content: text('x'), structuredContent: { uri: 'https://example.com/a.diagram' } },
    { content: text('x'), structuredContent: { uri: 'file:///w/notes.txt' } },
    { content: text('x'), structuredContent: { uri: 'file://%%bad' } },
  ];
  for (const result of cases) assert.equal(diagramFileOf(result as CallToolResult), undefined, JSON.stringify(result));
});

test("the card's result view keeps the file for its buttons", () => {
  const uri = pathToFileURL('/work/a.diagram').href;
  const view = resultView(false, 'ok', [], { content: text('Created a.diagram'), structuredContent: { path: 'a.diagram', uri } });
  assert.deepEqual(view.file, { path: '/work/a.diagram', display: 'a.diagram' });
  assert.equal('file' in resultView(false, 'ok', [], { content: text('3 elements') }), false);
});

test('only an existing .diagram file inside a workspace folder is opened: symbolic links are followed on both sides', async () => {
  const ws = await tempDir('archflow-toolfiles-ws-');
  const out = await tempDir('archflow-toolfiles-out-');
  try {
    await mkdir(join(ws.dir, 'docs'));
    await writeFile(join(ws.dir, 'docs', 'a.diagram'), 'a = rectangle\n');
    await writeFile(join(out.dir, 'secret.diagram'), 'x = rectangle\n');
    await writeFile(join(ws.dir, 'notes.txt'), 'x');
    await mkdir(join(ws.dir, 'folder.diagram'));
    await symlink(join(out.dir, 'secret.diagram'), join(ws.dir, 'leak.diagram'));
    await symlink(join(ws.dir, 'notes.txt'), join(ws.dir, 'renamed.diagram'));
    // The workspace opened through a link of its own keeps working.
    await symlink(ws.dir, join(out.dir, 'linked-ws'));

    assert.equal(await openableDiagram(join(ws.dir, 'docs', 'a.diagram'), [ws.dir]), join(ws.dir, 'docs', 'a.diagram'));
    assert.equal(await openableDiagram(join(out.dir, 'linked-ws', 'docs', 'a.diagram'), [join(out.dir, 'linked-ws')]), join(ws.dir, 'docs', 'a.diagram'));
    for (const path of [
      join(out.dir, 'secret.diagram'),
      join(ws.dir, 'leak.diagram'),
      join(ws.dir, 'renamed.diagram'),
      join(ws.dir, 'folder.diagram'),
      join(ws.dir, 'missing.diagram'),
      join(ws.dir, 'notes.txt'),
      join(ws.dir, 'docs', '..', '..', out.dir.split('/').pop()!, 'secret.diagram'),
      'docs/a.diagram',
    ]) {
      assert.equal(await openableDiagram(path, [ws.dir]), undefined, path);
    }
    assert.equal(await openableDiagram(join(ws.dir, 'docs', 'a.diagram'), []), undefined, 'no folder, nothing opens');
  } finally {
    await ws.cleanup();
    await out.cleanup();
  }
});

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, closeAll, fixtureUri, openFixture, waitFor } from './helpers';

const LAYOUT = (webX: number) => `{
  "format": "archflow-layout-file/1",
  "direction": "LR",
  "groups": {},
  "nodes": {
    "api": { "x": 24, "y": 24, "width": 120, "height": 48 },
    "db": { "x": 24, "y": 200, "width": 120, "height": 60 },
    "web": { "x": ${webX}, "y": 400, "width": 120, "height": 48 }
  },
  "connections": {}
}
`;

const text = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const write = (uri: vscode.Uri, content: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
const remove = (uri: vscode.Uri) => Promise.resolve(vscode.workspace.fs.delete(uri)).catch(() => undefined);

suite('layout file', () => {
  const diagram = () => fixtureUri('simple.diagram');
  const layoutFile = () => fixtureUri('simple.diagram.layout.json');
  teardown(async () => {
    await remove(layoutFile());
    await closeAll();
  });

  test('a diagram with a layout file beside it is drawn at the file positions, and a change on disk redraws it', async function () {
    this.timeout(60_000);
    const ext = await api();
    await write(layoutFile(), LAYOUT(600));
    await openFixture('simple.diagram');
    const web = async () => (await ext.sceneOf(diagram())).nodes.find((n) => n.id === 'web')!;
    await waitFor(async () => {
      const n = await web();
      return n.x === 600 && n.y === 400;
    }, 'web at the file position (600, 400)');
    // As `git checkout` would: the file changes on disk, and the drawing follows.
    await write(layoutFile(), LAYOUT(720));
    await waitFor(async () => (await web()).x === 720, 'web at the new position 720', 30_000);
  });

  test('export draws what the preview shows: the layout file positions', async function () {
    this.timeout(60_000);
    await write(layoutFile(), LAYOUT(640));
    const target = fixtureUri('out/kept-simple.svg');
    await remove(target);
    await vscode.commands.executeCommand('archflow.exportSvg', diagram(), { target });
    assert.match(await text(target), /data-id="web" transform="translate\(640 400\)"/);
    await remove(target);
  });

  test('a Markdown fence is drawn at the positions of its entry in NAME.md.layout.json', async function () {
    this.timeout(60_000);
    const mdLayout = fixtureUri('fences.md.layout.json');
    const entry = LAYOUT(480).replace('"format": "archflow-layout-file/1",', '').trim();
    await write(mdLayout, `{\n  "format": "archflow-layout-file/1",\n  "diagrams": {\n    "shop": ${entry}\n  }\n}\n`);
    const target = fixtureUri('out/kept-shop.svg');
    try {
      await vscode.commands.executeCommand('archflow.exportSvg', fixtureUri('fences.md'), { target, fence: 0 });
      assert.match(await text(target), /data-id="web" transform="translate\(480 400\)"/);
      assert.match(await text(target), /data-id="api" transform="translate\(24 24\)"/);
    } finally {
      await remove(mdLayout);
      await remove(target);
    }
  });

  test('a layout file that does not parse is reported at its line and ignored, and never written over', async function () {
    this.timeout(60_000);
    const ext = await api();
    const broken = '{\n  "format": "archflow-layout-file/1",\n  "nodes": { "web": { "x": "left" } }\n}\n';
    await write(layoutFile(), broken);
    await openFixture('simple.diagram');
    await vscode.commands.executeCommand('archflow.showPreviewToSide');
    const scene = await ext.sceneOf(diagram());
    assert.ok(scene.nodes.length === 3, 'drawn without the file');
    const problems = await waitFor(() => {
      const d = vscode.languages.getDiagnostics(layoutFile()).filter((x) => x.source === 'archflow');
      return d.length > 0 && d;
    }, 'a diagnostic on the layout file');
    assert.equal(problems[0]!.range.start.line, 2, 'on line 3');
    assert.match(problems[0]!.message, /layout file/);
    // A move cannot be kept over it: the file stays as the user wrote it.
    const undone = await vscode.commands.executeCommand<boolean>('archflow.undoLayoutMove');
    assert.equal(undone, false);
    assert.equal(await text(layoutFile()), broken);
  });

  test('Keep This Layout writes the drawing shown; Re-layout rewrites it; undo puts the file back', async function () {
    this.timeout(60_000);
    const ext = await api();
    await remove(layoutFile());
    const editor = await openFixture('simple.diagram');
    const shown = await ext.sceneOf(diagram());
    assert.equal(await vscode.commands.executeCommand<boolean>('archflow.keepLayout', editor.document.uri), true);
    const kept = await text(layoutFile());
    for (const n of shown.nodes) assert.match(kept, new RegExp(`"${n.id}": \\{ "x": ${Math.round(n.x)}, "y": ${Math.round(n.y)},`), n.id);
    // Moved by hand (as a drag would), then re-laid out: the fresh positions are written.
    await write(layoutFile(), LAYOUT(600));
    await waitFor(async () => (await ext.sceneOf(diagram())).nodes.find((n) => n.id === 'web')!.x === 600, 'web at 600');
    assert.equal(await vscode.commands.executeCommand<boolean>('archflow.relayout', editor.document.uri), true);
    const fresh = await text(layoutFile());
    assert.notEqual(fresh, LAYOUT(600));
    assert.doesNotMatch(fresh, /"web": \{ "x": 600, "y": 400/);
    assert.equal(await vscode.commands.executeCommand<boolean>('archflow.undoLayoutMove', editor.document.uri), true);
    assert.equal(await text(layoutFile()), LAYOUT(600));
    assert.equal(await vscode.commands.executeCommand<boolean>('archflow.redoLayoutMove', editor.document.uri), true);
    assert.equal(await text(layoutFile()), fresh);
  });
});

// The ArchFlow preview of one Markdown fence, in the real extension host: opened from its
// CodeLens, it draws the fence and follows it by name; a move writes the fence's entry of
// NAME.md.layout.json and nothing else; a gesture edits exactly the fence's line in the
// Markdown, and one undo restores it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Scene } from '../../../src/core/scene';
import { dragSegment, simplifyRoute, waypointsOf } from '../../../src/core/routeDrag';
import { CANDIDATES_DISAGREE } from '../../core/layout/candidateFixture';
import { EXTENSION_ID, api, closeAll, fixtureUri, waitFor, type ArchflowApi } from './helpers';

const MD = `# Checkout

Intro.

\`\`\`diagram id=checkout
web = rectangle "Web"
api = rounded "API"
web -> api "HTTPS"
\`\`\`

- A list:

  \`\`\`diagram id=billing
  pay = rectangle "Pay"
  \`\`\`
`;

const BILLING_ENTRY = `{
  "format": "archflow-layout-file/1",
  "diagrams": {
    "billing": {
      "direction": "TB",
      "groups": {},
      "nodes": {
        "pay": { "x": 40, "y": 40, "width": 120, "height": 48 }
      },
      "connections": {}
    }
  }
}
`;

type Api = ArchflowApi & {
  previewScene(key: string): Scene | undefined;
  postFromPreview(key: string, message: unknown): boolean;
};

const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
const write = (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
const remove = (uri: vscode.Uri) => Promise.resolve(vscode.workspace.fs.delete(uri)).catch(() => undefined);
const ids = (scene: Scene | undefined) => (scene ? scene.nodes.map((n) => n.id).sort().join(',') : '');
const tabLabels = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview).map((t) => t.label);

suite('Markdown fence preview', () => {
  const md = () => fixtureUri('fence-preview.md');
  const layoutFile = () => fixtureUri('fence-preview.md.layout.json');
  const key = (name: string, doc = md()) => doc.with({ fragment: name }).toString();
  let ext: Api;

  suiteSetup(async () => {
    ext = (await api()) as Api;
  });
  setup(async () => {
    await write(md(), MD);
    await remove(layoutFile());
  });
  teardown(async () => {
    await closeAll();
    await remove(layoutFile());
    await remove(md());
  });

  /** Opens the fence's preview through its CodeLens and waits for its drawing. */
  async function openFromLens(index: number, name: string, doc = md()): Promise<vscode.TextEditor> {
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(doc));
    const lenses = await waitFor(async () => {
      const all = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc);
      return all.length > 0 && all;
    }, 'the CodeLenses of the Markdown file');
    const open = lenses.filter((l) => l.command?.title === 'Open Preview')[index]!;
    await vscode.commands.executeCommand(open.command!.command, ...open.command!.arguments!);
    await waitFor(() => ext.previewScene(key(name, doc)), `the preview of ${name} to draw`, 30_000);
    return editor;
  }

  test('the CodeLens opens a preview of that fence only, titled with its name, and it follows the fence after edits above it', async function () {
    this.timeout(90_000);
    const editor = await openFromLens(0, 'checkout');
    assert.equal(ids(ext.previewScene(key('checkout'))), 'api,web');
    assert.ok(tabLabels().includes('fence-preview.md: checkout'), tabLabels().join(' | '));
    // The command on the fence under the cursor reuses that panel; the list's fence gets its own.
    await vscode.window.showTextDocument(editor.document, vscode.ViewColumn.One);
    editor.selection = new vscode.Selection(6, 0, 6, 0);
    await vscode.commands.executeCommand('archflow.showPreviewToSide');
    assert.equal(tabLabels().filter((l) => l === 'fence-preview.md: checkout').length, 1);
    editor.selection = new vscode.Selection(13, 4, 13, 4);
    await vscode.commands.executeCommand('archflow.showPreviewToSide');
    await waitFor(() => ids(ext.previewScene(key('billing'))) === 'pay', 'the billing fence drawn in its own preview', 30_000);
    // Lines and a new fence above it: still the same fence, and its edit reaches the preview.
    await editor.edit((e) => e.insert(new vscode.Position(2, 0), '```diagram id=first\nz = rectangle "Z"\n```\n\n'));
    const line = editor.document.getText().split('\n').indexOf('web -> api "HTTPS"');
    await editor.edit((e) => e.insert(new vscode.Position(line, 0), 'db = cylinder "DB"\n'));
    await waitFor(() => ids(ext.previewScene(key('checkout'))) === 'api,db,web', () => `db in the checkout preview, got ${ids(ext.previewScene(key('checkout')))}`, 30_000);
    assert.equal(ids(ext.previewScene(key('billing'))), 'pay');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('a fence’s preview draws what the CLI draws for the fence (one candidate, as every surface lays out a fence)', async function () {
    this.timeout(90_000);
    // A diagram whose layout candidates disagree: a preview weighing three would draw it otherwise.
    // Its own file: the suite's Markdown file is rewritten before each test and may still be open.
    const many = fixtureUri('fence-candidates.md');
    await write(many, `# Many\n\n\`\`\`diagram id=many\n${CANDIDATES_DISAGREE.trimEnd()}\n\`\`\`\n`);
    await openFromLens(0, 'many', many);
    const cli = join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
    const out = JSON.parse(execFileSync(process.execPath, [cli, 'layout', many.fsPath, '--json'], { encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } })) as {
      diagrams: Array<{ name: string; layout: { nodes: Array<{ id: string; x: number; y: number }> } }>;
    };
    const expected = out.diagrams.find((d) => d.name === 'many')!.layout.nodes.map((n) => `${n.id}@${Math.round(n.x)},${Math.round(n.y)}`).sort();
    const drawn = (ext.previewScene(key('many', many))?.nodes ?? []).map((n) => `${n.id}@${Math.round(n.x)},${Math.round(n.y)}`).sort();
    await closeAll();
    await remove(many);
    assert.deepEqual(drawn, expected);
  });

  test('a move writes the fence’s entry of NAME.md.layout.json, leaves the other entries, and undo puts the file back', async function () {
    this.timeout(90_000);
    await write(layoutFile(), BILLING_ENTRY);
    await openFromLens(0, 'checkout');
    assert.ok(ext.postFromPreview(key('checkout'), { type: 'moveElements', uri: key('checkout'), moves: [{ id: 'web', x: 520, y: 330 }] }));
    const written = await waitFor(async () => {
      const text = await read(layoutFile());
      return text.includes('"checkout"') && text;
    }, 'the checkout entry in the layout file', 30_000);
    assert.match(written, /"checkout": \{[^]*"web": \{ "x": 520, "y": 330, /);
    assert.ok(written.includes(BILLING_ENTRY.slice(BILLING_ENTRY.indexOf('    "billing"'), BILLING_ENTRY.indexOf('\n  }\n}\n'))), 'the billing entry is as it was');
    await waitFor(() => ext.previewScene(key('checkout'))?.nodes.find((n) => n.id === 'web' && n.x === 520 && n.y === 330), 'web drawn where it was moved', 30_000);
    assert.ok(ext.postFromPreview(key('checkout'), { type: 'layoutAction', uri: key('checkout'), action: 'undo' }));
    await waitFor(async () => (await read(layoutFile())) === BILLING_ENTRY, 'the layout file as it was before the move', 30_000);
  });

  test('a connection reshaped in the fence’s preview writes its waypoints to the fence’s entry, is drawn through them, and undo puts the file back', async function () {
    this.timeout(90_000);
    await write(layoutFile(), BILLING_ENTRY);
    await openFromLens(0, 'checkout');
    const scene = await waitFor(() => ext.previewScene(key('checkout')), 'checkout drawn', 30_000);
    const edge = scene.edges[0]!;
    const box = (id: string) => scene.nodes.find((n) => n.id === id)!;
    // web -> api is one straight segment: dragged 6 px, both its ends slide along their boxes' sides.
    const route = dragSegment(edge.points, 0, 6, box(edge.source), box(edge.target));
    assert.notDeepEqual(route, simplifyRoute(edge.points), 'the drag changed the route');
    assert.ok(ext.postFromPreview(key('checkout'), { type: 'reshapeConnection', uri: key('checkout'), connection: edge.id, route }));
    const written = await waitFor(async () => {
      const text = await read(layoutFile());
      return text.includes('"checkout"') && text;
    }, 'the checkout entry in the layout file', 30_000);
    const file = JSON.parse(written) as { diagrams: Record<string, { connections: Record<string, number[][]> }> };
    assert.deepEqual(file.diagrams.checkout!.connections['web -> api'], waypointsOf(route).map((p) => [p.x, p.y]));
    assert.deepEqual(file.diagrams.billing, (JSON.parse(BILLING_ENTRY) as typeof file).diagrams.billing, 'the billing entry is as it was');
    await waitFor(() => JSON.stringify(simplifyRoute(ext.previewScene(key('checkout'))?.edges[0]?.points ?? [])) === JSON.stringify(route), 'web -> api drawn along the reshaped route', 30_000);
    assert.ok(ext.postFromPreview(key('checkout'), { type: 'layoutAction', uri: key('checkout'), action: 'undo' }));
    await waitFor(async () => (await read(layoutFile())) === BILLING_ENTRY, 'the layout file as it was before the reshape', 30_000);
  });

  test('a rename in the picture changes exactly the fence’s line in the Markdown; one undo restores it', async function () {
    this.timeout(90_000);
    const editor = await openFromLens(1, 'billing');
    const doc = editor.document;
    assert.ok(
      ext.postFromPreview(key('billing'), { type: 'pictureEdit', uri: key('billing'), version: doc.version, gesture: { kind: 'rename', target: { element: 'pay' }, label: 'Payments' } }),
    );
    const expected = MD.replace('  pay = rectangle "Pay"', '  pay = rectangle "Payments"');
    await waitFor(() => doc.getText() === expected, () => `the renamed line in the list's fence, got:\n${doc.getText()}`);
    await waitFor(() => vscode.languages.getDiagnostics(md()).filter((d) => d.source === 'archflow').length === 0, 'no problems in the Markdown file');
    await waitFor(() => ext.previewScene(key('billing'))?.nodes.find((n) => n.label.lines.join(' ') === 'Payments'), 'the preview showing the new label', 30_000);
    await vscode.window.showTextDocument(doc, { preserveFocus: false });
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), MD);
    // A gesture on an older version is refused and writes nothing.
    ext.postFromPreview(key('billing'), { type: 'pictureEdit', uri: key('billing'), version: doc.version - 1, gesture: { kind: 'rename', target: { element: 'pay' }, label: 'Stale' } });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(doc.getText(), MD);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('Delete Element in the command palette acts on the fence under the cursor: a connection, and a node in a list item', async function () {
    this.timeout(60_000);
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(md()));
    const doc = editor.document;
    const at = (text: string, column: number) => {
      const line = doc.getText().split('\n').indexOf(text);
      assert.ok(line >= 0, text);
      editor.selection = new vscode.Selection(line, column, line, column);
    };
    at('web -> api "HTTPS"', 1);
    await vscode.commands.executeCommand('archflow.deleteElement');
    const withoutConnection = MD.replace('web -> api "HTTPS"\n', '');
    assert.equal(doc.getText(), withoutConnection);
    // The list item's indentation is not part of the fence's text: the cursor on "pay" still finds pay.
    at('  pay = rectangle "Pay"', 3);
    await vscode.commands.executeCommand('archflow.deleteElement');
    assert.equal(doc.getText(), withoutConnection.replace('  pay = rectangle "Pay"\n', ''));
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), withoutConnection);
    // Outside every fence the command writes nothing (it says where to put the cursor).
    at('Intro.', 0);
    await vscode.commands.executeCommand('archflow.deleteElement');
    assert.equal(doc.getText(), withoutConnection);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('a fence that leaves the document: the drawing stays, gestures and export are refused; back again, it is edited and exported', async function () {
    this.timeout(90_000);
    const editor = await openFromLens(0, 'checkout');
    const doc = editor.document;
    const shown = ids(ext.previewScene(key('checkout')));
    await editor.edit((e) => e.replace(new vscode.Range(4, 0, 4, doc.lineAt(4).text.length), '```diagram id=elsewhere'));
    const rename = (label: string) => ({ type: 'pictureEdit', uri: key('checkout'), version: doc.version, gesture: { kind: 'rename', target: { element: 'api' }, label } });
    assert.ok(ext.postFromPreview(key('checkout'), rename('Lost')));
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(!doc.getText().includes('Lost'), 'nothing written for a fence that is gone');
    assert.equal(ids(ext.previewScene(key('checkout'))), shown, 'the last drawing stays');
    // The palette's export, with the fence's preview focused, says the fence is gone.
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
    const target = fixtureUri('out/fence-checkout.svg');
    assert.equal(await vscode.commands.executeCommand('archflow.exportSvg', undefined, { target }), undefined);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(target)), 'nothing exported');
    // Back under its name: found again, edited, exported.
    await editor.edit((e) => e.replace(new vscode.Range(4, 0, 4, doc.lineAt(4).text.length), '```diagram id=checkout'));
    assert.ok(ext.postFromPreview(key('checkout'), rename('Found')));
    await waitFor(() => doc.getText().includes('api = rounded "Found"'), 'the rename in the fence back under its name');
    await waitFor(() => ext.previewScene(key('checkout'))?.nodes.find((n) => n.label.lines.join(' ') === 'Found'), 'the preview drawing it', 30_000);
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
    const written = await vscode.commands.executeCommand<vscode.Uri>('archflow.exportSvg', undefined, { target });
    assert.equal(written?.toString(), target.toString());
    assert.ok(new TextDecoder().decode(await vscode.workspace.fs.readFile(target)).includes('>Found<'));
    await remove(target);
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});

// The picture's edits in the real extension host: a preview gesture and a command-palette
// edit each become one WorkspaceEdit of the document (exact text, one undo restores it, the
// Problems panel stays empty), a gesture on an older drawing is refused and nothing written.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PictureEditRefusedMessage, PictureGesture } from '../../../src/protocol/index';
import { applyPreviewGesture } from '../../../src/extension/pictureEdits/applyPictureEdit';
import { api, openFixture, revertDocument, waitFor } from './helpers';

const problems = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'archflow');

async function gesture(editor: vscode.TextEditor, g: PictureGesture, version = editor.document.version): Promise<PictureEditRefusedMessage[]> {
  const posted: PictureEditRefusedMessage[] = [];
  await applyPreviewGesture(editor.document, { type: 'pictureEdit', uri: editor.document.uri.toString(), version, gesture: g }, (m) => posted.push(m));
  return posted;
}

async function undoOnce(editor: vscode.TextEditor): Promise<void> {
  await vscode.window.showTextDocument(editor.document, { preserveFocus: false });
  await vscode.commands.executeCommand('undo');
}

suite('picture edits', () => {
  suiteSetup(() => api());

  test('connect from the preview: the line after the source’s connection, one undo restores the text', async () => {
    const editor = await openFixture('simple.diagram');
    const before = editor.document.getText();
    assert.deepEqual(await gesture(editor, { kind: 'connect', source: 'web', target: 'db' }), []);
    assert.equal(editor.document.getText(), before.replace('web -> api "HTTPS" anim=packets\n', 'web -> api "HTTPS" anim=packets\nweb -> db\n'));
    await waitFor(() => problems(editor.document.uri).length === 0, () => `no problems, got ${problems(editor.document.uri).map((d) => d.message).join('; ')}`);
    await undoOnce(editor);
    assert.equal(editor.document.getText(), before);
    await revertDocument(editor.document);
  });

  test('rename, restyle and delete from the preview, each one undo step', async () => {
    const editor = await openFixture('simple.diagram');
    const before = editor.document.getText();
    await gesture(editor, { kind: 'rename', target: { element: 'api' }, label: 'Say "API"' });
    assert.equal(editor.document.getText(), before.replace('api = rounded "API"', 'api = rounded "Say \\"API\\""'));
    await gesture(editor, { kind: 'restyle', targets: [{ connection: 'c1' }], attribute: 'style', value: 'dashed' });
    assert.ok(editor.document.getText().includes('api -> db "SQL" style=dashed\n'));
    await gesture(editor, { kind: 'delete', elements: ['db'], connections: [] });
    assert.equal(editor.document.getText(), 'diagram "Simple"\ndirection LR\n\nweb = rectangle "Web" icon=lucide:globe\napi = rounded "Say \\"API\\""\n\nweb -> api "HTTPS" anim=packets\n');
    await undoOnce(editor);
    assert.ok(editor.document.getText().includes('api -> db "SQL" style=dashed\n'), 'one undo brings back the deleted node and its connection');
    await revertDocument(editor.document);
  });

  test('a gesture on an older drawing, or on a text with errors, is refused and writes nothing', async () => {
    const editor = await openFixture('simple.diagram');
    const before = editor.document.getText();
    const stale = await gesture(editor, { kind: 'connect', source: 'web', target: 'db' }, editor.document.version - 1);
    assert.equal(stale.length, 1);
    assert.match(stale[0]!.reason, /changed since the picture was drawn/);
    const broken = await openFixture('broken.diagram');
    const text = broken.document.getText();
    const refused = await gesture(broken, { kind: 'add', element: { kind: 'node', label: 'X' } });
    assert.match(refused[0]!.reason, /fix it first/);
    assert.equal(broken.document.getText(), text);
    assert.equal(editor.document.getText(), before);
  });

  test('Delete Element in the command palette acts on the element under the cursor', async () => {
    const editor = await openFixture('simple.diagram');
    const before = editor.document.getText();
    const line = editor.document.getText().split('\n').findIndex((l) => l.startsWith('api ='));
    editor.selection = new vscode.Selection(line, 1, line, 1);
    await vscode.commands.executeCommand('archflow.deleteElement');
    assert.equal(editor.document.getText(), 'diagram "Simple"\ndirection LR\n\nweb = rectangle "Web" icon=lucide:globe\ndb  = cylinder "Postgres" icon=logos:postgresql\n');
    await undoOnce(editor);
    assert.equal(editor.document.getText(), before);
    await revertDocument(editor.document);
  });
});

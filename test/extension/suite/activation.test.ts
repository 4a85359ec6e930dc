import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, openFixture, waitFor } from './helpers';

suite('activation', () => {
  test('the extension is installed and not active before a diagram is opened', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is not installed`);
    // No `*` or onStartupFinished activation: nothing has asked for it yet.
    assert.equal(ext.isActive, false);
  });

  test('opening a .diagram file gives it the archflow language and activates the extension', async () => {
    const editor = await openFixture('simple.diagram');
    assert.equal(editor.document.languageId, 'archflow');
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    await waitFor(() => ext.isActive, 'extension activation');
  });

  test('the contributed commands are registered', async () => {
    const all = await vscode.commands.getCommands(true);
    for (const id of ['archflow.showPreview', 'archflow.showPreviewToSide', 'archflow.showSource', 'archflow.exportSvg', 'archflow.exportPng']) {
      assert.ok(all.includes(id), `${id} is not registered`);
    }
  });
});

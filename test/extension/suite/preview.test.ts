import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, closeAll, fixtureUri, openFixture, revertDocument, waitFor } from './helpers';

function previewTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('archflow.preview'));
}

suite('preview', () => {
  suiteTeardown(closeAll);

  test('Open Preview to the Side opens one webview tab that draws the document', async () => {
    const ext = await api();
    const editor = await openFixture('simple.diagram');
    const uri = editor.document.uri.toString();
    const rendered = new Promise<{ version: number; elements: number }>((resolve) => {
      const sub = ext.onDidRenderPreview((e) => {
        if (e.uri === uri && e.elements > 0) {
          sub.dispose();
          resolve(e);
        }
      });
    });
    await vscode.commands.executeCommand('archflow.showPreviewToSide');
    await waitFor(() => previewTabs().length === 1, 'a preview tab');
    assert.equal(previewTabs()[0]!.label, 'Preview simple.diagram');
    const first = await rendered;
    assert.equal(first.version, editor.document.version);
    assert.equal(first.elements, 3, 'web, api, db');
    // Opening again for the same document reuses the panel.
    await vscode.window.showTextDocument(editor.document, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('archflow.showPreviewToSide');
    assert.equal(previewTabs().length, 1);
  });

  test('an edit reaches the preview as a new version with one more element', async () => {
    const ext = await api();
    const editor = await openFixture('simple.diagram');
    const uri = editor.document.uri.toString();
    const seen: { version: number; elements: number }[] = [];
    const sub = ext.onDidRenderPreview((e) => e.uri === uri && seen.push(e));
    const applied = await editor.edit((e) => e.insert(editor.document.lineAt(editor.document.lineCount - 1).range.end, '\nqueue = fila "Jobs"'));
    assert.ok(applied, 'the edit was applied');
    const version = editor.document.version;
    const after = await waitFor(() => seen.find((e) => e.version === version), `version ${version} on screen`);
    sub.dispose();
    assert.equal(after.elements, 4, editor.document.getText());
    await revertDocument(editor.document);
  });

  test('a colour edit reaches the preview without a layout; a new node is laid out', async function () {
    this.timeout(120_000);
    const ext = await api();
    const editor = await openFixture('simple.diagram');
    await vscode.commands.executeCommand('archflow.showPreviewToSide');
    const uri = editor.document.uri.toString();
    const made: { version: number; laidOut: boolean }[] = [];
    const rendered: number[] = [];
    const subs = [ext.onDidMakeScene((e) => e.uri === uri && made.push(e)), ext.onDidRenderPreview((e) => e.uri === uri && rendered.push(e.version))];
    try {
      // The drawing of the current text is on screen first, so the next one has a geometry to reuse.
      await editor.edit((e) => e.insert(editor.document.lineAt(editor.document.lineCount - 1).range.end, '\n'));
      const base = editor.document.version;
      await waitFor(() => rendered.includes(base), `version ${base} on screen`, 40_000);

      const web = editor.document.lineAt(3);
      assert.match(web.text, /^web = /);
      assert.ok(await editor.edit((e) => e.insert(web.range.end, ' color=#d33682 fill=#fdf6e3')));
      const styled = editor.document.version;
      await waitFor(() => rendered.includes(styled), `version ${styled} on screen`, 40_000);
      assert.deepEqual(made.filter((m) => m.version === styled), [{ uri, version: styled, laidOut: false }], 'the colour edit reused the geometry');

      assert.ok(await editor.edit((e) => e.insert(editor.document.lineAt(editor.document.lineCount - 1).range.end, '\ncache = cylinder "Cache"')));
      const grown = editor.document.version;
      await waitFor(() => rendered.includes(grown), `version ${grown} on screen`, 40_000);
      assert.deepEqual(made.filter((m) => m.version === grown), [{ uri, version: grown, laidOut: true }], 'a new node was laid out');
    } finally {
      subs.forEach((s) => s.dispose());
      await revertDocument(editor.document);
    }
  });

  test('a second document gets its own preview', async () => {
    await openFixture('groups.diagram');
    await vscode.commands.executeCommand('archflow.showPreviewToSide', fixtureUri('groups.diagram'));
    await waitFor(() => previewTabs().length === 2, 'two preview tabs');
    assert.deepEqual(previewTabs().map((t) => t.label).sort(), ['Preview groups.diagram', 'Preview simple.diagram']);
  });
});

suite('preview following the active editor', () => {
  suiteSetup(async () => {
    await closeAll();
    await vscode.workspace.getConfiguration('archflow.preview').update('followActiveEditor', true, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('archflow.preview').update('followActiveEditor', undefined, vscode.ConfigurationTarget.Global);
    await closeAll();
  });

  test('one preview switches to whichever .diagram editor becomes active', async () => {
    await openFixture('simple.diagram');
    await vscode.commands.executeCommand('archflow.showPreviewToSide');
    await waitFor(() => previewTabs().length === 1 && previewTabs()[0]!.label === 'Preview simple.diagram', 'the simple preview');
    const doc = await vscode.workspace.openTextDocument(fixtureUri('groups.diagram'));
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    await waitFor(() => previewTabs().length === 1 && previewTabs()[0]!.label === 'Preview groups.diagram', 'the preview to follow');
  });
});

// The layout thread killed mid-render while a preview is open: that version's update says why
// in the preview's banner (not a hang, not a blank), the last good drawing stays, and the next
// edit is laid out on a fresh thread.
import * as assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import * as vscode from 'vscode';
import { api, closeAll, waitFor, workspaceRoot } from './helpers';

/** A node id only this test's text holds: a layout request carrying it is the one to kill. */
const MARKER = 'crashes_the_layout';

interface Rendered {
  uri: string;
  version: number;
  elements: number;
  failure?: string;
}

/**
 * Ends the layout thread the moment it is handed a layout of a model naming `marker`, as a
 * native crash would mid-render, once. Worker threads are Node's own class, so this reaches
 * the extension's thread without a hook in the product; `restore` undoes it.
 */
function killLayoutThreadOn(marker: string) {
  const original = Worker.prototype.postMessage;
  const killed: Worker[] = [];
  const restore = () => {
    Worker.prototype.postMessage = original;
  };
  Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: readonly import('node:worker_threads').Transferable[]) {
    original.call(this, message, transfer);
    const model = typeof message === 'object' && message !== null && 'model' in message ? (message as { model: unknown }).model : undefined;
    if (model !== undefined && JSON.stringify(model).includes(marker)) {
      restore();
      killed.push(this);
      void this.terminate();
    }
  };
  return { killed, restore };
}

suite('layout thread killed mid-render', () => {
  suiteTeardown(closeAll);

  test('the preview says the layout thread stopped, keeps the last drawing, and the next edit draws on a fresh thread', async function () {
    this.timeout(60_000);
    const ext = (await api()) as unknown as { onDidRenderPreview: vscode.Event<Rendered>; onDidMakeScene: vscode.Event<{ uri: string; version: number; laidOut: boolean }> };
    const file = vscode.Uri.joinPath(workspaceRoot(), 'layout-crash.diagram');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode('diagram "Crash"\nweb = rectangle "Web"\napi = rounded "API"\nweb -> api\n'));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file), vscode.ViewColumn.One);
    const doc = editor.document;
    const uri = doc.uri.toString();
    const rendered: Rendered[] = [];
    const laidOut: number[] = [];
    const subs = [ext.onDidRenderPreview((e) => e.uri === uri && rendered.push(e)), ext.onDidMakeScene((e) => e.uri === uri && e.laidOut && laidOut.push(e.version))];
    const kill = killLayoutThreadOn(MARKER);
    try {
      await vscode.commands.executeCommand('archflow.showPreviewToSide', file);
      const first = await waitFor(() => rendered.find((e) => e.version === doc.version && e.elements > 0), `version ${doc.version} drawn`);
      assert.equal(first.elements, 2, 'web and api');

      // A new node needs a layout: the thread is ended as it receives it.
      assert.ok(await editor.edit((e) => e.insert(doc.lineAt(doc.lineCount - 1).range.end, `\n${MARKER} = rectangle "Crash"`)));
      const crashedVersion = doc.version;
      // The preview reports every state of a version it shows (its problems may come before the
      // layout's outcome), so the report read is the one that carries the layout's failure.
      const crashed = await waitFor(() => rendered.find((e) => e.version === crashedVersion && e.failure !== undefined), `version ${crashedVersion} reported by the preview with the layout's failure`, 30_000);
      assert.equal(kill.killed.length, 1, 'the layout thread was ended mid-render');
      assert.equal(crashed.failure, vscode.l10n.t('The layout thread stopped unexpectedly. A fresh layout thread draws the next edit.'));
      // The banner's text is what the webview showed: another refresh of the same version (a
      // kept-layout or catalog event) may lay it out on the fresh thread afterwards, which is fine.
      assert.equal(crashed.elements, 2, 'the last good drawing stays on screen');

      // The next edit adds another node: a fresh thread lays it out and the banner clears.
      assert.ok(await editor.edit((e) => e.insert(doc.lineAt(doc.lineCount - 1).range.end, '\ndb = cylinder "DB"')));
      const nextVersion = doc.version;
      const next = await waitFor(() => rendered.find((e) => e.version === nextVersion && e.elements === 4), `version ${nextVersion} drawn after the crash`, 30_000);
      assert.equal(next.failure, undefined);
      assert.equal(next.elements, 4, 'web, api, the marker node and db');
      assert.ok(laidOut.includes(nextVersion), 'the version after the crash was laid out');
      assert.equal(kill.killed.length, 1, 'only the marked layout was killed');
    } finally {
      kill.restore();
      for (const s of subs) s.dispose();
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await closeAll();
      await vscode.workspace.fs.delete(file);
    }
  });
});

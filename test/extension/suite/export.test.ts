import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { fixtureUri, openFixture } from './helpers';

suite('export', () => {
  test('Export as SVG writes a standalone SVG through the core', async () => {
    const source = fixtureUri('simple.diagram');
    const target = fixtureUri('out/simple.svg');
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('archflow.exportSvg', source, { target });
    assert.equal(written?.toString(), target.toString());
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
    assert.ok(text.startsWith('<svg'), text.slice(0, 80));
    assert.match(text, /<title[^>]*>Simple<\/title>/);
    for (const label of ['Web', 'API', 'Postgres', 'HTTPS']) assert.ok(text.includes(`>${label}<`), label);
  });

  test('Export as PNG writes a PNG image', async () => {
    const source = fixtureUri('simple.diagram');
    const target = fixtureUri('out/simple.png');
    await vscode.commands.executeCommand('archflow.exportPng', source, { target });
    const bytes = await vscode.workspace.fs.readFile(target);
    assert.deepEqual([...bytes.slice(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(bytes.byteLength > 1000);
  });

  test('nothing is written while the text has errors', async () => {
    await openFixture('broken.diagram');
    const target = fixtureUri('out/broken.svg');
    const written = await vscode.commands.executeCommand('archflow.exportSvg', fixtureUri('broken.diagram'), { target });
    assert.equal(written, undefined);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(target)));
  });
});

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

  test('Export as PNG writes PNG images at the configured scale, several at once', async () => {
    // Two exports at once share the worker, each answered with its own image.
    const sources = ['simple', 'groups'];
    const written = await Promise.all(
      sources.map((name) => vscode.commands.executeCommand<vscode.Uri | undefined>('archflow.exportPng', fixtureUri(`${name}.diagram`), { target: fixtureUri(`out/worker-${name}.png`) })),
    );
    for (const [i, name] of sources.entries()) {
      assert.equal(written[i]?.toString(), fixtureUri(`out/worker-${name}.png`).toString());
      const png = await vscode.workspace.fs.readFile(fixtureUri(`out/worker-${name}.png`));
      assert.deepEqual([...png.slice(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], name);
      // archflow.export.pngScale defaults to 2: the IHDR width is twice the SVG's.
      await vscode.commands.executeCommand('archflow.exportSvg', fixtureUri(`${name}.diagram`), { target: fixtureUri(`out/worker-${name}.svg`) });
      const svg = new TextDecoder().decode(await vscode.workspace.fs.readFile(fixtureUri(`out/worker-${name}.svg`)));
      const svgWidth = Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1]);
      const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
      assert.equal(view.getUint32(16), Math.round(svgWidth * 2), `${name}: PNG width`);
    }
  });

  test('nothing is written while the text has errors', async () => {
    await openFixture('broken.diagram');
    const target = fixtureUri('out/broken.svg');
    const written = await vscode.commands.executeCommand('archflow.exportSvg', fixtureUri('broken.diagram'), { target });
    assert.equal(written, undefined);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(target)));
  });
});

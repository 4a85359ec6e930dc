import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { decodeTokens } from '../../../src/languageService/semanticTokens';
import { api, closeAll, diagnosticsOf, fixtureUri, openFixture, waitFor } from './helpers';

/** VS Code's own Markdown engine, with every markdown-it plugin loaded (ours included), rendering a document. */
async function renderMarkdown(doc: vscode.TextDocument): Promise<string> {
  const html = await vscode.commands.executeCommand<string>('markdown.api.render', doc);
  assert.equal(typeof html, 'string');
  return html;
}

/** The HTML of each diagram block, in order (each block is one top-level div ending with a newline). */
function blocks(html: string): string[] {
  return [...html.matchAll(/<div class="archflow-md [^"]*"[^>]*>[\s\S]*?<\/div>\n/g)].map((m) => m[0]);
}

/** Renders until no drawing is pending, the way the preview's refresh does. */
async function renderSettled(doc: vscode.TextDocument): Promise<string> {
  const archflow = await api();
  await renderMarkdown(doc);
  await archflow.markdownDrawingsSettled();
  return renderMarkdown(doc);
}

/** Puts the fixture's text back (as on disk) and saves, so the next test starts from it whatever editor is active. */
async function restore(editor: vscode.TextEditor): Promise<void> {
  const original = new TextDecoder().decode(await vscode.workspace.fs.readFile(editor.document.uri));
  const doc = editor.document;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), original);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.ok(await doc.save());
  assert.equal(doc.getText(), original);
}

suite('Markdown fences', () => {
  suiteTeardown(closeAll);

  test('problems of diagram fences are in the Problems panel at their place in the .md', async () => {
    const editor = await openFixture('fences.md');
    const diags = await diagnosticsOf(editor.document.uri, 2);
    const shape = diags.find((d) => d.code === 'unknown-shape');
    assert.ok(shape, JSON.stringify(diags));
    assert.equal(shape.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(shape.message, "unknown shape 'retangolo'; did you mean 'retângulo'?");
    // `  a = retangolo "A"` is line 13 of fences.md.
    assert.ok(shape.range.isEqual(new vscode.Range(12, 6, 12, 15)), JSON.stringify(shape.range));
    assert.equal(editor.document.getText(shape.range), 'retangolo');
    const undeclared = diags.find((d) => d.code === 'undeclared-id');
    assert.ok(undeclared?.range.isEqual(new vscode.Range(13, 7, 13, 8)), JSON.stringify(undeclared?.range));
    // The ts block and the clean fences add nothing.
    assert.equal(diags.length, 2);
  });

  test('the same quick fixes as in a .diagram file, applied in the .md', async () => {
    const editor = await openFixture('fences.md');
    const uri = editor.document.uri;
    const [shape] = (await diagnosticsOf(uri, 2)).filter((d) => d.code === 'unknown-shape');
    // On a busy machine the first request can come back before the providers answer: ask until they do.
    const preferred = await waitFor(async () => {
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, shape!.range, vscode.CodeActionKind.QuickFix.value);
      return actions.find((a) => a.isPreferred);
    }, 'a preferred quick fix');
    assert.equal(preferred.title, "Change to 'retângulo'");
    assert.ok(await vscode.workspace.applyEdit(preferred.edit!));
    assert.equal(editor.document.lineAt(12).text, '  a = retângulo "A"');
    await waitFor(() => !vscode.languages.getDiagnostics(uri).some((d) => d.code === 'unknown-shape'), 'the error to clear');
    await restore(editor);
    await diagnosticsOf(uri, 2);
  });

  test('completion and hover inside a fence, positions mapped through the list indentation', async () => {
    const editor = await openFixture('fences.md');
    const doc = editor.document;
    // `  a -> b` is line 14 of fences.md, inside a list item's fence.
    const hover = await waitFor(async () => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(13, 2));
      return hovers.find((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('**a**')));
    }, 'a hover on the fence id');
    assert.ok(hover.range?.isEqual(new vscode.Range(13, 2, 13, 3)), JSON.stringify(hover.range));
    await editor.edit((e) => e.insert(new vscode.Position(13, 8), ' '));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, new vscode.Position(13, 9));
    const anim = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'anim');
    assert.ok(anim, list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label)).join(', '));
    const range = anim.range instanceof vscode.Range ? anim.range : anim.range?.replacing;
    assert.ok(range?.isEqual(new vscode.Range(13, 9, 13, 9)), JSON.stringify(range));
    // Outside the fences, Markdown is left alone (VS Code's own word suggestions aside: ours name their language).
    const outside = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, new vscode.Position(2, 3));
    assert.deepEqual(outside.items.filter((i) => typeof i.label !== 'string' && (i.label.description === 'pt' || i.label.description === 'en')), []);
    await restore(editor);
  });

  test('semantic tokens colour the fences at their place in the .md, and nothing else', async () => {
    const editor = await openFixture('fences.md');
    const doc = editor.document;
    const legend = await vscode.commands.executeCommand<vscode.SemanticTokensLegend>('vscode.provideDocumentSemanticTokensLegend', doc.uri);
    const tokens = await waitFor(async () => vscode.commands.executeCommand<vscode.SemanticTokens | undefined>('vscode.provideDocumentSemanticTokens', doc.uri), 'the fences\' semantic tokens');
    const found = decodeTokens(tokens.data).map((t) => `${t.line}:${t.char} ${doc.lineAt(t.line).text.slice(t.char, t.char + t.length)} ${legend.tokenTypes[t.type]}`);
    // `web = rectangle "Web"` is line 6 of fences.md; `  a -> b` line 14, in a list item's fence.
    for (const token of ['5:0 web variable', '5:6 rectangle type', '5:16 "Web" string', '7:4 -> operator', '13:2 a variable', '13:4 -> operator']) assert.ok(found.includes(token), `${token} not in\n${found.join('\n')}`);
    // Markdown's own lines (the heading, the prose, the fence lines) get none.
    assert.deepEqual(found.filter((t) => [0, 2, 4, 8, 10, 11, 14].includes(Number(t.split(':')[0]))), []);
  });

  test("VS Code's Markdown engine draws clean fences as one SVG for both palettes and lists a broken fence's problems", async () => {
    const editor = await openFixture('fences.md');
    const html = await renderSettled(editor.document);
    const [shop, broken, fixed, ...rest] = blocks(html);
    assert.equal(rest.length, 0, html);
    // VS Code's scroll-sync attributes are kept on the block.
    assert.match(shop!, /^<div class="archflow-md archflow-md-drawn code-line" data-line="4" data-vscode-context="[^"]*archflowDiagram/);
    // Once, its colours light-dark() rules (see renderLightDark).
    assert.equal((shop!.match(/<svg /g) ?? []).length, 1);
    assert.ok(shop!.includes('archflow-md-both') && !shop!.includes('archflow-md-light') && !shop!.includes('archflow-md-dark'), shop);
    assert.match(shop!, /<style>\.[-\w]+-ld0\{[-\w]+:light-dark\(/);
    for (const label of ['Web', 'API', 'HTTPS']) assert.ok(shop!.includes(`>${label}<`), label);
    // A diagram that fixes its theme is drawn once; its label is escaped.
    assert.equal((fixed!.match(/<svg /g) ?? []).length, 1);
    assert.ok(fixed!.includes('>X &lt;&amp;&gt;<'), fixed);
    // The broken fence: a box with each problem at its line of the .md, no drawing (none drawn before).
    assert.match(broken!, /archflow-md-problems/);
    assert.ok(broken!.includes('This diagram has 2 problems'), broken);
    assert.ok(broken!.includes('<span class="archflow-md-line">Line 13</span> unknown shape &apos;retangolo&apos;; did you mean &apos;retângulo&apos;?'), broken);
    assert.ok(broken!.includes('<span class="archflow-md-line">Line 14</span>'), broken);
    assert.ok(!broken!.includes('<svg'));
    // Other fences are left to VS Code.
    assert.match(html, /<pre><code [^>]*class="code-line language-ts"/);
  });

  test('editing one fence changes only its block: the others render byte for byte the same', async () => {
    const editor = await openFixture('fences.md');
    const before = blocks(await renderSettled(editor.document));
    // Add a node to the first fence (line 8 is `web -> api "HTTPS"`).
    await editor.edit((e) => e.insert(new vscode.Position(8, 0), 'db = cylinder "DB"\n'));
    const after = blocks(await renderSettled(editor.document));
    assert.ok(after[0]!.includes('>DB<') && !before[0]!.includes('>DB<'));
    // The fixed-theme fence moved down one line: only its data-line differs, which the preview's DOM diff ignores.
    assert.equal(after[2]!.replace(/data-line="\d+"/, ''), before[2]!.replace(/data-line="\d+"/, ''));
    assert.notEqual(after[2], before[2]);
    // A fence being retyped into an error keeps its last drawing below the problem box.
    await editor.edit((e) => e.insert(new vscode.Position(9, 0), 'oops = retangolo\n'));
    const broken = blocks(await renderSettled(editor.document))[0]!;
    assert.match(broken, /archflow-md-problems/);
    assert.ok(broken.includes('>DB<'), 'the last drawing is kept, dimmed');
    await restore(editor);
  });

  test('CodeLens: Open Preview, Export as SVG and as PNG above each closed fence, through the exporter', async () => {
    const editor = await openFixture('fences.md');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command, JSON.stringify(l.command?.arguments?.[1])]),
      [
        [4, 'Open Preview', 'archflow.showPreviewToSide', '{"fence":0}'],
        [4, 'Export as SVG', 'archflow.exportSvg', '{"fence":0}'],
        [4, 'Export as PNG', 'archflow.exportPng', '{"fence":0}'],
        [11, 'Open Preview', 'archflow.showPreviewToSide', '{"fence":1}'],
        [11, 'Export as SVG', 'archflow.exportSvg', '{"fence":1}'],
        [11, 'Export as PNG', 'archflow.exportPng', '{"fence":1}'],
        [16, 'Open Preview', 'archflow.showPreviewToSide', '{"fence":2}'],
        [16, 'Export as SVG', 'archflow.exportSvg', '{"fence":2}'],
        [16, 'Export as PNG', 'archflow.exportPng', '{"fence":2}'],
      ],
    );
    const svgTarget = fixtureUri('out/shop.svg');
    const svgLens = lenses.find((l) => l.command?.command === 'archflow.exportSvg');
    const written = await vscode.commands.executeCommand<vscode.Uri>(svgLens!.command!.command, svgLens!.command!.arguments![0], { ...svgLens!.command!.arguments![1], target: svgTarget });
    assert.equal(written?.toString(), svgTarget.toString());
    const svg = new TextDecoder().decode(await vscode.workspace.fs.readFile(svgTarget));
    // The very drawing the preview shows (in the palette the export settings pick).
    const shop = blocks(await renderSettled(editor.document))[0]!;
    // The preview's drawing holds both palettes (light-dark() rules, see renderLightDark); without those rules and their classes it is the light one.
    const lightOfShop = shop
      .replace(/\n<style>(?:\.[-\w]+-ld\d+\{[^}]*\})+<\/style>/, '')
      .replace(/ class="[-\w]+-ld\d+"/g, '')
      .replace(/ class="[-\w]+-ld\d+ /g, ' class="');
    assert.ok(svg.startsWith('<svg') && lightOfShop.includes(svg.trimEnd()), 'exported SVG equals the preview drawing in the light palette');
    const pngTarget = fixtureUri('out/shop.png');
    await vscode.commands.executeCommand('archflow.exportPng', editor.document.uri, { fence: 0, target: pngTarget });
    const png = await vscode.workspace.fs.readFile(pngTarget);
    assert.deepEqual([...png.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    // A fence with errors exports nothing.
    const brokenTarget = fixtureUri('out/broken-fence.svg');
    assert.equal(await vscode.commands.executeCommand('archflow.exportSvg', editor.document.uri, { fence: 1, target: brokenTarget }), undefined);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(brokenTarget)));
  });

  test('from the palette, export takes the fence under the cursor of the Markdown editor', async () => {
    const editor = await openFixture('fences.md');
    editor.selection = new vscode.Selection(17, 3, 17, 3);
    const target = fixtureUri('out/cursor.svg');
    await vscode.commands.executeCommand('archflow.exportSvg', undefined, { target });
    const svg = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
    assert.ok(svg.includes('>X &lt;&amp;&gt;<'));
  });
});

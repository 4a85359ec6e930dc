import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAll, diagnosticsOf, fixtureUri, openFixture, revertDocument, waitFor } from './helpers';

suite('language features', () => {
  suiteTeardown(closeAll);

  test('accented keywords are not boxed in .diagram files, invisible and ambiguous characters still are', () => {
    // The contributed language default, as VS Code resolves it for the language.
    const archflow = vscode.workspace.getConfiguration('editor', { languageId: 'archflow' });
    assert.equal(archflow.get('unicodeHighlight.nonBasicASCII'), false);
    assert.equal(archflow.get('unicodeHighlight.invisibleCharacters'), true);
    assert.equal(archflow.get('unicodeHighlight.ambiguousCharacters'), true);
    assert.deepEqual(archflow.inspect('unicodeHighlight.nonBasicASCII')?.defaultLanguageValue, false);
    // Other languages keep VS Code's own default (boxed in Restricted Mode).
    assert.equal(vscode.workspace.getConfiguration('editor', { languageId: 'plaintext' }).get('unicodeHighlight.nonBasicASCII'), 'inUntrustedWorkspace');
  });

  test('a broken file gets diagnostics with message, range and code', async () => {
    const editor = await openFixture('broken.diagram');
    const diags = await diagnosticsOf(editor.document.uri, 2);
    const shape = diags.find((d) => d.code === 'unknown-shape');
    assert.ok(shape, JSON.stringify(diags));
    assert.equal(shape.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(shape.message, "unknown shape 'retangolo'; did you mean 'retângulo'?");
    // `web = retangolo "Web"` is line 2: the shape word spans columns 6..15 (0-based).
    const line = editor.document.lineAt(1).text;
    const start = line.indexOf('retangolo');
    assert.ok(shape.range.isEqual(new vscode.Range(1, start, 1, start + 'retangolo'.length)), `range ${JSON.stringify(shape.range)}`);
    const undeclared = diags.find((d) => d.code === 'undeclared-id');
    assert.ok(undeclared);
    assert.equal(undeclared.severity, vscode.DiagnosticSeverity.Warning);
  });

  test('the quick fix from the suggestion repairs the text and clears the error', async () => {
    const editor = await openFixture('broken.diagram');
    const uri = editor.document.uri;
    const [shape] = (await diagnosticsOf(uri, 2)).filter((d) => d.code === 'unknown-shape');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, shape!.range, vscode.CodeActionKind.QuickFix.value);
    const preferred = actions.find((a) => a.isPreferred);
    assert.ok(preferred?.edit, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(preferred.title, "Change to 'retângulo'");
    assert.ok(await vscode.workspace.applyEdit(preferred.edit));
    assert.equal(editor.document.lineAt(1).text, 'web = retângulo "Web"');
    await waitFor(() => !vscode.languages.getDiagnostics(uri).some((d) => d.code === 'unknown-shape'), 'the error to clear');
    // The warning's fix (did you mean 'api'?) is offered as well.
    const warning = vscode.languages.getDiagnostics(uri).find((d) => d.code === 'undeclared-id')!;
    const fixes = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, warning.range, vscode.CodeActionKind.QuickFix.value);
    assert.ok(fixes.some((f) => f.title === "Change to 'api'"));
  });

  test('completion offers a known icon after icon=, ranked by the core search', async () => {
    const editor = await openFixture('simple.diagram');
    const doc = editor.document;
    const end = doc.lineAt(doc.lineCount - 1).range.end;
    await editor.edit((e) => e.insert(end, '\ncache = rectangle "Cache" icon=redis'));
    const pos = doc.lineAt(doc.lineCount - 1).range.end;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, pos);
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('logos:redis'), labels.slice(0, 20).join(', '));
    assert.equal(list.isIncomplete, true, 'icon results are re-queried as the user types');
    // Resolving an icon item adds a picture of the icon to its documentation.
    const resolved = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, pos, undefined, 60);
    const redis = resolved.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'logos:redis');
    const docs = redis?.documentation;
    assert.match(typeof docs === 'string' ? docs : (docs?.value ?? ''), /!\[logos:redis\]\(data:image\/svg\+xml;base64,/);
    await revertDocument(doc);
  });

  test('completion offers shapes in both languages after `id =`', async () => {
    const editor = await openFixture('groups.diagram');
    const doc = editor.document;
    await editor.edit((e) => e.insert(new vscode.Position(doc.lineCount, 0), 'x = '));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, doc.lineAt(doc.lineCount - 1).range.end);
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const shape of ['retângulo', 'rectangle', 'cilindro', 'cylinder', 'grupo', 'group']) assert.ok(labels.includes(shape), shape);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('rename changes the declaration and every connection naming the id', async () => {
    const editor = await openFixture('rename.diagram');
    const doc = editor.document;
    const pos = new vscode.Position(1, 1); // inside `db` on its declaration line
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', doc.uri, pos, 'database');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.deepEqual(doc.getText().split('\n').slice(0, 5), [
      'api = rectangle "API"',
      'database = cylinder "DB"',
      'cache = rectangle "Cache" link="https://example.com/cache"',
      'api -> database "SQL"',
      'api -> cache -> database',
    ]);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('definition and references of an id', async () => {
    const editor = await openFixture('rename.diagram');
    const uri = editor.document.uri;
    const use = new vscode.Position(4, 'api -> cache -> '.length + 1);
    const defs = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', uri, use);
    const def = defs[0]!;
    const range = 'range' in def ? def.range : def.targetRange;
    assert.equal(range.start.line, 1);
    const refs = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', uri, use);
    assert.deepEqual(refs.map((r) => r.range.start.line).sort(), [1, 3, 4]);
  });

  test('formatting gives the core formatter output', async () => {
    const editor = await openFixture('unformatted.diagram');
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', editor.document.uri, { tabSize: 2, insertSpaces: true });
    assert.ok(edits.length > 0);
    const we = new vscode.WorkspaceEdit();
    we.set(editor.document.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(we));
    assert.equal(editor.document.getText(), 'a  = rect "A"\nbb = rounded "B"\napp = group {\n  api = rect\n}\na -> bb\n');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('outline nests nodes in groups; folding covers group bodies and comment runs', async () => {
    const uri = fixtureUri('groups.diagram');
    await openFixture('groups.diagram');
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
    const app = symbols.find((s) => s.name.startsWith('app'));
    assert.ok(app, symbols.map((s) => s.name).join(', '));
    assert.deepEqual(app.children.map((c) => c.name.split(' ')[0]), ['api', 'worker']);
    assert.ok(symbols.some((s) => s.name.startsWith('db')));
    const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', uri);
    assert.ok(folds.some((f) => f.start === 4 && f.end === 6), JSON.stringify(folds));
    assert.ok(folds.some((f) => f.start === 2 && f.end === 3 && f.kind === vscode.FoldingRangeKind.Comment), JSON.stringify(folds));
  });

  test('hover describes a node and shows an icon picture; links are detected', async () => {
    const uri = fixtureUri('groups.diagram');
    await openFixture('groups.diagram');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(9, 1));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /\*\*api\*\*/);
    assert.match(text, /`db`/);
    const iconLine = 8;
    const col = (await vscode.workspace.openTextDocument(uri)).lineAt(iconLine).text.indexOf('logos:postgresql') + 3;
    const iconHovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(iconLine, col));
    const iconText = iconHovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(iconText, /data:image\/svg\+xml;base64,/);
    await openFixture('rename.diagram');
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', fixtureUri('rename.diagram'));
    assert.deepEqual(links.map((l) => l.target?.toString()), ['https://example.com/cache']);
  });
});

suite('over-long labels', () => {
  suiteTeardown(closeAll);

  test('a 200,000-character label gets a warning with its length, and outline and hover show it shortened', async () => {
    const blob = 'QUJD'.repeat(50_000);
    const doc = await vscode.workspace.openTextDocument({ language: 'archflow', content: `blob = rect "${blob}"\nother = rect\nother -> blob "${blob}"\n` });
    await vscode.window.showTextDocument(doc);
    const warnings = (await diagnosticsOf(doc.uri, 2)).filter((d) => d.code === 'label-too-long');
    assert.equal(warnings.length, 2);
    assert.equal(warnings[0]!.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(warnings[0]!.message, /200,000 characters long, over the limit of 500/);
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
    const symbol = symbols.find((s) => s.name.startsWith('blob'))!;
    assert.ok(symbol.name.endsWith('…') && symbol.name.length < 600, `${symbol.name.length} characters`);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(0, 1));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /\*\*blob\*\*/);
    assert.ok(text.length < 2 * 1200, `hover of ${text.length} characters`);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});

suite('diagnostics lifecycle', () => {
  // VS Code closes a document (onDidCloseTextDocument) when it disposes it, which is not
  // tied to its editor closing; changing its language closes it at once, so that is the
  // reliable way to exercise the same path.
  test('problems of a document disappear when it is closed as a diagram', async () => {
    const editor = await openFixture('broken.diagram');
    const uri = editor.document.uri;
    await diagnosticsOf(uri, 1);
    const plain = await vscode.languages.setTextDocumentLanguage(editor.document, 'plaintext');
    await waitFor(() => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'archflow').length === 0, 'problems cleared on close');
    await vscode.languages.setTextDocumentLanguage(plain, 'archflow');
    await diagnosticsOf(uri, 1);
    await closeAll();
  });
});

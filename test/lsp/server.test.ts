// The language server in memory: a real vscode-languageserver connection serving the
// service, driven by a real vscode-jsonrpc client over in-process pipes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createConnection } from 'vscode-languageserver/node';
import { ResponseError } from 'vscode-jsonrpc/node';
import type { CodeAction, CompletionItem, CompletionList, Hover, SemanticTokens, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { formatDiagram } from '../../src/core/language/index';
import { startServer } from '../../src/lsp/server';
import { getIconCatalog } from '../../src/node/iconStore';
import { testClient, type TestClient } from './lspClient';

function serve(): TestClient {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const connection = createConnection(toServer, toClient);
  const logs: string[] = [];
  startServer(connection, { loadCatalog: () => getIconCatalog(), log: (m) => logs.push(m), version: 'test' });
  return testClient(toClient, toServer);
}

async function errorOf(p: Promise<unknown>): Promise<ResponseError<unknown>> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ResponseError, String(err));
    return err;
  }
  assert.fail('expected an error response');
}

const URI = 'file:///w/shop.diagram';
const TEXT = 'diagram "Shop"\nweb = retangolo "Web"\napi = rounded "API" link="https://example.com/api"\nweb -> apii\n';
const at = (line: number, character: number) => ({ textDocument: { uri: URI }, position: { line, character } });

let client: TestClient;
before(async () => {
  client = serve();
});
after(() => client.dispose());

test('a request before initialize gets ServerNotInitialized, and the server then initializes', async () => {
  const early = await errorOf(client.request('textDocument/hover', at(0, 0)));
  assert.equal(early.code, -32002);
  const init = await client.initialize({ initializationOptions: { diagnosticsDelayMs: 0 } });
  const caps = init.capabilities;
  assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2 });
  assert.deepEqual(caps.completionProvider, { triggerCharacters: ['=', ':', ' ', '>', ','], resolveProvider: true });
  for (const cap of ['hoverProvider', 'definitionProvider', 'referencesProvider', 'documentHighlightProvider', 'foldingRangeProvider', 'documentFormattingProvider'] as const) assert.equal(caps[cap], true, cap);
  assert.deepEqual(caps.renameProvider, { prepareProvider: true });
  assert.ok(caps.documentSymbolProvider && caps.documentLinkProvider && caps.codeActionProvider);
  assert.deepEqual((caps.semanticTokensProvider as { full: boolean }).full, true);
  assert.deepEqual(init.serverInfo, { name: 'archflow', version: 'test' });
});

test('diagnostics with codes are pushed on open and after incremental changes; quick fixes fix them', async () => {
  const first = client.diagnostics(URI);
  await client.open(URI, TEXT);
  const { diagnostics, version } = await first;
  assert.equal(version, 1);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character]),
    [['unknown-shape', 1, 1, 6], ['undeclared-id', 2, 3, 7]],
  );
  const shape = diagnostics[0]!;
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: URI }, range: shape.range, context: { diagnostics: [shape] } });
  const fix = actions.find((a) => a.isPreferred)!;
  assert.equal(fix.title, "Change to 'retângulo'");
  assert.deepEqual(fix.diagnostics, [shape]);
  // Apply it as an editor would: an incremental change of the range only.
  const edit = fix.edit!.changes![URI]![0]!;
  const next = client.diagnostics(URI, (p) => p.version === 2);
  await client.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: edit.range, text: edit.newText }] });
  assert.deepEqual((await next).diagnostics.map((d) => d.code), ['undeclared-id']);
});

test('completion (snippets, resolve with an icon picture), hover, navigation and rename', async () => {
  const list = await client.request<CompletionList>('textDocument/completion', { ...at(3, 9), context: { triggerKind: 1 } });
  assert.deepEqual(list.items.map((i) => i.label), ['web', 'api']);
  const insertAt = { line: 4, character: 0 };
  await client.notify('textDocument/didChange', { textDocument: { uri: URI, version: 3 }, contentChanges: [{ range: { start: insertAt, end: insertAt }, text: 'db = cylinder icon=postgres' }] });
  const icons = await client.request<CompletionList>('textDocument/completion', at(4, 27));
  assert.equal(icons.isIncomplete, true);
  const pg = icons.items.find((i) => i.label === 'logos:postgresql')!;
  const resolved = await client.request<CompletionItem>('completionItem/resolve', pg);
  assert.match(JSON.stringify(resolved.documentation), /data:image\/svg\+xml;base64,/);
  const hover = await client.request<Hover>('textDocument/hover', at(3, 0));
  assert.match(JSON.stringify(hover.contents), /\*\*web\*\*/);
  assert.deepEqual(await client.request('textDocument/definition', at(3, 0)), { uri: URI, range: { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } } });
  assert.equal((await client.request<unknown[]>('textDocument/references', { ...at(1, 1), context: { includeDeclaration: true } })).length, 2);
  assert.deepEqual((await client.request<{ kind: number }[]>('textDocument/documentHighlight', at(1, 1))).map((h) => h.kind), [3, 2]);
  assert.deepEqual(await client.request('textDocument/prepareRename', at(1, 1)), { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 3 } }, placeholder: 'web' });
  assert.equal(await client.request('textDocument/prepareRename', at(0, 2)), null);
  const rename = await client.request<WorkspaceEdit>('textDocument/rename', { ...at(1, 1), newName: 'site' });
  assert.deepEqual(rename.changes![URI]!.map((e) => e.range.start.line), [1, 3]);
  const taken = await errorOf(client.request('textDocument/rename', { ...at(1, 1), newName: 'api' }));
  assert.equal(taken.code, -32803);
  assert.match(taken.message, /already used/);
});

test('symbols, folding, formatting, links and semantic tokens', async () => {
  const doc = { textDocument: { uri: URI } };
  const symbols = await client.request<{ name: string }[]>('textDocument/documentSymbol', doc);
  assert.deepEqual(symbols.map((s) => s.name.split(' ')[0]), ['web', 'api', 'db']);
  assert.deepEqual(await client.request('textDocument/foldingRange', doc), []);
  const edits = await client.request<TextEdit[]>('textDocument/formatting', { ...doc, options: { tabSize: 2, insertSpaces: true } });
  const text = TEXT.replace('retangolo', 'retângulo') + 'db = cylinder icon=postgres';
  assert.equal(edits[0]!.newText, formatDiagram(text));
  const links = await client.request<{ target: string }[]>('textDocument/documentLink', doc);
  assert.deepEqual(links.map((l) => l.target), ['https://example.com/api']);
  const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', doc);
  assert.equal(tokens.data.length % 5, 0);
  assert.ok(tokens.data.length > 20);
});

test('unknown methods and malformed params get protocol errors, and the server keeps serving', async () => {
  assert.equal((await errorOf(client.request('archflow/nothing', {}))).code, -32601);
  assert.equal((await errorOf(client.request('textDocument/hover', { textDocument: { uri: URI } }))).code, -32602);
  assert.equal((await errorOf(client.request('textDocument/hover', { position: { line: 0, character: 0 } }))).code, -32602);
  assert.equal((await errorOf(client.request('textDocument/codeAction', { textDocument: { uri: URI }, range: 5 }))).code, -32602);
  assert.equal(await client.request('textDocument/hover', { textDocument: { uri: 'file:///never-opened.diagram' }, position: { line: 0, character: 0 } }), null);
  assert.ok(await client.request<Hover>('textDocument/hover', at(3, 0)));
});

test('Markdown: the fences diagnostics at their .md positions; closing a document clears them', async () => {
  const md = 'file:///w/README.md';
  const pushed = client.diagnostics(md);
  await client.open(md, '# Doc\n\n> ```diagram\n> a = retangolo\n> ```\n', 'markdown');
  const { diagnostics } = await pushed;
  assert.deepEqual(diagnostics.map((d) => [d.code, d.range]), [['unknown-shape', { start: { line: 3, character: 6 }, end: { line: 3, character: 15 } }]]);
  const cleared = client.diagnostics(md);
  await client.notify('textDocument/didClose', { textDocument: { uri: md } });
  assert.deepEqual((await cleared).diagnostics, []);
});

test('the locale comes from initializationOptions, else the client locale; snippets become plain text for clients without them', async () => {
  for (const [options, expected] of [
    [{ initializationOptions: { locale: 'pt-BR' }, locale: 'en' }, "forma desconhecida 'retangolo'"],
    [{ locale: 'pt-br' }, "forma desconhecida 'retangolo'"],
    [{ locale: 'de' }, "unknown shape 'retangolo'"],
  ] as const) {
    const c = serve();
    await c.initialize({ ...options, capabilities: {} });
    const pushed = c.diagnostics('file:///l.diagram');
    await c.open('file:///l.diagram', 'a = retangolo\nb = ');
    const [d] = (await pushed).diagnostics;
    const message = typeof d!.message === 'string' ? d!.message : d!.message.value;
    assert.ok(message.startsWith(expected), message);
    const shapes = await c.request<CompletionList>('textDocument/completion', { textDocument: { uri: 'file:///l.diagram' }, position: { line: 1, character: 4 } });
    const rect = shapes.items.find((i) => i.label === 'rectangle')!;
    assert.equal(rect.insertTextFormat, 1);
    assert.deepEqual(rect.textEdit && 'newText' in rect.textEdit ? rect.textEdit.newText : undefined, 'rectangle ""');
    assert.equal(rect.command, undefined, "VS Code's retrigger command is not sent to other clients");
    await c.request('shutdown');
    c.dispose();
  }
});

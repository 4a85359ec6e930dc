// The model draws in the editor, inside the real extension host: the chat's agent against the
// fake Messages API scripted as a model that reads the syntax, creates checkout.diagram with
// one mistake, gets the problems back from its own edit, fixes them and opens the preview;
// the real `editor` server in process, VS Code's own documents, undo stack, Problems and preview.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ChatServices } from '../../../src/extension/chat/chatServices';
import { DIAGRAM_VIEW_META_KEY, isDrawn, type DiagramNotDrawn, type DiagramViewData } from '../../../src/protocol/mcpAppMessages';
import { parseChatMessage, parseDiagramView, type ChatItem, type ToolItem } from '../../../src/protocol/index';
import { describeInvalid, lastToolResults, startFakeAnthropic, type FakeAnthropic, type SeenToolResult } from '../../fakeAnthropic/index';
import { api, fixtureUri, waitFor, workspaceRoot, type ArchflowApi } from './helpers';

const WITH_MISTAKE = 'diagram "Checkout"\nweb = rectangle "Web"\napi = rectangel "API"\ndb = cylinder "Orders"\nweb -> api "HTTPS"\napi -> db "SQL"\n';
const FIXED = WITH_MISTAKE.replace('rectangel', 'rectangle');

let fake: FakeAnthropic;
let ext: ArchflowApi;
let chat: ChatServices;
let autoSaveBefore: string | undefined;
const created: string[] = [];

function items(): ChatItem[] {
  return chat.controller.active.record.view.items;
}

function tool(name: string, nth = 0): ToolItem | undefined {
  return items().filter((i): i is ToolItem => i.kind === 'tool' && i.name === name)[nth];
}

function message(raw: unknown) {
  const parsed = parseChatMessage(raw);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.value;
}

const send = (text: string) => chat.controller.receive(message({ type: 'send', text }));
const approve = (id: string) => chat.controller.receive(message({ type: 'approve', toolUseId: id, choice: 'allow_once' }));

function errorsOf(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'archflow');
}

function editorOf(uri: vscode.Uri): vscode.TextEditor | undefined {
  return vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
}

function textOf(result: CallToolResult): string {
  return result.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n');
}

/** What the diagram app of a tool card is given: the call's kept result's drawing (or the problems instead). */
function cardView(item: ToolItem | undefined): DiagramViewData | DiagramNotDrawn {
  assert.ok(item, 'the card exists');
  assert.deepEqual(chat.controller.active.record.view.apps?.[item.id], { server: 'editor', tool: item.tool, uri: 'ui://archflow/diagram' }, `${item.name} shows the diagram app`);
  const result = chat.controller.active.record.appResults?.[item.id];
  assert.ok(result, `the result of ${item.name} is kept for its app`);
  const parsed = parseDiagramView(result._meta?.[DIAGRAM_VIEW_META_KEY]);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return parsed.value;
}

function cardDrawing(item: ToolItem | undefined): DiagramViewData {
  const view = cardView(item);
  assert.ok(isDrawn(view), `${item?.name} carries a drawing: ${JSON.stringify(view).slice(0, 300)}`);
  return view;
}

const ids = (view: DiagramViewData) => view.scene.nodes.map((n) => n.id);

function previewTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('archflow.preview'));
}

/** The version a write_diagram answer reports (`... baseVersion: N.` or `now version N`). */
function versionIn(result: SeenToolResult | undefined): number {
  const m = /baseVersion: (\d+)|version (\d+)/.exec(result?.text ?? '');
  return Number(m?.[1] ?? m?.[2] ?? NaN);
}

suite('editor tools: the model draws in the editor', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    fake = await startFakeAnthropic();
    process.env.ANTHROPIC_API_KEY = fake.apiKey;
    await vscode.workspace.getConfiguration('archflow.chat').update('baseUrl', fake.url, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('archflow.mcp').update('claudeDesktop', false, vscode.ConfigurationTarget.Global);
    // VS Code for the web (code-server) saves after a delay by default; the desktop does not, and
    // the race below is about text the user has not saved.
    autoSaveBefore = vscode.workspace.getConfiguration('files').inspect<string>('autoSave')?.globalValue;
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    ext = await api();
    await vscode.commands.executeCommand('archflow.openChat');
    chat = await ext.chat.services();
    await waitFor(() => ext.chat.view.view !== undefined, 'the chat view to open');
  });

  suiteTeardown(async () => {
    // Nothing left unsaved (a dirty editor would stop "close all" with a dialog).
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const f of created) rmSync(f, { recursive: true, force: true });
    await vscode.workspace.getConfiguration('archflow.chat').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('archflow.mcp').update('claudeDesktop', undefined, vscode.ConfigurationTarget.Global);
    // Put back the user's value, not the default: the harness turns autosave off for every suite
    // (the web default saves after a second, which let later suites' edits reach the disk).
    await vscode.workspace.getConfiguration('files').update('autoSave', autoSaveBefore, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await fake?.close();
  });

  teardown(() => {
    assert.equal(fake.invalidRequests().length, 0, `the fake API rejected requests:\n${describeInvalid(fake.requests)}`);
    assert.equal(fake.pending, 0, 'replies were left unused');
  });

  test('syntax, a diagram with a mistake, its problems from the edit, the fix, the preview', async function () {
    this.timeout(90_000);
    const uri = fixtureUri('checkout.diagram');
    created.push(uri.fsPath);
    const seen: { write1?: SeenToolResult; write2?: SeenToolResult; show?: SeenToolResult; syntax?: SeenToolResult } = {};
    const rendered: { version: number; elements: number }[] = [];
    const sub = ext.onDidRenderPreview((e) => e.uri === uri.toString() && rendered.push(e));
    await chat.controller.newConversation();
    fake.script(
      { content: [{ type: 'text', text: 'I will read the syntax first.' }, { type: 'tool_use', name: 'archflow__syntax_help', input: {} }], stopReason: 'tool_use' },
      (request) => {
        [seen.syntax] = lastToolResults(request);
        return { content: [{ type: 'tool_use', name: 'editor__write_diagram', input: { path: 'checkout.diagram', text: WITH_MISTAKE } }], stopReason: 'tool_use' };
      },
      (request) => {
        [seen.write1] = lastToolResults(request);
        return { content: [{ type: 'tool_use', name: 'editor__write_diagram', input: { path: 'checkout.diagram', text: FIXED, baseVersion: versionIn(seen.write1) } }], stopReason: 'tool_use' };
      },
      (request) => {
        [seen.write2] = lastToolResults(request);
        return { content: [{ type: 'tool_use', name: 'editor__show_diagram', input: { path: 'checkout.diagram', select: 'api' } }], stopReason: 'tool_use' };
      },
      (request) => {
        [seen.show] = lastToolResults(request);
        return { content: [{ type: 'text', text: 'checkout.diagram shows the web tier, the API and the orders database.' }], stopReason: 'end_turn' };
      },
    );
    const run = send('Draw the checkout flow in checkout.diagram');

    // The first write asks; once allowed, the editor shows the text and the Problems panel its mistake.
    await waitFor(() => tool('editor__write_diagram', 0)?.status === 'approval', 'the first write to ask', 30_000);
    assert.equal(tool('archflow__syntax_help')?.approvedHow, 'trusted_read_only', 'reading the syntax did not ask');
    await approve(tool('editor__write_diagram', 0)!.id);
    await waitFor(() => tool('editor__write_diagram', 1)?.status === 'approval', 'the second write to ask', 30_000);
    const first = editorOf(uri);
    assert.ok(first, 'the new file is shown in an editor');
    assert.equal(first.document.getText(), WITH_MISTAKE);
    assert.equal(first.document.isDirty, false, 'a new file is written to disk');
    const problems = await waitFor(() => (errorsOf(uri).length ? errorsOf(uri) : undefined), 'the mistake in the Problems panel');
    assert.deepEqual(problems.map((d) => [d.code, d.range.start.line, d.severity]), [['unknown-shape', 2, vscode.DiagnosticSeverity.Error]]);
    assert.ok(seen.write1, 'the model got the answer of its first write');
    assert.equal(seen.write1.isError, false);
    assert.match(seen.write1.text, /checkout\.diagram:3:7: error: .*rectangel/, 'the answer holds the problem with its line and column');
    assert.match(seen.write1.text, /fix: replace 3:7-3:16 with "rectangle"/);
    assert.equal(versionIn(seen.write1), first.document.version, 'the answer names the version the editor holds');

    await approve(tool('editor__write_diagram', 1)!.id);
    await run;
    const end = items().at(-1);
    assert.ok(end?.kind === 'runEnd' && end.reason === 'end_turn', JSON.stringify(end));
    assert.equal(tool('editor__show_diagram')?.approvedHow, 'trusted_read_only', 'showing did not ask');
    assert.ok(seen.syntax && /diagram/.test(seen.syntax.text), 'the model read the syntax');
    assert.ok(seen.write2 && !seen.write2.isError, seen.write2?.text);
    assert.match(seen.write2.text, /Problems: none/);
    assert.match(seen.show?.text ?? '', /'api' is selected/);

    // The editor shows the fix, saved; the Problems panel empties; the preview draws it.
    const doc = editorOf(uri)!.document;
    assert.equal(doc.getText(), FIXED);
    assert.equal(doc.isDirty, false);
    assert.equal(readFileSync(uri.fsPath, 'utf8'), FIXED);
    await waitFor(() => errorsOf(uri).length === 0, 'the Problems panel to empty');
    const drawn = await waitFor(() => rendered.find((e) => e.version === doc.version), `version ${doc.version} in the preview`, 30_000);
    sub.dispose();
    assert.equal(drawn.elements, 3, 'web, api, db');
    assert.equal(versionIn(seen.write2), doc.version);
    const selected = editorOf(uri)!;
    assert.equal(selected.document.getText(selected.selection), 'api', 'the element is selected in the editor');

    // The cards: the first write's app says why nothing was drawn; the fix and the show draw that version.
    const [write1, write2] = [tool('editor__write_diagram', 0), tool('editor__write_diagram', 1)];
    const notDrawn = cardView(write1);
    assert.ok(!isDrawn(notDrawn));
    assert.deepEqual(notDrawn, {
      source: { path: uri.fsPath, display: 'checkout.diagram', version: versionIn(seen.write1) },
      errors: 1,
      problems: [{ severity: 'error', line: 3, column: 7, message: "unknown shape 'rectangel'; did you mean 'rectangle'?" }],
    });
    const fixDrawing = cardDrawing(write2);
    assert.deepEqual(fixDrawing.source, { path: uri.fsPath, display: 'checkout.diagram', version: doc.version });
    assert.deepEqual([ids(fixDrawing), fixDrawing.scene.edges.length], [['web', 'api', 'db'], 2]);
    assert.deepEqual(cardDrawing(tool('editor__show_diagram')).scene, fixDrawing.scene, 'the same version, the same drawing (laid out once, for the preview and the cards)');
    for (const card of [write1, write2]) assert.deepEqual(card?.result?.file, { path: uri.fsPath, display: 'checkout.diagram' }, 'the card can open the file');

    // One undo step brings back the text before the fix, and redo the fix.
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    await waitFor(() => doc.getText() === WITH_MISTAKE, 'undo to restore the first version');
    await vscode.commands.executeCommand('redo');
    await waitFor(() => doc.getText() === FIXED, 'redo to bring the fix back');
  });

  test('each card keeps the drawing of its own version after later edits; Open File and Open Preview from a card open them, only inside the workspace', async function () {
    this.timeout(90_000);
    const uri = fixtureUri('checkout.diagram');
    const fixCard = tool('editor__write_diagram', 1);
    const before = cardDrawing(fixCard);
    const withCache = `${FIXED}cache = cylinder "Cache"\napi -> cache\n`;
    fake.script(
      { content: [{ type: 'tool_use', name: 'editor__read_diagram', input: { path: 'checkout.diagram' } }], stopReason: 'tool_use' },
      (request) => ({
        content: [{ type: 'tool_use', name: 'editor__write_diagram', input: { path: 'checkout.diagram', text: withCache, baseVersion: versionIn(lastToolResults(request)[0]) } }],
        stopReason: 'tool_use',
      }),
      { content: [{ type: 'text', text: 'Added the cache.' }], stopReason: 'end_turn' },
    );
    const run = send('Add a cache behind the API');
    await waitFor(() => tool('editor__write_diagram', 2)?.status === 'approval', 'the third write to ask', 30_000);
    await approve(tool('editor__write_diagram', 2)!.id);
    await run;
    const doc = editorOf(uri)!.document;
    assert.equal(doc.getText(), withCache);
    const later = cardDrawing(tool('editor__write_diagram', 2));
    assert.deepEqual([ids(later), later.scene.edges.length, later.source?.version], [['web', 'api', 'db', 'cache'], 3, doc.version]);
    assert.deepEqual(cardDrawing(fixCard), before, 'the card of the fix still draws its own version');
    assert.equal(tool('editor__read_diagram')?.result?.file?.display, 'checkout.diagram', 'a read names its file too');
    assert.equal(chat.controller.active.record.view.apps?.[tool('editor__read_diagram')!.id], undefined, 'a read shows no app');

    // "Open File" and "Open Preview" from the fix's card, as the webview posts them.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(() => !editorOf(uri) && previewTabs().length === 0, 'everything closed');
    await chat.controller.receive(message({ type: 'openDiagram', toolUseId: fixCard!.id, target: 'file' }));
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.toString() === uri.toString(), 'checkout.diagram in the active editor');
    await chat.controller.receive(message({ type: 'openDiagram', toolUseId: fixCard!.id, target: 'preview' }));
    await waitFor(() => previewTabs().some((t) => t.label === 'Preview checkout.diagram'), 'the preview of checkout.diagram');

    // A card whose result names a file outside the workspace (any server may write one) opens nothing.
    const outsideDir = mkdtempSync(join(tmpdir(), 'archflow-card-'));
    const outside = join(outsideDir, 'elsewhere.diagram');
    writeFileSync(outside, FIXED);
    try {
      const forged: ToolItem = { kind: 'tool', id: 'toolu_forged', run: 'r', round: 1, name: 'other__tool', args: '{}', status: 'done', result: { isError: false, summary: '', parts: [], file: { path: outside, display: 'elsewhere.diagram' } } };
      chat.controller.active.apply([{ op: 'put', item: forged }]);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await chat.controller.receive(message({ type: 'openDiagram', toolUseId: forged.id, target: 'file' }));
      await chat.controller.receive(message({ type: 'openDiagram', toolUseId: forged.id, target: 'preview' }));
      await chat.controller.receive(message({ type: 'openDiagram', toolUseId: 'toolu_unknown', target: 'file' }));
      assert.equal(vscode.workspace.textDocuments.some((d) => d.uri.fsPath === outside), false, 'the outside file was not opened');
      assert.equal(previewTabs().length, 0, 'nor its preview');
      chat.controller.active.apply([{ op: 'remove', ids: [forged.id] }]);
    } finally {
      rmSync(outsideDir, { recursive: true, force: true });
    }
  });

  test('the user types while the write waits for approval: it is refused with the current text, nothing typed is lost', async function () {
    this.timeout(60_000);
    const uri = fixtureUri('race.diagram');
    created.push(uri.fsPath);
    writeFileSync(uri.fsPath, FIXED);
    const editor = await vscode.window.showTextDocument(uri);
    let read: SeenToolResult | undefined;
    let refused: SeenToolResult | undefined;
    await chat.controller.newConversation();
    fake.script(
      { content: [{ type: 'tool_use', name: 'editor__read_diagram', input: { path: 'race.diagram' } }], stopReason: 'tool_use' },
      (request) => {
        [read] = lastToolResults(request);
        return { content: [{ type: 'tool_use', name: 'editor__write_diagram', input: { path: 'race.diagram', text: WITH_MISTAKE, baseVersion: versionIn(read) } }], stopReason: 'tool_use' };
      },
      (request) => {
        [refused] = lastToolResults(request);
        return { content: [{ type: 'text', text: 'You are editing it; I will wait.' }], stopReason: 'end_turn' };
      },
    );
    const run = send('Rewrite race.diagram');
    await waitFor(() => tool('editor__write_diagram')?.status === 'approval', 'the write to ask');
    // The user types in the file meanwhile, with the keyboard's own command (into the focused
    // editor: the focus may take a moment to get there, and nothing is typed until it has).
    const line = 'cache = cylinder "Cache"';
    await waitFor(async () => {
      await vscode.window.showTextDocument(editor.document, { preserveFocus: false });
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      editor.selection = new vscode.Selection(editor.document.lineCount - 1, 0, editor.document.lineCount - 1, 0);
      await vscode.commands.executeCommand('type', { text: `${line}\n` });
      return editor.document.getText().includes(line);
    }, 'the typed line in the editor');
    const typed = editor.document.getText();
    assert.ok(typed.includes('cache = cylinder "Cache"'), typed);
    await approve(tool('editor__write_diagram')!.id);
    await run;
    assert.ok(read && !read.isError && versionIn(read) === 1, read?.text);
    assert.ok(refused?.isError, refused?.text);
    assert.match(refused.text, /Nothing was written: race\.diagram changed since version 1/);
    assert.ok(refused.text.includes(typed), 'the model got the current text');
    assert.equal(editor.document.getText(), typed, 'what the user typed is all there');
    assert.equal(editor.document.isDirty, true, 'and still the user\'s to save');
    assert.equal(readFileSync(uri.fsPath, 'utf8'), FIXED, 'the file on disk is untouched');
  });

  test('paths outside the workspace, with .., or not .diagram are refused with a clear message and nothing written; inside it, missing folders are created', async () => {
    const manager = chat.mcp.manager!;
    const outsideDir = mkdtempSync(join(tmpdir(), 'archflow-outside-'));
    const notes = join(workspaceRoot().fsPath, 'notes.txt');
    writeFileSync(notes, 'the user\'s notes');
    created.push(notes);
    try {
      const cases: [string, RegExp, string][] = [
        [join(outsideDir, 'x.diagram'), /outside the allowed roots/, join(outsideDir, 'x.diagram')],
        ['../escape.diagram', /contains '\.\.'/, join(workspaceRoot().fsPath, '..', 'escape.diagram')],
        ['notes.txt', /is not a \.diagram file/, notes],
      ];
      for (const [path, why, file] of cases) {
        const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
        const result = (await manager.callServerTool('editor', 'write_diagram', { path, text: FIXED })) as CallToolResult;
        assert.equal(result.isError, true, path);
        assert.match(textOf(result), why);
        assert.match(textOf(result), new RegExp(`Allowed roots: .*${workspaceRoot().fsPath.split('/').pop()}`));
        assert.equal(existsSync(file) ? readFileSync(file, 'utf8') : undefined, before, `${file} is as it was`);
        const opened = vscode.workspace.textDocuments.some((d) => d.uri.fsPath === file);
        assert.equal(opened, false, `${file} was not opened either`);
      }
      // Inside the workspace, missing folders are created.
      const nested = join(workspaceRoot().fsPath, 'nested', 'deeper', 'flow.diagram');
      created.push(join(workspaceRoot().fsPath, 'nested'));
      const made = (await manager.callServerTool('editor', 'write_diagram', { path: 'nested/deeper/flow.diagram', text: FIXED })) as CallToolResult;
      assert.equal(made.isError, undefined, textOf(made));
      assert.match(textOf(made), /^Created nested\/deeper\/flow\.diagram \(version 1\)/);
      assert.equal(readFileSync(nested, 'utf8'), FIXED);
      assert.ok(editorOf(vscode.Uri.file(nested)), 'and shown in an editor');
    } finally {
      rmSync(outsideDir, { recursive: true, force: true });
    }
  });
});

// From a .diagram editor into the chat, in the real extension host: the "Fix with ArchFlow"
// quick fix and "Ask ArchFlow about This Diagram" open the chat with the file and its problems
// attached (and a draft for the fix); what the model then receives is checked at the fake API.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChatServices } from '../../../src/extension/chat/chatServices';
import { parseChatMessage, type HostToChatMessage } from '../../../src/protocol/index';
import { describeInvalid, startFakeAnthropic, type FakeAnthropic } from '../../fakeAnthropic/index';
import { api, closeAll, diagnosticsOf, openFixture, waitFor, type ArchflowApi } from './helpers';

let fake: FakeAnthropic;
let ext: ArchflowApi;
let chat: ChatServices;

function shows(): Extract<HostToChatMessage, { type: 'show' }>[] {
  return ext.chat.view.recorded!.filter((m): m is Extract<HostToChatMessage, { type: 'show' }> => m.type === 'show');
}

suite('from the editor into the chat', () => {
  suiteSetup(async function () {
    this.timeout(60_000);
    fake = await startFakeAnthropic();
    process.env.ANTHROPIC_API_KEY = fake.apiKey;
    await vscode.workspace.getConfiguration('archflow.chat').update('baseUrl', fake.url, vscode.ConfigurationTarget.Global);
    ext = await api();
    chat = await ext.chat.services();
  });

  suiteTeardown(async () => {
    await closeAll();
    await vscode.workspace.getConfiguration('archflow.chat').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await fake?.close();
  });

  test('"Fix with ArchFlow" is offered on an error, and opens the chat with the file, its problems and a draft', async function () {
    this.timeout(60_000);
    const editor = await openFixture('broken.diagram');
    const uri = editor.document.uri;
    const [error] = (await diagnosticsOf(uri, 2)).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.ok(error);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, error.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === 'Fix with ArchFlow');
    assert.ok(fix, actions.map((a) => a.title).join(', '));
    assert.ok(!fix.isPreferred, 'auto-fix keeps applying the text\'s own suggestions');
    assert.equal(fix.command?.command, 'archflow.fixDiagramWithChat');
    // On a warning alone it is not offered.
    const [warning] = vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Warning);
    const onWarning = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, warning!.range, vscode.CodeActionKind.QuickFix.value);
    assert.ok(!onWarning.some((a) => a.title === 'Fix with ArchFlow'));

    await chat.controller.newConversation();
    const before = shows().length;
    await vscode.commands.executeCommand(fix.command.command, ...(fix.command.arguments ?? []));
    await waitFor(() => ext.chat.view.view?.visible, 'the chat to show');
    const chrome = await chat.controller.chrome();
    assert.deepEqual(chrome.attachments.map((a) => [a.kind, a.label, a.detail]), [['file', 'broken.diagram (2 problems)', 'broken.diagram']]);
    const show = await waitFor(() => shows().slice(before).find((s) => s.what === 'composer'), 'the composer to be shown');
    assert.equal(show.draft, 'Fix the problems in broken.diagram.');

    // What the model gets when the user sends it: the text and every problem with its place and fixes.
    fake.script({ content: [{ type: 'text', text: 'Line 2 says retangolo; it should be retângulo.' }], stopReason: 'end_turn' });
    const parsed = parseChatMessage({ type: 'send', text: show.draft });
    assert.ok(parsed.ok);
    await chat.controller.receive(parsed.value);
    const request = fake.requests.filter((r) => r.path.startsWith('/v1/messages')).at(-1)!;
    const user = request.body.messages.at(-1);
    const doc = user.content.find((b: { type: string }) => b.type === 'document');
    assert.equal(doc.source.data, editor.document.getText());
    assert.equal(doc.title, 'broken.diagram');
    const problems = user.content.find((b: { type: string; text?: string }) => b.type === 'text' && b.text?.startsWith('Problems of broken.diagram'));
    assert.match(problems.text, /broken\.diagram:2:7: error: unknown shape 'retangolo'/);
    assert.match(problems.text, /fix: replace 2:7-2:16 with "retângulo"/);
    assert.match(problems.text, /warning/);
    assert.equal(user.content.at(-1).text, 'Fix the problems in broken.diagram.');
    assert.equal(fake.invalidRequests().length, 0, describeInvalid(fake.requests));
    assert.deepEqual((await chat.controller.chrome()).attachments, [], 'sent with the message');
  });

  test('"Ask ArchFlow about This Diagram" attaches the file (once, however often it is asked) and keeps the draft', async () => {
    const editor = await openFixture('simple.diagram');
    await chat.controller.newConversation();
    const before = shows().length;
    await vscode.commands.executeCommand('archflow.askAboutDiagram', editor.document.uri);
    await vscode.commands.executeCommand('archflow.askAboutDiagram');
    const chrome = await chat.controller.chrome();
    assert.deepEqual(chrome.attachments.map((a) => [a.label, a.detail]), [['simple.diagram', 'simple.diagram']]);
    const composer = shows().slice(before).filter((s) => s.what === 'composer');
    assert.ok(composer.length >= 1);
    assert.ok(composer.every((s) => s.draft === undefined), 'what the user was typing stays');
    const detach = parseChatMessage({ type: 'detach', id: chrome.attachments[0]!.id });
    assert.ok(detach.ok);
    await chat.controller.receive(detach.value);
    assert.deepEqual((await chat.controller.chrome()).attachments, []);
  });
});

// Links in the model's output (security review, finding 7), inside the real extension host: the
// webview's `openLink` message goes to the real controller, which must ask first (a modal
// naming the URL) and open the link only when the user agrees. VS Code refuses modal dialogs
// in tests, and a real openExternal would leave the test, so the user's answer and the
// browser are the two things replaced here: `vscode.window.showInformationMessage` answers as
// the test says and records the question; `vscode.env.openExternal` records what it was given.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChatServices } from '../../../src/extension/chat/chatServices';
import { parseChatMessage } from '../../../src/protocol/index';
import { api } from './helpers';

interface Question {
  message: string;
  modal: boolean;
  detail?: string;
  items: string[];
}

suite('chat: links in the model output', () => {
  let chat: ChatServices;
  let answer: string | undefined;
  const questions: Question[] = [];
  const opened: string[] = [];
  const window = vscode.window as { showInformationMessage: unknown };
  const env = vscode.env as { openExternal: unknown };
  const real = { ask: window.showInformationMessage, open: env.openExternal };

  suiteSetup(async function () {
    this.timeout(60_000);
    chat = await (await api()).chat.services();
    window.showInformationMessage = async (message: string, ...rest: unknown[]) => {
      const options = typeof rest[0] === 'object' && rest[0] !== null ? (rest.shift() as vscode.MessageOptions) : {};
      questions.push({ message, modal: options.modal === true, ...(options.detail ? { detail: options.detail } : {}), items: rest as string[] });
      return answer;
    };
    env.openExternal = async (uri: vscode.Uri) => {
      opened.push(uri.toString(true));
      return true;
    };
  });

  suiteTeardown(() => {
    window.showInformationMessage = real.ask;
    env.openExternal = real.open;
  });

  setup(() => {
    questions.length = 0;
    opened.length = 0;
    answer = undefined;
  });

  /** Sends `openLink` as the chat webview does when a link in the model's text is clicked. */
  async function click(url: string): Promise<void> {
    const parsed = parseChatMessage({ type: 'openLink', url });
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
    await chat.controller.receive(parsed.value);
  }

  test('a link the model wrote is not opened when the user does not agree', async () => {
    await click('https://evil.example.test/phish?token=1');
    assert.equal(questions.length, 1, 'the user was asked (the stubbed dialog is the one the extension uses)');
    assert.equal(questions[0]!.modal, true);
    assert.match(questions[0]!.message, /https:\/\/evil\.example\.test\/phish\?token=1/, 'the question names the URL');
    assert.match(questions[0]!.detail ?? '', /open only when you agree/);
    assert.deepEqual(opened, [], 'dismissed: nothing opened');
    answer = 'Cancel';
    await click('mailto:someone@example.test');
    assert.equal(questions.length, 2);
    assert.deepEqual(opened, [], 'cancelled: nothing opened');
  });

  test('a link the model wrote opens once the user agrees, and only that link', async () => {
    answer = 'Open';
    await click('https://example.com/docs#setup');
    assert.equal(questions.length, 1);
    assert.deepEqual(questions[0]!.items, ['Open']);
    assert.deepEqual(opened, ['https://example.com/docs#setup']);
  });

  test('other schemes are neither asked about nor opened', async () => {
    answer = 'Open';
    await click('command:workbench.action.quit');
    await click('javascript:alert(1)');
    assert.deepEqual(questions, []);
    assert.deepEqual(opened, []);
  });
});

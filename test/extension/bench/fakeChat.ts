// The chat of the real extension host pointed at the fake Messages API started in this
// process, for the benchmarks: the fake's key and address in place of the user's, the Claude
// Desktop servers off; `close` puts everything back.
import * as vscode from 'vscode';
import type { ChatServices } from '../../../src/extension/chat/chatServices';
import type { ChatHandle } from '../../../src/extension/chat/registerChat';
import type { ToolItem } from '../../../src/protocol/index';
import { startFakeAnthropic, type FakeAnthropic, type FakeAnthropicOptions } from '../../fakeAnthropic/index';

export interface FakeChat {
  fake: FakeAnthropic;
  chat: ChatServices;
  close(): Promise<void>;
}

export async function openChatOnFake(chatHandle: ChatHandle, options: FakeAnthropicOptions = {}): Promise<FakeChat> {
  const fake = await startFakeAnthropic(options);
  const previous = process.env.ANTHROPIC_API_KEY;
  process.env.ANTHROPIC_API_KEY = fake.apiKey;
  const config = vscode.workspace.getConfiguration('archflow.chat');
  const close = async () => {
    await config.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    if (previous === undefined) delete process.env.ANTHROPIC_API_KEY;
    else process.env.ANTHROPIC_API_KEY = previous;
    await fake.close();
  };
  try {
    await config.update('baseUrl', fake.url, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('archflow.mcp').update('claudeDesktop', false, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('archflow.openChat');
    const chat = await chatHandle.services();
    const posted = chatHandle.view.recorded ?? [];
    const deadline = Date.now() + 60_000;
    while (!posted.some((m) => m.type === 'conversation') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return { fake, chat, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * One chat turn that draws a diagram card: in a new conversation, the fake model calls
 * render_diagram with `text`, the call is allowed once, and the turn ends with a line of text.
 * Resolves once the card is done and, when the chat reports paints (ARCHFLOW_CHAT_REPORT_PAINTS),
 * once the webview has painted the closing line, which comes after the card.
 */
export async function drawCard({ fake, chat }: FakeChat, text: string, output: string): Promise<void> {
  await chat.controller.newConversation();
  fake.script(
    { content: [{ type: 'tool_use', name: 'archflow__render_diagram', input: { text, output } }], stopReason: 'tool_use' },
    { content: [{ type: 'text', text: 'Drawn.' }], stopReason: 'end_turn' },
  );
  const painted = new Set<string>();
  const sub = chat.controller.onDidPaint((p) => p.length >= 'Drawn.'.length && painted.add(p.id));
  try {
    const running = chat.controller.receive({ type: 'send', text: 'Draw it' });
    const card = () => chat.controller.active.record.view.items.find((i): i is ToolItem => i.kind === 'tool');
    const deadline = Date.now() + 60_000;
    while (card()?.status !== 'approval' && card()?.status !== 'done') {
      if (Date.now() > deadline) throw new Error(`the card never asked for approval: ${JSON.stringify(card())}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    if (card()!.status === 'approval') await chat.controller.receive({ type: 'approve', toolUseId: card()!.id, choice: 'allow_once' });
    await running;
    if (card()?.status !== 'done') throw new Error(`render_diagram ended ${card()?.status}: ${JSON.stringify(card()?.result)}`);
    if (process.env.ARCHFLOW_CHAT_REPORT_PAINTS !== '1') return;
    const answer = chat.controller.active.record.view.items.filter((i) => i.kind === 'assistant').at(-1);
    while (!answer || !painted.has(answer.id)) {
      if (Date.now() > deadline) throw new Error('the chat never painted the line after the card');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    sub.dispose();
  }
}

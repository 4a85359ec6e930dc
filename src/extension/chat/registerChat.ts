import * as vscode from 'vscode';
import { chatConfig } from '../config';
import { registerServersView } from './mcp/registerServersView';
import { registerAskFromEditor } from './askFromEditor';
import type { Command, CommandManager } from '../util/commandManager';
import { AppFrames } from './apps/appFrames';
import type { ChatDeps, ChatServices } from './chatServices';
import { ChatViewProvider } from './chatViewProvider';

/** The chat as the rest of the extension (and the tests) reach it. */
export interface ChatHandle {
  /** The chat's services, made on first use. */
  services(): Promise<ChatServices>;
  /** The chat view (its page, and in test mode the messages it was sent). */
  readonly view: ChatViewProvider;
}

/**
 * Registers the chat view and its commands. Nothing heavy happens here: the chat's services
 * (and with them the Anthropic and MCP SDKs) are made the first time the view opens or a
 * chat command runs.
 */
export function registerChat(deps: ChatDeps, commands: CommandManager): ChatHandle & vscode.Disposable {
  // MCP App documents are served from here; the chat's CSP names it, so it exists before the view.
  const appFrames = new AppFrames(deps.log);
  let loading: Promise<ChatServices> | undefined;
  const services = () =>
    (loading ??= (async () => {
      // A bundle of its own (dist/chat.js, with the Anthropic and MCP SDKs): activation never parses it.
      const { ChatServices } = require(vscode.Uri.joinPath(deps.context.extensionUri, 'dist', 'chat.js').fsPath) as typeof import('./chatServices');
      const s = new ChatServices(deps, appFrames);
      deps.context.subscriptions.push(s);
      await s.controller.restore();
      return s;
    })());
  const view = new ChatViewProvider(deps.context.extensionUri, async () => (await services()).controller, deps.log, appFrames, {
    record: deps.context.extensionMode === vscode.ExtensionMode.Test,
    reportPaints: process.env.ARCHFLOW_CHAT_REPORT_PAINTS === '1',
  });
  // The page keeps its scroll position and draft while the view is hidden; the host resends state when it shows again.
  const registration = vscode.window.registerWebviewViewProvider(ChatViewProvider.viewType, view, { webviewOptions: { retainContextWhenHidden: true } });
  const reveal = async () => vscode.commands.executeCommand(`${ChatViewProvider.viewType}.focus`);
  const chatCommands: Command[] = [
    { id: 'archflow.openChat', execute: reveal },
    {
      id: 'archflow.newChat',
      execute: async () => {
        await reveal();
        await (await services()).controller.newConversation();
      },
    },
    {
      id: 'archflow.showChatHistory',
      execute: async () => {
        await reveal();
        (await services()).controller.showHistory();
      },
    },
    { id: 'archflow.stopChat', execute: async () => (await services()).controller.stop() },
    { id: 'archflow.openChatSettings', execute: () => vscode.commands.executeCommand('workbench.action.openSettings', 'archflow.chat') },
    {
      id: 'archflow.setApiKey',
      execute: async () => {
        const s = await services();
        if (await s.keys.prompt()) void vscode.window.showInformationMessage(vscode.l10n.t('The Anthropic API key is stored in VS Code\'s secret storage.'));
      },
    },
    {
      id: 'archflow.setProviderKey',
      execute: async () => {
        const s = await services();
        if (await s.providers.promptKey(chatConfig())) void vscode.window.showInformationMessage(vscode.l10n.t("The key is stored in VS Code's secret storage."));
      },
    },
    {
      id: 'archflow.clearApiKey',
      execute: async () => {
        await (await services()).keys.clear();
        void vscode.window.showInformationMessage(vscode.l10n.t('The stored Anthropic API key was removed.'));
      },
    },
    {
      id: 'archflow.revokeToolApprovals',
      execute: async () => {
        const s = await services();
        const names = s.approvals.alwaysAllowed();
        if (names.length === 0) {
          void vscode.window.showInformationMessage(vscode.l10n.t('No tool is always allowed in this workspace.'));
          return;
        }
        const picked = await vscode.window.showQuickPick(
          names.map((label) => ({ label })),
          { canPickMany: true, title: vscode.l10n.t('Revoke "always allow" for these tools') },
        );
        for (const p of picked ?? []) await s.approvals.revoke(p.label);
      },
    },
  ];
  for (const c of chatCommands) commands.add(c);
  const serversView = registerServersView(async () => (await services()).servers, commands);
  const fromEditor = registerAskFromEditor(services, commands, reveal);
  return {
    services,
    view,
    dispose: () => {
      serversView.dispose();
      fromEditor.dispose();
      registration.dispose();
      view.dispose();
      appFrames.dispose();
    },
  };
}

import * as vscode from 'vscode';
import { escapeAttribute } from '../util/html';

/** The context key menus test to hide what only the desktop (a Node extension host) offers. */
export const WEB_CONTEXT_KEY = 'archflow.web';

/** The chat and MCP servers views (ids as contributed in package.json). */
const CHAT_VIEW = 'archflow.chat';
const MCP_SERVERS_VIEW = 'archflow.mcpServers';

/** Why the chat and MCP servers are missing here, for the views and the commands. */
export function desktopOnlyReason(): string {
  return vscode.l10n.t(
    'The ArchFlow chat and MCP servers need the desktop VS Code (or a remote with Node.js): in VS Code for the Web an extension cannot start MCP servers, keep conversations on disk or call the Anthropic API from the browser. Diagrams, the preview and export work here.',
  );
}

/**
 * What a browser offers instead of the chat and the MCP servers: the context key that hides
 * their menus, views that say why they are empty, and, for every contributed command this
 * host did not register (reached from a key binding or a palette entry shown before
 * activation), a command that tells the same reason instead of VS Code's "command not found".
 * Call it after every command that works here is registered.
 */
export async function registerDesktopOnlyPlaceholders(context: vscode.ExtensionContext): Promise<void> {
  await vscode.commands.executeCommand('setContext', WEB_CONTEXT_KEY, true);
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(CHAT_VIEW, {
      resolveWebviewView(view) {
        // No script and nothing to load: the page is the reason, escaped.
        view.webview.options = { enableScripts: false };
        view.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"></head><body style="font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 12px"><p class="af-web-unavailable">${escapeAttribute(desktopOnlyReason())}</p></body></html>`;
      },
    }),
  );
  const servers = vscode.window.createTreeView(MCP_SERVERS_VIEW, { treeDataProvider: { getChildren: () => [], getTreeItem: (item: vscode.TreeItem) => item } });
  servers.message = desktopOnlyReason();
  context.subscriptions.push(servers);
  const registered = new Set(await vscode.commands.getCommands(true));
  const contributed = ((context.extension.packageJSON as { contributes?: { commands?: { command: string }[] } }).contributes?.commands ?? []).map((c) => c.command);
  for (const id of contributed.filter((id) => !registered.has(id))) {
    context.subscriptions.push(vscode.commands.registerCommand(id, () => void vscode.window.showInformationMessage(desktopOnlyReason())));
  }
}


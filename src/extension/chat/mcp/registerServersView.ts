import * as vscode from 'vscode';
import type { CommandManager } from '../../util/commandManager';
import type { McpServersView, ServerTreeNode } from './serversView';

/** The view's id (in the `archflow` container of the secondary side bar, below the chat). */
export const MCP_SERVERS_VIEW = 'archflow.mcpServers';

/**
 * Registers the MCP servers view and its commands without loading anything heavy: the view's
 * logic lives with the chat's services (dist/chat.js) and is loaded the first time the view
 * is shown or one of its commands runs.
 */
export function registerServersView(load: () => Promise<McpServersView>, commands: CommandManager): vscode.Disposable {
  const emitter = new vscode.EventEmitter<ServerTreeNode | undefined>();
  let loaded: McpServersView | undefined;
  let treeView: vscode.TreeView<ServerTreeNode> | undefined;
  const view = async () => {
    if (!loaded) {
      loaded = await load();
      loaded.onDidChangeTreeData((node) => emitter.fire(node));
      loaded.onDidChangeMessage((message) => treeView && (treeView.message = message));
    }
    return loaded;
  };
  const provider: vscode.TreeDataProvider<ServerTreeNode> = {
    onDidChangeTreeData: emitter.event,
    getChildren: async (node) => {
      const v = await view();
      const children = await v.getChildren(node);
      if (treeView) treeView.message = v.message;
      return children;
    },
    // Rows exist only once the view has loaded: every row came from it.
    getTreeItem: (node) => loaded!.getTreeItem(node),
  };
  treeView = vscode.window.createTreeView(MCP_SERVERS_VIEW, { treeDataProvider: provider, showCollapseAll: true });
  for (const [id, run] of [
    ['archflow.startMcpServer', (v: McpServersView, arg: unknown) => v.restart(arg as ServerTreeNode)],
    ['archflow.restartMcpServer', (v: McpServersView, arg: unknown) => v.restart(arg as ServerTreeNode)],
    ['archflow.stopMcpServer', (v: McpServersView, arg: unknown) => v.stop(arg as ServerTreeNode)],
    ['archflow.showMcpServerLog', (v: McpServersView, arg: unknown) => v.showLog(arg as ServerTreeNode)],
    ['archflow.openMcpServerConfig', (v: McpServersView, arg: unknown) => v.openConfig(arg as ServerTreeNode)],
    ['archflow.addMcpServer', (v: McpServersView, arg: unknown) => v.addServer(arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) ? (arg as Parameters<McpServersView['addServer']>[0]) : undefined)],
    ['archflow.revokeMcpToolApproval', (v: McpServersView, arg: unknown) => v.revokeApproval(arg as ServerTreeNode)],
  ] as const) {
    commands.add({ id, execute: async (arg?: unknown) => run(await view(), arg) });
  }
  return vscode.Disposable.from(treeView, emitter);
}

import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { createEditorServer, EDITOR_SERVER_NAME } from '../../editorTools/index';
import { createDiagramServer } from '../../mcpServer/index';
import type { DiagramService } from '../documents/diagramService';
import type { Exporter } from '../export/exporter';
import { displayLocale } from '../locale';
import { VsCodeDiagramWorkspace } from './mcp/editorWorkspace';
import { McpService } from './mcp/mcpService';
import { McpServersView } from './mcp/serversView';
import type { PreviewManager } from '../preview/previewManager';
import { Disposable } from '../util/dispose';
import { ApiKeyStore } from './apiKey';
import { attachDiagram, type PendingAttachment } from './attachments';
import type { AppFrames } from './apps/appFrames';
import { ChatController } from './chatController';
import { ChatProviders } from './chatProvider';
import { ConversationStore } from './conversationStore';
import { WorkspaceApprovalStore } from './workspaceApprovals';

/** What the chat is built from: the services the rest of the extension already has. */
export interface ChatDeps {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  diagrams: DiagramService;
  exporter: Exporter;
  previews: PreviewManager;
}

/** The folder of this workspace's conversations: one per set of workspace folders (or per workspace file). */
export function conversationsDir(globalStorage: vscode.Uri): string {
  const workspace = vscode.workspace.workspaceFile?.toString() ?? (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString()).sort().join('\n');
  const key = workspace ? createHash('sha256').update(workspace).digest('hex').slice(0, 16) : 'no-workspace';
  return join(globalStorage.fsPath, 'chat', key);
}

/**
 * Everything the chat needs, made when the chat is first used (it loads the Anthropic and
 * MCP SDKs, which activation does not): the API key store, tool approvals, the window's MCP
 * client manager with the diagram server in process, the conversation files and the
 * controller.
 */
export class ChatServices extends Disposable {
  readonly keys: ApiKeyStore;
  readonly providers: ChatProviders;
  readonly approvals: WorkspaceApprovalStore;
  readonly mcp: McpService;
  readonly store: ConversationStore;
  readonly controller: ChatController;
  /** The MCP servers view beside the chat (its rows and actions). */
  readonly servers: McpServersView;

  constructor(private readonly deps: ChatDeps, appFrames: AppFrames) {
    super();
    const { context, log, diagrams, exporter, previews } = deps;
    this.keys = this.register(new ApiKeyStore(context.secrets));
    this.providers = this.register(new ChatProviders(this.keys, context.secrets));
    this.approvals = new WorkspaceApprovalStore(context.workspaceState);
    this.mcp = this.register(
      new McpService({
        builtinServers: () => [
          {
            name: 'archflow',
            // Layout and PNG run on the extension's worker threads: the host's event loop stays free.
            createServer: () =>
              createDiagramServer({
                locale: displayLocale(),
                roots: () => vscode.workspace.workspaceFolders?.filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath) ?? [],
                layout: diagrams.layout,
                rasterize: async (svg, options) => {
                  const png = await exporter.rasterize(svg, options);
                  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
                },
              }),
          },
          // The model's hands in the editor: .diagram documents as the user sees them, and the preview.
          { name: EDITOR_SERVER_NAME, createServer: () => createEditorServer({ workspace: new VsCodeDiagramWorkspace(diagrams, previews), locale: displayLocale() }) },
        ],
        approvals: this.approvals,
        secrets: context.secrets,
        consents: context.workspaceState,
        eras: context.globalState,
        log,
      }),
    );
    this.store = new ConversationStore(conversationsDir(context.globalStorageUri));
    this.controller = this.register(new ChatController({ store: this.store, keys: this.keys, providers: this.providers, mcp: this.mcp, approvals: this.approvals, memento: context.workspaceState, log, appFrames }));
    this.servers = this.register(new McpServersView({ mcp: this.mcp, approvals: this.approvals, log }));
    this.register(this.controller.onDidChangeRunning((running) => void vscode.commands.executeCommand('setContext', 'archflow.chat.running', running)));
  }

  /** A `.diagram` document with its problems (icon warnings included), ready to attach to the next message. */
  async diagramAttachment(doc: vscode.TextDocument): Promise<PendingAttachment> {
    await this.deps.diagrams.catalog();
    return attachDiagram(doc, this.deps.diagrams.analyze(doc).diagnostics, displayLocale());
  }
}

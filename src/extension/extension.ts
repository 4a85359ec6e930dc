import * as vscode from 'vscode';
import { ShowPreviewCommand, ShowPreviewToSideCommand, ShowSourceCommand, exportCommands } from './commands/commands';
import { DiagramService } from './documents/diagramService';
import { Exporter } from './export/exporter';
import { LanguageFeatures } from './language/languageFeatures';
import { PreviewManager } from './preview/previewManager';
import type { RenderedEvent } from './preview/diagramPreview';
import { CommandManager } from './util/commandManager';
import { registerChat, type ChatHandle } from './chat/registerChat';
import { registerDiagramServerProvider, type DiagramServerProvider } from './mcp/diagramServerProvider';

/** What `activate` returns: hooks for the integration tests and the benchmark, nothing more. */
export interface ArchflowApi {
  /** Fires when a preview webview reports a document version on screen. */
  onDidRenderPreview: vscode.Event<RenderedEvent>;
  /** Number of open preview panels. */
  previewCount(): number;
  /** The chat (its services are made on first use). */
  chat: ChatHandle;
  /** What VS Code's own chat gets: the diagram server's definition. */
  mcpServers: DiagramServerProvider;
}

/**
 * Entry point. Only wires the services together; each owns its disposables, and the
 * extension context owns the services. Activation happens on a `.diagram` document, a
 * contributed command or a preview restored after a reload, never on startup.
 */
export function activate(context: vscode.ExtensionContext): ArchflowApi {
  const log = vscode.window.createOutputChannel('ArchFlow', { log: true });
  context.subscriptions.push(log);
  const workerPath = vscode.Uri.joinPath(context.extensionUri, 'dist', 'layoutWorker.js').fsPath;
  const service = new DiagramService(log, workerPath);
  const exporter = new Exporter(service, log, vscode.Uri.joinPath(context.extensionUri, 'dist', 'pngWorker.js').fsPath);
  const commands = new CommandManager(log);
  const previews = new PreviewManager(context.extensionUri, service, log, (uri, format) =>
    vscode.commands.executeCommand(format === 'svg' ? 'archflow.exportSvg' : 'archflow.exportPng', uri),
  );
  context.subscriptions.push(service, exporter, new LanguageFeatures(service), previews, commands);
  for (const command of [new ShowPreviewCommand(previews), new ShowPreviewToSideCommand(previews), new ShowSourceCommand(previews), ...exportCommands(previews, exporter)]) {
    commands.add(command);
  }
  const chat = registerChat({ context, log, diagrams: service, exporter, previews }, commands);
  context.subscriptions.push(chat);
  const mcpServers = registerDiagramServerProvider(context);
  return { onDidRenderPreview: previews.onDidRender, previewCount: () => previews.previews.length, chat, mcpServers };
}

export function deactivate(): void {}

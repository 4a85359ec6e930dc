import type MarkdownIt from 'markdown-it';
import * as vscode from 'vscode';
import { ShowPreviewCommand, ShowPreviewToSideCommand, ShowSourceCommand, exportCommands } from './commands/commands';
import { DiagramService, type SceneMadeEvent } from './documents/diagramService';
import { Exporter } from './export/exporter';
import { createEditorLanguageService } from './language/editorLanguageService';
import { LanguageFeatures } from './language/languageFeatures';
import { FenceDrawings } from './markdown/fenceDrawings';
import { MarkdownFeatures } from './markdown/markdownFeatures';
import { MarkdownFences } from './markdown/markdownFences';
import { extendMarkdownIt } from './markdown/markdownItPlugin';
import { PreviewManager } from './preview/previewManager';
import type { RenderedEvent } from './preview/diagramPreview';
import { previewConfig } from './config';
import { CommandManager } from './util/commandManager';
import { registerChat, type ChatHandle } from './chat/registerChat';
import { registerDiagramServerProvider, type DiagramServerProvider } from './mcp/diagramServerProvider';

/** What `activate` returns: hooks for the integration tests and the benchmark, nothing more. */
export interface ArchflowApi {
  /** Fires when a preview webview reports a document version on screen. */
  onDidRenderPreview: vscode.Event<RenderedEvent>;
  /** Fires for each document version drawn, saying whether it was laid out or reused the previous geometry. */
  onDidMakeScene: vscode.Event<SceneMadeEvent>;
  /** Number of open preview panels. */
  previewCount(): number;
  /** The chat (its services are made on first use). */
  chat: ChatHandle;
  /** Called by VS Code's Markdown extension (`markdown.markdownItPlugins`): draws diagram fences. */
  extendMarkdownIt(md: MarkdownIt): MarkdownIt;
  /** Resolves once no Markdown fence drawing is pending. */
  markdownDrawingsSettled(): Promise<void>;
  /** What VS Code's own chat gets: the diagram server's definition. */
  mcpServers: DiagramServerProvider;
}

/**
 * Entry point. Only wires the services together; each owns its disposables, and the
 * extension context owns the services. Activation happens on a `.diagram` or Markdown
 * document, a contributed command, a preview restored after a reload or VS Code's Markdown
 * preview asking for the markdown-it plugin, never on startup.
 */
export function activate(context: vscode.ExtensionContext): ArchflowApi {
  const log = vscode.window.createOutputChannel('ArchFlow', { log: true });
  context.subscriptions.push(log);
  const workerPath = vscode.Uri.joinPath(context.extensionUri, 'dist', 'layoutWorker.js').fsPath;
  const service = new DiagramService(log, workerPath);
  const fences = new MarkdownFences(service);
  const language = createEditorLanguageService(service, fences);
  const drawings = new FenceDrawings(
    service,
    () => void vscode.commands.executeCommand('markdown.preview.refresh'),
    () => previewConfig().animations,
    // Inside the extension (the Markdown preview may load files from there), one folder per window.
    vscode.Uri.joinPath(context.extensionUri, 'preview-cache', vscode.env.sessionId.replace(/[^\w-]/g, '_')),
    log,
  );
  const exporter = new Exporter(service, fences, log, vscode.Uri.joinPath(context.extensionUri, 'dist', 'pngWorker.js').fsPath);
  const commands = new CommandManager(log);
  const previews = new PreviewManager(context.extensionUri, service, log, (uri, format) =>
    vscode.commands.executeCommand(format === 'svg' ? 'archflow.exportSvg' : 'archflow.exportPng', uri),
  );
  context.subscriptions.push(service, fences, drawings, exporter, new LanguageFeatures(service, language), new MarkdownFeatures(service, fences, drawings, language), previews, commands);
  for (const command of [new ShowPreviewCommand(previews), new ShowPreviewToSideCommand(previews), new ShowSourceCommand(previews), ...exportCommands(previews, fences, exporter)]) {
    commands.add(command);
  }
  const chat = registerChat({ context, log, diagrams: service, exporter, previews }, commands);
  context.subscriptions.push(chat);
  const mcpServers = registerDiagramServerProvider(context);
  return {
    onDidRenderPreview: previews.onDidRender,
    onDidMakeScene: service.onDidMakeScene,
    previewCount: () => previews.previews.length,
    chat,
    mcpServers,
    extendMarkdownIt: (md) => extendMarkdownIt(md, service, drawings),
    markdownDrawingsSettled: () => drawings.whenSettled(),
  };
}

export function deactivate(): void {}

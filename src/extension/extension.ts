import { createHash } from 'node:crypto';
import type MarkdownIt from 'markdown-it';
import * as vscode from 'vscode';
import type { SceneMadeEvent } from './documents/diagramService';
import type { Scene } from '../core/scene';
import { wireDiagramFeatures } from './diagramFeatures';
import { extendMarkdownIt } from './markdown/markdownItPlugin';
import { fenceTraceFile } from './markdown/fenceTraceFile';
import { writeWholeFile } from './markdown/wholeFileWrite';
import type { RenderedEvent } from './preview/diagramPreview';
import { registerChat, type ChatHandle } from './chat/registerChat';
import { getIconCatalog } from '../node/iconStore';
import { createLayoutWorker } from '../node/layoutWorkerClient';
import { createPngWorker } from '../node/pngWorkerClient';
import { registerDiagramServerProvider, type DiagramServerProvider } from './diagramServer/diagramServerProvider';

/** What `activate` returns: hooks for the integration tests and the benchmark, nothing more. */
export interface ArchflowApi {
  /** Fires when a preview webview reports a document version on screen. */
  onDidRenderPreview: vscode.Event<RenderedEvent>;
  /** Fires for each document version drawn, saying whether it was laid out or reused the previous geometry. */
  onDidMakeScene: vscode.Event<SceneMadeEvent>;
  /** Number of open preview panels. */
  previewCount(): number;
  /** The drawing the preview and export show for a document (its layout file or held drawing kept). */
  sceneOf(uri: vscode.Uri): Promise<Scene>;
  /** The drawing a preview shows, by the preview's key (a document's URI; a Markdown fence's with `#name`). */
  previewScene(key: string): Scene | undefined;
  /** Hands the preview of `key` a message as if its webview had posted it (validated the same way); false when there is no such preview. */
  postFromPreview(key: string, message: unknown): boolean;
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
  const dist = (file: string) => vscode.Uri.joinPath(context.extensionUri, 'dist', file).fsPath;
  const { service, drawings, exporter, previews, commands } = wireDiagramFeatures(context, log, {
    layout: createLayoutWorker({ workerPath: dist('layoutWorker.js') }),
    loadCatalog: getIconCatalog,
    // The PNG thread starts on the first PNG export and ends when idle, giving back resvg's memory.
    png: createPngWorker({ workerPath: dist('pngWorker.js') }),
    // Inside the extension (the Markdown preview may load files from there), one folder per window.
    fenceFiles: {
      dir: vscode.Uri.joinPath(context.extensionUri, 'preview-cache', vscode.env.sessionId.replace(/[^\w-]/g, '_')),
      // A hash, so the same text always gets the same file.
      stem: (key) => createHash('sha256').update(key).digest('hex').slice(0, 24),
      write: (target, text) => writeWholeFile(target.fsPath, text),
    },
    fenceTrace: fenceTraceFile(process.env.ARCHFLOW_MD_TRACE),
  });
  const chat = registerChat({ context, log, diagrams: service, exporter, previews }, commands);
  context.subscriptions.push(chat);
  const mcpServers = registerDiagramServerProvider(context);
  return {
    onDidRenderPreview: previews.onDidRender,
    onDidMakeScene: service.onDidMakeScene,
    previewCount: () => previews.previews.length,
    sceneOf: async (uri) => service.scene(await vscode.workspace.openTextDocument(uri)),
    previewScene: (key) => previews.withKey(key)?.shownScene,
    postFromPreview: (key, message) => {
      const preview = previews.withKey(key);
      preview?.receive(message);
      return preview !== undefined;
    },
    chat,
    mcpServers,
    extendMarkdownIt: (md) => extendMarkdownIt(md, service, drawings),
    markdownDrawingsSettled: () => drawings.whenSettled(),
  };
}

export function deactivate(): void {}

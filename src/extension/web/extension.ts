import type MarkdownIt from 'markdown-it';
import * as vscode from 'vscode';
import { wireDiagramFeatures } from '../diagramFeatures';
import type { SceneMadeEvent } from '../documents/diagramService';
import { extendMarkdownIt } from '../markdown/markdownItPlugin';
import type { RenderedEvent } from '../preview/diagramPreview';
import { loadBundledIconCatalog } from './bundledIcons';
import { registerDesktopOnlyPlaceholders } from './desktopOnly';
import { createWasmRasterizer } from './wasmPng';
import { createWebLayout } from './webLayout';

/** What the web `activate` returns: the desktop API's hooks that exist here (tests use them). */
export interface ArchflowWebApi {
  /** Always `'web'`: tells the tests which entry runs. */
  host: 'web';
  onDidRenderPreview: vscode.Event<RenderedEvent>;
  onDidMakeScene: vscode.Event<SceneMadeEvent>;
  previewCount(): number;
  /** Called by VS Code's Markdown extension (`markdown.markdownItPlugins`): draws diagram fences. */
  extendMarkdownIt(md: MarkdownIt): MarkdownIt;
  markdownDrawingsSettled(): Promise<void>;
}

/**
 * Entry point in VS Code for the Web (`browser` in package.json; a web worker, no Node.js).
 * Wires what works there, the same services as the desktop: the language features, the
 * preview, Markdown fences, SVG and PNG export. Layout runs in a web worker where the host
 * allows one, else on this thread (see createWebLayout); icons and resvg's wasm are read from the extension through
 * `vscode.workspace.fs`. The chat, MCP servers and the CLI, which need Node.js, are not wired:
 * their views and commands say why (see registerDesktopOnlyPlaceholders).
 */
export function activate(context: vscode.ExtensionContext): ArchflowWebApi {
  const log = vscode.window.createOutputChannel('ArchFlow', { log: true });
  context.subscriptions.push(log);
  const { service, drawings, previews } = wireDiagramFeatures(context, log, {
    // In a web worker where the host allows one, else on this thread (said once in the log).
    layout: createWebLayout({ workerUrl: vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'layoutWorker.js').toString(true), log }),
    loadCatalog: () => loadBundledIconCatalog(context.extensionUri),
    png: createWasmRasterizer(context.extensionUri),
    // No folder to write fence drawings to (the extension's is read-only here): previews are refreshed instead.
  });
  void registerDesktopOnlyPlaceholders(context).catch((err: unknown) => log.error('the desktop-only placeholders could not be registered', err));
  log.info('running in the web extension host: the chat and MCP servers are not available here');
  return {
    host: 'web',
    onDidRenderPreview: previews.onDidRender,
    onDidMakeScene: service.onDidMakeScene,
    previewCount: () => previews.previews.length,
    extendMarkdownIt: (md) => extendMarkdownIt(md, service, drawings),
    markdownDrawingsSettled: () => drawings.whenSettled(),
  };
}

export function deactivate(): void {}

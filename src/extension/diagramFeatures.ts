import * as vscode from 'vscode';
import { ShowPreviewCommand, ShowPreviewToSideCommand, ShowSourceCommand, exportCommands, layoutCommands } from './commands/commands';
import { previewConfig } from './config';
import type { IconCatalog } from '../core/icons/index';
import { DiagramService, type LayoutEngine } from './documents/diagramService';
import { LayoutFiles } from './documents/layoutFiles';
import { Exporter, type Rasterizer } from './export/exporter';
import { createEditorLanguageService } from './language/editorLanguageService';
import { LanguageFeatures } from './language/languageFeatures';
import { FenceDrawings, type DrawingFiles } from './markdown/fenceDrawings';
import { FenceLayouts } from './markdown/fenceLayouts';
import type { FenceTrace } from './markdown/fenceTrace';
import { MarkdownFeatures } from './markdown/markdownFeatures';
import { MarkdownFences } from './markdown/markdownFences';
import { pictureEditCommands } from './pictureEdits/pictureEditCommands';
import { PreviewManager } from './preview/previewManager';
import { CommandManager } from './util/commandManager';

/** What the diagram features run on; the desktop and the web hosts differ only in these. */
export interface DiagramHost {
  layout: LayoutEngine;
  loadCatalog: () => Promise<IconCatalog>;
  png: Rasterizer;
  /** Where Markdown fence drawings a preview waits for are written; none: the preview is refreshed instead. */
  fenceFiles?: DrawingFiles;
  /** Timestamps of Markdown fences' way to the preview, for the benchmark's breakdown; none in normal use. */
  fenceTrace?: FenceTrace;
}

/** The services both hosts share, already owned by the extension context. */
export interface DiagramFeatures {
  service: DiagramService;
  drawings: FenceDrawings;
  exporter: Exporter;
  previews: PreviewManager;
  commands: CommandManager;
}

/**
 * Wires what every host offers: the parse and layout service, the language features (also in
 * Markdown fences), the preview, Markdown fence drawings and SVG/PNG export, with their
 * commands. Everything made is added to `context.subscriptions`.
 */
export function wireDiagramFeatures(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, host: DiagramHost): DiagramFeatures {
  const layoutFiles = new LayoutFiles();
  const service = new DiagramService(log, host.layout, host.loadCatalog, layoutFiles);
  const fences = new MarkdownFences(service);
  const language = createEditorLanguageService(service, fences);
  const refreshMarkdownPreviews = () => void vscode.commands.executeCommand('markdown.preview.refresh');
  const fenceLayouts = new FenceLayouts(layoutFiles, fences, refreshMarkdownPreviews);
  const drawings = new FenceDrawings(service, refreshMarkdownPreviews, () => previewConfig().animations, host.fenceFiles, log, (resource, index) => fenceLayouts.of(resource, index), host.fenceTrace);
  const exporter = new Exporter(service, fences, log, host.png, fenceLayouts);
  const commands = new CommandManager(log);
  const previews = new PreviewManager(
    context.extensionUri,
    service,
    log,
    (uri, format, fence) => vscode.commands.executeCommand(format === 'svg' ? 'archflow.exportSvg' : 'archflow.exportPng', uri, fence === undefined ? undefined : { fence }),
    fences,
  );
  context.subscriptions.push(layoutFiles, service, fences, fenceLayouts, drawings, exporter, new LanguageFeatures(service, language), new MarkdownFeatures(service, fences, drawings, language, host.fenceTrace), previews, commands);
  for (const command of [new ShowPreviewCommand(previews), new ShowPreviewToSideCommand(previews), new ShowSourceCommand(previews), ...exportCommands(previews, fences, exporter), ...layoutCommands(previews, service), ...pictureEditCommands(service, (document, position) => previews.fenceAt(document, position))]) {
    commands.add(command);
  }
  return { service, drawings, exporter, previews, commands };
}

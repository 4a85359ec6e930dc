import * as vscode from 'vscode';
import type { DiagramService } from '../documents/diagramService';
import type { Exporter, ExportFormat, ExportOptions } from '../export/exporter';
import { isMarkdownDocument, type MarkdownFences } from '../markdown/markdownFences';
import type { DiagramSource } from '../preview/diagramSource';
import type { DiagramPreview } from '../preview/diagramPreview';
import type { PreviewManager } from '../preview/previewManager';
import type { Command } from '../util/commandManager';
import { isDiagramDocument } from '../util/diagramDocument';

/**
 * The document a command acts on: the URI it was invoked with (explorer, editor title),
 * else the active `.diagram` editor, else the active preview's document.
 */
function targetResource(previews: PreviewManager, arg: unknown): vscode.Uri {
  if (arg instanceof vscode.Uri) return arg;
  const editor = vscode.window.activeTextEditor;
  if (editor && isDiagramDocument(editor.document)) return editor.document.uri;
  const preview = previews.activePreview;
  if (preview) return preview.resource;
  throw new Error(vscode.l10n.t('Open a .diagram file first.'));
}

/**
 * What a preview command opens: `(uri, { fence })` a Markdown document's diagram fence (the
 * CodeLens passes it); without a URI, the fence under the cursor of the active Markdown
 * editor; else the `.diagram` document `targetResource` finds.
 */
async function previewTarget(previews: PreviewManager, arg: unknown, options: unknown): Promise<vscode.Uri | DiagramSource> {
  const fence = options && typeof options === 'object' ? (options as { fence?: unknown }).fence : undefined;
  if (arg instanceof vscode.Uri && typeof fence === 'number') {
    const source = previews.fenceOf(await vscode.workspace.openTextDocument(arg), fence);
    if (!source) throw new Error(vscode.l10n.t('Put the cursor in a diagram block first.'));
    return source;
  }
  const editor = vscode.window.activeTextEditor;
  if (!(arg instanceof vscode.Uri) && editor && isMarkdownDocument(editor.document)) {
    const source = previews.fenceAt(editor.document, editor.selection.active);
    if (!source) throw new Error(vscode.l10n.t('Put the cursor in a diagram block first.'));
    return source;
  }
  return targetResource(previews, arg);
}

export class ShowPreviewCommand implements Command {
  readonly id = 'archflow.showPreview';
  constructor(private readonly previews: PreviewManager) {}
  async execute(arg?: unknown, options?: unknown): Promise<void> {
    this.previews.open(await previewTarget(this.previews, arg, options), { toSide: false, preserveFocus: false });
  }
}

export class ShowPreviewToSideCommand implements Command {
  readonly id = 'archflow.showPreviewToSide';
  constructor(private readonly previews: PreviewManager) {}
  async execute(arg?: unknown, options?: unknown): Promise<void> {
    this.previews.open(await previewTarget(this.previews, arg, options), { toSide: true });
  }
}

export class ShowSourceCommand implements Command {
  readonly id = 'archflow.showSource';
  constructor(private readonly previews: PreviewManager) {}
  async execute(): Promise<void> {
    const preview = this.previews.activePreview;
    if (!preview) throw new Error(vscode.l10n.t('No active preview.'));
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === preview.resource.toString());
    await vscode.window.showTextDocument(preview.resource, { viewColumn: visible?.viewColumn ?? vscode.ViewColumn.One });
  }
}

/** The context VS Code passes a command run from the Markdown preview's context menu on a drawing (see core/markdown/fenceHtml). */
interface FenceMenuContext {
  archflowResource: string;
  archflowFence: number;
}

function isFenceMenuContext(arg: unknown): arg is FenceMenuContext {
  return !!arg && typeof arg === 'object' && typeof (arg as FenceMenuContext).archflowResource === 'string' && Number.isInteger((arg as FenceMenuContext).archflowFence);
}

class ExportCommand implements Command {
  constructor(
    readonly id: string,
    private readonly format: ExportFormat,
    private readonly previews: PreviewManager,
    private readonly fences: MarkdownFences,
    private readonly exporter: Exporter,
  ) {}
  /**
   * `(uri?, { target?, fence? })`: `fence` picks a diagram fence of a Markdown document (the
   * CodeLens passes it), `target` is for automation and tests. Without a URI: the preview's
   * context menu on a drawing, else the fence under the cursor of the active Markdown editor,
   * else the active `.diagram` editor or preview.
   */
  execute(arg?: unknown, options?: unknown): Promise<vscode.Uri | undefined> {
    const given = options && typeof options === 'object' ? (options as ExportOptions) : {};
    const out: ExportOptions = {};
    if (given.target instanceof vscode.Uri) out.target = given.target;
    if (Number.isInteger(given.fence)) out.fence = given.fence;
    if (isFenceMenuContext(arg)) return this.exporter.export(vscode.Uri.parse(arg.archflowResource), this.format, { ...out, fence: arg.archflowFence });
    const editor = vscode.window.activeTextEditor;
    if (!(arg instanceof vscode.Uri) && editor && isMarkdownDocument(editor.document)) {
      const at = this.fences.fenceAt(editor.document, editor.selection.active);
      if (!at) throw new Error(vscode.l10n.t('Put the cursor in a diagram block first.'));
      return this.exporter.export(editor.document.uri, this.format, { ...out, fence: at.fence.index });
    }
    const preview = this.previews.activePreview;
    if (!(arg instanceof vscode.Uri) && preview?.source.fence !== undefined) return this.#exportFence(preview, out);
    return this.exporter.export(targetResource(this.previews, arg), this.format, out);
  }

  /** The fence a focused fence preview shows, wherever it is in its document now. */
  async #exportFence(preview: DiagramPreview, out: ExportOptions): Promise<vscode.Uri | undefined> {
    const read = await preview.read();
    if (!read.ok) throw new Error(read.reason);
    return this.exporter.export(preview.resource, this.format, { ...out, fence: read.text.index! });
  }
}

export function exportCommands(previews: PreviewManager, fences: MarkdownFences, exporter: Exporter): Command[] {
  return [new ExportCommand('archflow.exportSvg', 'svg', previews, fences, exporter), new ExportCommand('archflow.exportPng', 'png', previews, fences, exporter)];
}

type LayoutAction = 'keep' | 'relayout' | 'undo' | 'redo';

/**
 * A layout action on the active preview (Re-layout: its selected elements, if any), else on
 * the active `.diagram` editor's drawing.
 */
class LayoutCommand implements Command {
  constructor(
    readonly id: string,
    private readonly action: LayoutAction,
    private readonly previews: PreviewManager,
    private readonly service: DiagramService,
  ) {}
  async execute(arg?: unknown): Promise<boolean> {
    const editor = vscode.window.activeTextEditor;
    const uri = arg instanceof vscode.Uri ? arg : editor && isDiagramDocument(editor.document) ? editor.document.uri : undefined;
    const preview = this.previews.previewFor(uri);
    if (preview) return preview.layoutAction(this.action, this.action === 'relayout' ? preview.selection : []);
    if (!uri) throw new Error(vscode.l10n.t('Open a .diagram file first.'));
    const layouts = this.previews.layouts;
    if (this.action === 'undo') return layouts.undo(uri);
    if (this.action === 'redo') return layouts.redo(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    const shown = await this.service.scene(doc);
    return this.action === 'keep' ? layouts.keep(doc, shown) : layouts.relayout(doc, shown);
  }
}

export function layoutCommands(previews: PreviewManager, service: DiagramService): Command[] {
  return [
    new LayoutCommand('archflow.keepLayout', 'keep', previews, service),
    new LayoutCommand('archflow.relayout', 'relayout', previews, service),
    new LayoutCommand('archflow.undoLayoutMove', 'undo', previews, service),
    new LayoutCommand('archflow.redoLayoutMove', 'redo', previews, service),
  ];
}

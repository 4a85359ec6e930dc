import * as vscode from 'vscode';
import type { Exporter, ExportFormat, ExportOptions } from '../export/exporter';
import type { PreviewManager } from '../preview/previewManager';
import type { Command } from '../util/commandManager';
import { isDiagramDocument } from '../util/ranges';

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

export class ShowPreviewCommand implements Command {
  readonly id = 'archflow.showPreview';
  constructor(private readonly previews: PreviewManager) {}
  execute(arg?: unknown): void {
    this.previews.open(targetResource(this.previews, arg), { toSide: false, preserveFocus: false });
  }
}

export class ShowPreviewToSideCommand implements Command {
  readonly id = 'archflow.showPreviewToSide';
  constructor(private readonly previews: PreviewManager) {}
  execute(arg?: unknown): void {
    this.previews.open(targetResource(this.previews, arg), { toSide: true });
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

class ExportCommand implements Command {
  constructor(
    readonly id: string,
    private readonly format: ExportFormat,
    private readonly previews: PreviewManager,
    private readonly exporter: Exporter,
  ) {}
  /** `(uri?, { target? })`: the second argument is for automation and tests. */
  execute(arg?: unknown, options?: unknown): Promise<vscode.Uri | undefined> {
    const target = options && typeof options === 'object' && (options as ExportOptions).target instanceof vscode.Uri ? (options as ExportOptions).target : undefined;
    return this.exporter.export(targetResource(this.previews, arg), this.format, target ? { target } : {});
  }
}

export function exportCommands(previews: PreviewManager, exporter: Exporter): Command[] {
  return [new ExportCommand('archflow.exportSvg', 'svg', previews, exporter), new ExportCommand('archflow.exportPng', 'png', previews, exporter)];
}

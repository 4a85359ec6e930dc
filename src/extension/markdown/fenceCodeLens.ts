import * as vscode from 'vscode';
import { toVsRange } from '../util/diagramDocument';
import type { MarkdownFences } from './markdownFences';

/**
 * "Open Preview", "Export as SVG" and "Export as PNG" above every closed diagram fence of a
 * Markdown document: the fence's own ArchFlow preview beside the editor (where its boxes move
 * and the picture edits the fence), and `archflow.exportSvg`/`archflow.exportPng` with the
 * document and the fence's position, through the same exporter as `.diagram` files.
 */
export class FenceCodeLensProvider implements vscode.CodeLensProvider {
  constructor(private readonly fences: MarkdownFences) {}

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    return this.fences.analyze(document).fences.flatMap(({ fence }) => {
      if (!fence.closed) return [];
      const range = toVsRange(fence.openRange);
      const args = [document.uri, { fence: fence.index }];
      return [
        new vscode.CodeLens(range, { title: vscode.l10n.t('Open Preview'), command: 'archflow.showPreviewToSide', arguments: args }),
        new vscode.CodeLens(range, { title: vscode.l10n.t('Export as SVG'), command: 'archflow.exportSvg', arguments: args }),
        new vscode.CodeLens(range, { title: vscode.l10n.t('Export as PNG'), command: 'archflow.exportPng', arguments: args }),
      ];
    });
  }
}

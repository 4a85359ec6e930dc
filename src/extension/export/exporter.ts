import * as vscode from 'vscode';
import { renderSvg } from '../../core/render/index';
import { createPngWorker, type PngWorker } from '../../node/workerPng';
import type { PngOptions } from '../../node/png';
import { exportConfig } from '../config';
import type { DiagramService } from '../documents/diagramService';
import { Disposable } from '../util/dispose';
import { exportFileName, resolveExportTheme } from './exportTheme';

export type ExportFormat = 'svg' | 'png';

export interface ExportOptions {
  /** Write here instead of asking with a save dialog (automation and tests). */
  target?: vscode.Uri;
}

/**
 * Exports a document as SVG or PNG through the core: the same cached parse and layout the
 * preview shows, rendered by `renderSvg` in the extension host (and, for PNG, rasterised by
 * resvg, native or wasm, on a worker thread that never blocks the host), never through the
 * webview. The save dialog proposes a name next to the source and asks before replacing a
 * file; a `target` given programmatically that already exists is confirmed with a modal
 * question. Nothing is written while the text has errors.
 */
export class Exporter extends Disposable {
  readonly #png: PngWorker;

  /** `pngWorkerPath`: the bundled `dist/pngWorker.js`, which rasterises PNG off the extension host's thread. */
  constructor(
    private readonly service: DiagramService,
    private readonly log: vscode.LogOutputChannel,
    pngWorkerPath: string,
  ) {
    super();
    // The thread starts on the first PNG export and ends when idle, giving back resvg's memory.
    this.#png = createPngWorker({ workerPath: pngWorkerPath });
    this.register({ dispose: () => void this.#png.dispose() });
  }

  /** Rasterises SVG on the PNG worker thread (for the in-process MCP server's previews). */
  readonly rasterize = (svg: string, options: PngOptions): Promise<Buffer> => this.#png.render(svg, options);

  async export(resource: vscode.Uri, format: ExportFormat, options: ExportOptions = {}): Promise<vscode.Uri | undefined> {
    const doc = await vscode.workspace.openTextDocument(resource);
    const analysis = this.service.analyze(doc);
    const name = resource.path.split('/').pop() ?? resource.path;
    if (analysis.counts.errors > 0) {
      const show = vscode.l10n.t('Show Problems');
      void vscode.window
        .showErrorMessage(vscode.l10n.t('Cannot export {0}: it has {1} error(s). Fix them first.', name, analysis.counts.errors), show)
        .then((choice) => (choice === show ? vscode.commands.executeCommand('workbench.actions.view.problems') : undefined));
      return undefined;
    }
    const target = options.target ?? (await this.#ask(resource, format));
    if (!target) return undefined;
    if (options.target && (await exists(target))) {
      const replace = vscode.l10n.t('Replace');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t("'{0}' already exists. Do you want to replace it?", target.path.split('/').pop() ?? target.path),
        { modal: true },
        replace,
      );
      if (answer !== replace) return undefined;
    }
    const scene = await this.service.scene(doc);
    const config = exportConfig(resource);
    const kind = vscode.window.activeColorTheme.kind;
    const theme = resolveExportTheme(config.theme, scene.theme, kind === vscode.ColorThemeKind.Dark || kind === vscode.ColorThemeKind.HighContrast);
    let bytes: Uint8Array;
    if (format === 'svg') {
      bytes = Buffer.from(renderSvg(scene, { theme, animate: config.animate }), 'utf8');
    } else {
      // Rasterising a big diagram takes seconds: on a worker thread, never on the extension host's.
      bytes = await this.#png.render(renderSvg(scene, { theme, animate: false }), { scale: config.pngScale });
    }
    await vscode.workspace.fs.writeFile(target, bytes);
    this.log.info(`exported ${resource.toString()} v${doc.version} to ${target.toString()} (${bytes.byteLength} bytes, ${theme})`);
    const open = vscode.l10n.t('Open');
    void vscode.window
      .showInformationMessage(vscode.l10n.t('Exported {0}', target.path.split('/').pop() ?? target.path), open)
      .then((choice) => (choice === open ? vscode.commands.executeCommand('vscode.open', target) : undefined));
    return target;
  }

  async #ask(resource: vscode.Uri, format: ExportFormat): Promise<vscode.Uri | undefined> {
    const defaultUri = vscode.Uri.joinPath(resource, '..', exportFileName(resource.path, format));
    return vscode.window.showSaveDialog({
      defaultUri,
      filters: format === 'svg' ? { [vscode.l10n.t('SVG image')]: ['svg'] } : { [vscode.l10n.t('PNG image')]: ['png'] },
      saveLabel: vscode.l10n.t('Export'),
      title: format === 'svg' ? vscode.l10n.t('Export as SVG') : vscode.l10n.t('Export as PNG'),
    });
  }
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

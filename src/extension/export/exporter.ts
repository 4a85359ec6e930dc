import * as vscode from 'vscode';
import { fenceNames } from '../../core/markdown/index';
import { renderSvg } from '../../core/render/index';
import type { Scene } from '../../core/scene';
import { exportConfig } from '../config';
import type { DiagramService } from '../documents/diagramService';
import type { FenceLayouts } from '../markdown/fenceLayouts';
import { isMarkdownDocument, type MarkdownFences } from '../markdown/markdownFences';
import { Disposable } from '../util/dispose';
import { exportFileName, resolveExportTheme } from './exportTheme';

export type ExportFormat = 'svg' | 'png';

/** PNG options the exporter passes (a subset of the Node rasteriser's `PngOptions`). */
export interface RasterizeOptions {
  scale?: number;
  background?: string;
}

/**
 * Turns SVG into PNG bytes without blocking typing for long: on the desktop resvg on a worker
 * thread, in VS Code for the Web resvg's WebAssembly build on the extension host's thread.
 */
export interface Rasterizer {
  render(svg: string, options: RasterizeOptions): Promise<Uint8Array>;
  dispose(): void | Promise<void>;
}

export interface ExportOptions {
  /** Write here instead of asking with a save dialog (automation and tests). */
  target?: vscode.Uri;
  /** In a Markdown document: the diagram fence to export (0-based among its diagram fences). */
  fence?: number;
}

/** What is being exported: a `.diagram` document, or one diagram fence of a Markdown document. */
interface ExportSource {
  /** For messages: the file name, with the fence's name for a fence. */
  name: string;
  errors: number;
  /** The file name the save dialog proposes (next to the document). */
  fileName: string;
  scene(): Promise<Scene>;
}

/**
 * Exports a document, or one diagram fence of a Markdown document, as SVG or PNG through the
 * core: the same cached parse and layout the previews show, rendered by `renderSvg` in the extension host (and, for PNG, rasterised by
 * resvg, native or wasm, on a worker thread that never blocks the host), never through the
 * webview. The save dialog proposes a name next to the source and asks before replacing a
 * file; a `target` given programmatically that already exists is confirmed with a modal
 * question. Nothing is written while the text has errors.
 */
export class Exporter extends Disposable {
  readonly #png: Rasterizer;

  /** `png`: the rasteriser PNG exports use; the exporter disposes it. */
  constructor(
    private readonly service: DiagramService,
    private readonly fences: MarkdownFences,
    private readonly log: vscode.LogOutputChannel,
    png: Rasterizer,
    /** The positions a Markdown fence keeps (its document's layout file). */
    private readonly fenceLayouts?: FenceLayouts,
  ) {
    super();
    this.#png = png;
    this.register({ dispose: () => void this.#png.dispose() });
  }

  /** Rasterises SVG with the exporter's rasteriser (for the in-process MCP server's previews). */
  readonly rasterize = (svg: string, options: RasterizeOptions): Promise<Uint8Array> => this.#png.render(svg, options);

  async export(resource: vscode.Uri, format: ExportFormat, options: ExportOptions = {}): Promise<vscode.Uri | undefined> {
    const doc = await vscode.workspace.openTextDocument(resource);
    const source = this.#source(doc, format, options.fence);
    if (source.errors > 0) {
      const show = vscode.l10n.t('Show Problems');
      void vscode.window
        .showErrorMessage(vscode.l10n.t('Cannot export {0}: it has {1} error(s). Fix them first.', source.name, source.errors), show)
        .then((choice) => (choice === show ? vscode.commands.executeCommand('workbench.actions.view.problems') : undefined));
      return undefined;
    }
    const target = options.target ?? (await this.#ask(resource, format, source.fileName));
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
    const scene = await source.scene();
    const config = exportConfig(resource);
    const kind = vscode.window.activeColorTheme.kind;
    const theme = resolveExportTheme(config.theme, scene.theme, kind === vscode.ColorThemeKind.Dark || kind === vscode.ColorThemeKind.HighContrast);
    let bytes: Uint8Array;
    if (format === 'svg') {
      bytes = new TextEncoder().encode(renderSvg(scene, { theme, animate: config.animate }));
    } else {
      // Rasterising a big diagram takes seconds: on a worker thread, never on the extension host's.
      bytes = await this.#png.render(renderSvg(scene, { theme, animate: false }), { scale: config.pngScale });
    }
    await vscode.workspace.fs.writeFile(target, bytes);
    this.log.info(`exported ${source.name} (${resource.toString()} v${doc.version}) to ${target.toString()} (${bytes.byteLength} bytes, ${theme})`);
    const open = vscode.l10n.t('Open');
    void vscode.window
      .showInformationMessage(vscode.l10n.t('Exported {0}', target.path.split('/').pop() ?? target.path), open)
      .then((choice) => (choice === open ? vscode.commands.executeCommand('vscode.open', target) : undefined));
    return target;
  }

  #source(doc: vscode.TextDocument, format: ExportFormat, fence: number | undefined): ExportSource {
    const name = doc.uri.path.split('/').pop() ?? doc.uri.path;
    if (fence === undefined && !isMarkdownDocument(doc)) {
      const analysis = this.service.analyze(doc);
      return { name, errors: analysis.counts.errors, fileName: exportFileName(doc.uri.path, format), scene: () => this.service.scene(doc, analysis) };
    }
    const all = this.fences.analyze(doc).fences;
    // A Markdown document with a single diagram needs no choice.
    const chosen = all[fence ?? (all.length === 1 ? 0 : -1)];
    if (!chosen) throw new Error(fence === undefined ? vscode.l10n.t('Choose a diagram block of {0} to export (its CodeLens or the cursor).', name) : vscode.l10n.t('{0} has no diagram block {1}.', name, fence + 1));
    const fileName = fenceNames(all.map((f) => f.fence), exportFileName(doc.uri.path, format).replace(/\.[^.]*$/, ''))[chosen.fence.index]!;
    return { name: `${name} (${fileName})`, errors: chosen.errors, fileName: `${fileName}.${format}`, scene: async () => this.service.sceneOfFence(chosen.fence.text, await this.fenceLayouts?.ofDocument(doc, chosen.fence.index)) };
  }

  async #ask(resource: vscode.Uri, format: ExportFormat, fileName: string): Promise<vscode.Uri | undefined> {
    const defaultUri = vscode.Uri.joinPath(resource, '..', fileName);
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

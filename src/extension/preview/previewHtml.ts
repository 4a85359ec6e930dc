import * as vscode from 'vscode';
import type { PreviewSettings } from '../../protocol/index';
import { webviewPageHtml } from '../util/webviewPage';
import { pictureEditStrings } from '../pictureEdits/pictureEditStrings';

/** What the webview reads from its `<meta id="archflow-preview-config">` before any message. */
export interface PreviewBootConfig {
  uri: string;
  settings: PreviewSettings;
  fonts: { regular: string; semibold: string };
  strings: Record<string, string>;
}

/** The folders a preview webview may load from: its bundle and the shipped fonts. Nothing else. */
export function previewResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media', 'fonts')];
}

/** Every UI string of the preview app, localised by the host (the webview has no l10n API). */
export function previewStrings(): Record<string, string> {
  return {
    fit: vscode.l10n.t('Fit to view'),
    zoomIn: vscode.l10n.t('Zoom in'),
    zoomOut: vscode.l10n.t('Zoom out'),
    minimap: vscode.l10n.t('Toggle minimap'),
    exportSvg: vscode.l10n.t('Export as SVG'),
    exportPng: vscode.l10n.t('Export as PNG'),
    problemsTitle: vscode.l10n.t('The text has problems; showing the last good drawing.'),
    problemsTitleNoDrawing: vscode.l10n.t('The text has problems; nothing to draw yet.'),
    goToProblem: vscode.l10n.t('Go to line {0}'),
    failure: vscode.l10n.t('The diagram could not be drawn: {0}'),
    empty: vscode.l10n.t('Nothing to draw yet: declare a node, for example {0}'),
    loading: vscode.l10n.t('Drawing…'),
    diagram: vscode.l10n.t('Diagram'),
    connection: vscode.l10n.t('Connection'),
    keepLayout: vscode.l10n.t('Keep this layout (write it to the layout file)'),
    relayout: vscode.l10n.t('Re-layout the whole diagram'),
    relayoutSelected: vscode.l10n.t('Re-layout the selected elements'),
    heldNote: vscode.l10n.t('Layout held'),
    heldNoteTitle: vscode.l10n.t('No layout file: the drawing is held while you edit, in this session only. Keep this layout to save it, or Re-layout to tidy it.'),
    layoutProblem: vscode.l10n.t('The layout file is ignored: {0}'),
    ...pictureEditStrings(),
  };
}

/**
 * The preview's HTML: a strict Content Security Policy (nothing but the extension's own
 * bundle, styles, fonts and `data:` images; scripts only with this page's nonce; no
 * network at all), the stylesheet, the boot config and the script.
 */
export function previewHtml(webview: vscode.Webview, extensionUri: vscode.Uri, boot: PreviewBootConfig, lang: string): string {
  return webviewPageHtml(webview, extensionUri, { bundle: 'preview', configId: 'archflow-preview-config', boot, lang, title: boot.strings.diagram ?? 'Diagram' });
}

/** Font URLs for the webview's FontFace loading (allowed by `font-src`). */
export function previewFonts(webview: vscode.Webview, extensionUri: vscode.Uri): PreviewBootConfig['fonts'] {
  const font = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'fonts', file)).toString();
  return { regular: font('Inter-Regular.ttf'), semibold: font('Inter-SemiBold.ttf') };
}
